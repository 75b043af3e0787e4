// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"slices"
	"strings"
	"testing"

	"github.com/urlcodec/percent/tools/testutil"
)

// TestNeedsDecode: over all 256 bytes, at every length around the loop's
// 16, a byte needs decoding exactly when it is "%", or "+" with plus.
func TestNeedsDecode(t *testing.T) {
	for c := range 256 {
		for _, n := range []int{1, 15, 16, 40} {
			for _, plus := range []bool{false, true} {
				s := strings.Repeat("a", n-1) + string(rune(c))
				if c >= 0x80 {
					s = strings.Repeat("a", n-1) + string([]byte{byte(c)})
				}
				want := c == '%' || c == '+' && plus
				if got := needsDecode(s, plus); got != want {
					t.Errorf("needsDecode(%q, %v) = %v", s, plus, got)
				}
			}
		}
	}
}

// TestSplitShort: splitShort splits as strings.Split does, for every string
// of up to 10 bytes over "a" and ".", and around its limits of 31
// separators and maxShortList bytes; past 31 it declines.
func TestSplitShort(t *testing.T) {
	inputs := testutil.AllStrings("a.", 10)
	for n := 29; n <= 34; n++ {
		inputs = append(inputs, strings.Repeat("ab.", n)+"c", strings.Repeat(".", n), strings.Repeat("x", 200)+strings.Repeat(".", n))
	}
	inputs = append(inputs, strings.Repeat("abcdefgh.", 28)+"abc") // 255 bytes
	for _, s := range inputs {
		got := splitShort(s, '.')
		want := strings.Split(s, ".")
		if len(want) > 32 {
			if got != nil {
				t.Fatalf("splitShort(%q) = %q, want nil past 31 separators", s, got)
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Fatalf("splitShort(%q) = %q, want %q", s, got, want)
		}
	}
}
