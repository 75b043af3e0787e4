// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/uritemplate"
)

// A styleCase is one cell of the Style Examples table (testdata/style-examples.json).
type styleCase struct {
	Name       string          `json:"name"`
	In         In              `json:"in"`
	Style      Style           `json:"style"`
	Explode    bool            `json:"explode"`
	Kind       string          `json:"kind"`
	Value      json.RawMessage `json:"value"`
	Serialized *string         `json:"serialized"`
}

func loadStyleCases(t *testing.T) []styleCase {
	t.Helper()
	data, err := os.ReadFile("testdata/style-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Cases []styleCase }
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Cases
}

// goValue is the case's value as Go code passes it, and the Value that
// decoding must give back.
func (c *styleCase) goValue(t *testing.T) (any, Kind, Value) {
	switch c.Kind {
	case "empty", "string":
		var s string
		json.Unmarshal(c.Value, &s)
		return s, Primitive, Value{Kind: Primitive, String: s}
	case "array":
		var l []string
		json.Unmarshal(c.Value, &l)
		return l, Array, Value{Kind: Array, List: l}
	}
	var kv [][2]string
	if err := json.Unmarshal(c.Value, &kv); err != nil {
		t.Fatal(err)
	}
	var ps []percent.Pair
	for _, p := range kv {
		ps = append(ps, percent.Pair{Name: p[0], Value: p[1]})
	}
	return ps, Object, Value{Kind: Object, Props: ps}
}

// decode reads s back as p's parameter, by Decode or DecodeQuery.
func decode(p *Param, s string, k Kind) (Value, error) {
	if p.In == InQuery || p.In == InCookie {
		v, ok, err := p.DecodeQuery(s, k)
		if err == nil && !ok {
			err = errors.New("absent")
		}
		return v, err
	}
	return p.Decode(s, k)
}

// TestStyleExamples: every cell of the OpenAPI 3.2 Style Examples table,
// both ways; an n/a cell is an *Error in both directions.
func TestStyleExamples(t *testing.T) {
	cases := loadStyleCases(t)
	if len(cases) != 64 {
		t.Fatalf("%d cases, want 64", len(cases))
	}
	for _, c := range cases {
		explode := c.Explode
		p := &Param{Name: c.Name, In: c.In, Style: c.Style, Explode: &explode}
		v, k, want := c.goValue(t)
		label := fmt.Sprintf("%s/%s/explode=%v/%s", c.In, c.Style, c.Explode, c.Kind)
		got, err := p.Encode(v)
		if c.Serialized == nil {
			var e *Error
			if !errors.As(err, &e) || e.Param != c.Name {
				t.Errorf("%s: Encode = %q, %v; want an *Error (n/a)", label, got, err)
			}
			if _, err := decode(p, "color=x", k); !errors.As(err, &e) {
				t.Errorf("%s: Decode: %v; want an *Error (n/a)", label, err)
			}
			continue
		}
		if err != nil || got != *c.Serialized {
			t.Errorf("%s: Encode = %q, %v; want %q", label, got, err, *c.Serialized)
			continue
		}
		back, err := decode(p, got, k)
		if err != nil || !reflect.DeepEqual(back, want) {
			t.Errorf("%s: Decode(%q) = %+v, %v; want %+v", label, got, back, err, want)
		}
	}
}

// styles is every location and style the Style Values table permits.
var styles = []struct {
	in    In
	style Style
}{
	{InPath, Matrix}, {InPath, Label}, {InPath, Simple}, {InHeader, Simple},
	{InQuery, Form}, {InQuery, SpaceDelimited}, {InQuery, PipeDelimited}, {InQuery, DeepObject},
	{InCookie, Form}, {InCookie, Cookie},
}

// testValues are values with every delimiter of every style in them.
func testValues() []any {
	var all []byte
	for c := 0x20; c < 0x7F; c++ {
		all = append(all, byte(c))
	}
	items := []string{"", "a", "a,b", "a;b", "a=b", "a&b", "a+b", "a%b", "%41", "a[b]", "a|b", "a b", "a.b", "é日本", string(all), "a\x00b", " lead", "trail "}
	vals := []any{}
	for _, s := range items {
		vals = append(vals, s)
	}
	for i := range items {
		vals = append(vals, []string{items[i], items[(i+1)%len(items)], "x"})
	}
	for i := range items {
		vals = append(vals, []percent.Pair{{Name: "k" + items[i], Value: items[(i+3)%len(items)]}, {Name: "z", Value: items[i]}})
	}
	return vals
}

// kindOf is the Kind of a test value.
func kindOf(v any) Kind {
	switch v.(type) {
	case []string:
		return Array
	case []percent.Pair:
		return Object
	}
	return Primitive
}

// want is the Value that reading v back must give.
func want(v any) Value {
	switch x := v.(type) {
	case []string:
		return Value{Kind: Array, List: x}
	case []percent.Pair:
		return Value{Kind: Object, Props: x}
	}
	return Value{Kind: Primitive, String: v.(string)}
}

// TestRoundTrip: for every permitted style, explode and value holding
// ", ; = & + % [ ] |", space, controls or non-ASCII, Encode either writes
// text that Decode reads back as the value, order kept, or refuses it with
// an *Error; and it refuses only where no escape could tell the item from
// a delimiter (or a header or cookie cannot carry the bytes).
func TestRoundTrip(t *testing.T) {
	refused := 0
	for _, st := range styles {
		for _, explode := range []bool{false, true} {
			p := &Param{Name: "p a/r", In: st.in, Style: st.style, Explode: &explode}
			if st.in == InHeader || st.style == Cookie {
				p.Name = "p"
			}
			for _, v := range testValues() {
				k := kindOf(v)
				enc, err := p.Encode(v)
				if err != nil {
					var e *Error
					if !errors.As(err, &e) {
						t.Fatalf("%s %s explode=%v: Encode(%q): %v is not an *Error", st.in, st.style, explode, v, err)
					}
					refused++
					if !mayRefuse(p, v) {
						t.Errorf("%s %s explode=%v: Encode(%q) refused: %v", st.in, st.style, explode, v, err)
					}
					continue
				}
				back, err := decode(p, enc, k)
				if err != nil || !reflect.DeepEqual(back, want(v)) {
					t.Errorf("%s %s explode=%v: Decode(Encode(%q) = %q) = %+v, %v", st.in, st.style, explode, v, enc, back, err)
				}
			}
		}
	}
	t.Logf("%d refusals", refused)
}

// mayRefuse reports whether Encode may refuse v for p: an n/a
// combination, or bytes that the style cannot tell from its delimiters or
// that its place cannot carry, checked here from the value alone.
func mayRefuse(p *Param, v any) bool {
	explode := *p.Explode
	k := kindOf(v)
	switch p.Style {
	case SpaceDelimited, PipeDelimited:
		if k == Primitive || explode {
			return true
		}
	case DeepObject:
		if k != Object {
			return true
		}
	case Form:
		if p.In == InCookie && explode && k != Primitive {
			return true
		}
	}
	if x, ok := v.([]percent.Pair); ok && p.Style == Cookie && explode {
		for _, kv := range x {
			for i := 0; i < len(kv.Name); i++ {
				const tchars = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz" // RFC 9110 §5.6.2
				if strings.IndexByte(tchars, kv.Name[i]) < 0 {
					return true
				}
			}
		}
	}
	var parts []string
	switch x := v.(type) {
	case string:
		parts = []string{x}
	case []string:
		parts = x
	case []percent.Pair:
		for _, kv := range x {
			parts = append(parts, kv.Name, kv.Value)
		}
	}
	for _, s := range parts {
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case p.Style == SpaceDelimited && c == ' ', p.Style == PipeDelimited && c == '|',
				p.Style == DeepObject && (c == '[' || c == ']'),
				p.Style == Label && explode && k != Primitive && c == '.',
				p.In == InHeader && (c < 0x20 && c != '\t' || c == 0x7F || c == ',' || c == '=' || c == ' '),
				p.Style == Cookie && (c <= 0x20 || c >= 0x7F || c == '"' || c == ',' || c == ';' || c == '\\'),
				// A path value must pass percent.CheckSegments: no
				// control, backslash or double encoding once written.
				p.In == InPath && (c < 0x20 || c == 0x7F || c == '\\' || c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])):
				return true
			}
		}
	}
	return false
}

// isHex reports whether c is a hex digit.
func isHex(c byte) bool { return strings.IndexByte("0123456789ABCDEFabcdef", c) >= 0 }

// TestRFC6570: the four RFC 6570 styles write what uritemplate expands for
// {;name}, {.name}, {name} and {?name} ("*" exploded; "+" for simple with
// AllowReserved), less form's "?", on values of every ASCII byte, UTF-8,
// empty strings, lists and objects.
func TestRFC6570(t *testing.T) {
	var vals []any
	for c := 0; c < 0x80; c++ {
		vals = append(vals, string(rune(c)), []string{string(rune(c)), "x"}, []percent.Pair{{Name: string(rune(c)), Value: "v" + string(rune(c))}})
	}
	vals = append(vals, "", "é日本😀", []string{""}, []string{"", ""}, []percent.Pair{{Name: "", Value: ""}}, []string{"a", "é"})
	for _, c := range []struct {
		in       In
		style    Style
		op       string
		reserved bool
	}{
		{InPath, Matrix, ";", false}, {InPath, Label, ".", false}, {InPath, Simple, "", false},
		{InQuery, Form, "?", false}, {InPath, Simple, "+", true},
		{InPath, "", "", false}, {InPath, "", "+", true}, // simple by default
	} {
		for _, explode := range []bool{false, true} {
			star := ""
			if explode {
				star = "*"
			}
			tp, err := uritemplate.Parse("{" + c.op + "color" + star + "}")
			if err != nil {
				t.Fatal(err)
			}
			p := &Param{Name: "color", In: c.in, Style: c.style, Explode: &explode, AllowReserved: c.reserved}
			n := 0
			for _, v := range vals {
				got, err := p.Encode(v)
				if err != nil {
					continue // an ambiguous item (exploded label with ".")
				}
				n++
				want, _ := tp.Expand(map[string]any{"color": v})
				if c.op == "?" {
					want = strings.TrimPrefix(want, "?")
				}
				if c.reserved && c.in == InPath {
					// Path Templating: a path value holds no raw "/",
					// "?" or "#", AllowReserved or not.
					want = strings.NewReplacer("/", "%2F", "?", "%3F", "#", "%23").Replace(want)
				}
				if got != want {
					t.Errorf("%s explode=%v: Encode(%q) = %q; {%s} expands to %q", c.style, explode, v, got, c.op+"color"+star, want)
				}
			}
			if n < len(vals)*2/3 {
				t.Errorf("%s explode=%v: only %d of %d values compared", c.style, explode, n, len(vals))
			}
		}
	}
}
