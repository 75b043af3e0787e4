// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urlcodec/percent/tools/testutil"
)

// TestWPTPairs runs WPT's urlencoded-parser-data.json through Form.Pairs,
// with the UTF-8 decoding (invalid bytes as U+FFFD) that the URL Standard
// applies after percent-decoding done by the test, since Pairs returns
// octets.
func TestWPTPairs(t *testing.T) {
	cases := wptParserCases(t)
	for _, c := range cases {
		t.Run(c.Input, func(t *testing.T) {
			var got [][2]string
			for n, v := range Form.Pairs(c.Input) {
				got = append(got, [2]string{utf8Lossy(n), utf8Lossy(v)})
			}
			if len(got) != len(c.Output) || len(got) > 0 && !reflect.DeepEqual(got, c.Output) {
				t.Fatalf("Pairs(%q) = %q, want %q", c.Input, got, c.Output)
			}
		})
	}
}

// TestWPTEncodeQuery runs WPT's URLSearchParams stringifier cases through
// Form.EncodeQuery.
func TestWPTEncodeQuery(t *testing.T) {
	cases := wptStringifierCases(t)
	for i, c := range cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			var pairs []Pair
			if c.Kind == "serialize" {
				for _, p := range c.Pairs {
					pairs = append(pairs, Pair{p[0], p[1]})
				}
			} else {
				for n, v := range Form.Pairs(c.Input) {
					pairs = append(pairs, Pair{utf8Lossy(n), utf8Lossy(v)})
				}
			}
			if got := Form.EncodeQuery(pairs); got != c.Expected {
				t.Fatalf("%s %q: EncodeQuery = %q, want %q", c.Kind, pairs, got, c.Expected)
			}
		})
	}
}

// TestSplitQuery: the splitting rules of query strings (URL Standard §5.1).
func TestSplitQuery(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want [][2]string
	}{
		{"", nil},
		{"a=1&b=2", [][2]string{{"a", "1"}, {"b", "2"}}},
		{"a=1;b=2", [][2]string{{"a", "1;b=2"}}}, // ";" is not a separator
		{"&&a&&b=&", [][2]string{{"a", ""}, {"b", ""}}},
		{"a==b=c", [][2]string{{"a", "=b=c"}}},
		{"=x", [][2]string{{"", "x"}}},
		{"=", [][2]string{{"", ""}}},
		{"a+b=%2B%20", [][2]string{{"a+b", "%2B%20"}}},
		{"n\x00=\r\n", [][2]string{{"n\x00", "\r\n"}}},
	} {
		t.Run(tc.q, func(t *testing.T) {
			var got [][2]string
			for n, v := range SplitQuery(tc.q) {
				got = append(got, [2]string{n, v})
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("SplitQuery(%q) = %q, want %q", tc.q, got, tc.want)
			}
		})
	}
}

// TestPairsDecoding: "+" by encoding, malformed escapes kept, invalid UTF-8
// kept as octets, and the iterator stops when asked.
func TestPairsDecoding(t *testing.T) {
	q := "a+b=c%2Bd%20e&bad=%zz%4&bin=%FF%00&x=1"
	var form, query [][2]string
	for n, v := range Form.Pairs(q) {
		form = append(form, [2]string{n, v})
	}
	for n, v := range Query.Pairs(q) {
		query = append(query, [2]string{n, v})
	}
	wantForm := [][2]string{{"a b", "c+d e"}, {"bad", "%zz%4"}, {"bin", "\xff\x00"}, {"x", "1"}}
	wantQuery := [][2]string{{"a+b", "c+d e"}, {"bad", "%zz%4"}, {"bin", "\xff\x00"}, {"x", "1"}}
	if !reflect.DeepEqual(form, wantForm) || !reflect.DeepEqual(query, wantQuery) {
		t.Fatalf("Form.Pairs = %q\nQuery.Pairs = %q", form, query)
	}
	n := 0
	for range Form.Pairs(q) {
		n++
		if n == 2 {
			break
		}
	}
	for range SplitQuery(q) {
		break
	}
	if n != 2 {
		t.Fatalf("stopped after %d pairs", n)
	}
}

// TestParseQuery: strict decoding with the error's offset in q, the pair
// limit at and over it, and the caller's limit.
func TestParseQuery(t *testing.T) {
	got, err := Form.ParseQuery("b=2&a=1&b=3&c&d=x+y%21")
	want := []Pair{{"b", "2"}, {"a", "1"}, {"b", "3"}, {"c", ""}, {"d", "x y!"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseQuery = %q, %v", got, err)
	}
	for _, tc := range []struct {
		q   string
		off int
	}{
		{"a=%zz", 2}, {"%4=1", 0}, {"ok=1&&x=%", 8}, {"a=1&bb%g=2", 6}, {"a=1&b=2%", 7},
	} {
		t.Run(tc.q, func(t *testing.T) {
			ps, err := Form.ParseQuery(tc.q)
			var de *DecodeError
			if !errors.As(err, &de) || de.Offset != tc.off || ps != nil || tc.q[de.Offset] != '%' {
				t.Fatalf("ParseQuery(%q) = %q, %v; want a DecodeError at %d", tc.q, ps, err, tc.off)
			}
		})
	}
	q1000 := strings.Repeat("a=1&", 999) + "a=1"
	if ps, err := Form.ParseQuery(q1000); err != nil || len(ps) != DefaultMaxPairs {
		t.Fatalf("1000 pairs: %d, %v", len(ps), err)
	}
	if ps, err := Form.ParseQuery(q1000 + "&b"); !errors.Is(err, ErrTooManyPairs) || ps != nil {
		t.Fatalf("1001 pairs: %d, %v", len(ps), err)
	}
	// Empty pieces do not count.
	if _, err := Form.ParseQuery(q1000 + strings.Repeat("&", 5000)); err != nil {
		t.Fatalf("1000 pairs and empty pieces: %v", err)
	}
	if _, err := Form.ParseQueryMax("a&b&c", 2); !errors.Is(err, ErrTooManyPairs) || !strings.Contains(err.Error(), "3 pairs") {
		t.Fatalf("ParseQueryMax(3 pairs, 2): %v", err)
	}
	if ps, err := Form.ParseQueryMax(strings.Repeat("a&", 5000), -1); err != nil || len(ps) != 5000 {
		t.Fatalf("ParseQueryMax(5000 pairs, -1): %d, %v", len(ps), err)
	}
}

// TestQuerySizes: a 10 MB query of one pair and one of 100 000 tiny pairs
// are read whole, pair for pair (the work is linear: each byte is looked
// at a fixed number of times).
func TestQuerySizes(t *testing.T) {
	big := "v=" + strings.Repeat("x%41+", 2<<20)
	ps, err := Form.ParseQuery(big)
	if err != nil || len(ps) != 1 || len(ps[0].Value) != 3*(2<<20) {
		t.Fatalf("one big pair: %d pairs, %v", len(ps), err)
	}
	tiny := strings.Repeat("a=b&", 100000)
	ps, err = Form.ParseQueryMax(tiny, 100000)
	if err != nil || len(ps) != 100000 {
		t.Fatalf("tiny pairs: %d, %v", len(ps), err)
	}
	n := 0
	for range Form.Pairs(tiny) {
		n++
	}
	if n != 100000 {
		t.Fatalf("Pairs: %d", n)
	}
}

// TestEncodeQuery: order kept, "=" always, nothing for no pairs, and the
// round trip for names and values of any bytes.
func TestEncodeQuery(t *testing.T) {
	pairs := []Pair{{"b", "2"}, {"a b", ""}, {"", "x=y&z"}, {"é", "+%"}}
	if got, want := Form.EncodeQuery(pairs), "b=2&a+b=&=x%3Dy%26z&%C3%A9=%2B%25"; got != want {
		t.Fatalf("Form.EncodeQuery = %q, want %q", got, want)
	}
	if got, want := Query.EncodeQuery(pairs), "b=2&a%20b=&=x%3Dy%26z&%C3%A9=%2B%25"; got != want {
		t.Fatalf("Query.EncodeQuery = %q, want %q", got, want)
	}
	if got := Form.EncodeQuery(nil); got != "" {
		t.Fatalf("EncodeQuery(nil) = %q", got)
	}
	var all strings.Builder
	for c := 0; c < 256; c++ {
		all.WriteByte(byte(c))
	}
	for _, e := range []*Encoding{Form, Component, Query, WHATWGComponent, WHATWGQuery, Fido, FidoComponent} {
		ps := []Pair{{all.String(), all.String()}, {"---", "a&b=c;d"}}
		back, err := e.ParseQuery(e.EncodeQuery(ps))
		if err != nil || !reflect.DeepEqual(back, ps) {
			t.Fatalf("%v: round trip = %q, %v", e.Safe(), back, err)
		}
	}
}

// TestCanonicalQuery checks the canonical form against RFC 5849
// §3.4.1.3.2's worked example and the query cases of the AWS Signature
// Version 4 test suite.
func TestCanonicalQuery(t *testing.T) {
	// RFC 5849 §3.4.1.3: the request's query and form body together with
	// the oauth_* protocol parameters; "+" in the body is a space.
	params := "b5=%3D%253D&a3=a&c%40=&a2=r%20b" + "&c2&a3=2+q" +
		"&oauth_consumer_key=9djdj82h48djs9d2&oauth_token=kkk9d7dh3k39sjv7" +
		"&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_nonce=7d8f3e4a"
	want := "a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2" +
		"&oauth_nonce=7d8f3e4a&oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7"
	if got, err := Form.CanonicalQuery(params); err != nil || got != want {
		t.Fatalf("RFC 5849: CanonicalQuery = %q, %v\nwant %q", got, err, want)
	}
	unreserved := "-._~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	for _, tc := range []struct{ name, q, want string }{
		{"get-vanilla-query", "", ""},
		{"get-vanilla-empty-query-key", "Param1=value1", "Param1=value1"},
		{"get-vanilla-query-order-key", "a=foo&b=foo", "a=foo&b=foo"},
		{"get-vanilla-query-order-key-case", "Param2=value2&Param1=value1", "Param1=value1&Param2=value2"},
		{"get-vanilla-query-order-value", "Param1=value2&Param1=Value1", "Param1=Value1&Param1=value2"},
		{"get-vanilla-query-unreserved", unreserved + "=" + unreserved, unreserved + "=" + unreserved},
		{"get-vanilla-utf8-query", "ሴ=bar", "%E1%88%B4=bar"},
		{"spaces, plus and tilde", "b=a+b%20c&a=%7e%2b", "a=~%2B&b=a%2Bb%20c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, err := Query.CanonicalQuery(tc.q); err != nil || got != tc.want {
				t.Fatalf("CanonicalQuery(%q) = %q, %v; want %q", tc.q, got, err, tc.want)
			}
			ps, _ := Query.ParseQuery(tc.q)
			if got := CanonicalPairs(ps); got != tc.want {
				t.Fatalf("CanonicalPairs(%q) = %q; want %q", ps, got, tc.want)
			}
		})
	}
	if _, err := Query.CanonicalQuery("a=1&b=%zz"); err == nil {
		t.Fatal("CanonicalQuery of a malformed escape: no error")
	}
}

func TestQueryAllocs(t *testing.T) {
	q := "alpha=1&beta=two&gamma=3.0"
	if n := testing.AllocsPerRun(100, func() {
		for n, v := range SplitQuery(q) {
			_, _ = n, v
		}
	}); n != 0 {
		t.Errorf("SplitQuery: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		for n, v := range Form.Pairs(q) {
			_, _ = n, v
		}
	}); n != 0 {
		t.Errorf("Pairs on clean input: %v allocations", n)
	}
	ps := make([]Pair, 0, 8)
	if n := testing.AllocsPerRun(100, func() { ps, _ = Form.AppendParseQuery(ps[:0], q, DefaultMaxPairs) }); n != 0 {
		t.Errorf("AppendParseQuery on clean input with room: %v allocations", n)
	}
	// Every part that decoding changes, in one allocation.
	changed := "a%20b=c+d&e=%C3%A9&f=g&h%2B=i%3D"
	if n := testing.AllocsPerRun(100, func() { ps, _ = Form.AppendParseQuery(ps[:0], changed, DefaultMaxPairs) }); n != 1 {
		t.Errorf("AppendParseQuery with changed parts, with room: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { ps, _ = Form.ParseQuery(changed) }); n != 2 {
		t.Errorf("ParseQuery with changed parts: %v allocations, want 2", n)
	}
	pairs := []Pair{{"a b", "c&d"}, {"é", "x"}, {"plain", "value"}}
	buf := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { buf = Form.AppendQuery(buf[:0], pairs) }); n != 0 {
		t.Errorf("AppendQuery with room: %v allocations", n)
	}
	var out string
	if n := testing.AllocsPerRun(100, func() { out = Form.EncodeQuery(pairs) }); n != 1 || out != "a+b=c%26d&%C3%A9=x&plain=value" {
		t.Errorf("EncodeQuery: %v allocations, want 1 (the string)", n)
	}
}

// refPieces splits q as the URL Standard's urlencoded parser does, with
// strings.Split and strings.Cut: the oracle for the mask-driven scanner.
func refPieces(q string, plus bool) []piece {
	var out []piece
	changes := func(s string) bool {
		return strings.Contains(s, "%") || plus && strings.Contains(s, "+")
	}
	start := 0
	for _, p := range strings.Split(q, "&") {
		if p != "" {
			name, value, found := strings.Cut(p, "=")
			eq := start + len(name)
			var marks uint64
			if len(p) < 64 {
				for i := range len(p) {
					if p[i] == '%' || plus && p[i] == '+' {
						marks |= 1 << i
					}
				}
			} else {
				if changes(name) {
					marks |= 1
				}
				if found && changes(value) {
					marks |= 2
				}
			}
			out = append(out, piece{start, eq, start + len(p), marks})
		}
		start += len(p) + 1
	}
	return out
}

// TestPieceScanner compares the scanner with refPieces on queries whose
// pieces are of every length up to past two windows, so that "&", "=",
// "%" and "+" fall at every offset of a window and pieces cross them.
func TestPieceScanner(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var qs []string
	for range 3000 {
		var b strings.Builder
		for range r.IntN(6) {
			// Mostly short parts, sometimes longer than a window.
			n := r.IntN(12)
			if r.IntN(5) == 0 {
				n = r.IntN(150)
			}
			for range n {
				b.WriteByte("abc%+=x"[r.IntN(7)])
			}
			b.WriteString("&&&"[:1+r.IntN(3)/2])
		}
		q := b.String()
		qs = append(qs, q, strings.TrimSuffix(q, "&"))
	}
	for _, k := range kernels() {
		restore := setKernel(k)
		for _, q := range qs {
			for _, plus := range []bool{false, true} {
				var got []piece
				var s pieceScanner
				s.init(q, plus)
				for {
					p, ok := s.next()
					if !ok {
						break
					}
					got = append(got, p)
				}
				if want := refPieces(q, plus); !slices.Equal(got, want) {
					restore()
					t.Fatalf("kernel %s, plus %v, %q:\n got %v\nwant %v", kernelNames[k], plus, q, got, want)
				}
			}
		}
		restore()
	}
}

// TestAppendParseQuery: pairs are appended after what dst holds, the
// limit counts the pairs of q only, an error gives dst back as it was, and
// the one buffer for decoded parts gives each part its own bytes, past
// decodedMarks parts and past the stack buffer too.
func TestAppendParseQuery(t *testing.T) {
	dst := []Pair{{"keep", "me"}}
	got, err := Form.AppendParseQuery(dst, "a=%41&b+c=d%20e&f", 3)
	want := []Pair{{"keep", "me"}, {"a", "A"}, {"b c", "d e"}, {"f", ""}}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("AppendParseQuery = %q, %v; want %q", got, err, want)
	}
	got, err = Form.AppendParseQuery(dst, "a=1&b=2&c=3&d=4", 3)
	if !errors.Is(err, ErrTooManyPairs) || len(got) != 1 || got[0] != dst[0] {
		t.Errorf("over the limit: %q, %v", got, err)
	}
	got, err = Form.AppendParseQuery(dst, "a=1&b=%zz", -1)
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 6 || len(got) != 1 {
		t.Errorf("malformed escape: %q, %v", got, err)
	}
	// 700 pairs whose parts all decode, compared with url.ParseQuery.
	var b strings.Builder
	for i := range 700 {
		fmt.Fprintf(&b, "n%%%02X%d=v+%d%%2B&", 'a'+i%26, i, i)
	}
	q := b.String()
	got, err = Form.ParseQueryMax(q, -1)
	ref, _ := url.ParseQuery(q)
	if err != nil || len(got) != 700 {
		t.Fatalf("700 pairs: %d, %v", len(got), err)
	}
	for _, p := range got {
		if vs := ref[p.Name]; len(vs) != 1 || vs[0] != p.Value {
			t.Fatalf("pair %q: url.ParseQuery has %q", p, vs)
		}
	}
	// Decoded parts longer than the stack buffer.
	long := strings.Repeat("%D0%BC", 300)
	got, err = Form.ParseQuery("x=" + long + "&" + long + "=y")
	if w := strings.Repeat("м", 300); err != nil || len(got) != 2 || got[0].Value != w || got[1].Name != w {
		t.Errorf("long parts: %v", err)
	}
}

// TestDecodeMarked compares decodeMarked with the decoder's pure-Go loop,
// strict and lenient, with and without "+" for space, on parts of every
// length below 64 built of escapes, malformed escapes, "+" and runs.
func TestDecodeMarked(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	chunks := []string{"%41", "%e2", "%C3%A9", "%", "%4", "%zz", "+", "a", "bcdefghij", "\xff", "=", "%%41"}
	for range 20000 {
		var b strings.Builder
		for b.Len() < 64 {
			b.WriteString(chunks[r.IntN(len(chunks))])
		}
		s := b.String()[:r.IntN(64)]
		for _, e := range []*Encoding{Form, Component} {
			var marks uint64
			for i := range len(s) {
				if s[i] == '%' || e.c.plus && s[i] == '+' {
					marks |= 1 << i
				}
			}
			for _, lenient := range []bool{false, true} {
				want := make([]byte, len(s))
				wn, wbad := decodeTo(want, s, e.c.plus, lenient)
				got := make([]byte, len(s))
				n, bad := decodeMarked(e, got, s, marks, lenient)
				if bad != wbad || wbad < 0 && string(got[:n]) != string(want[:wn]) {
					t.Fatalf("%s, lenient %v, %q: %q, %d; want %q, %d", e.Safe(), lenient, s, got[:n], bad, want[:wn], wbad)
				}
			}
		}
	}
}

// TestEncodeQueryDelimiters: "&", "=", "+", ";" and "#" inside a name or
// value are escaped by every encoding, so that net/url (which reads "+" as
// a space and drops a pair with ";") reads the pairs back.
func TestEncodeQueryDelimiters(t *testing.T) {
	pairs := []Pair{{"plus", "1+1"}, {"semi", "a;b"}, {"hash", "x#y"}, {"a&b", "c=d"}, {"k;+#", "v"}}
	for name, e := range map[string]*Encoding{"Query": Query, "Fido": Fido, "FidoComponent": FidoComponent, "WHATWGQuery": WHATWGQuery,
		"WHATWGSpecialQuery": WHATWGSpecialQuery, "WHATWGFragment": WHATWGFragment, "Path": Path, "Form": Form, "Component": Component} {
		q := e.EncodeQuery(pairs)
		if strings.ContainsAny(q, "+;#") {
			t.Errorf("%s.EncodeQuery = %q: a delimiter left literal", name, q)
		}
		vals, err := url.ParseQuery(q)
		if err != nil {
			t.Errorf("%s: url.ParseQuery(%q): %v", name, q, err)
			continue
		}
		for _, p := range pairs {
			if got := vals[p.Name]; len(got) != 1 || got[0] != p.Value {
				t.Errorf("%s: url.ParseQuery(%q)[%q] = %q, want %q", name, q, p.Name, got, p.Value)
			}
		}
	}
}

// TestCanonicalQueryLimit: CanonicalQuery refuses more than DefaultMaxPairs
// pairs and accepts exactly that many.
func TestCanonicalQueryLimit(t *testing.T) {
	q := strings.Repeat("a=1&", DefaultMaxPairs)
	if _, err := Query.CanonicalQuery(q); err != nil {
		t.Fatalf("%d pairs: %v", DefaultMaxPairs, err)
	}
	if _, err := Query.CanonicalQuery(q + "b=2"); !errors.Is(err, ErrTooManyPairs) {
		t.Fatalf("%d pairs: %v, want ErrTooManyPairs", DefaultMaxPairs+1, err)
	}
}

func TestRedactQuery(t *testing.T) {
	for _, tc := range []struct {
		q     string
		names []string
		want  string
	}{
		{"a=1&api_key=s3cret&b=2", []string{"api_key"}, "a=1&api_key=REDACTED&b=2"},
		{"api%5Fkey=s3cret&API_KEY=x&Api_Key", []string{"api_key"}, "api%5Fkey=REDACTED&API_KEY=REDACTED&Api_Key"},
		{"token=a&token=b&x=token", []string{"token", "sig"}, "token=REDACTED&token=REDACTED&x=token"},
		{"a=1;token=x", []string{"token"}, "a=1;token=REDACTED"}, // ";" separates pairs for matching
		{"to+ken=x&to%20ken=y", []string{"to ken"}, "to+ken=REDACTED&to%20ken=REDACTED"},
		{"&&k=v&&", []string{"k"}, "&&k=REDACTED&&"},
		{"\u212aey=1", []string{"key"}, "\u212aey=1"}, // KELVIN SIGN is not K
		{"k=", []string{"k"}, "k=REDACTED"},
		{"token[];=s3cret&x;token=y", []string{"token"}, "token[];=REDACTED&x;token=REDACTED"}, // PHP and qs read token in the first, Rack in the second
	} {
		if got := RedactQuery(tc.q, "REDACTED", tc.names...); got != tc.want {
			t.Errorf("RedactQuery(%q, %q) = %q, want %q", tc.q, tc.names, got, tc.want)
		}
	}
	if got := RedactQuery("k=v", "a b&c", "k"); got != "k=a+b%26c" {
		t.Errorf("mask not Form-encoded: %q", got)
	}
	q := "a=1&b=2&c=3"
	if n := testing.AllocsPerRun(100, func() { _ = RedactQuery(q, "x", "d") }); n != 0 {
		t.Errorf("RedactQuery with no match: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { _ = RedactQuery(q, "x", "b") }); n != 1 {
		t.Errorf("RedactQuery: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = JoinSegments("a b", "c/d", "é") }); n != 1 {
		t.Errorf("JoinSegments: %v allocations, want 1", n)
	}
}

// TestRedactQueryFailsClosed: a query with its "?", a whole URL, a request
// target and ";"-separated pairs are all redacted (the findings issue:
// each came back unchanged), and nothing allocates when nothing matches,
// escaped names included.
func TestRedactQueryFailsClosed(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"?token=SECRET&x=1", "?token=REDACTED&x=1"},
		{"https://h/cb?token=SECRET", "https://h/cb?token=REDACTED"},
		{"https://h/cb?x=1&token=SECRET#token=frag", "https://h/cb?x=1&token=REDACTED"}, // as a bare query, "#" is data
		{"/cb?TOKEN=s1;token=s2", "/cb?TOKEN=REDACTED"},                                 // PHP and ASP.NET read TOKEN=s1;token=s2
		{"a=1;token=SECRET", "a=1;token=REDACTED"},
		{"to%6Ben=SECRET", "to%6Ben=REDACTED"},
		{"https://h/token=x/path", "https://h/token=x/path"}, // a path, no query
		{"tok\u212Aen=x", "tok\u212Aen=x"},                   // KELVIN SIGN is not "k"
		{"to+ken=x", "to+ken=x"},
	} {
		if got := RedactQuery(c.q, "REDACTED", "token"); got != c.want {
			t.Errorf("RedactQuery(%q) = %q; want %q", c.q, got, c.want)
		}
	}
	q := "https://h/cb?to%6Bex=1&a%5Fb=2;c=3"
	if n := testing.AllocsPerRun(100, func() { _ = RedactQuery(q, "X", "token", "api_key") }); n != 0 {
		t.Errorf("RedactQuery with nothing to redact: %v allocations", n)
	}
	// Every pair that url.ParseQuery (after ";" becomes "&") finds under a
	// name is redacted: no value of it is left.
	for _, q := range []string{"token=a&token=b", "x=1;token=a", "Token=a&x=%74oken", "%54OKEN=s"} {
		red := RedactQuery(q, "R", "token")
		vals, _ := url.ParseQuery(strings.ReplaceAll(red, ";", "&"))
		for name, vs := range vals {
			if strings.EqualFold(name, "token") {
				for _, v := range vs {
					if v != "R" {
						t.Errorf("RedactQuery(%q) = %q: %s=%s is left", q, red, name, v)
					}
				}
			}
		}
	}
}

// queryValuesModel is what QueryValues(q, name) should return for Form,
// read from strings.Split, strings.Cut and url.QueryUnescape: every name
// decoded (a malformed one is an error at its first malformed escape), the
// values of the pairs named name decoded, the others not read. bad is the
// offset in q of the error, or -1.
func queryValuesModel(q, name string) (vals []string, bad int) {
	at := 0
	for _, piece := range strings.Split(q, "&") {
		start := at
		at += len(piece) + 1
		if piece == "" {
			continue
		}
		n, v, _ := strings.Cut(piece, "=")
		dn, err := url.QueryUnescape(n)
		if err != nil {
			return nil, start + firstMalformed(n)
		}
		if dn != name {
			continue
		}
		dv, err := url.QueryUnescape(v)
		if err != nil {
			return nil, start + len(n) + 1 + firstMalformed(v)
		}
		vals = append(vals, dv)
	}
	return vals, -1
}

// firstMalformed is the offset of the first "%" in s not followed by two
// hex digits (RFC 3986 §2.1), or -1.
func firstMalformed(s string) int {
	hex := func(c byte) bool { return strings.IndexByte("0123456789abcdefABCDEF", c) >= 0 }
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && (i+2 >= len(s) || !hex(s[i+1]) || !hex(s[i+2])) {
			return i
		}
	}
	return -1
}

// checkQueryValues compares Form.QueryValues(q, name) with the model.
func checkQueryValues(t *testing.T, q, name string) {
	t.Helper()
	got, err := Form.QueryValues(q, name)
	want, bad := queryValuesModel(q, name)
	var de *DecodeError
	switch {
	case bad >= 0 && (!errors.As(err, &de) || de.Offset != bad || got != nil):
		t.Fatalf("QueryValues(%q, %q) = %q, %v; want a DecodeError at %d", q, name, got, err, bad)
	case bad < 0 && (err != nil || !slices.Equal(got, want) || (got == nil) != (want == nil)):
		t.Fatalf("QueryValues(%q, %q) = %q, %v; want %q", q, name, got, err, want)
	}
}

// TestQueryValues: every query of up to 5 bytes over an alphabet of
// delimiters, escapes and "+", and queries whose pieces cross the 64-byte
// windows of the scanner, against the model, for names that decode from
// several raw forms.
func TestQueryValues(t *testing.T) {
	names := []string{"a", "a ", "", "6", "a6", "%"}
	for _, q := range testutil.AllStrings("a=&%+61", 5) {
		for _, name := range names {
			checkQueryValues(t, q, name)
		}
	}
	long := strings.Repeat("x", 70)
	for _, q := range []string{
		long + "=1&a=" + long + "%41",
		"a=" + long + "&a%41=" + long + "&" + long + "%zz=1",
		"a=1&" + strings.Repeat("%61", 30) + "=2&b=%zz&a=3",
		strings.Repeat("a", 30) + "%41" + strings.Repeat("b", 40) + "=v&a=w",
		"a=1&" + long + "=%zz&a=%C3%A9+x",
	} {
		for _, name := range append(names, strings.Repeat("a", 30)+"A"+strings.Repeat("b", 40), "aaA") {
			checkQueryValues(t, q, name)
		}
	}
}

// TestQueryValuesLimits: the limit counts every pair of q, named name or
// not; dst is kept on an error; more than 512 decoded values (the marks of
// the one buffer) still decode each to its own text.
func TestQueryValuesLimits(t *testing.T) {
	q := strings.Repeat("a=1&b=2&", 499) + "a=3&b=4" // 1000 pairs
	if _, err := Form.QueryValues(q+"&c", "a"); !errors.Is(err, ErrTooManyPairs) {
		t.Errorf("1001 pairs: %v, want ErrTooManyPairs", err)
	}
	vals, err := Form.QueryValues(q, "a")
	if err != nil || len(vals) != 500 || vals[499] != "3" {
		t.Errorf("1000 pairs: %d values, %v", len(vals), err)
	}
	dst := []string{"x"}
	if got, err := Form.AppendQueryValues(dst, "a=1&a=%zz", "a", -1); err == nil || len(got) != 1 || got[0] != "x" {
		t.Errorf("AppendQueryValues with a malformed value: %q, %v", got, err)
	}
	if got, err := Form.AppendQueryValues(dst, "a=1&b=2", "b", 2); err != nil || !slices.Equal(got, []string{"x", "2"}) {
		t.Errorf("AppendQueryValues(2 pairs, limit 2) = %q, %v", got, err)
	}
	var b strings.Builder
	var want []string
	for i := range 600 {
		v := fmt.Sprintf("v%d é", i)
		want = append(want, v)
		b.WriteString("k=" + url.QueryEscape(v) + "&j=1&")
	}
	if got, err := Form.AppendQueryValues(nil, b.String(), "k", -1); err != nil || !slices.Equal(got, want) {
		t.Errorf("600 decoded values: %d of them, %v", len(got), err)
	}
}

// TestQueryValuesAllocs: no allocation when nothing decodes and dst has
// room; one for every value that decodes, together; one more to grow dst.
func TestQueryValuesAllocs(t *testing.T) {
	q := "tag=go&page=2&tag=url+encoding&tag=x%2Fy&tag=last&sort=%zz"
	dst := make([]string, 0, 8)
	for _, c := range []struct {
		dst  []string
		name string
		want float64
	}{
		{dst, "page", 0},
		{dst, "tag", 1},
		{nil, "page", 1},
		{nil, "tag", 2},
	} {
		if n := testing.AllocsPerRun(100, func() { Form.AppendQueryValues(c.dst, q, c.name, -1) }); n != c.want {
			t.Errorf("AppendQueryValues(%q, cap %d): %v allocations, want %v", c.name, cap(c.dst), n, c.want)
		}
	}
}

func FuzzQueryValues(f *testing.F) {
	for _, s := range [][2]string{{"a=1&b=2&a=3", "a"}, {"a%41=%zz&aA=1", "aA"}, {"+=x&%20=y", " "}, {"a=%zz&b=1", "b"}} {
		f.Add(s[0], s[1])
	}
	f.Add(strings.Repeat("n%41+", 20)+"="+strings.Repeat("%C3%A9+x", 15)+"&a=1", strings.Repeat("nA ", 20))
	f.Fuzz(func(t *testing.T, q, name string) {
		checkQueryValues(t, q, name)
		// Where the whole query parses, the values are those ParseQuery
		// gives for name.
		ps, err := Form.ParseQueryMax(q, -1)
		if err != nil {
			return
		}
		for _, p := range append(ps, Pair{Name: name}) {
			var want []string
			for _, r := range ps {
				if r.Name == p.Name {
					want = append(want, r.Value)
				}
			}
			if got, err := Form.AppendQueryValues(nil, q, p.Name, -1); err != nil || !slices.Equal(got, want) {
				t.Fatalf("QueryValues(%q, %q) = %q, %v; ParseQuery gives %q", q, p.Name, got, err, want)
			}
		}
	})
}
