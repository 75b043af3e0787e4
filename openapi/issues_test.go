// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
)

func explode(b bool) *bool { return &b }

// TestOapiCodegen2183: ["a","b","c,d"] with explode=false is three items
// (oapi-codegen #2183, runtime #91/#92: binding from url.Values, already
// decoded, split "c%2Cd" into two).
func TestOapiCodegen2183(t *testing.T) {
	p := &Param{Name: "tags", In: InQuery, Explode: explode(false)}
	q, err := p.Encode([]string{"a", "b", "c,d"})
	if err != nil || q != "tags=a,b,c%2Cd" {
		t.Fatalf("Encode = %q, %v", q, err)
	}
	v, ok, err := p.DecodeQuery("?"+q, Array)
	if !ok || err != nil || !reflect.DeepEqual(v.List, []string{"a", "b", "c,d"}) {
		t.Errorf("DecodeQuery(%q) = %q, %v, %v", q, v.List, ok, err)
	}
	// The same in a path (simple) and in a header.
	pp := &Param{Name: "ids", In: InPath}
	if v, err := pp.Decode("a,b,c%2Cd", Array); err != nil || len(v.List) != 3 || v.List[2] != "c,d" {
		t.Errorf("path: %q, %v", v.List, err)
	}
}

// TestRuntime35: a path parameter is decoded once (oapi-codegen runtime
// #35, which broke nuts-node #2831): "a%2520b" is "a%20b", not "a b".
func TestRuntime35(t *testing.T) {
	p := &Param{Name: "id", In: InPath}
	v, err := p.Decode("a%2520b", Primitive)
	if err != nil || v.String != "a%20b" {
		t.Errorf("Decode = %q, %v; want a%%20b", v.String, err)
	}
	// Encode writes "a%2520b", which decodes once to "a%20b": double
	// encoding, which a server behind percent.CheckSegments refuses, so
	// Encode refuses it too (the readers issue), naming the cause.
	_, err = p.Encode("a%20b")
	var pe *percent.PathError
	if !errors.As(err, &pe) || pe.Reason != "double encoding" {
		t.Errorf("Encode(a%%20b) = %v; want a double-encoding refusal", err)
	}
}

// TestOapiCodegen1342: with allowReserved a value's own escape is kept, and
// decoding reads it once: "cat%25jpeg" is "cat%jpeg" (oapi-codegen #1342
// decoded it twice).
func TestOapiCodegen1342(t *testing.T) {
	p := &Param{Name: "q", In: InQuery, AllowReserved: true}
	s, err := p.Encode("cat%25jpeg/a,b")
	if err != nil || s != "q=cat%25jpeg/a,b" {
		t.Fatalf("Encode = %q, %v", s, err)
	}
	v, ok, err := p.DecodeQuery(s, Primitive)
	if !ok || err != nil || v.String != "cat%jpeg/a,b" {
		t.Errorf("DecodeQuery = %q, %v, %v", v.String, ok, err)
	}
	// Reserved expansion still escapes what ends a pair.
	if s, _ := p.Encode("a&b=c+d#e"); s != "q=a%26b%3Dc%2Bd%23e" {
		t.Errorf("Encode = %q", s)
	}
}

// TestKinOpenapi294: a nested deepObject is an error, not a panic
// (kin-openapi #294).
func TestKinOpenapi294(t *testing.T) {
	p := &Param{Name: "filter", In: InQuery, Style: DeepObject}
	for _, q := range []string{"filter[a][b]=1", "filter%5Ba%5D%5Bb%5D=1", "filter[a=1", "filter[a]]=1"} {
		_, _, err := p.DecodeQuery(q, Object)
		var e *Error
		if !errors.As(err, &e) || e.Param != "filter" || e.Offset != 0 {
			t.Errorf("DecodeQuery(%q) = %v; want an *Error at 0", q, err)
		}
	}
	if _, err := p.Encode(map[string]any{"a": map[string]string{"b": "1"}}); err == nil {
		t.Error("Encode of a nested object: no error")
	}
}

// TestKinOpenapi946: two deepObjects that share property names read
// apart (kin-openapi #946).
func TestKinOpenapi946(t *testing.T) {
	q := "color%5BR%5D=100&size[R]=9&color[G]=200&x=1"
	c := &Param{Name: "color", In: InQuery, Style: DeepObject}
	s := &Param{Name: "size", In: InQuery, Style: DeepObject}
	cv, ok1, err1 := c.DecodeQuery(q, Object)
	sv, ok2, err2 := s.DecodeQuery(q, Object)
	wantC := []percent.Pair{{Name: "R", Value: "100"}, {Name: "G", Value: "200"}}
	if !ok1 || err1 != nil || !reflect.DeepEqual(cv.Props, wantC) {
		t.Errorf("color = %v, %v, %v", cv.Props, ok1, err1)
	}
	if !ok2 || err2 != nil || !reflect.DeepEqual(sv.Props, []percent.Pair{{Name: "R", Value: "9"}}) {
		t.Errorf("size = %v, %v, %v", sv.Props, ok2, err2)
	}
}

// TestKinOpenapi1249: a map is an object, keys sorted (kin-openapi PR
// #1249 fixed maps), in every style that takes objects.
func TestKinOpenapi1249(t *testing.T) {
	m := map[string]int{"b": 2, "a": 1}
	for _, c := range []struct {
		p    Param
		want string
	}{
		{Param{Name: "m", In: InQuery, Style: DeepObject}, "m%5Ba%5D=1&m%5Bb%5D=2"},
		{Param{Name: "m", In: InQuery}, "a=1&b=2"},
		{Param{Name: "m", In: InPath, Style: Matrix, Explode: explode(true)}, ";a=1;b=2"},
	} {
		if got, err := c.p.Encode(m); err != nil || got != c.want {
			t.Errorf("%s: Encode = %q, %v; want %q", c.p.Style, got, err, c.want)
		}
	}
}

// TestOgen1727: pipeDelimited and spaceDelimited are not form (ogen PR
// #1727 sent them as form), and their decoder is not csv (ogen #981).
func TestOgen1727(t *testing.T) {
	pipe := &Param{Name: "c", In: InQuery, Style: PipeDelimited}
	space := &Param{Name: "c", In: InQuery, Style: SpaceDelimited}
	if s, _ := pipe.Encode([]string{"a", "b,c"}); s != "c=a%7Cb%2Cc" {
		t.Errorf("pipe: %q", s)
	}
	if s, _ := space.Encode([]string{"a", "b,c"}); s != "c=a%20b%2Cc" {
		t.Errorf("space: %q", s)
	}
	for q, want := range map[string][]string{"c=a|b%7Cc%7cd": {"a", "b", "c", "d"}, "c=a,b|c": {"a,b", "c"}} {
		if v, _, err := pipe.DecodeQuery(q, Array); err != nil || !reflect.DeepEqual(v.List, want) {
			t.Errorf("pipe DecodeQuery(%q) = %q, %v", q, v.List, err)
		}
	}
	for q, want := range map[string][]string{"c=a%20b+c d": {"a", "b", "c", "d"}, "c=a,b%20c": {"a,b", "c"}} {
		if v, _, err := space.DecodeQuery(q, Array); err != nil || !reflect.DeepEqual(v.List, want) {
			t.Errorf("space DecodeQuery(%q) = %q, %v", q, v.List, err)
		}
	}
}

// TestOAI1956: label unexploded is ".blue,black,brown" (OAI #1956, #3139:
// the table said ".blue.black.brown" until 3.1.1).
func TestOAI1956(t *testing.T) {
	p := &Param{Name: "color", In: InPath, Style: Label}
	if s, err := p.Encode([]string{"blue", "black", "brown"}); err != nil || s != ".blue,black,brown" {
		t.Errorf("Encode = %q, %v", s, err)
	}
}

// TestDefaults: the spec's defaults apply when a field is unset.
func TestDefaults(t *testing.T) {
	for _, c := range []struct {
		p    Param
		v    any
		want string
	}{
		{Param{Name: "id", In: InPath}, []string{"a", "b"}, "a,b"},                      // simple, explode false
		{Param{Name: "id", In: InHeader}, []string{"a", "b"}, "a,b"},                    // simple
		{Param{Name: "c", In: InQuery}, []string{"a", "b"}, "c=a&c=b"},                  // form, explode true
		{Param{Name: "c", In: InCookie}, "x", "c=x"},                                    // form
		{Param{Name: "c", In: InCookie, Style: Cookie}, []string{"a", "b"}, "c=a; c=b"}, // cookie, explode true
	} {
		if got, err := c.p.Encode(c.v); err != nil || got != c.want {
			t.Errorf("%+v: Encode = %q, %v; want %q", c.p, got, err, c.want)
		}
	}
}

// TestNotPermitted: the combinations the Style Values table does not
// list, and the n/a cells, are *Errors in both directions.
func TestNotPermitted(t *testing.T) {
	for _, p := range []Param{
		{Name: "x", In: InQuery, Style: Matrix}, {Name: "x", In: InPath, Style: Form}, {Name: "x", In: InHeader, Style: Label},
		{Name: "x", In: InCookie, Style: DeepObject}, {Name: "x", In: InPath, Style: Cookie}, {Name: "x", In: "body"},
		{Name: "", In: InPath}, {Name: "x", In: InHeader, AllowReserved: true}, {Name: "x", In: InCookie, Style: Cookie, AllowReserved: true},
		{Name: "x", In: InQuery, Style: "csv"},
	} {
		var e *Error
		if _, err := p.Encode("v"); !errors.As(err, &e) {
			t.Errorf("%+v: Encode: %v", p, err)
		}
		if _, err := p.Decode("v", Primitive); !errors.As(err, &e) {
			t.Errorf("%+v: Decode: %v", p, err)
		}
		if _, _, err := p.DecodeQuery("x=v", Primitive); !errors.As(err, &e) {
			t.Errorf("%+v: DecodeQuery: %v", p, err)
		}
	}
	// form in a cookie writes one cookie-pair: exploded lists are refused.
	p := Param{Name: "c", In: InCookie}
	if _, err := p.Encode([]string{"a", "b"}); err == nil {
		t.Error("form in a cookie, exploded list: no error")
	}
	if s, err := (&Param{Name: "c", In: InCookie, Explode: explode(false)}).Encode([]string{"a b", "c"}); err != nil || s != "c=a%20b,c" {
		t.Errorf("form in a cookie, unexploded = %q, %v", s, err)
	}
}

// TestDecodeErrors: every error is an *Error with the parameter and its
// offset in the input.
func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		p      Param
		in     string
		kind   Kind
		offset int
	}{
		{Param{Name: "c", In: InPath, Style: Matrix}, "color=x", Primitive, 0}, // no ";"
		{Param{Name: "c", In: InPath, Style: Matrix}, ";d=x", Primitive, 1},    // another name
		{Param{Name: "c", In: InPath, Style: Label}, "x", Primitive, 0},        // no "."
		{Param{Name: "c", In: InPath}, "a,b%zz", Array, 3},                     // malformed escape
		{Param{Name: "c", In: InPath}, "a,b,c", Object, 0},                     // odd items
		{Param{Name: "c", In: InPath, Style: Matrix, Explode: explode(true)}, ";c=1;d=2", Array, 5},
	} {
		_, err := c.p.Decode(c.in, c.kind)
		var e *Error
		if !errors.As(err, &e) || e.Param != "c" || e.Offset != c.offset {
			t.Errorf("%+v Decode(%q): %v; want an *Error at %d", c.p, c.in, err, c.offset)
		}
	}
	for _, c := range []struct {
		p      Param
		q      string
		offset int
	}{
		{Param{Name: "c", In: InQuery}, "?a=1&c=x%4", 8},
		{Param{Name: "c", In: InQuery, Explode: explode(false)}, "c=1&c=2", 4}, // given twice
		{Param{Name: "c", In: InQuery}, "a=1&%zz=2", 4},
	} {
		_, _, err := c.p.DecodeQuery(c.q, Primitive)
		var e *Error
		if !errors.As(err, &e) || e.Offset != c.offset {
			t.Errorf("DecodeQuery(%q): %v; want an *Error at %d", c.q, err, c.offset)
		}
	}
	// More than DefaultMaxPairs pairs: an *Error whose cause is ErrTooManyPairs.
	q := strings.Repeat("a=1&", percent.DefaultMaxPairs) + "c=1"
	_, _, err := (&Param{Name: "c", In: InQuery}).DecodeQuery(q, Primitive)
	if !errors.Is(err, percent.ErrTooManyPairs) {
		t.Errorf("too many pairs: %v", err)
	}
	if _, ok, err := (&Param{Name: "c", In: InQuery}).DecodeQuery(strings.Repeat("a=1&", percent.DefaultMaxPairs-1)+"c=1", Primitive); !ok || err != nil {
		t.Errorf("exactly the limit: %v, %v", ok, err)
	}
	items := "c=" + strings.Repeat("x,", percent.DefaultMaxPairs) + "x"
	if _, _, err := (&Param{Name: "c", In: InQuery, Explode: explode(false)}).DecodeQuery(items, Array); !errors.Is(err, percent.ErrTooManyPairs) {
		t.Errorf("too many items: %v", err)
	}
}

// TestItemLimit: Encode refuses a value that Decode would refuse for its
// number of items (DefaultMaxPairs, an object's names and values counted
// both), and one at the limit reads back, in every style that takes lists
// and objects.
func TestItemLimit(t *testing.T) {
	list := func(n int) []string { return slices.Repeat([]string{"x"}, n) }
	props := func(n int) []percent.Pair {
		ps := make([]percent.Pair, n)
		for i := range ps {
			ps[i] = percent.Pair{Name: "k" + strconv.Itoa(i), Value: "v"}
		}
		return ps
	}
	for _, p := range []Param{
		{Name: "c", In: InPath},
		{Name: "c", In: InPath, Style: Label, Explode: explode(true)},
		{Name: "c", In: InPath, Style: Matrix, Explode: explode(true)},
		{Name: "c", In: InPath, Explode: explode(true)},
		{Name: "c", In: InHeader},
		{Name: "c", In: InHeader, Explode: explode(true)},
		{Name: "c", In: InPath, Style: Label},
		{Name: "c", In: InQuery},
		{Name: "c", In: InQuery, Explode: explode(false)},
		{Name: "c", In: InQuery, Style: PipeDelimited, Explode: explode(false)},
		{Name: "c", In: InQuery, Style: DeepObject},
		{Name: "c", In: InCookie, Style: Cookie},
		{Name: "c", In: InCookie, Explode: explode(false)},
	} {
		for _, c := range []struct {
			kind   Kind
			v      any
			refuse bool
		}{
			{Array, list(percent.DefaultMaxPairs), false},
			{Array, list(percent.DefaultMaxPairs + 1), true},
			{Object, props(maxProps(p)), false},
			{Object, props(maxProps(p) + 1), true},
		} {
			if c.kind == Array && p.Style == DeepObject {
				continue
			}
			s, err := p.Encode(c.v)
			if c.refuse {
				if !errors.Is(err, percent.ErrTooManyPairs) {
					t.Errorf("%+v: Encode of %d items: %v; want ErrTooManyPairs", p, count(c.v), err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%+v: Encode of %d items: %v", p, count(c.v), err)
				continue
			}
			var got Value
			if p.In == InQuery || p.In == InCookie {
				got, _, err = p.DecodeQuery(s, c.kind)
			} else {
				got, err = p.Decode(s, c.kind)
			}
			if err != nil || count(got.List)+count(got.Props) != count(c.v) {
				t.Errorf("%+v: %d items read back as %d, %v", p, count(c.v), count(got.List)+count(got.Props), err)
			}
		}
	}
}

// maxProps is the most properties an object of p holds: a property is one
// pair of q or one key=value piece of a path or header in an exploded
// object, and one pair in a deepObject, so DefaultMaxPairs of them (the
// readers issue and the findings issue: exactly 1 000 was refused, in a
// query and then in a path or header); in an unexploded object a name and
// a value are two items of one value.
func maxProps(p Param) int {
	explode := p.Explode == nil && (p.Style == "" && (p.In == InQuery || p.In == InCookie) || p.Style == Form || p.Style == Cookie) ||
		p.Explode != nil && *p.Explode
	if p.Style == DeepObject || explode {
		return percent.DefaultMaxPairs
	}
	return percent.DefaultMaxPairs / 2
}

// count is the number of items of a list or properties of an object.
func count(v any) int {
	switch v := v.(type) {
	case []string:
		return len(v)
	case []percent.Pair:
		return len(v)
	}
	return 0
}

// TestDecodeQueryShapes: absent parameters, empty values, exploded
// objects by props, and a Cookie header.
func TestDecodeQueryShapes(t *testing.T) {
	p := &Param{Name: "c", In: InQuery}
	if _, ok, err := p.DecodeQuery("a=1&b=2", Primitive); ok || err != nil {
		t.Errorf("absent: %v, %v", ok, err)
	}
	for _, q := range []string{"c", "c=", "?c="} {
		if v, ok, err := p.DecodeQuery(q, Primitive); !ok || err != nil || v.String != "" {
			t.Errorf("DecodeQuery(%q) = %q, %v, %v", q, v.String, ok, err)
		}
	}
	obj, ok, err := p.DecodeQuery("R=100&x=9&G=2%2B0+0&B", Object, "R", "G", "B")
	want := []percent.Pair{{Name: "R", Value: "100"}, {Name: "G", Value: "2+0 0"}, {Name: "B", Value: ""}}
	if !ok || err != nil || !reflect.DeepEqual(obj.Props, want) {
		t.Errorf("exploded object = %v, %v, %v", obj.Props, ok, err)
	}
	deep := &Param{Name: "f", In: InQuery, Style: DeepObject}
	obj, ok, err = deep.DecodeQuery("f%5bk%5d=1&f%5BK%5D=2&f[x]=3&f%5B%5D=4&g%5Bk%5D=5&f%5Bk%20l%5D=6&f%5Bm%5d=7", Object)
	want = []percent.Pair{{Name: "k", Value: "1"}, {Name: "K", Value: "2"}, {Name: "x", Value: "3"}, {Name: "", Value: "4"}, {Name: "k l", Value: "6"}, {Name: "m", Value: "7"}}
	if !ok || err != nil || !reflect.DeepEqual(obj.Props, want) {
		t.Errorf("deepObject = %v, %v, %v", obj.Props, ok, err)
	}
	for _, q := range []string{"a=1&f%5Ba[b%5D=1", "a=1&f%5Ba%5Bb%5D=1", "a=1&f%5Ba]%5D=1"} {
		var e *Error
		if _, _, err := deep.DecodeQuery(q, Object); !errors.As(err, &e) || e.Offset != 4 {
			t.Errorf("deepObject %q: %v, want a nesting error at 4", q, err)
		}
	}
	ck := &Param{Name: "c", In: InCookie, Style: Cookie}
	v, ok, err := ck.DecodeQuery("a=1;  c=x%41;c=y ; d=2", Array)
	if !ok || err != nil || !reflect.DeepEqual(v.List, []string{"x%41", "y"}) {
		t.Errorf("cookie = %q, %v, %v", v.List, ok, err)
	}
	fc := &Param{Name: "c", In: InCookie}
	if v, ok, err := fc.DecodeQuery("c=a%20b+c", Primitive); !ok || err != nil || v.String != "a b+c" {
		t.Errorf("form cookie = %q, %v, %v", v.String, ok, err)
	}
	h := &Param{Name: "h", In: InHeader, Explode: explode(true)}
	if v, err := h.Decode(" R=100 ,\tG=200", Object); err != nil || !reflect.DeepEqual(v.Props, []percent.Pair{{Name: "R", Value: "100"}, {Name: "G", Value: "200"}}) {
		t.Errorf("header = %v, %v", v.Props, err)
	}
}

// TestAllocs: AppendEncode with room allocates nothing; Decode of a
// primitive or of a 10-item array at most twice.
func TestAllocs(t *testing.T) {
	dst := make([]byte, 0, 256)
	var list any = []string{"a b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}
	var obj any = []percent.Pair{{Name: "R", Value: "1"}, {Name: "G", Value: "2 0"}}
	var str any = "blue/é"
	for _, c := range []struct {
		p Param
		v any
	}{
		{Param{Name: "id", In: InPath}, str}, {Param{Name: "c", In: InQuery}, list}, {Param{Name: "c", In: InPath, Style: Label}, list},
		{Param{Name: "f", In: InQuery, Style: DeepObject}, obj}, {Param{Name: "c", In: InQuery, Style: PipeDelimited}, list},
		{Param{Name: "c", In: InCookie, Style: Cookie}, []string{"a", "b"}},
	} {
		if n := testing.AllocsPerRun(100, func() { c.p.AppendEncode(dst[:0], c.v) }); n != 0 {
			t.Errorf("%+v: AppendEncode: %v allocations", c.p, n)
		}
	}
	path := &Param{Name: "id", In: InPath}
	if n := testing.AllocsPerRun(100, func() { path.Decode("a%20b", Primitive) }); n > 2 {
		t.Errorf("Decode of a primitive: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { path.Decode("a%20b,c,d,e,f,g,h,i%2Cj,k,l", Array) }); n > 2 {
		t.Errorf("Decode of 10 items: %v allocations", n)
	}
	// Items that do not fit the decoder's stack buffer, and more than 64
	// of them: still the list and one string.
	long := strings.Repeat("%41", 30) + "," + strings.Repeat("%42", 60) + ",a%20b" + strings.Repeat(",%43%44", 8)
	if n := testing.AllocsPerRun(100, func() { path.Decode(long, Array) }); n > 2 {
		t.Errorf("Decode of 10 long items: %v allocations", n)
	}
	many := strings.Repeat("%41,", 80) + "%42"
	if n := testing.AllocsPerRun(100, func() { path.Decode(many, Array) }); n > 2 {
		t.Errorf("Decode of 81 items: %v allocations", n)
	}
	qe := &Param{Name: "c", In: InQuery}
	qlong := "c=" + strings.Repeat("%41", 50) + "&c=x%20&c=" + strings.Repeat("%42", 50)
	if n := testing.AllocsPerRun(100, func() { qe.DecodeQuery(qlong, Array) }); n > 2 {
		t.Errorf("DecodeQuery of long exploded items: %v allocations", n)
	}
	exploded := "c=a+b&x=1&c=c&c=d&c=%C3%A9&c=f&c=g&c=h&c=i%2Cj&c=k&c=l%25"
	if n := testing.AllocsPerRun(100, func() { qe.DecodeQuery(exploded, Array) }); n > 2 {
		t.Errorf("DecodeQuery of 10 exploded items: %v allocations", n)
	}
	q := &Param{Name: "c", In: InQuery, Explode: explode(false)}
	if n := testing.AllocsPerRun(100, func() { q.DecodeQuery("x=1&c=a+b,c,d,e,f,g,h,i%2Cj,k,l", Array) }); n > 2 {
		t.Errorf("DecodeQuery of 10 items: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { q.DecodeQuery("x=1&c=abc", Primitive) }); n > 2 {
		t.Errorf("DecodeQuery of a primitive: %v allocations", n)
	}
}

// TestDecodeLists: the lists that Decode and DecodeQuery read in one
// loop (simple and label in a path, a form-exploded array in a query),
// with the names, escapes and pieces that leave that loop's quick checks:
// escaped and "+" names, a name holding "=", pieces without "=", empty
// pieces, another parameter's malformed value, and errors' offsets.
func TestDecodeLists(t *testing.T) {
	for _, c := range []struct {
		name, q string
		want    []string
		off     int // of the error; -1: none
	}{
		{"tag", "?tag=a&&t%61g=b%2Cc&tag&x=%zz&tag=d+e&tag%3D=no&tag=50%25", []string{"a", "b,c", "", "d e", "50%"}, -1},
		{"a=b", "a=b=c&a%3Db=d", []string{"d"}, -1},
		{"a+b", "a+b=1&a%2Bb=2&a b=3", []string{"2"}, -1},
		{"a b", "a+b=1&a%20b=2&a b=3", []string{"1", "2", "3"}, -1},
		{"a&b", "a&b=1&a%26b=2&b=3", []string{"2"}, -1}, // "a&b=" stands across two pieces
		{"tag", strings.Repeat("tag=%41&", 69) + "tag=b%20", append(slices.Repeat([]string{"A"}, 69), "b "), -1},
		{"tag", "tag=a%20&tag=" + strings.Repeat("%42", 90) + "&tag=%43", []string{"a ", strings.Repeat("B", 90), "C"}, -1},
		{"tag", "tag=a&tag=b%zz", nil, 11},
		{"tag", "t%zzg=a", nil, 1},
		// An escape cut by the end of its item, whatever follows it.
		{"tag", "tag=a%2&tag=0b", nil, 5},
		{"tag", "tag=a%2&tag=0%41", nil, 5},
		{"tag", "tag=%&tag=41", nil, 4},
		{"tag", "tag=%%41", nil, 4},
		{"tag", "tag=ab%4&x=1&tag=%41", nil, 6},
		{"tag", "tag=%41%42%43+%44%45%46+x&tag=%47&tag=+", []string{"ABC DEF x", "G", " "}, -1},
		{"tag", "tag=%41%42%43%44%45%4", nil, 19},
	} {
		p := &Param{Name: c.name, In: InQuery}
		v, ok, err := p.DecodeQuery(c.q, Array)
		var e *Error
		switch {
		case c.off >= 0:
			if !errors.As(err, &e) || e.Offset != c.off {
				t.Errorf("%s in %q: error %v, want one at offset %d", c.name, c.q, err, c.off)
			}
		case err != nil || !ok || !reflect.DeepEqual(v.List, c.want):
			t.Errorf("%s in %q = %q, %v, %v; want %q", c.name, c.q, v.List, ok, err, c.want)
		}
	}
	for _, c := range []struct {
		style   Style
		explode bool
		s       string
		want    []string
		off     int
	}{
		{Label, true, ".a.b%2Ec..d", []string{"a", "b.c", "", "d"}, -1},
		{Label, false, ".a,b%2C.c", []string{"a", "b,.c"}, -1},
		{Label, true, "a.b", nil, 0},
		{Simple, false, "a,b%2Cc,,+", []string{"a", "b,c", "", "+"}, -1},
		{Simple, false, "%20," + strings.Repeat("%41", 100) + ",%42," + strings.Repeat("%43", 10), []string{" ", strings.Repeat("A", 100), "B", strings.Repeat("C", 10)}, -1},
		{Simple, false, "a,b%2Cc,,%zz", nil, 9},
		{Simple, true, "%41,%4", nil, 4},
		{Simple, false, "a,%41,%42", []string{"a", "A", "B"}, -1},
		{Simple, false, "a,,b+c,", []string{"a", "", "b+c", ""}, -1},
		{Label, true, "...", []string{"", "", ""}, -1},
		{Label, false, ".", []string{""}, -1},
		{Label, false, ".a.b,c", []string{"a.b", "c"}, -1},
		{Simple, false, strings.Repeat("a,", 1000) + "a", nil, 2000},
		{Label, true, "." + strings.Repeat("a.", 1000) + "a", nil, 2001},
		{Simple, false, "%41" + strings.Repeat(",a", 1000), nil, 2002},
		{Simple, false, "x," + strings.Repeat("A", 127) + "%zz", nil, 129},
		{Simple, false, strings.Repeat("A", 127) + "%41" + strings.Repeat("%42", 50), []string{strings.Repeat("A", 128) + strings.Repeat("B", 50)}, -1},
	} {
		p := &Param{Name: "x", In: InPath, Style: c.style, Explode: explode(c.explode)}
		v, err := p.Decode(c.s, Array)
		// The same text as an unexploded object: an odd number of items,
		// the last one decoded, is an error, never a panic (empty text,
		// label's ".", reads as no properties).
		if _, oerr := p.Decode(c.s, Object); !c.explode && c.off < 0 && len(c.want)%2 == 1 && oerr == nil && c.s != "." && c.s != "" {
			t.Errorf("%s %q as an object: no error for %d items", c.style, c.s, len(c.want))
		}
		var e *Error
		switch {
		case c.off >= 0:
			if !errors.As(err, &e) || e.Offset != c.off {
				t.Errorf("%s %q: error %v, want one at offset %d", c.style, c.s, err, c.off)
			}
		case err != nil || !reflect.DeepEqual(v.List, c.want):
			t.Errorf("%s %q = %q, %v; want %q", c.style, c.s, v.List, err, c.want)
		}
	}
}

// TestCleanLists: a simple or label list with nothing to decode reads as
// strings.Split reads it, at every length to 130 bytes (past the 128 bytes
// of decoded items the decoder keeps on its stack) and with separators
// anywhere, and one escape anywhere decodes.
func TestCleanLists(t *testing.T) {
	for n := 0; n <= 130; n++ {
		for _, every := range []int{1, 2, 3, 7, 1000} {
			b := make([]byte, n)
			for i := range b {
				b[i] = "abcdefghij"[i%10]
				if i%every == every-1 {
					b[i] = ','
				}
			}
			for _, c := range []struct {
				style   Style
				explode bool
				prefix  string
				sep     byte
			}{{Simple, false, "", ','}, {Label, false, ".", ','}, {Label, true, ".", '.'}} {
				s := strings.ReplaceAll(string(b), ",", string(c.sep))
				p := &Param{Name: "x", In: InPath, Style: c.style, Explode: explode(c.explode)}
				v, err := p.Decode(c.prefix+s, Array)
				if want := strings.Split(s, string(c.sep)); err != nil || !slices.Equal(v.List, want) {
					t.Fatalf("%s %q = %q, %v; want %q", c.style, c.prefix+s, v.List, err, want)
				}
				if n == 0 {
					continue
				}
				// An escape at the end, or a malformed one at the start.
				v, err = p.Decode(c.prefix+s+"%41", Array)
				if want := strings.Split(s+"A", string(c.sep)); err != nil || !slices.Equal(v.List, want) {
					t.Fatalf("%s %q = %q, %v; want %q", c.style, c.prefix+s+"%41", v.List, err, want)
				}
				var e *Error
				if _, err := p.Decode(c.prefix+"%z"+s, Array); !errors.As(err, &e) || e.Offset != len(c.prefix) {
					t.Fatalf("%s %q: error %v, want one at offset %d", c.style, c.prefix+"%z"+s, err, len(c.prefix))
				}
			}
		}
	}
}

// TestLabelDots: exploded label writes "." between items, so an item, key
// or value that holds one is refused, and nothing else is: a primitive's
// dots (a string, a number) are one item, and unexploded or reserved
// label writes its dots as it always has.
func TestLabelDots(t *testing.T) {
	ex := &Param{Name: "c", In: InPath, Style: Label, Explode: explode(true)}
	for _, c := range []struct {
		p    *Param
		v    any
		want string // "": refused
	}{
		{ex, []string{"a", "b.c"}, ""},
		{ex, []string{".", "b"}, ""},
		{ex, []percent.Pair{{Name: "k.1", Value: "v"}}, ""},
		{ex, []percent.Pair{{Name: "k", Value: "v."}}, ""},
		{ex, []string{"a", "b", "c"}, ".a.b.c"},
		{ex, []percent.Pair{{Name: "k", Value: "v"}, {Name: "l", Value: ""}}, ".k=v.l="},
		{ex, "1.2.3", ".1.2.3"},
		{ex, 1.5, ".1.5"},
		{ex, []string{"", ""}, ""}, // "..": a dot segment
		{&Param{Name: "c", In: InPath, Style: Label}, []string{"a.b", "c"}, ".a.b,c"},
		{&Param{Name: "c", In: InPath, Style: Label, Explode: explode(true), AllowReserved: true}, []string{"a.b"}, ""},
		{&Param{Name: "c", In: InPath, Style: Label, Explode: explode(true), AllowReserved: true}, []string{"a", "b"}, ".a.b"},
	} {
		got, err := c.p.Encode(c.v)
		var e *Error
		switch {
		case c.want == "" && !errors.As(err, &e):
			t.Errorf("%+v: Encode(%v) = %q, %v; want an *Error", c.p, c.v, got, err)
		case c.want != "" && (err != nil || got != c.want):
			t.Errorf("%+v: Encode(%v) = %q, %v; want %q", c.p, c.v, got, err, c.want)
		}
	}
}

// TestQueryArrayOracle: a form-exploded array read from a query is what
// net/url's ParseQuery gives for its name, on queries of every mix of
// plain, escaped and "+" items, names (with and without "=") and other
// parameters, short and past the decoder's stack room (64 items, 128
// bytes of items that decode), well-formed (ParseQuery's own lenience is
// not compared). Every other query has a raw name that decodes.
func TestQueryArrayOracle(t *testing.T) {
	parts := []string{"a", "%41", "+", "%26", "%3D", "%25", "b%2Cc", "%C3%A9", "x+y", "",
		strings.Repeat("%42", 50), strings.Repeat("z", 130), "=", "%2B", "abcdefgh", "bcd"}
	plain := []string{"tag", "tag", "tag", "x", "tagx", "ta", "tag.", "longer_name"}
	escaped := []string{"tag", "tag", "tag", "t%61g", "ta+g", "x", "tag%5B%5D", "tagx"}
	rng := rand.New(rand.NewPCG(1, 2))
	p := &Param{Name: "tag", In: InQuery}
	for n := range 800 {
		names := plain
		if n%2 == 1 {
			names = escaped
		}
		var b strings.Builder
		pieces := 1 + rng.IntN(1+n/4)
		for i := range pieces {
			if i > 0 {
				b.WriteString("&")
			}
			b.WriteString(names[rng.IntN(len(names))])
			if rng.IntN(10) == 0 {
				continue // a name alone: its value is empty
			}
			b.WriteString("=")
			for range rng.IntN(4) {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
		}
		q := b.String()
		want, err := url.ParseQuery(q)
		if err != nil {
			t.Fatalf("ParseQuery(%q): %v", q, err)
		}
		v, ok, err := p.DecodeQuery(q, Array)
		if err != nil || ok != (len(want["tag"]) > 0) || !slices.Equal(v.List, want["tag"]) {
			t.Fatalf("DecodeQuery(%q) = %q, %v, %v; ParseQuery gives %q", q, v.List, ok, err, want["tag"])
		}
	}
}

// TestQueryArrayLengths: a form-exploded array of every length around
// the 64 decoded items the decoder keeps on its stack (and the last piece
// of the query its item, or another parameter's), read back as net/url's
// ParseQuery reads it, with two allocations at most: the items and one
// string of the decoded ones.
func TestQueryArrayLengths(t *testing.T) {
	p := &Param{Name: "t", In: InQuery}
	for n := 1; n <= 140; n++ {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString("&")
			}
			fmt.Fprintf(&b, "t=%d", i)
			if i%7 == 3 {
				b.WriteString("%2C+")
			}
		}
		for _, q := range []string{b.String(), b.String() + "&x=1", "?" + b.String()} {
			want, err := url.ParseQuery(strings.TrimPrefix(q, "?"))
			if err != nil {
				t.Fatal(err)
			}
			v, ok, err := p.DecodeQuery(q, Array)
			if err != nil || !ok || !slices.Equal(v.List, want["t"]) {
				t.Fatalf("%d items: DecodeQuery(%q) = %q, %v, %v; want %q", n, q, v.List, ok, err, want["t"])
			}
			if a := testing.AllocsPerRun(10, func() { p.DecodeQuery(q, Array) }); a > 2 {
				t.Errorf("%d items: %v allocations, want 2 at most", n, a)
			}
		}
	}
}

// TestCookieNamesAsTheyStand: style cookie writes a name as it stands and
// finds it so: a name Encode writes reads back ("G%%41U" failed to
// decode), and "my%20color" is found in "my%20color=v%20w", its value not
// decoded either; form in a cookie still compares names decoded.
func TestCookieNamesAsTheyStand(t *testing.T) {
	for _, name := range []string{"G%%41U", "my%20color", "a%", "%41"} {
		p := Param{Name: name, In: InCookie, Style: Cookie}
		s, err := p.Encode("v%20w")
		if err != nil {
			t.Errorf("%q: Encode: %v", name, err)
			continue
		}
		v, found, err := p.DecodeQuery("x=1; "+s, Primitive)
		if err != nil || !found || v.String != "v%20w" {
			t.Errorf("%q: DecodeQuery(%q) = %+v, %v, %v", name, s, v, found, err)
		}
	}
	if _, found, err := (&Param{Name: "A", In: InCookie, Style: Cookie}).DecodeQuery("%41=1", Primitive); found || err != nil {
		t.Errorf("style cookie found A in %%41=1: %v %v", found, err)
	}
	if v, found, err := (&Param{Name: "a b", In: InCookie}).DecodeQuery("a%20b=1", Primitive); !found || err != nil || v.String != "1" {
		t.Errorf("form in a cookie: %+v %v %v", v, found, err)
	}
}

// TestReservedPathObjects: with AllowReserved, a path object's key or
// value holding "=" or "," is an *Error in every path style, exploded or
// not (DESIGN: never ambiguous), and one without them reads back.
func TestReservedPathObjects(t *testing.T) {
	for _, st := range []Style{Simple, Label, Matrix} {
		for _, ex := range []bool{false, true} {
			p := Param{Name: "x", In: InPath, Style: st, Explode: explode(ex), AllowReserved: true}
			for _, props := range [][]percent.Pair{{{Name: "a", Value: "b=c"}}, {{Name: "a=b", Value: "c"}},
				{{Name: "a", Value: "b,c"}}, {{Name: "a,b", Value: "c"}}, {{Name: "a", Value: "="}, {Name: "b", Value: ","}}} {
				if s, err := p.Encode(props); err == nil {
					t.Errorf("%s explode=%v: Encode(%v) = %q; want an *Error", st, ex, props, s)
				}
			}
			props := []percent.Pair{{Name: "a", Value: "b:c@d"}, {Name: "e!", Value: "$f"}}
			s, err := p.Encode(props)
			if err != nil {
				t.Errorf("%s explode=%v: Encode(%v): %v", st, ex, props, err)
				continue
			}
			if v, err := p.Decode(s, Object); err != nil || !slices.Equal(v.Props, props) {
				t.Errorf("%s explode=%v: Decode(%q) = %v, %v", st, ex, s, v.Props, err)
			}
		}
	}
}

// TestDeepObjectManyEscapedKeys: a deepObject whose escaped keys and
// values come after 32 plain properties (64 items) reads every key and
// value in place (the decoder's buffer of decoded items goes past 64
// there: item 65 is a decoded value, 66 a decoded key).
func TestDeepObjectManyEscapedKeys(t *testing.T) {
	for _, tail := range []struct {
		q    string
		want []percent.Pair
	}{
		{"c[k32]=%32&c[%41]=%33&c[%42]=3&c[x%20y]=a%2Cb", []percent.Pair{{Name: "k32", Value: "2"}, {Name: "A", Value: "3"}, {Name: "B", Value: "3"}, {Name: "x y", Value: "a,b"}}},
		{"c[%41]=2&c[%42]=%33&c[x%20y]=a%2Cb", []percent.Pair{{Name: "A", Value: "2"}, {Name: "B", Value: "3"}, {Name: "x y", Value: "a,b"}}},
	} {
		var b strings.Builder
		var want []percent.Pair
		for i := range 32 {
			k := "k" + strconv.Itoa(i)
			b.WriteString("c[" + k + "]=" + strconv.Itoa(i) + "&")
			want = append(want, percent.Pair{Name: k, Value: strconv.Itoa(i)})
		}
		b.WriteString(tail.q)
		want = append(want, tail.want...)
		p := Param{Name: "c", In: InQuery, Style: DeepObject}
		v, found, err := p.DecodeQuery(b.String(), Object)
		if err != nil || !found || !slices.Equal(v.Props, want) {
			t.Errorf("DecodeQuery(...%s) = %v, %v, %v\nwant %v", tail.q, v.Props, found, err, want)
		}
	}
}
