// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestAllocs: a URL already in canonical form is its input, without an
// allocation; one that the parser changes costs one (its serialization),
// and so does one against a base.
func TestAllocs(t *testing.T) {
	base := mustParse(t, "https://example.org/a/b?c")
	for _, c := range []struct {
		in     string
		base   *URL
		allocs float64
	}{
		{"https://www.sec.gov/edgar.shtml", nil, 0},
		{"https://user:pass@example.com:8080/a/b?q=1&r=2#frag", nil, 0},
		{"http://[::1]/", nil, 0},
		{"file:///C:/x", nil, 0},
		{"mailto:someone@example.com", nil, 0},
		{"sc://h/p?q#f", nil, 0},
		{"HTTPS://WWW.SEC.GOV/edgar.shtml", nil, 1},
		{"https://www.sec.gov", nil, 1},
		{"https://www.sec.gov/a/../b/./c", nil, 1},
		{"https://www.sec.gov/a b?c d#e f", nil, 1},
		{"http://0x7f.1/", nil, 1},
		{"../x?y", base, 1},
		{"https://münchen.de/", nil, 2}, // the domain's UTS #46 conversion
	} {
		got := testing.AllocsPerRun(100, func() {
			if _, err := ParseRef(c.in, c.base); err != nil {
				t.Fatal(err)
			}
		})
		if got != c.allocs {
			t.Errorf("ParseRef(%q): %v allocations, want %v", c.in, got, c.allocs)
		}
	}
	u := mustParse(t, "https://user:pass@example.com:8080/a/b?q=1&r=2#frag")
	got := testing.AllocsPerRun(100, func() {
		_ = u.Href() + u.Origin() + u.Protocol() + u.Username() + u.Password() + u.Host() + u.Hostname() + u.Port() + u.Pathname() + u.Search() + u.Hash()
	})
	if got > 2 { // the concatenation, and Origin with credentials
		t.Errorf("getters: %v allocations", got)
	}
}

// linearShapes are URLs of n bytes or so whose parts grow with n: the
// inputs of TestLinear and BenchmarkLinear.
var linearShapes = []struct {
	name  string
	shape func(n int) string
}{
	{"dot-segments", func(n int) string { return "http://h/" + strings.Repeat("a/../", n/5) }},
	{"escaped-dots", func(n int) string { return "http://h/" + strings.Repeat("%2e%2e/", n/7) }},
	{"query", func(n int) string { return "http://h/?" + strings.Repeat("é ", n/3) }},
	{"labels", func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "com/" }},
	{"unicode-host", func(n int) string { return "http://" + strings.Repeat("ä", n/2) + ".com/" }},
	{"at-signs", func(n int) string { return "http://" + strings.Repeat("@", n) + "h/" }},
	{"opaque-spaces", func(n int) string { return "sc:" + strings.Repeat(" ", n) + "x" }},
	{"tabs", func(n int) string { return "http://h/" + strings.Repeat("\t", n) }},
	{"drive-letters", func(n int) string { return "file:///" + strings.Repeat("C|/", n/3) }},
	{"ipv6", func(n int) string { return "http://[" + strings.Repeat("0:", n/2) + "]/" }},
	{"distinct-code-points", func(n int) string { // one label's Punycode
		var b strings.Builder
		b.WriteString("http://")
		for r := rune(0x4E00); b.Len() < n; r++ {
			b.WriteRune(r)
		}
		return b.String() + "/"
	}},
	{"long-punycode", func(n int) string { return "http://xn--" + strings.Repeat("a", n) + "b/" }},
	{"many-punycode-labels", func(n int) string { return "http://" + strings.Repeat("xn--zca.", n/8) + "com/" }},
}

// TestLinear parses URLs of 4 MiB of each shape, and holds the memory
// each parse allocates to 20 times its length (an output up to three
// times as long as the input, escaped, the buffer grown to it once, and
// the string made of it; a host's code points take 12 bytes each in
// package idna, and NFC copies them); their time, against inputs of 256
// KiB, is BenchmarkLinear's.
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 4 MiB inputs")
	}
	for _, sh := range linearShapes {
		in := sh.shape(4 << 20)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		u, err := Parse(in)
		runtime.ReadMemStats(&after)
		if n := after.TotalAlloc - before.TotalAlloc; n > uint64(20*len(in)+1<<16) {
			t.Errorf("%s: %d bytes allocated for %d of input", sh.name, n, len(in))
		}
		if err == nil {
			if v, err := Parse(u.Href()); err != nil || v != u {
				t.Errorf("%s: the serialization does not parse to the URL", sh.name)
			}
		}
	}
	// Validate's offsets, past removed tabs, one search each.
	in := strings.Repeat("\t^", 1<<20)
	if errs := Validate("http://h/"+in, nil); len(errs) < 1<<20 {
		t.Errorf("Validate: %d errors", len(errs))
	}
}

// BenchmarkLinear parses each shape at 256 KiB and 4 MiB: the time per
// byte of the two stays the same (linear time).
func BenchmarkLinear(b *testing.B) {
	for _, sh := range linearShapes {
		for _, n := range []int{256 << 10, 4 << 20} {
			in := sh.shape(n)
			b.Run(sh.name+"/"+strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for range b.N {
					Parse(in)
				}
			})
		}
	}
}
