// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlcodec/percent/form"
)

type fuzzItem struct {
	N    int               `form:"n"`
	S    string            `form:"s,omitempty"`
	Tags []string          `form:"tags"`
	M    map[string]string `form:"m"`
}

type fuzzTarget struct {
	A     string              `form:"a"`
	B     *bool               `form:"b"`
	F     float64             `form:"f"`
	Items []fuzzItem          `form:"items"`
	Arr   [3]uint16           `form:"arr"`
	Deep  map[string][]string `form:"deep"`
	Raw   []byte              `form:"raw"`
	Any   any                 `form:"any"`
}

// FuzzForm: no input panics; every failure is an *Error; a query read
// into a struct or into an interface{} writes back (Marshal) as a query
// that reads into the same value, and writes again as the same query
// (Unmarshal∘Marshal is the identity on what Unmarshal gives); and reading
// a query of n bytes into an interface{} allocates at most allocPerByte·n
// bytes beyond a constant, whatever its indices say.
func FuzzForm(f *testing.F) {
	for _, s := range []string{
		"a=1&b=on&f=1.5&items[0][n]=2&items[0].tags[]=x&items.1.m[k]=v&arr[2]=7&deep[x][]=1&raw=%FF&any[a][0]=1",
		"a[=1", "a[b]c=1", "items[999999999][n]=1", "a=1&a=2", "any=1&any[x]=2", "?a=%zz",
		"any[0]=x&any[]=y&any[1]=z", "items[0][m][a]=1&items[0][m][b]=2", "deep[.]=1", "a%5Bb=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		var v fuzzTarget
		err := form.Unmarshal(q, &v)
		var fe *form.Error
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("%q: %v is not an *Error", q, err)
		}
		if err == nil {
			roundTrip(t, q, &v, new(fuzzTarget))
		}
		var m map[string]any
		if got, limit := allocated(func() { _ = form.Unmarshal(q, new(map[string]any)) }), allocLimit(len(q)); got > limit {
			t.Fatalf("%q (%d bytes): Unmarshal allocated %d bytes, past %d", q, len(q), got, limit)
		}
		if err := form.Unmarshal(q, &m); err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("%q: %v is not an *Error", q, err)
			}
			return
		}
		roundTrip(t, q, &m, new(map[string]any))
	})
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// allocLimit is what reading n bytes into an interface{} may allocate: a
// pair of 32 bytes and a tree node and a value node of 40 bytes for every
// 2 bytes, the map and
// slice entries of the result, the decoded text, and a constant for the
// pooled buffers and the maps' first buckets.
func allocLimit(n int) uint64 {
	const allocPerByte = 200
	return uint64(allocPerByte*n + 64<<10)
}

// roundTrip checks that v, read from q, writes as a query that reads into
// fresh as v writes again.
func roundTrip[T any](t *testing.T, q string, v, fresh *T) {
	t.Helper()
	s, err := form.Marshal(v)
	if err != nil {
		var fe *form.Error
		if !errors.As(err, &fe) {
			t.Fatalf("%q: Marshal: %v is not an *Error", q, err)
		}
		return // a value Unmarshal can hold and Marshal cannot write: a NaN, a key with "]"
	}
	if err := form.Unmarshal(s, fresh); err != nil {
		t.Fatalf("%q: Marshal wrote %q, which does not read back: %v", q, s, err)
	}
	s2, err := form.Marshal(fresh)
	if err != nil || s2 != s {
		t.Fatalf("%q: wrote %q, read back and wrote %q (%v)", q, s, s2, err)
	}
}

// FuzzDialects: no query panics a dialect or makes it fail with anything
// but an *Error; the tree a dialect reads builds without error, and its
// JSON reads back as the same tree; and what PHP's and qs's builders write
// for a tree whose keys hold no bracket, their parsers read back as that
// tree.
func FuzzDialects(f *testing.F) {
	for _, s := range []string{
		"a[1]=x&a[0]=y", "a[b]=1&a=2", "a=2&a[b]=1", "a[=1", "a[b]c=1", "a=1&a=2", "a[]=1&a[][b]=2",
		"a[21]=1&a[]=2", "a.b c=1", "a[ ]=1&a[%09]=2", "a&b[]=1;b[]=2", "%=1", "a[__proto__]=1",
		"a[b][c][d][e][f][g]=1", "a[9223372036854775807]=1&a[]=2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, d := range []*form.Dialect{form.QS, form.Rack, form.PHP} {
			n, err := d.Parse(q)
			if err != nil {
				var fe *form.Error
				if !errors.As(err, &fe) {
					t.Fatalf("%s: Parse(%q): %v is not an *Error", d, q, err)
				}
				continue
			}
			b, err := d.Build(n)
			if err != nil {
				t.Fatalf("%s: Build(Parse(%q)): %v", d, q, err)
			}
			j, err := n.MarshalJSON()
			if err != nil {
				t.Fatalf("%s: MarshalJSON(Parse(%q)): %v", d, q, err)
			}
			if utf8.ValidString(q) && validTree(n) {
				var back form.Node
				if err := back.UnmarshalJSON(j); err != nil {
					t.Fatalf("%s: %q: JSON %s does not read back: %v", d, q, j, err)
				}
				if j2, _ := back.MarshalJSON(); string(j2) != string(j) {
					t.Fatalf("%s: %q: JSON %s reads back as %s", d, q, j, j2)
				}
			}
			if d == form.Rack || !plainKeys(n) || !utf8.ValidString(q) || !validTree(n) {
				continue // a key with a bracket reads back as brackets; JavaScript holds no bytes that are not UTF-8
			}
			n2, err := d.Parse(b)
			if err != nil {
				t.Fatalf("%s: %q builds as %q, which does not parse: %v", d, q, b, err)
			}
			j2, _ := n2.MarshalJSON()
			if string(j2) != string(j) {
				t.Fatalf("%s: %q reads as %s, builds as %q, which reads as %s", d, q, j, b, j2)
			}
		}
	})
}

// validTree reports whether every string and key of n is UTF-8, as JSON
// holds them.
func validTree(n *form.Node) bool {
	if !utf8.ValidString(n.Value) {
		return false
	}
	for _, it := range n.Items {
		if !validTree(it) {
			return false
		}
	}
	for _, m := range n.Members {
		if !utf8.ValidString(m.Key) || !validTree(m.Value) {
			return false
		}
	}
	return true
}

// plainKeys reports whether no key of n holds a bracket.
func plainKeys(n *form.Node) bool {
	for _, it := range n.Items {
		if !plainKeys(it) {
			return false
		}
	}
	for _, m := range n.Members {
		if strings.ContainsAny(m.Key, "[]") || !plainKeys(m.Value) {
			return false
		}
	}
	return true
}
