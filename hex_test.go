// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"strconv"
	"testing"
)

// TestUnescapeExhaustive checks the one escape check against strconv on
// every pair of bytes after a "%", at the end of the input too.
func TestUnescapeExhaustive(t *testing.T) {
	for h := 0; h < 256; h++ {
		for l := 0; l < 256; l++ {
			s := string([]byte{'%', byte(h), byte(l)})
			v, err := strconv.ParseUint(s[1:], 16, 8)
			ok := err == nil && isHex(s[1]) && isHex(s[2]) // ParseUint takes "0x" and "_" in some forms
			got, gotOK := unescape(s, 0)
			if gotOK != ok || ok && got != byte(v) || isEscape(s, 0) != ok {
				t.Fatalf("unescape(%q) = %#x, %v; want %#x, %v", s, got, gotOK, v, ok)
			}
			if ok && (isEscape(s[:2], 0) || isEscape("a"+s[:2], 1)) {
				t.Fatalf("isEscape of the cut %q", s[:2])
			}
		}
		if isHexDigit(byte(h)) != isHex(byte(h)) {
			t.Fatalf("isHexDigit(%#x)", h)
		}
	}
}

func isHex(c byte) bool {
	_, err := strconv.ParseUint(string([]byte{c}), 16, 8)
	return err == nil
}

// TestEscapeCode checks the one place an escape is written against fmt,
// for every byte and both hex cases.
func TestEscapeCode(t *testing.T) {
	for c := 0; c < 256; c++ {
		for _, tc := range []struct{ hex, format string }{{upperHex, "%%%02X"}, {lowerHex, "%%%02x"}} {
			want := fmt.Sprintf(tc.format, c)
			v := escapeCode(byte(c), tc.hex)
			if got := string([]byte{byte(v), byte(v >> 8), byte(v >> 16)}); got != want || v>>24 != 3 {
				t.Fatalf("escapeCode(%#x) = %q width %d, want %q", c, got, v>>24, want)
			}
			if got := string(appendEscape([]byte("x"), byte(c), tc.hex)); got != "x"+want {
				t.Fatalf("appendEscape(%#x) = %q", c, got)
			}
		}
	}
}
