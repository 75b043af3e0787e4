// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"strings"
	"testing"
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
