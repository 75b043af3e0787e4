// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
)

// This file holds the readers issue's promises about what other readers
// see in what Encode writes: a path reader (percent.CheckSegments, a
// browser resolving dot segments) and a second decoder (Decode itself,
// AllowReserved included).

// readerAlphabet holds every delimiter of every style, raw and escaped,
// and the bytes a path reader refuses.
var readerAlphabet = []string{"a", "b", ",", ";", "=", "&", "+", "%", "%41", "%2C", "%2c", "%20", "%7C", "%5B", "%5d",
	"%2F", "%25", "[", "]", "|", " ", ".", "..", "/", "?", "#", "é", `\`, "\x00", "~", "-"}

// randItem is a random item of up to four tokens of readerAlphabet.
func randItem(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(5); n > 0; n-- {
		b.WriteString(readerAlphabet[r.IntN(len(readerAlphabet))])
	}
	return b.String()
}

// randValue is a random primitive, array (1-3 items) or object (1-3
// properties, distinct names).
func randValue(r *rand.Rand) (any, Kind) {
	switch r.IntN(3) {
	case 0:
		return randItem(r), Primitive
	case 1:
		l := make([]string, 1+r.IntN(3))
		for i := range l {
			l[i] = randItem(r)
		}
		return l, Array
	}
	var ps []percent.Pair
	seen := map[string]bool{}
	for n := 1 + r.IntN(3); n > 0; n-- {
		k := randItem(r)
		if seen[k] {
			continue
		}
		seen[k] = true
		ps = append(ps, percent.Pair{Name: k, Value: randItem(r)})
	}
	return ps, Object
}

// readBack is the value Decode must give for v: v itself, or, with
// AllowReserved, v with its own well-formed escapes decoded (reserved
// expansion passes them through), "+" kept.
func readBack(v any, reserved bool) Value {
	d := func(s string) string {
		if reserved {
			return percent.PathSegment.DecodeLenient(s)
		}
		return s
	}
	switch x := v.(type) {
	case []string:
		l := make([]string, len(x))
		for i, s := range x {
			l[i] = d(s)
		}
		return Value{Kind: Array, List: l}
	case []percent.Pair:
		ps := make([]percent.Pair, len(x))
		for i, kv := range x {
			ps[i] = percent.Pair{Name: d(kv.Name), Value: d(kv.Value)}
		}
		return Value{Kind: Object, Props: ps}
	}
	return Value{Kind: Primitive, String: d(v.(string))}
}

// TestRoundTripReaders: for every permitted style, explode and
// AllowReserved, over random values made of every delimiter, raw and
// escaped: Decode(Encode(v)) == v for every v Encode accepts (with
// AllowReserved, v's own escapes read back decoded), and every path value
// Encode writes passes percent.CheckSegments as one segment (label's "."
// for the empty string aside). Before the readers issue, 18 049 of 107 062
// AllowReserved values read back differently.
func TestRoundTripReaders(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 4))
	accepted, refused, reservedOK := 0, 0, 0
	for _, st := range styles {
		for _, explode := range []bool{false, true} {
			for _, reserved := range []bool{false, true} {
				if reserved && (st.in == InHeader || st.in == InCookie) {
					continue // allowReserved applies where values are percent-encoded
				}
				p := &Param{Name: "p", In: st.in, Style: st.style, Explode: &explode, AllowReserved: reserved}
				for range 1500 {
					v, k := randValue(r)
					enc, err := p.Encode(v)
					if err != nil {
						var e *Error
						if !errors.As(err, &e) {
							t.Fatalf("%+v: Encode(%q): %v is not an *Error", p, v, err)
						}
						refused++
						continue
					}
					accepted++
					if reserved {
						reservedOK++
					}
					if enc == "" {
						continue // undefined: nothing written, nothing to read
					}
					back, err := decode(p, enc, k)
					if want := readBack(v, reserved); err != nil || !reflect.DeepEqual(back, want) && !(k == Object && len(want.Props) == 0) {
						t.Errorf("%+v: Decode(Encode(%q) = %q) = %+v, %v; want %+v", p, v, enc, back, err, want)
					}
					if st.in == InPath && !(st.style == Label && enc == ".") {
						if err := percent.CheckSegments(enc); err != nil {
							t.Errorf("%+v: Encode(%q) = %q, which CheckSegments refuses: %v", p, v, enc, err)
						}
						if strings.ContainsAny(enc, "/?#") {
							t.Errorf("%+v: Encode(%q) = %q holds a raw / ? or #", p, v, enc)
						}
					}
				}
			}
		}
	}
	if accepted < 20000 || reservedOK < 5000 {
		t.Fatalf("only %d values accepted (%d with AllowReserved), %d refused: too few to say anything", accepted, reservedOK, refused)
	}
	t.Logf("%d values read back (%d with AllowReserved), %d refused", accepted, reservedOK, refused)
}

// TestPathReaders: the readers issue's path values, by name.
func TestPathReaders(t *testing.T) {
	label := &Param{Name: "id", In: InPath, Style: Label}
	for _, c := range []struct {
		p      *Param
		v      any
		want   string // "": refused
		reason string
	}{
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "a/b", "a%2Fb", ""},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "a?b#c", "a%3Fb%23c", ""},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "../admin", "", "dot segment"}, // "..%2Fadmin" decodes to ../admin
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "a/../admin", "", "dot segment"},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "x/y", "x%2Fy", ""},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "..", "", "dot segment"},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "a%2F..", "", "dot segment"},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, "a:b@c!$&'()*+,;=", "a:b@c!$&'()*+,;=", ""},
		{&Param{Name: "id", In: InPath, Style: Matrix, AllowReserved: true}, "a/b", ";id=a%2Fb", ""},
		{&Param{Name: "id", In: InPath}, "..", "", "dot segment"},
		{&Param{Name: "id", In: InPath}, ".", "", "dot segment"},
		{&Param{Name: "id", In: InPath}, ". ", "", "dot segment"},
		{&Param{Name: "id", In: InPath}, "..;x", "", "dot segment"},
		{&Param{Name: "id", In: InPath}, "...", "", "dot segment"},
		{&Param{Name: "id", In: InPath}, "a..", "a..", ""},
		{&Param{Name: "id", In: InPath}, []string{".", "."}, ".,.", ""},
		{label, ".", "", "dot segment"}, // label writes ".."
		{label, "", ".", ""},            // the spec's own cell stays
		{label, "a", ".a", ""},
		{&Param{Name: "id", In: InPath}, `a\b`, "", "backslash"},
		{&Param{Name: "id", In: InPath}, "\x00", "", "control character"},
		{&Param{Name: "id", In: InPath}, "%41", "", "double encoding"},
		{&Param{Name: "id", In: InPath}, "\uFF0E\uFF0E", "", "dot segment"},
		{&Param{Name: "id", In: InPath, AllowReserved: true}, []string{"a,b", "c"}, "", ""},
		{&Param{Name: "id", In: InQuery, Explode: explode(false), AllowReserved: true}, []string{"a,b", "c"}, "", ""},
		{&Param{Name: "id", In: InQuery, Style: PipeDelimited, AllowReserved: true}, []string{"a%7Cb", "c"}, "", ""},
		{&Param{Name: "id", In: InQuery, Style: SpaceDelimited, AllowReserved: true}, []string{"a%20b", "c"}, "", ""},
		{&Param{Name: "id", In: InQuery, Style: DeepObject, AllowReserved: true}, []percent.Pair{{Name: "a%5Db", Value: "c"}}, "", ""},
		{&Param{Name: "id", In: InPath, Style: Matrix, Explode: explode(true), AllowReserved: true}, []percent.Pair{{Name: "a=b", Value: "c"}}, "", ""},
		{&Param{Name: "id", In: InPath, Style: Matrix, AllowReserved: true}, "a;b", "", ""},
		{&Param{Name: "q", In: InQuery, AllowReserved: true}, []percent.Pair{{Name: "?k", Value: "v"}}, "%3Fk=v", ""},
	} {
		got, err := c.p.Encode(c.v)
		var e *Error
		switch {
		case c.want == "":
			if !errors.As(err, &e) || c.reason != "" && !strings.HasPrefix(e.Reason, c.reason) {
				t.Errorf("%+v: Encode(%q) = %q, %v; want an *Error %q", c.p, c.v, got, err, c.reason)
			}
		case err != nil || got != c.want:
			t.Errorf("%+v: Encode(%q) = %q, %v; want %q", c.p, c.v, got, err, c.want)
		}
	}
}

// TestEmptyObjects: empty text reads as no properties in every object
// style, as the package doc says (before: {"": ""} exploded, an error
// unexploded).
func TestEmptyObjects(t *testing.T) {
	for _, c := range []struct {
		p *Param
		s string
	}{
		{&Param{Name: "color", In: InPath, Explode: explode(true)}, ""},
		{&Param{Name: "color", In: InPath}, ""},
		{&Param{Name: "color", In: InHeader}, ""},
		{&Param{Name: "color", In: InPath, Style: Label, Explode: explode(true)}, "."},
		{&Param{Name: "color", In: InPath, Style: Label}, "."},
		{&Param{Name: "color", In: InPath, Style: Matrix}, ";color"},
		{&Param{Name: "color", In: InPath, Style: Matrix}, ";color="},
		{&Param{Name: "color", In: InQuery, Explode: explode(false)}, "color="},
		{&Param{Name: "color", In: InQuery, Explode: explode(false)}, "color"},
		{&Param{Name: "color", In: InQuery, Style: PipeDelimited}, "color="},
		{&Param{Name: "color", In: InCookie, Explode: explode(false)}, "color="},
	} {
		v, err := decode(c.p, c.s, Object)
		if err != nil || v.Kind != Object || len(v.Props) != 0 {
			t.Errorf("%+v: Decode(%q, Object) = %+v, %v; want no properties", c.p, c.s, v, err)
		}
	}
	// Exploded matrix ";color" is one property named color, empty.
	v, err := (&Param{Name: "color", In: InPath, Style: Matrix, Explode: explode(true)}).Decode(";color", Object)
	if err != nil || !reflect.DeepEqual(v.Props, []percent.Pair{{Name: "color", Value: ""}}) {
		t.Errorf(`exploded matrix ";color": %+v, %v`, v, err)
	}
}

// TestThousandProperties: an exploded object or deepObject of exactly
// percent.DefaultMaxPairs properties (a property is one pair of q) is
// written and read; one more is percent.ErrTooManyPairs both ways.
func TestThousandProperties(t *testing.T) {
	props := func(n int) []percent.Pair {
		ps := make([]percent.Pair, n)
		for i := range ps {
			ps[i] = percent.Pair{Name: "k" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)), Value: "v"}
		}
		return ps
	}
	for _, p := range []*Param{{Name: "f", In: InQuery}, {Name: "f", In: InQuery, Style: DeepObject}, {Name: "f", In: InCookie, Style: Cookie}} {
		s, err := p.Encode(props(percent.DefaultMaxPairs))
		if err != nil {
			t.Errorf("%+v: Encode of %d properties: %v", p, percent.DefaultMaxPairs, err)
			continue
		}
		v, _, err := p.DecodeQuery(s, Object)
		if err != nil || len(v.Props) != percent.DefaultMaxPairs {
			t.Errorf("%+v: DecodeQuery of %d properties: %d, %v", p, percent.DefaultMaxPairs, len(v.Props), err)
		}
		if _, err := p.Encode(props(percent.DefaultMaxPairs + 1)); !errors.Is(err, percent.ErrTooManyPairs) {
			t.Errorf("%+v: Encode of %d properties: %v; want ErrTooManyPairs", p, percent.DefaultMaxPairs+1, err)
		}
		sep := "&"
		if p.In == InCookie {
			sep = "; "
		}
		if _, _, err := p.DecodeQuery(s+sep+"f%5Bzz%5D=1"+sep+"zz=1", Object); !errors.Is(err, percent.ErrTooManyPairs) {
			t.Errorf("%+v: DecodeQuery of %d pairs: %v; want ErrTooManyPairs", p, percent.DefaultMaxPairs+2, err)
		}
	}
}

// TestCookieNames: style cookie writes a name as it stands, so a name that
// is not an RFC 6265 token is an *Error (before: "a b" was written
// "a%20b=v", percent-encoded, beside raw values).
func TestCookieNames(t *testing.T) {
	for _, c := range []struct {
		name, want string
	}{{"sid", "sid=v"}, {"a.b-c_d", "a.b-c_d=v"}, {"a b", ""}, {"a;b", ""}, {"a=b", ""}, {"é", ""}, {"a%20b", "a%20b=v"}} {
		p := &Param{Name: c.name, In: InCookie, Style: Cookie}
		got, err := p.Encode("v")
		var e *Error
		if c.want == "" && !errors.As(err, &e) || c.want != "" && (err != nil || got != c.want) {
			t.Errorf("cookie %q: Encode = %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

// failingText is a TextMarshaler whose MarshalText fails.
type failingText struct{}

var errFailingText = errors.New("no text")

func (failingText) MarshalText() ([]byte, error) { return nil, errFailingText }

// TestTextMarshalerCause: errors.Is finds a failing TextMarshaler's error
// through the *Error, in every style.
func TestTextMarshalerCause(t *testing.T) {
	for _, st := range styles {
		p := &Param{Name: "p", In: st.in, Style: st.style}
		for _, v := range []any{failingText{}, []failingText{{}}, map[string]failingText{"k": {}}} {
			_, err := p.Encode(v)
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, errFailingText) {
				t.Errorf("%s %s: Encode(%T) = %v; want an *Error wrapping the TextMarshaler's error", st.in, st.style, v, err)
			}
		}
	}
}

// TestErrorOffsets: a wrapped *percent.DecodeError has its Offset in the
// caller's input, as the *Error's own Offset is; DecodeQuery reports found
// with every error about the parameter.
func TestErrorOffsets(t *testing.T) {
	for _, c := range []struct {
		p    *Param
		s    string
		off  int
		kind Kind
	}{
		{&Param{Name: "c", In: InPath}, "abc,d%zz", 5, Array},
		{&Param{Name: "c", In: InPath}, "%zz", 0, Primitive},
		{&Param{Name: "c", In: InPath, Style: Matrix}, ";c=a,b%4", 6, Array},
		{&Param{Name: "c", In: InQuery}, "x=1&c=a%zz", 7, Primitive},
		{&Param{Name: "c", In: InQuery, Style: DeepObject}, "c%5Bk%zz%5D=1", 5, Object},
		{&Param{Name: "c", In: InQuery, Explode: explode(false)}, "c=a,%g1", 4, Array},
	} {
		var err error
		found := true
		if c.p.In == InQuery {
			_, found, err = c.p.DecodeQuery(c.s, c.kind)
		} else {
			_, err = c.p.Decode(c.s, c.kind)
		}
		var e *Error
		var de *percent.DecodeError
		if !errors.As(err, &e) || !errors.As(err, &de) || e.Offset != c.off || de.Offset != c.off || !found {
			t.Errorf("%+v %q: %v (found %v); want an *Error and a *percent.DecodeError at %d, found", c.p, c.s, err, found, c.off)
			continue
		}
		if c.s[de.Offset] != '%' {
			t.Errorf("%+v %q: offset %d is not the bad escape's %%", c.p, c.s, de.Offset)
		}
	}
	// Every error reports found, even one about the parameter itself.
	for _, c := range []struct {
		p *Param
		q string
	}{
		{&Param{Name: "c", In: InQuery, Explode: explode(false)}, "c=1&c=2"},
		{&Param{Name: "c", In: InQuery, Style: DeepObject}, "c[a=1"},
		{&Param{Name: "c", In: InPath}, "c=1"},
	} {
		if _, found, err := c.p.DecodeQuery(c.q, Array); err == nil || !found {
			t.Errorf("%+v %q: found %v, %v; want found with an error", c.p, c.q, found, err)
		}
	}
}
