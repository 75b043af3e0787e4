// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"testing"

	"github.com/urlcodec/percent/tools/testutil"
)

// realURLs returns the 48 010 lines of testdata/urls/kasztp.txt.gz (real
// web pages, the data set ada's benchmarks use).
func realURLs(tb testing.TB) []string {
	return testutil.GzipLines(tb, "testdata/urls/kasztp.txt.gz")
}

// BenchmarkParse parses and serializes the real URLs, one a run, cycling
// through all of them (tools/urlbench compares net/url and nlnwa/whatwg-url).
func BenchmarkParse(b *testing.B) {
	urls := realURLs(b)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := range b.N {
		u, err := Parse(urls[i%len(urls)])
		if err == nil {
			n += len(u.Href())
		}
	}
	_ = n
}

// TestRealURLs: every line of the real URLs parses but the first, which
// starts with the file's byte-order mark, and the last, "https://" (no
// host); each serialization parses to its URL.
func TestRealURLs(t *testing.T) {
	urls := realURLs(t)
	if len(urls) != 48010 {
		t.Fatalf("%d lines", len(urls))
	}
	canonical := 0
	for i, s := range urls {
		u, err := Parse(s)
		if err != nil {
			if i != 0 && i != len(urls)-1 {
				t.Errorf("%q: %v", s, err)
			}
			continue
		}
		if u.Href() == s {
			canonical++
		}
		if v, err := Parse(u.Href()); err != nil || v != u {
			t.Errorf("%q: %q does not parse to itself", s, u.Href())
		}
	}
	t.Logf("%d of %d already canonical", canonical, len(urls))
}
