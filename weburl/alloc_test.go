// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"strings"
	"testing"
	"time"
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

// TestLinear parses URLs of 4 MiB whose parts grow with the input, and
// holds each to a time proportional to its length against one of 256 KiB
// of the same shape: the parser and the serializer are linear.
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 4 MiB inputs")
	}
	shapes := []func(n int) string{
		func(n int) string { return "http://h/" + strings.Repeat("a/../", n/5) },
		func(n int) string { return "http://h/" + strings.Repeat("%2e%2e/", n/7) },
		func(n int) string { return "http://h/?" + strings.Repeat("é ", n/3) },
		func(n int) string { return "http://" + strings.Repeat("a.", n/2) + "com/" },
		func(n int) string { return "http://" + strings.Repeat("ä", n/2) + ".com/" },
		func(n int) string { return "http://" + strings.Repeat("@", n) + "h/" },
		func(n int) string { return "sc:" + strings.Repeat(" ", n) + "x" },
		func(n int) string { return "http://h/" + strings.Repeat("\t", n) },
		func(n int) string { return "file:///" + strings.Repeat("C|/", n/3) },
		func(n int) string { return "http://[" + strings.Repeat("0:", n/2) + "]/" },
	}
	for i, shape := range shapes {
		small, large := shape(1<<18), shape(1<<22)
		ts, tl := timeParse(small), timeParse(large)
		if tl > 40*ts+50*time.Millisecond {
			t.Errorf("shape %d: %v for 4 MiB, %v for 256 KiB", i, tl, ts)
		}
	}
}

func timeParse(s string) time.Duration {
	best := time.Duration(1 << 62)
	for range 3 {
		start := time.Now()
		ParseRef(s, nil)
		best = min(best, time.Since(start))
	}
	return best
}
