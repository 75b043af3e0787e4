// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/tools/matrix"
)

// BenchmarkMatrix is the benchmark matrix (tools/matrix), percent and
// net/url cell by cell, in one process, so that benchreport -matrix can
// give the ratio of each cell; each reports ns per value.
func BenchmarkMatrix(b *testing.B) { matrix.Bench(b, matrix.Lengths) }

// TestMatrixValues: every cell's values have exactly its length, of its
// kind (the escaped kind needs escapes, the clean none, the non-ASCII has
// bytes past 7F), and each cell's two implementations agree on them, so
// that a ratio compares the same work.
func TestMatrixValues(t *testing.T) {
	for _, kind := range matrix.Kinds {
		for _, n := range []int{0, 1, 7, 16, 64, 1024} {
			vals := matrix.Values(kind, n)
			if len(vals) < 1 {
				t.Fatalf("%s/%d: no values", kind, n)
			}
			escapes, high := 0, 0
			for _, s := range vals {
				if len(s) != n {
					t.Fatalf("%s/%d: a value of %d bytes", kind, n, len(s))
				}
				if got, want := percent.Form.Encode(s), url.QueryEscape(s); got != want {
					t.Fatalf("%s/%d: Form.Encode(%q) = %q, url.QueryEscape %q", kind, n, s, got, want)
				}
				if got, want := percent.PathSegment.Encode(s), url.PathEscape(s); got != want && !strings.ContainsAny(s, "!$&'()*+,;=:@") {
					t.Fatalf("%s/%d: PathSegment.Encode(%q) = %q, url.PathEscape %q", kind, n, s, got, want)
				}
				escapes += len(percent.Form.Encode(s)) - len(s)
				for i := 0; i < len(s); i++ {
					if s[i] >= 0x80 {
						high++
					}
				}
			}
			switch {
			case n >= 16 && kind == "clean" && escapes != 0,
				n >= 64 && kind == "escaped" && escapes == 0,
				n >= 16 && kind == "nonascii" && high < len(vals)*n/2:
				t.Errorf("%s/%d: %d escape bytes, %d bytes past 7F: not of the kind", kind, n, escapes, high)
			}
		}
	}
}
