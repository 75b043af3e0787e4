// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"unsafe"
)

// FuzzRoundTrip: for every predefined encoding, Decode(Encode(x)) == x,
// Valid(Encode(x)), the append forms agree with the string forms, and
// EncodedLen is exact.
func FuzzRoundTrip(f *testing.F) {
	addSeeds(f)
	tables := predefinedTables()
	f.Fuzz(func(t *testing.T, s string) {
		for _, tc := range tables {
			e := tc.enc.Encode(s)
			if got := referenceEncode(tc, s); got != e {
				t.Fatalf("%s: Encode(%q) = %q, reference %q", tc.name, s, e, got)
			}
			if !tc.enc.Valid(e) {
				t.Fatalf("%s: Valid(Encode(%q)) = false", tc.name, s)
			}
			d, err := tc.enc.Decode(e)
			if err != nil || d != s {
				t.Fatalf("%s: Decode(Encode(%q)) = %q, %v", tc.name, s, d, err)
			}
			if got := tc.enc.AppendEncode([]byte("x"), []byte(s)); string(got) != "x"+e {
				t.Fatalf("%s: AppendEncode(%q) = %q", tc.name, s, got)
			}
			if n := tc.enc.EncodedLen([]byte(s)); n != len(e) {
				t.Fatalf("%s: EncodedLen(%q) = %d, want %d", tc.name, s, n, len(e))
			}
		}
	})
}

// FuzzDecode: strict and lenient agree whenever strict succeeds; a strict
// failure is a *DecodeError pointing at a '%' that does not start an escape;
// Valid implies a successful Decode; the append form agrees.
func FuzzDecode(f *testing.F) {
	addSeeds(f)
	tables := predefinedTables()
	f.Fuzz(func(t *testing.T, s string) {
		for _, tc := range tables {
			d, err := tc.enc.Decode(s)
			l := tc.enc.DecodeLenient(s)
			ad, aerr := tc.enc.AppendDecode(nil, []byte(s))
			if (err == nil) != (aerr == nil) {
				t.Fatalf("%s: Decode and AppendDecode disagree on %q: %v, %v", tc.name, s, err, aerr)
			}
			if string(tc.enc.AppendDecodeLenient(nil, []byte(s))) != l {
				t.Fatalf("%s: AppendDecodeLenient(%q) != DecodeLenient", tc.name, s)
			}
			if err != nil {
				var de *DecodeError
				if !errors.As(err, &de) || de.Offset < 0 || de.Offset >= len(s) || s[de.Offset] != '%' {
					t.Fatalf("%s: Decode(%q): bad error %v", tc.name, s, err)
				}
				if tc.enc.Valid(s) {
					t.Fatalf("%s: Valid(%q) but Decode fails", tc.name, s)
				}
				continue
			}
			if d != l || string(ad) != d {
				t.Fatalf("%s: Decode(%q) = %q, lenient %q, append %q", tc.name, s, d, l, ad)
			}
			// A valid text with upper-case hex and no needless escape is
			// exactly the encoding of its decoding.
			if tc.enc.Valid(s) && canonical(tc.enc, s) && tc.enc.Encode(d) != s {
				t.Fatalf("%s: Encode(Decode(%q)) = %q", tc.name, s, tc.enc.Encode(d))
			}
		}
	})
}

// canonical reports whether s has upper-case hex and escapes only bytes that
// e always escapes, so that it is exactly e's encoding of its decoding. The
// FidoURL encodings, whose "-" escapes depend on context, are left out.
func canonical(e *Encoding, s string) bool {
	if e.noDash || hasLowerHex(s) {
		return false
	}
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' {
			if e.vt.code[unhex[s[i+1]]<<4|unhex[s[i+2]]]>>24 != 3 { // not an escape e writes
				return false
			}
			i += 2
		}
	}
	return true
}

func hasLowerHex(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && (s[i+1] >= 'a' && s[i+1] <= 'f' || s[i+2] >= 'a' && s[i+2] <= 'f') {
			return true
		}
	}
	return false
}

// FuzzNetURL compares with net/url in both directions.
func FuzzNetURL(f *testing.F) {
	addSeeds(f)
	query := NewEncoding(Unreserved).WithSpaceAsPlus()
	path := NewEncoding(Unreserved.Add("$&+:=@"))
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := query.Encode(s), url.QueryEscape(s); got != want {
			t.Fatalf("Encode(%q) = %q, url.QueryEscape %q", s, got, want)
		}
		if got, want := path.Encode(s), url.PathEscape(s); got != want {
			t.Fatalf("Encode(%q) = %q, url.PathEscape %q", s, got, want)
		}
		got, err := query.Decode(s)
		want, werr := url.QueryUnescape(s)
		if (err == nil) != (werr == nil) || got != want {
			t.Fatalf("Decode(%q) = %q, %v; url.QueryUnescape %q, %v", s, got, err, want, werr)
		}
		got, err = path.Decode(s)
		want, werr = url.PathUnescape(s)
		if (err == nil) != (werr == nil) || got != want {
			t.Fatalf("Decode(%q) = %q, %v; url.PathUnescape %q, %v", s, got, err, want, werr)
		}
	})
}

// FuzzParseSet: ParseSet never panics, and what it accepts prints back to a
// spec that parses to the same set.
func FuzzParseSet(f *testing.F) {
	for _, s := range []string{"[]", "[a-z]", "[^a]", `[\x00-\xFF]`, "[-a-]", `[\]`, "["} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := ParseSet(spec)
		if err != nil {
			var se *FormatError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(spec) {
				t.Fatalf("ParseSet(%q): bad error %v", spec, err)
			}
			return
		}
		back, err := ParseSet(s.String())
		if err != nil || back != s {
			t.Fatalf("ParseSet(%q).String() = %q does not read back: %v", spec, s.String(), err)
		}
	})
}

// FuzzKernels compares every vector kernel with the pure-Go loops, in one
// test binary: every codec of every predefined encoding, and of an encoding
// of a set drawn from the input, at every offset of the input (so every
// alignment and every length up to the input's).
func FuzzKernels(f *testing.F) {
	for i, s := range []string{"", "a b", "%zz", "é日本", "\x00\xff", "%e2%82%ac", "a%2Fb/c?d=e&f#g", "---+"} {
		f.Add(s, uint64(i))
	}
	f.Add(strings.Repeat("%D0%BC", 20)+"%4", uint64(7))
	f.Add(strings.Repeat("ab c/é-", 12), uint64(1<<40|3))
	tables := predefinedTables()
	f.Fuzz(func(t *testing.T, s string, seed uint64) {
		if len(kernels()) == 1 {
			t.Skip("only the pure-Go loops in this build")
		}
		r := rand.New(rand.NewPCG(seed, seed>>7))
		random := NewEncoding(randomSet(r))
		if seed&1 != 0 {
			random = random.WithSpaceAsPlus()
		}
		if seed&2 != 0 {
			random = random.WithLowerHex()
		}
		checkQueryMasks(t, s)
		for off := 0; off <= len(s) && off < 40; off++ {
			compareKernels(t, "random "+random.Safe().String(), random, s[off:])
			tc := tables[(int(seed)+off)%len(tables)]
			compareKernels(t, tc.name, tc.enc, s[off:])
		}
	})
}

// FuzzEncodeProperties: encoders use their hex case for every escape they
// write (FidoURL's %2D and the %2B of "+"-for-space included) and return
// clean input itself.
func FuzzEncodeProperties(f *testing.F) {
	addSeeds(f)
	f.Add("a--b---c----d+e f")
	tables := predefinedTables()
	f.Fuzz(func(t *testing.T, s string) {
		for _, tc := range tables {
			for _, lower := range []bool{false, true} {
				e := tc.enc
				if lower {
					e = e.WithLowerHex()
				}
				outs := map[string]string{"Encode": e.Encode(s)}
				if !strings.Contains(s, "%") { // MakeSafe keeps escapes as they are
					outs["MakeSafe"] = e.MakeSafe(s)
				}
				for name, out := range outs {
					for i := 0; i+2 < len(out); i++ {
						if out[i] != '%' {
							continue
						}
						for _, h := range out[i+1 : i+3] {
							if lower && 'A' <= h && h <= 'F' || !lower && 'a' <= h && h <= 'f' {
								t.Fatalf("%s lower=%v: %s(%q) = %q writes %q", tc.name, lower, name, s, out, out[i:i+3])
							}
						}
					}
				}
				if e.Valid(s) && !strings.Contains(s, "%") && !(e.SpaceAsPlus() && strings.Contains(s, "+")) {
					if got := e.Encode(s); unsafe.StringData(got) != unsafe.StringData(s) {
						t.Fatalf("%s: Encode(%q) of clean input is a copy", tc.name, s)
					}
				}
			}
		}
	})
}

// FuzzFindWrapFido: Find reports a URL that WrapFido wrote, at any width,
// with its exact span, in running text and under a quote prefix.
func FuzzFindWrapFido(f *testing.F) {
	f.Add("www.example.com/a/b", 5, "")
	f.Add("h/%D0%BC?q=1", 9, " MtW> ")
	f.Add("[EUC]//h/x", 3, "> ")
	f.Fuzz(func(t *testing.T, rest string, width int, prefix string) {
		if strings.ContainsAny(prefix, "%\r\n") || len(prefix) > 12 || width < 1 || width > 300 {
			return
		}
		for i := 0; i < len(prefix); i++ {
			if prefix[i] < 0x20 || prefix[i] > 0x7E {
				return
			}
		}
		// A URL as Find reports it: FidoURL-encoded (so in exchange format,
		// without the bytes that end a bare URL), no trailing punctuation
		// it would trim, brackets balanced.
		u := "http://" + Fido.Encode(rest)
		u = strings.TrimRight(u, ".,;:!?'*)]}")
		if !bracketsNest(u) || len(u) <= len("http://") || strings.Contains(u, "%%") {
			return
		}
		body := strings.ReplaceAll(WrapFido(u, width), "\n", "\n"+prefix)
		text := "see " + body + " ok"
		got := Find(text)
		if len(got) != 1 || got[0].URL != u || got[0].Start != 4 || got[0].End != 4+len(body) {
			t.Fatalf("Find(%q) = %+v, want %q at 4:%d", text, got, u, 4+len(body))
		}
	})
}

// bracketsNest reports whether every ")", "]" and "}" of s closes a bracket
// of its kind opened before it, and every one opened is closed.
func bracketsNest(s string) bool {
	var depth [3]int
	for i := 0; i < len(s); i++ {
		if o := strings.IndexByte("([{", s[i]); o >= 0 {
			depth[o]++
		} else if c := strings.IndexByte(")]}", s[i]); c >= 0 {
			if depth[c]--; depth[c] < 0 {
				return false
			}
		}
	}
	return depth == [3]int{}
}

// FuzzTemplate parses any template and expands it with string, list and
// pair values made from the input: it never panics, a parse error's
// offset is inside the template, Expand writes only unreserved and
// reserved characters and well-formed escapes (a URI reference), and what
// Match reads back expands to the same URI.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"{var}", "{+path}/here", "{#x,hello,y}", "X{.list*}", "{/var,x}/here", "{;keys*}",
		"{?x,y,empty}", "{&keys}", "{var:3}", "/{a}/{+b}{?c,d}", "{%2x}", "{x..y}", "{a", "}", "ü{x}", "{?q}{&p}"} {
		f.Add(s, "Hello World!/ü%41%zz")
	}
	f.Fuzz(func(t *testing.T, tpl, val string) {
		tp, err := ParseTemplate(tpl)
		if err != nil {
			var te *TemplateError
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset >= len(tpl) {
				t.Fatalf("ParseTemplate(%q): %v: no offset inside the template", tpl, err)
			}
			return
		}
		if tp.String() != tpl {
			t.Fatalf("String() = %q", tp.String())
		}
		vars := map[string]any{}
		for i, name := range tp.Names() {
			switch i % 4 {
			case 0:
				vars[name] = val
			case 1:
				vars[name] = strings.Split(val, "/")
			case 2:
				vars[name] = []Pair{{val, val}, {"k", ""}}
			}
		}
		uri, err := tp.Expand(vars)
		if err != nil {
			var te *TemplateError
			if !errors.As(err, &te) || te.Name == "" || te.Offset < 0 || te.Offset >= len(tpl) {
				t.Fatalf("Expand: %v", err)
			}
			return
		}
		if !templateReserved.Valid(uri) {
			t.Fatalf("ParseTemplate(%q).Expand(%q) = %q: not a URI reference", tpl, val, uri)
		}
		if got, ok := tp.Match(uri); ok {
			again := map[string]any{}
			for k, v := range got {
				again[k] = v
			}
			// The same URI, but for the case of the hex digits of the
			// value's own escapes.
			if u, err := tp.Expand(again); err != nil || Normalize(u) != Normalize(uri) {
				t.Fatalf("ParseTemplate(%q).Match(%q) = %v, which expands to %q", tpl, uri, got, u)
			}
		}
	})
}
