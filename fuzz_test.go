// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"io"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/urlcodec/percent/internal/lex"
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
			// Into room that holds any result (the short loop's and the
			// kernel's path), and into the exact room.
			room := append(make([]byte, 0, 3*len(s)+2), 'x')
			if got := tc.enc.AppendEncodeString(room, s); string(got) != "x"+e {
				t.Fatalf("%s: AppendEncodeString(room, %q) = %q", tc.name, s, got)
			}
			exact := append(make([]byte, 0, len(e)+1), 'x')
			if got := tc.enc.AppendEncode(exact, []byte(s)); string(got) != "x"+e {
				t.Fatalf("%s: AppendEncode(exact room, %q) = %q", tc.name, s, got)
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
			if got := tc.enc.AppendDecodeLenient(make([]byte, 0, len(s)), []byte(s)); string(got) != l {
				t.Fatalf("%s: AppendDecodeLenient(room, %q) = %q, want %q", tc.name, s, got, l)
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
			// Into room for len(s) bytes: the kernel's or the loop's path
			// with no growing.
			room := append(make([]byte, 0, len(s)+1), 'x')
			if got, err := tc.enc.AppendDecodeString(room, s); err != nil || string(got) != "x"+d {
				t.Fatalf("%s: AppendDecodeString(room, %q) = %q, %v", tc.name, s, got, err)
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
	if e.c.noDash || hasLowerHex(s) {
		return false
	}
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' {
			if e.c.vt.code[unhex[s[i+1]]<<4|unhex[s[i+2]]]>>24 != 3 { // not an escape e writes
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
	depth, ok := bracketDepths(s)
	return ok && depth == [3]int{}
}

// bracketDepths returns how many "(", "[" and "{" of s are left open, and
// false if a ")", "]" or "}" closes none of its kind.
func bracketDepths(s string) (depth [3]int, ok bool) {
	for i := 0; i < len(s); i++ {
		if o := strings.IndexByte("([{", s[i]); o >= 0 {
			depth[o]++
		} else if c := strings.IndexByte(")]}", s[i]); c >= 0 {
			if depth[c]--; depth[c] < 0 {
				return depth, false
			}
		}
	}
	return depth, true
}

func FuzzEqualNormalize(f *testing.F) {
	for _, p := range equalPairs {
		f.Add(p.a, p.b)
	}
	f.Add("http://a/b/../c", "HTTP://A/c")
	f.Add("x:a/../b", "x:/b")
	f.Add("//Host.EXAMPLE/a/../b", "//host.example/a/../b")
	f.Add("//u@H:1/%2e", "//u@h:1/.")
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := Normalize(a), Normalize(b)
		if Normalize(na) != na {
			t.Fatalf("Normalize not idempotent on %q", a)
		}
		if Equal(a, b) != (na == nb) {
			t.Fatalf("Equal(%q, %q) = %v, normal forms %q %q", a, b, Equal(a, b), na, nb)
		}
		c := Compare(a, b)
		if c != strings.Compare(na, nb) || Compare(b, a) != -c {
			t.Fatalf("Compare(%q, %q) = %d, normal forms compare %d", a, b, c, strings.Compare(na, nb))
		}
		if !Equal(a, na) {
			t.Fatalf("Equal(%q, Normalize) = false", a)
		}
		ua, ub := NormalizeURL(a), NormalizeURL(b)
		if NormalizeURL(ua) != ua {
			t.Fatalf("NormalizeURL not idempotent on %q: %q → %q", a, ua, NormalizeURL(ua))
		}
		if EqualURL(a, b) != (ua == ub) {
			t.Fatalf("EqualURL(%q, %q) = %v, normal forms %q %q", a, b, EqualURL(a, b), ua, ub)
		}
		if !EqualURL(a, ua) {
			t.Fatalf("EqualURL(%q, NormalizeURL) = false (%q)", a, ua)
		}
		if EqualOctets(a, b) != (Component.DecodeLenient(a) == Component.DecodeLenient(b)) {
			t.Fatalf("EqualOctets(%q, %q) disagrees with decoding", a, b)
		}
	})
}

// FuzzDisplay: Display is idempotent and lossless, and ToURI always gives
// valid URI text.
func FuzzDisplay(f *testing.F) {
	for _, s := range []string{"", "http://h/%C3%BC", "%E2%80%AE", "%%34%31", "//H%C3%A9/%C3%A9", "%F0%9F%94%92x", "%C0%AF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, u string) {
		checkDisplayProperties(t, u)
	})
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{fidoQuoted, fidoFrame, fidoBoxQuoted, fidoMistake1, "<URL:http://x>", "http://a(b)).", "<<http://a>>",
		"``https://docs.python.org/3/``", "![b](https://img/x.svg)](https://ci/p)", "|https://e.com/t|cell|", "https://ru.wikipedia.org/wiki/Москва."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		last := 0
		for _, fd := range Find(text) {
			if fd.Start < last || fd.End > len(text) || fd.Start >= fd.End {
				t.Fatalf("Find(%q): span %d:%d out of order or range", text, fd.Start, fd.End)
			}
			last = fd.End
			if !Exchange.Valid(fd.URL) {
				t.Fatalf("Find(%q): %q is not exchange format", text, fd.URL)
			}
			span := text[fd.Start:fd.End]
			if span[0] == '<' || strings.Contains(span, "%%") {
				continue
			}
			// A bare URL without breaks: the span is the URL, raw.
			if fd.URL != Exchange.MakeSafe(span) {
				t.Fatalf("Find(%q): %q from the span %q", text, fd.URL, span)
			}
			if strings.ContainsAny(span[len(span)-1:], ".,;:!?'*") {
				t.Fatalf("Find(%q): span %q ends on punctuation", text, span)
			}
			if strings.ContainsAny(span, "`\"<> \t\r\n") || strings.Contains(span, "|") && !lex.HasPrefixFold(span, "ed2k:") {
				t.Fatalf("Find(%q): span %q holds a byte that ends a bare URL", text, span)
			}
			if _, ok := bracketDepths(span); !ok {
				t.Fatalf("Find(%q): span %q holds a closer that closes nothing", text, span)
			}
			for _, r := range span {
				if r >= utf8.RuneSelf && !unicode.In(r, unicode.L, unicode.M, unicode.N) {
					t.Fatalf("Find(%q): span %q holds %U", text, span, r)
				}
			}
		}
		_, _ = UnwrapFido(text)
		_, _ = Unwrap(text)
	})
}

// FuzzPath: a path that passes CheckPath is unchanged by dot-segment
// removal after any number of lenient decodings; SplitPath inverts
// JoinSegments; DecodeExcept with no set kept is Decode. (RedactQuery has
// FuzzRedactQuery.)
func FuzzPath(f *testing.F) {
	for _, s := range []string{"/a/b", "/.%2e/x", "/%%32%65", "/a%2Fb", "//", "/%C0%AE", "a=1&k=2&k"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		err := CheckPath(p)
		if (checkPath(p, true) == nil) != (err == nil) {
			t.Fatalf("CheckPath(%q) = %v, but the general loop says %v", p, err, checkPath(p, true))
		}
		if err != nil {
			pe := err.(*PathError)
			if !placeFits(p, pe.Offset, pe.Reason) {
				t.Fatalf("CheckPath(%q) = %v: the reason does not fit the bytes there", p, err)
			}
		} else {
			d := p
			for range 4 {
				if n := removeDotSegments(d); n != d {
					t.Fatalf("CheckPath(%q) passes, but dot-segment removal of %q gives %q", p, d, n)
				}
				if leavesRoot(d) {
					t.Fatalf("CheckPath(%q) passes a path that leaves its root", p)
				}
				d = PathSegment.DecodeLenient(d)
			}
		}
		if segs, err := SplitPath(p); err == nil && len(segs) > 0 {
			if j, err := JoinSegments(segs...); err == nil {
				back, err := SplitPath(j)
				if err != nil || !reflect.DeepEqual(back, segs) {
					t.Fatalf("SplitPath(JoinSegments(%q)) = %q, %v", segs, back, err)
				}
			}
		}
		d1, err1 := Path.Decode(p)
		d2, err2 := Path.DecodeExcept(p, Set{})
		if d1 != d2 || (err1 == nil) != (err2 == nil) {
			t.Fatalf("DecodeExcept(%q, {}) = %q, %v; Decode = %q, %v", p, d2, err2, d1, err1)
		}
		if k, err := Path.DecodeExcept(p, NewSet("/%")); err == nil {
			if again, _ := Path.DecodeExcept(k, NewSet("/%")); again != k {
				t.Fatalf("DecodeExcept not idempotent on %q: %q then %q", p, k, again)
			}
		}
	})
}

// FuzzParseQuery compares with url.ParseQuery on "&"-only input (which it
// reads the same way: pairs per name in order, the same errors), and checks
// that ParseQuery(EncodeQuery(ps)) gives ps back and Pairs never fails.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "a=1&b=2", "a=%zz", "a+b=c%20d&&=x", "%FF=%00&x", "a=1;b=2"} {
		f.Add(s)
	}
	// Parts longer than a 64-byte window, and pieces across windows.
	f.Add(strings.Repeat("n%41+", 20) + "=" + strings.Repeat("%C3%A9+x", 15) + "&a=1")
	f.Add(strings.Repeat("ab=c%20d&", 12) + strings.Repeat("e", 70) + "&%4")
	f.Fuzz(func(t *testing.T, q string) {
		// Pairs against strings.Split, strings.Cut and DecodeLenient.
		for _, e := range []*Encoding{Form, Query} {
			var got, want []Pair
			for n, v := range e.Pairs(q) {
				got = append(got, Pair{n, v})
			}
			for _, p := range strings.Split(q, "&") {
				if p != "" {
					n, v, _ := strings.Cut(p, "=")
					want = append(want, Pair{e.DecodeLenient(n), e.DecodeLenient(v)})
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%s.Pairs(%q) = %q, want %q", e.Safe(), q, got, want)
			}
		}
		ps, err := Form.ParseQueryMax(q, -1)
		if !strings.Contains(q, ";") {
			want, werr := url.ParseQuery(q)
			if (err == nil) != (werr == nil) {
				t.Fatalf("ParseQuery(%q): %v; url.ParseQuery: %v", q, err, werr)
			}
			if err == nil {
				got := url.Values{}
				for _, p := range ps {
					got[p.Name] = append(got[p.Name], p.Value)
				}
				if len(got) != len(want) || len(got) > 0 && !reflect.DeepEqual(got, want) {
					t.Fatalf("ParseQuery(%q) = %q; url.ParseQuery %q", q, got, want)
				}
			}
		}
		// AppendParseQuery after other pairs, and with a limit around
		// the number of pairs, agrees with ParseQuery.
		dst := []Pair{{"x", "y"}}
		app, aerr := Form.AppendParseQuery(dst, q, -1)
		if (aerr == nil) != (err == nil) || err != nil && aerr.Error() != err.Error() ||
			err == nil && !slices.Equal(app[1:], ps) || app[0] != dst[0] {
			t.Fatalf("AppendParseQuery(%q) = %q, %v; ParseQuery %q, %v", q, app, aerr, ps, err)
		}
		if err == nil && len(ps) > 0 {
			if _, lerr := Form.ParseQueryMax(q, len(ps)-1); !errors.Is(lerr, ErrTooManyPairs) {
				t.Fatalf("ParseQueryMax(%q, %d): %v, want ErrTooManyPairs", q, len(ps)-1, lerr)
			}
			if got, lerr := Form.ParseQueryMax(q, len(ps)); lerr != nil || !slices.Equal(got, ps) {
				t.Fatalf("ParseQueryMax(%q, %d): %q, %v", q, len(ps), got, lerr)
			}
		}
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) || q[de.Offset] != '%' {
				t.Fatalf("ParseQuery(%q): bad error %v", q, err)
			}
			return
		}
		back, err := Form.ParseQueryMax(Form.EncodeQuery(ps), -1)
		if err != nil || len(back) != len(ps) || len(ps) > 0 && !reflect.DeepEqual(back, ps) {
			t.Fatalf("round trip of %q: %q, %v", ps, back, err)
		}
	})
}

func FuzzStream(f *testing.F) {
	f.Add("a b%41---", 3)
	f.Add("%%4%41", 1)
	f.Fuzz(func(t *testing.T, s string, cut int) {
		for _, e := range []*Encoding{Component, Form, Fido} {
			if cut < 0 || cut > len(s) {
				cut = len(s) / 2
			}
			got, err := encodeWrites(e, s[:cut], s[cut:])
			if err != nil || got != e.Encode(s) {
				t.Fatalf("encode %q cut %d: %q", s, cut, got)
			}
			r := io.MultiReader(strings.NewReader(s[:cut]), iotest.OneByteReader(strings.NewReader(s[cut:])))
			dec, err := io.ReadAll(NewDecoder(e, r))
			want, werr := e.Decode(s)
			if werr != nil {
				var de, wde *DecodeError
				if !errors.As(err, &de) || !errors.As(werr, &wde) || de.Offset != wde.Offset {
					t.Fatalf("decode %q: stream error %v, whole %v", s, err, werr)
				}
				continue
			}
			if err != nil || string(dec) != want {
				t.Fatalf("decode %q: %q, %v; want %q", s, dec, err, want)
			}
		}
	})
}

func FuzzWrap(f *testing.F) {
	f.Add("http://a/b%20c/d?e=f", 10)
	f.Add("x", 1)
	f.Add("http://x/y z", 0)
	f.Add("http://x/Фидо", 10)
	f.Fuzz(func(t *testing.T, s string, w int) {
		// Wrap writes s in exchange format, whatever s is: nothing is lost.
		w %= 200
		u := Exchange.MakeSafe(s)
		p := Wrap(s, w)
		back, err := Unwrap(p)
		if u != "" && (err != nil || back != u) {
			t.Fatalf("Unwrap(Wrap(%q, %d)) = %q, %v, want %q", s, w, back, err, u)
		}
		if w >= 8 {
			for _, l := range strings.Split(p, "\n") {
				if len(l) > w && !unbreakable(l) {
					t.Fatalf("Wrap(%q, %d): line %q too long", s, w, l)
				}
			}
		}
		// FidoURL breaks, for a URL that starts with a scheme (and no
		// charset tag, which WrapFido keeps as syntax: TestWrapAnyInput).
		if _, _, tagged := cutCharsetTag(s); tagged {
			return
		}
		fs := "http:" + s
		fu := Fido.MakeSafe(fs)
		fp := WrapFido(fs, w)
		fb, err := UnwrapFido(fp)
		if err != nil || fb != fu {
			t.Fatalf("UnwrapFido(WrapFido(%q, %d)) = %q, %v, want %q\n%s", fs, w, fb, err, fu, fp)
		}
	})
}

func FuzzMakeSafe(f *testing.F) {
	addSeeds(f)
	tables := predefinedTables()
	f.Fuzz(func(t *testing.T, s string) {
		for _, tc := range tables {
			m := tc.enc.MakeSafe(s)
			if tc.enc.MakeSafe(m) != m {
				t.Fatalf("%s: MakeSafe not idempotent on %q", tc.name, s)
			}
			if !tc.enc.Valid(m) {
				t.Fatalf("%s: Valid(MakeSafe(%q)) = false: %q", tc.name, s, m)
			}
			if !tc.plus && tc.enc.DecodeLenient(m) != tc.enc.DecodeLenient(s) {
				t.Fatalf("%s: MakeSafe(%q) = %q decodes differently", tc.name, s, m)
			}
			if tc.enc.Valid(s) && m != s {
				t.Fatalf("%s: MakeSafe changed valid %q to %q", tc.name, s, m)
			}
		}
	})
}
