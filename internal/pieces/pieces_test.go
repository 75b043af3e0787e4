// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package pieces

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urlcodec/percent/tools/testutil"
)

// model splits s at sep, as strings.Split and a running offset give it,
// trimming the bytes of trim around each piece and skipping empty ones.
func model(s, sep, trim string) []Piece {
	var out []Piece
	at := 0
	for _, part := range strings.Split(s, sep) {
		a := at + len(part) - len(strings.TrimLeft(part, trim))
		b := at + len(strings.TrimRight(part, trim))
		at += len(part) + len(sep)
		if a >= b {
			continue
		}
		eq := b
		if k := strings.Index(s[a:b], "="); k >= 0 {
			eq = a + k
		}
		out = append(out, Piece{a, eq, b})
	}
	return out
}

func collect(seq func(func(Piece) bool)) []Piece {
	var out []Piece
	for p := range seq {
		out = append(out, p)
	}
	return out
}

func equal(a, b []Piece) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestQuery: every query of up to 7 bytes over "&", "=", "a" and "%", and
// some past the scanner's 64-byte window, splits as the model does.
func TestQuery(t *testing.T) {
	inputs := testutil.AllStrings("&=a%", 7)
	long := strings.Repeat("a", 70)
	inputs = append(inputs, long, long+"&b=1", "&&"+long+"="+long+"&&", strings.Repeat("x=1&", 40))
	for _, q := range inputs {
		if got, want := collect(Query(q)), model(q, "&", ""); !equal(got, want) {
			t.Fatalf("Query(%q) = %v; want %v", q, got, want)
		}
	}
}

// TestQueryParts: the raw names and values are the ones net/url's
// ParseQuery decodes, for queries it reads without error.
func TestQueryParts(t *testing.T) {
	q := "a=1&&b=2=3&c&=d&e%41=%42"
	vals, err := url.ParseQuery(q)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for p := range Query(q) {
		name, _ := url.QueryUnescape(p.RawName(q))
		value, _ := url.QueryUnescape(p.RawValue(q))
		if vs := vals[name]; len(vs) == 0 || vs[0] != value {
			t.Errorf("piece %q=%q: net/url has %q", name, value, vs)
		}
		n++
	}
	if n != 5 {
		t.Errorf("%d pieces, want 5", n)
	}
}

// TestCookie: every header of up to 6 bytes over ";", "=", "a", space and
// tab splits as the model does (RFC 6265 §5.4: ";" separates, white
// space around a piece is not part of it).
func TestCookie(t *testing.T) {
	for _, h := range testutil.AllStrings(";= a\t", 6) {
		if got, want := collect(Cookie(h)), model(h, ";", " \t"); !equal(got, want) {
			t.Fatalf("Cookie(%q) = %v; want %v", h, got, want)
		}
	}
}
