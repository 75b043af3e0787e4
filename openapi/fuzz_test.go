// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"errors"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
)

// FuzzOpenAPI: for every permitted style, explode and AllowReserved, and
// values made from the input, Encode never panics, what it writes Decode
// reads back as the value (with AllowReserved, the value's own escapes
// decoded), every path value it writes passes percent.CheckSegments as one
// segment, and decoding arbitrary text never panics and fails only with an
// *Error whose offset falls inside the input.
func FuzzOpenAPI(f *testing.F) {
	for _, s := range []string{"blue", "a,b;c=d&e+f%g", "a[b]|c d", "é.日本", "", "%41%zz", "x=1&color=a,b", "; c=1;c=2"} {
		f.Add(s, uint8(0))
		f.Add(s, uint8(7))
	}
	f.Fuzz(func(t *testing.T, s string, pick uint8) {
		st := styles[int(pick)%len(styles)]
		explode := pick&0x80 != 0
		reserved := pick&0x40 != 0 && st.in != InHeader && st.in != InCookie
		p := &Param{Name: "color", In: st.in, Style: st.style, Explode: &explode, AllowReserved: reserved}
		parts := strings.Split(s, "/")
		vals := []any{s, parts}
		if len(parts)%2 == 0 {
			var ps []percent.Pair
			for i := 0; i < len(parts); i += 2 {
				ps = append(ps, percent.Pair{Name: parts[i], Value: parts[i+1]})
			}
			vals = append(vals, ps)
		}
		for _, v := range vals {
			k := kindOf(v)
			enc, err := p.Encode(v)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Param != "color" {
					t.Fatalf("%+v: Encode(%q): %v", st, v, err)
				}
				continue
			}
			if k == Array && len(parts) == 0 {
				continue
			}
			if st.in == InPath && enc != "." {
				if err := percent.CheckSegments(enc); err != nil {
					t.Fatalf("%+v: Encode(%q) = %q, which CheckSegments refuses: %v", p, v, enc, err)
				}
			}
			if enc == "" && k != Primitive {
				continue // undefined
			}
			back, err := decode(p, enc, k)
			if err != nil || !reflect.DeepEqual(back, readBack(v, reserved)) {
				t.Fatalf("%s %s explode=%v reserved=%v: Decode(Encode(%q) = %q) = %+v, %v", st.in, st.style, explode, reserved, v, enc, back, err)
			}
		}
		for _, k := range []Kind{Primitive, Array, Object} {
			var err error
			if st.in == InQuery || st.in == InCookie {
				_, _, err = p.DecodeQuery(s, k)
			} else {
				_, err = p.Decode(s, k)
			}
			var e *Error
			if err != nil && (!errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s)) {
				t.Fatalf("%s %s: decoding %q as %d: %v", st.in, st.style, s, k, err)
			}
		}
	})
}

// FuzzQueryArray: a form-exploded array read from a raw query is what
// net/url's ParseQuery gives for its name, on every query ParseQuery
// reads without error (its lenience is not compared); DecodeQuery fails
// only with an *Error inside the query, and only on a query ParseQuery
// refuses too or that holds more pairs than percent.DefaultMaxPairs.
func FuzzQueryArray(f *testing.F) {
	for _, s := range []string{"tag=a&tag=b", "tag=url+encoding&x=1&tag=a%2Cb&tag=%C3%A9", "tag", "t%61g=1&tag=2",
		"tag=%4&tag=1", "tag=a%2&tag=5b", "&&tag=&tag=%25", "tag=" + strings.Repeat("%41", 50), "?tag=x"} {
		f.Add(s)
	}
	p := &Param{Name: "tag", In: InQuery}
	f.Fuzz(func(t *testing.T, q string) {
		v, ok, err := p.DecodeQuery(q, Array)
		want, werr := url.ParseQuery(strings.TrimPrefix(q, "?"))
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(q) {
				t.Fatalf("DecodeQuery(%q): %v", q, err)
			}
			if werr == nil && !errors.Is(err, percent.ErrTooManyPairs) {
				t.Fatalf("DecodeQuery(%q): %v; ParseQuery reads it as %q", q, err, want["tag"])
			}
			return
		}
		if werr == nil && (ok != (len(want["tag"]) > 0) || !slices.Equal(v.List, want["tag"])) {
			t.Fatalf("DecodeQuery(%q) = %q, %v; ParseQuery gives %q", q, v.List, ok, want["tag"])
		}
	})
}
