// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"math"
	"os/exec"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/form"
)

// spellings returns the texts strconv.ParseInt reads as n: its canonical
// decimal, with leading zeros, with a "+", and "-0" and "+0" for 0.
func spellings(n int64) []string {
	c := strconv.FormatInt(n, 10)
	digits, sign := strings.TrimPrefix(c, "-"), ""
	if n < 0 {
		sign = "-"
	}
	out := []string{c, sign + "0" + digits, sign + "00" + digits}
	if n >= 0 {
		out = append(out, "+"+digits, "+0"+digits)
	}
	if n == 0 {
		out = append(out, "-0", "-00")
	}
	return out
}

// TestMapKeySpellings: differential against strconv. For every number in
// a range and every pair of its spellings that strconv.ParseInt reads as
// that number, a query holding both is an *Error, at the top level and
// nested: no value silently overwrites another (the findings issue:
// "1=a&01=b&001=c" gave map[1:c]). Alone, a spelling reads as strconv
// reads it or is an *Error, and exactly one spelling of each number reads.
func TestMapKeySpellings(t *testing.T) {
	for n := int64(-130); n <= 300; n++ {
		sp := spellings(n)
		for _, s := range sp {
			if v, err := strconv.ParseInt(s, 10, 64); err != nil || v != n {
				t.Fatalf("spelling %q of %d reads as %d, %v", s, n, v, err)
			}
		}
		read := 0
		for _, a := range sp {
			a := percent.Form.Encode(a) // "+" is a space in a query
			var m map[int]string
			err := form.Unmarshal(a+"=x", &m)
			var fe *form.Error
			switch {
			case err == nil:
				read++
				if len(m) != 1 || m[int(n)] != "x" {
					t.Errorf("Unmarshal(%q) = %v; strconv reads the key as %d", a+"=x", m, n)
				}
			case !errors.As(err, &fe) || fe.Key != percent.Form.DecodeLenient(a) || fe.Offset != 0:
				t.Errorf("Unmarshal(%q) = %v; want an *Error at key %q, offset 0", a+"=x", err, percent.Form.DecodeLenient(a))
			}
			var i8 map[int8]string
			err8 := form.Unmarshal(a+"=x", &i8)
			if fits := n >= math.MinInt8 && n <= math.MaxInt8; (err8 == nil) != (err == nil && fits) {
				t.Errorf("Unmarshal(%q) into map[int8]string: %v (into map[int]string: %v)", a+"=x", err8, err)
			}
			var u map[uint]string
			if erru := form.Unmarshal(a+"=x", &u); erru == nil && (err != nil || n < 0) {
				t.Errorf("Unmarshal(%q) into map[uint]string = %v", a+"=x", u)
			}
			for _, b := range sp {
				b := percent.Form.Encode(b)
				for _, q := range []string{a + "=x&" + b + "=y", "M[" + a + "]=x&M[" + b + "]=y"} {
					var v struct{ M map[int]string }
					var top map[int]string
					dst := any(&top)
					if strings.HasPrefix(q, "M[") {
						dst = &v
					}
					if err := form.Unmarshal(q, dst); err == nil {
						t.Errorf("Unmarshal(%q) = %v %v; two spellings of %d must not both be read", q, top, v.M, n)
					}
				}
			}
		}
		if read != 1 {
			t.Errorf("%d spellings of %d read, want exactly one", read, n)
		}
	}
}

// TestCommaReadsBack: what Encoder{Arrays: Comma} writes, Decoder{Arrays:
// Comma} reads back as the same lists, items with "," inside included
// (the findings issue: ["a,b","c"] read back as one item "a,b,c").
func TestCommaReadsBack(t *testing.T) {
	type V struct {
		S  []string
		I  []int
		P  []*string
		A  [3]string
		B  []byte
		T  []time.Time
		M  map[string][]string
		N  []string `form:"n,omitempty"`
		St string
	}
	at := time.Date(2026, 12, 7, 10, 0, 0, 0, time.UTC)
	x, y := "x,1", ""
	in := V{S: []string{"a,b", "c", "", ",", "%2C"}, I: []int{1, -2}, P: []*string{&x, &y}, A: [3]string{"a", "b,c", ""},
		B: []byte("q,r"), T: []time.Time{at, at.Add(time.Hour)}, M: map[string][]string{"k": {"1,2", "3"}}, St: "s,t"}
	enc := form.Encoder{Arrays: form.Comma}
	q, err := enc.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(q, "S=a%2Cb,c,,%2C,%252C") {
		t.Errorf("Marshal = %q: the list of strings is not written as qs's comma form", q)
	}
	var out V
	d := form.Decoder{Arrays: form.Comma}
	if err := d.Unmarshal(q, &out); err != nil {
		t.Fatalf("Unmarshal(%q): %v", q, err)
	}
	if *out.P[0] != x || out.P[1] == nil || *out.P[1] != "" {
		t.Errorf("P = %v", out.P)
	}
	out.P, in.P = nil, nil
	if !reflect.DeepEqual(out, in) {
		t.Errorf("Unmarshal(Marshal(v)) with Comma:\n got %#v\nwant %#v\n(query %q)", out, in, q)
	}
	// Without Comma the default reader takes the value whole, as before.
	var plain struct{ S []string }
	if err := form.Unmarshal("S=a,b&S=c", &plain); err != nil || !reflect.DeepEqual(plain.S, []string{"a,b", "c"}) {
		t.Errorf("Unmarshal without Comma = %v, %v", plain.S, err)
	}
	// Repeated values, appends and indices mix with split values in
	// order; a malformed escape in a part is reported where it stands.
	var mix struct{ S []string }
	if err := d.Unmarshal("S=a,b&S[]=c,d&S=e", &mix); err != nil || !reflect.DeepEqual(mix.S, []string{"a", "b", "c,d", "e"}) {
		t.Errorf("mixed comma list = %q, %v", mix.S, err)
	}
	var fe *form.Error
	if err := d.Unmarshal("x=1&S=a,b%zz,c", &mix); !errors.As(err, &fe) || fe.Offset != 9 || fe.Key != "S" {
		t.Errorf("malformed escape in a part: %v; want key S at 9", err)
	}
	var arr struct{ A [2]string }
	if err := d.Unmarshal("A=a,b,c", &arr); !errors.As(err, &fe) {
		t.Errorf("three parts into [2]string: %v, want an *Error", err)
	}
}

// TestFloatsDecimal: floats read what Marshal writes, decimal only;
// hexadecimal, NaN and Inf, which strconv.ParseFloat reads, are errors
// both ways (the findings issue).
func TestFloatsDecimal(t *testing.T) {
	var v struct{ F float64 }
	for _, s := range []string{"0x1p-2", "0X1P-2", "NaN", "nan", "Inf", "+Inf", "-inf", "infinity", "0x10", "1_0"} {
		if err := form.Unmarshal("F="+percent.Form.Encode(s), &v); err == nil {
			t.Errorf("Unmarshal(F=%s) = %v, want an *Error", s, v.F)
		}
	}
	for _, f := range []float64{0, 1, -1.5, 1e21, 1e-7, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Copysign(0, -1), 123456789.125} {
		q, err := form.Marshal(struct{ F float64 }{f})
		if err != nil {
			t.Fatal(err)
		}
		v.F = 42
		if err := form.Unmarshal(q, &v); err != nil || math.Float64bits(v.F) != math.Float64bits(f) {
			t.Errorf("Unmarshal(Marshal(%v) = %q) = %v, %v", f, q, v.F, err)
		}
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if q, err := form.Marshal(struct{ F float64 }{f}); err == nil {
			t.Errorf("Marshal(%v) = %q, want an *Error", f, q)
		}
	}
}

// TestDurations: a time.Duration reads time.ParseDuration's syntax and
// whole nanoseconds; Marshal writes nanoseconds, which read back.
func TestDurations(t *testing.T) {
	var v struct {
		D time.Duration
		P *time.Duration
		L []time.Duration
	}
	if err := form.Unmarshal("D=5s&P=1h2m&L[]=1500ms&L[]=7", &v); err != nil {
		t.Fatal(err)
	}
	if v.D != 5*time.Second || *v.P != time.Hour+2*time.Minute || !reflect.DeepEqual(v.L, []time.Duration{1500 * time.Millisecond, 7}) {
		t.Errorf("got %v %v %v", v.D, *v.P, v.L)
	}
	var fe *form.Error
	if err := form.Unmarshal("D=5 parsecs", &v); !errors.As(err, &fe) || fe.Key != "D" {
		t.Errorf("a bad duration: %v", err)
	}
	q, _ := form.Marshal(struct{ D time.Duration }{90 * time.Second})
	if q != "D=90000000000" {
		t.Errorf("Marshal = %q", q)
	}
}

// TestAnyHoldingPointer: an interface{} that holds a non-nil pointer is
// filled through it, as encoding/json fills it, not replaced by a map.
func TestAnyHoldingPointer(t *testing.T) {
	type In struct {
		A string
		N int
	}
	var v struct{ X, Y, Z any }
	in := &In{N: 7}
	list := &[]string{}
	v.X, v.Y = in, list
	if err := form.Unmarshal("X[A]=1&Y[]=a&Y[]=b&Z[k]=v", &v); err != nil {
		t.Fatal(err)
	}
	if v.X != any(in) || in.A != "1" || in.N != 7 {
		t.Errorf("X = %#v, want the same *In with A=1, N=7", v.X)
	}
	if v.Y != any(list) || !reflect.DeepEqual(*list, []string{"a", "b"}) {
		t.Errorf("Y = %#v", v.Y)
	}
	if !reflect.DeepEqual(v.Z, map[string]any{"k": "v"}) {
		t.Errorf("Z = %#v: a nil interface takes the tree", v.Z)
	}
}

// TestEmptyKey: the top-level empty key writes and reads ("=x" and
// map[""]); below the top level it is still an error.
func TestEmptyKey(t *testing.T) {
	q, err := form.Marshal(map[string]string{"": "x", "a": "b"})
	if err != nil || q != "=x&a=b" {
		t.Errorf("Marshal = %q, %v; want \"=x&a=b\"", q, err)
	}
	var m map[string]string
	if err := form.Unmarshal(q, &m); err != nil || !reflect.DeepEqual(m, map[string]string{"": "x", "a": "b"}) {
		t.Errorf("Unmarshal(%q) = %v, %v", q, m, err)
	}
	var a any
	if err := form.Unmarshal("=x", &a); err != nil || !reflect.DeepEqual(a, map[string]any{"": "x"}) {
		t.Errorf("Unmarshal(=x) into any = %#v, %v", a, err)
	}
	var s struct{ A string }
	d := form.Decoder{DisallowUnknownKeys: true}
	if err := d.Unmarshal("=x", &s); err == nil {
		t.Error("=x into a struct with DisallowUnknownKeys: no error")
	}
	for _, v := range []any{map[string]map[string]string{"": {"a": "x"}}, map[string][]string{"": {"x"}}, map[string]map[string]string{"a": {"": "x"}}} {
		if q, err := form.Marshal(v); err == nil {
			t.Errorf("Marshal(%v) = %q, want an *Error", v, q)
		}
	}
	var fe *form.Error
	if err := form.Unmarshal("x=1&[a]=2", &a); !errors.As(err, &fe) || fe.Offset != 4 {
		t.Errorf("an empty base before a step: %v", err)
	}
}

// TestErrorMessages: an *Error about a pair has its key as read so far and
// one offset in its message, and quotes at most 64 bytes of any input
// (the findings issue: 1 MB of key made 1 MB of message).
func TestErrorMessages(t *testing.T) {
	var v map[string]string
	for _, c := range []struct{ q, key, msg string }{
		{"a=%zz", "a", `form: key "a": malformed escape "%zz" at offset 2`},
		{"x=1&ab%zz=1", "ab", `form: key "ab": malformed escape "%zz" at offset 6`},
		{"?a[b]=1&a%5Bc%5D=%4", "a[c]", `form: key "a[c]": malformed escape "%4" at offset 17`},
	} {
		err := form.Unmarshal(c.q, &v)
		var fe *form.Error
		var de *percent.DecodeError
		if !errors.As(err, &fe) || fe.Key != c.key || err.Error() != c.msg {
			t.Errorf("Unmarshal(%q) = %v; want %s", c.q, err, c.msg)
		}
		if !errors.As(err, &de) || de.Offset != fe.Offset {
			t.Errorf("Unmarshal(%q): the cause %v, want a *percent.DecodeError at %d", c.q, de, fe.Offset)
		}
	}
	long := "a" + strings.Repeat("[b]", 200000) + "=1"
	err := form.Unmarshal(long, &v)
	if err == nil || len(err.Error()) > 200 || !strings.Contains(err.Error(), `"a[b][b]`) || !strings.Contains(err.Error(), "…") {
		t.Errorf("a deep key's error has %d bytes: %.200s", len(err.Error()), err)
	}
	if _, err := form.Marshal(map[string]string{strings.Repeat("[", 1000): "x"}); err == nil || len(err.Error()) > 200 {
		t.Errorf("Marshal of a long bad name: %.200v", err)
	}
	// A quoted key is cut at a whole character.
	err = form.Unmarshal("a"+strings.Repeat("[é]", 100)+"=1&"+"a=2", &v)
	if err == nil || !strings.Contains(err.Error(), "…") || strings.Contains(err.Error(), `\x`) {
		t.Errorf("cut inside a character: %v", err)
	}
}

// TestDialectNames: each dialect's String, and the doc of Dialect names
// all three.
func TestDialectNames(t *testing.T) {
	for d, want := range map[*form.Dialect]string{form.QS: "qs", form.Rack: "rack", form.PHP: "php"} {
		if d.String() != want {
			t.Errorf("String() = %q, want %q", d.String(), want)
		}
	}
}

// TestPHPNul: PHP.Parse refuses a raw NUL byte at its offset, where
// parse_str stops reading the query ("a=1\x00&b=2" is {"a":"1"} to PHP);
// an escaped NUL is data, as parse_str reads it.
func TestPHPNul(t *testing.T) {
	var fe *form.Error
	if _, err := form.PHP.Parse("a=1\x00&b=2"); !errors.As(err, &fe) || fe.Offset != 3 {
		t.Errorf("PHP.Parse with a raw NUL: %v, want an *Error at 3", err)
	}
	n, err := form.PHP.Parse("a=1%00&b=2")
	if err != nil || n.Get("a").Value != "1\x00" || n.Get("b").Value != "2" {
		t.Errorf("PHP.Parse with %%00: %v %v", js(n), err)
	}
	for _, d := range []*form.Dialect{form.QS, form.Rack} {
		if _, err := d.Parse("a=1\x00&b=2"); err != nil {
			t.Errorf("%s.Parse with a raw NUL: %v (its original reads on)", d, err)
		}
	}
}

// TestLimitBoundaries: each limit at its exact boundary, and one past it.
func TestLimitBoundaries(t *testing.T) {
	deep := func(n int) string { return "a" + strings.Repeat("[b]", n) + "=1" }
	// MaxDepth is capped at 256 steps.
	for _, c := range []struct {
		max, steps int
		ok         bool
	}{{0, 32, true}, {0, 33, false}, {255, 255, true}, {255, 256, false}, {256, 256, true}, {256, 257, false},
		{1000, 256, true}, {1000, 257, false}} {
		var v any
		d := form.Decoder{MaxDepth: c.max}
		if err := d.Unmarshal(deep(c.steps), &v); (err == nil) != c.ok {
			t.Errorf("MaxDepth %d, %d steps: %v", c.max, c.steps, err)
		}
	}
	// With no pair limit, an index reads up to 2^40.
	d := form.Decoder{MaxPairs: -1}
	var l struct{ L []string }
	if err := d.Unmarshal("L[1099511627776]=x", &l); err != nil || !reflect.DeepEqual(l.L, []string{"x"}) {
		t.Errorf("index 2^40 with MaxPairs -1: %v %v", l.L, err)
	}
	if err := d.Unmarshal("L[1099511627777]=x", &l); err == nil {
		t.Error("index 2^40+1 with MaxPairs -1: no error")
	}
	d = form.Decoder{MaxPairs: 3}
	if err := d.Unmarshal("L[3]=x", &l); err != nil {
		t.Errorf("index 3 with MaxPairs 3: %v", err)
	}
	if err := d.Unmarshal("L[4]=x", &l); err == nil {
		t.Error("index 4 with MaxPairs 3: no error")
	}
	// Rack's 4 MiB: a query of exactly that many bytes reads, one more
	// is Rack's QueryLimitError (checked live where ruby has rack).
	q := "a=" + strings.Repeat("x", 4<<20-2)
	if _, err := form.Rack.Parse(q); err != nil {
		t.Errorf("Rack.Parse of 4 MiB: %v", err)
	}
	if _, err := form.Rack.Parse(q + "x"); err == nil {
		t.Error("Rack.Parse of 4 MiB + 1: no error")
	}
	if exec.Command("ruby", "-e", `require "rack"`).Run() == nil {
		script := `require "rack"; q = "a=" + "x"*(4194304-2); Rack::Utils.parse_nested_query(q); begin; Rack::Utils.parse_nested_query(q+"x"); puts "read"; rescue Rack::QueryParser::QueryLimitError; puts "limit"; end`
		if out, err := exec.Command("ruby", "-e", script).Output(); err != nil || strings.TrimSpace(string(out)) != "limit" {
			t.Errorf("ruby: %q %v; want the limit past 4 MiB", out, err)
		}
	}
}

// nest returns a String Node inside n Lists.
func nest(n int) *form.Node {
	x := &form.Node{Kind: form.String, Value: "x"}
	for range n {
		x = &form.Node{Kind: form.List, Items: []*form.Node{x}}
	}
	return x
}

// TestNodeDepthAndNil: Node's JSON depth limit of 10 000 both ways, a
// cyclic Node, and nil receivers.
func TestNodeDepthAndNil(t *testing.T) {
	if _, err := nest(10000).MarshalJSON(); err != nil {
		t.Errorf("MarshalJSON 10000 deep: %v", err)
	}
	if _, err := nest(10001).MarshalJSON(); err == nil {
		t.Error("MarshalJSON 10001 deep: no error")
	}
	var n form.Node
	if err := n.UnmarshalJSON([]byte(strings.Repeat("[", 10000) + `"x"` + strings.Repeat("]", 10000))); err != nil {
		t.Errorf("UnmarshalJSON 10000 deep: %v", err)
	}
	if err := n.UnmarshalJSON([]byte(strings.Repeat("[", 10001) + `"x"` + strings.Repeat("]", 10001))); err == nil {
		t.Error("UnmarshalJSON 10001 deep: no error")
	}
	cyc := &form.Node{Kind: form.Map}
	cyc.Members = []form.Member{{Key: "a", Value: cyc}}
	if _, err := cyc.MarshalJSON(); err == nil {
		t.Error("MarshalJSON of a cyclic Node: no error")
	}
	for _, d := range []*form.Dialect{form.QS, form.Rack, form.PHP} {
		if _, err := d.Build(cyc); err == nil {
			t.Errorf("%s.Build of a cyclic Node: no error", d)
		}
		if q, err := d.Build(nil); d == form.PHP && err == nil {
			t.Errorf("PHP.Build(nil) = %q, want an *Error (http_build_query takes an array)", q)
		} else if err != nil && !errors.As(err, new(*form.Error)) {
			t.Errorf("%s.Build(nil): %v is not an *Error", d, err)
		}
	}
	var nilNode *form.Node
	if nilNode.Get("a") != nil {
		t.Error("(*Node)(nil).Get is not nil")
	}
	if b, err := nilNode.MarshalJSON(); err != nil || string(b) != "null" {
		t.Errorf("(*Node)(nil).MarshalJSON = %s, %v", b, err)
	}
}

// TestUnmarshalEmptyFirst runs Unmarshal("") with no reading pooled, as
// the first call of a process makes it: two collections empty a sync.Pool
// (the first moves its items to the victim cache, the second drops them).
// In-process, so that it runs where the test binary cannot start itself
// (arm64 under qemu-user).
func TestUnmarshalEmptyFirst(t *testing.T) {
	runtime.GC()
	runtime.GC()
	var v struct{ A string }
	var m map[string]any
	err1 := form.Unmarshal("", &v)
	err2 := form.Unmarshal("", &m)
	if err1 != nil || err2 != nil || v.A != "" {
		t.Errorf("Unmarshal(\"\") first in a process: %v, %v, %+v, %v; want nil, nil, {A:}", err1, err2, v, m)
	}
}
