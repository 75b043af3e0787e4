// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package formbench

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"

	playground "github.com/go-playground/form/v4"
	"github.com/gorilla/schema"

	"github.com/urlcodec/percent/form"
)

// The binding side: cases of go-playground/form's and gorilla/schema's own
// decoder tests (decoder_test.go at v4.2.1 and v1.4.1) that percent's
// contract decides, as data: the query (the test's url.Values, encoded),
// the target type, what the peer's test asserts, and what DESIGN's rules
// make percent return. TestBinderCases runs both: the peer must still
// return what its test asserts (the port is right), and percent what the
// rules say. Where the two differ, RESULTS.md lists it.

type (
	arrayInts struct{ Array []int }
	arr2      struct{ A [2]string }
	arrB2     struct{ B [2]string }
	arrC2     struct{ C [2]string }
	arrD3     struct{ D [3]string }
	arrF3     struct{ F [3]string }
	arrG3     struct{ G [3]string }
	postIDs   struct{ PostIds []string }
	valueS    struct{ Value string }
	mapKeys   struct {
		MapNestedInt map[int]map[int]int
		MapInt8      map[int8]int8
		MapUint16    map[uint16]uint16
	}
	mapFloatKey struct{ MapFloat32Key map[float32]float32 }
	mapIfaceKey struct{ MapIfaceKey map[any]string }
	s3          struct{ F01 bool }
	s5          struct{ F01 []string }
	s7          struct{ ID string }
	s9          struct{ Id string }
	s10         struct{ s9 }
	S10x        struct{ S9x }
	S9x         struct{ Id string }
	unexported  struct {
		f string //nolint:unused // the test's point: a key naming it
	}
	nestedVal struct {
		Val          int
		NestedValues []struct{ NVal int }
	}
	nestedSlices struct{ Values []nestedVal }
)

type binderCase struct {
	src      string // the peer's test
	peer     string // "playground" or "gorilla"
	q        string
	target   func() any
	peerWant string // what the peer's test asserts: JSON, or "error"
	want     string // percent, by DESIGN's rules: JSON, or "error"
	why      string // the rule, where the two differ
}

func binderCases() []binderCase {
	return []binderCase{
		{"TestDecoderArrayKeysSort", "playground", "Array[2]=2&Array[10]=10", func() any { return new(arrayInts) },
			`{"Array":[0,0,2,0,0,0,0,0,0,0,10]}`, `{"Array":[2,10]}`, "indices order the items and gaps close; an index is never a length"},
		{"TestDecodeArrayBug (A, mixed)", "playground", "A=10&A[1]=20", func() any { return new(arr2) },
			`{"A":["10","20"]}`, `{"A":["10","20"]}`, ""},
		{"TestDecodeArrayBug (B, overflow)", "playground", "B=10&B=20&B=30&B[1]=31&B[1]=10&B[1]=20&B[2]=40", func() any { return new(arrB2) },
			`{"B":["10","31"]}`, "error", "an index given twice, or past an array's length, is an error: nothing is dropped"},
		{"TestDecodeArrayBug (C, bad index)", "playground", "C[q]=", func() any { return new(arrC2) },
			"error", "error", ""},
		{"TestDecodeArrayBug (D)", "playground", "D=10", func() any { return new(arrD3) },
			`{"D":["10","",""]}`, `{"D":["10","",""]}`, ""},
		{"TestDecodeArrayBug (F)", "playground", "F=10&F=&F=20", func() any { return new(arrF3) },
			`{"F":["10","","20"]}`, `{"F":["10","","20"]}`, ""},
		{"TestDecodeArrayBug (G)", "playground", "G=10&G[2]=20", func() any { return new(arrG3) },
			`{"G":["10","","20"]}`, `{"G":["10","20",""]}`, "gaps close in an array too; the rest is zeroed"},
		{"TestDecoder_InvalidSliceIndex", "playground", "PostIds[]=1&PostIds[]=2", func() any { return new(postIDs) },
			"error", `{"PostIds":["1","2"]}`, `"[]" appends`},
		{"TestDecoderPointerToPointer", "playground", "Value=testVal", func() any { return new(*valueS) },
			`{"Value":"testVal"}`, `{"Value":"testVal"}`, ""},
		{"TestDecoderMapKeys (integer keys)", "playground", "MapNestedInt[1][2]=3&MapInt8[0]=3&MapUint16[0]=3", func() any { return new(mapKeys) },
			`{"MapNestedInt":{"1":{"2":3}},"MapInt8":{"0":3},"MapUint16":{"0":3}}`, `{"MapNestedInt":{"1":{"2":3}},"MapInt8":{"0":3},"MapUint16":{"0":3}}`, ""},
		{"TestDecoderMapKeys (float keys)", "playground", "MapFloat32Key[0.0]=3.3", func() any { return new(mapFloatKey) },
			"{MapFloat32Key:map[0:3.3]}", "error", "map keys are strings, integers or TextUnmarshalers"},
		{"TestDecoderMapKeys (interface keys)", "playground", "MapIfaceKey[key]=3", func() any { return new(mapIfaceKey) },
			"{MapIfaceKey:map[key:3]}", "error", "map keys are strings, integers or TextUnmarshalers"},
		{"TestOn", "gorilla", "F01=on", func() any { return new(s3) },
			`{"F01":true}`, `{"F01":true}`, ""},
		{"TestEmptyValue", "gorilla", "F01=&F01=foo", func() any { return new(s5) },
			`{"F01":["foo"]}`, `{"F01":["","foo"]}`, "nothing is dropped: an empty item is an item"},
		{"TestMultipleValues", "gorilla", "ID=0&ID=1", func() any { return new(s7) },
			`{"ID":"1"}`, "error", "a scalar key given twice is an error"},
		{"TestEmbeddedField", "gorilla", "Id=identifier", func() any { return new(S10x) },
			`{"Id":"identifier"}`, `{"Id":"identifier"}`, ""},
		{"TestInvalidDataProvidedByClient", "gorilla", "f.f=v", func() any { return new(unexported) },
			"error", `{}`, "unknown keys are skipped (an error with DisallowUnknownKeys)"},
		{"TestDecoder_MaxSize", "gorilla", "Values.1.Val=132&Values.1.NestedValues.1.NVal=1&Values.1.NestedValues.2.NVal=2&Values.1.NestedValues.3.NVal=3", func() any { return new(nestedSlices) },
			`{"Values":[{"Val":0,"NestedValues":null},{"Val":132,"NestedValues":[{"NVal":0},{"NVal":1},{"NVal":2},{"NVal":3}]}]}`,
			`{"Values":[{"Val":132,"NestedValues":[{"NVal":1},{"NVal":2},{"NVal":3}]}]}`, "indices order the items and gaps close"},
	}
}

// outcome is a binder's result as the table gives it: the value as JSON
// (or as %+v prints it, for maps JSON cannot hold), or "error".
func outcome(v any, err error) string {
	if err != nil {
		return "error"
	}
	b, jerr := json.Marshal(v)
	if jerr != nil {
		return fmt.Sprintf("%+v", reflect.ValueOf(v).Elem())
	}
	return string(b)
}

func peerDecode(c binderCase) string {
	v := c.target()
	vals, err := url.ParseQuery(c.q)
	if err != nil {
		return "error"
	}
	if c.peer == "playground" {
		err = playground.NewDecoder().Decode(v, vals)
	} else {
		err = schema.NewDecoder().Decode(v, vals)
	}
	if err != nil && c.peerWant != "error" {
		err = nil // the test asserts the value set beside the error
	}
	return outcome(v, err)
}

// TestBinderCases: each peer still does what its own test asserts, and
// percent what DESIGN's rules say; RESULTS.md lists the differences.
func TestBinderCases(t *testing.T) {
	var diff strings.Builder
	diff.WriteString("| peer's test | query | the peer (its test asserts) | percent | the rule |\n|---|---|---|---|---|\n")
	for _, c := range binderCases() {
		if got := peerDecode(c); got != c.peerWant {
			t.Errorf("%s (%s): the peer returns %s, its test asserts %s", c.src, c.peer, got, c.peerWant)
		}
		v := c.target()
		if got := outcome(v, form.Unmarshal(c.q, v)); got != c.want {
			t.Errorf("%s: percent returns %s, want %s", c.src, got, c.want)
		}
		if c.peerWant != c.want {
			peer := map[string]string{"playground": "go-playground/form", "gorilla": "gorilla/schema"}[c.peer]
			fmt.Fprintf(&diff, "| %s %s | `%s` | %s | %s | %s |\n", peer, c.src, cut(c.q, 60), cut(c.peerWant, 60), cut(c.want, 60), c.why)
		}
	}
	b, err := os.ReadFile("RESULTS.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, beginBinders), strings.Index(doc, endBinders)
	if i < 0 || j < i {
		t.Fatal("RESULTS.md has no binder-case markers")
	}
	if *update {
		doc = doc[:i+len(beginBinders)] + diff.String() + doc[j:]
		if err := os.WriteFile("RESULTS.md", []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if doc[i+len(beginBinders):j] != diff.String() {
		t.Errorf("RESULTS.md's binder cases are not current (go test -run TestBinderCases -update):\n%s", diff.String())
	}
}

const (
	beginBinders = "<!-- binder cases: go test -run TestBinderCases -update -->\n"
	endBinders   = "<!-- end of binder cases -->\n"
)
