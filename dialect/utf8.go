// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dialect

import "unicode/utf8"

// ReplaceInvalidUTF8 returns s with each maximal subpart of an ill-formed
// UTF-8 sequence replaced by U+FFFD, as the Unicode Standard recommends
// (§3.9, "U+FFFD Substitution of Maximal Subparts") and as the decoders of
// Python (errors="replace"), Java (String from UTF-8 bytes) and the WHATWG
// Encoding Standard do: "\xE2\x82" is one U+FFFD, "\xFF\xFF" two. It
// returns s itself when s is valid UTF-8.
//
// It differs from strings.ToValidUTF8, which replaces a whole run of
// invalid bytes with one replacement, and from ranging over s, which
// yields one utf8.RuneError a byte.
func ReplaceInvalidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, c)
			i++
			continue
		}
		n := subpart(s[i:])
		if n < 0 {
			// A whole, valid sequence.
			n = -n
			b = append(b, s[i:i+n]...)
		} else {
			b = append(b, "\uFFFD"...)
		}
		i += n
	}
	return string(b)
}

// subpart returns -n when s begins with a valid n-byte sequence, and
// otherwise the length of the maximal subpart at its start: the longest
// prefix that begins a valid sequence (at least 1). Table 3-7 of the Unicode
// Standard gives the ranges.
func subpart(s string) int {
	c := s[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF) // the range of the second byte
	switch {
	case 0xC2 <= c && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case 0xE1 <= c && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case 0xF1 <= c && c <= 0xF3:
		need = 3
	default:
		return 1 // 80–C1, F5–FF never begin a sequence
	}
	for k := 1; k <= need; k++ {
		if k >= len(s) || s[k] < lo || s[k] > hi {
			return k
		}
		lo, hi = 0x80, 0xBF
	}
	return -(need + 1)
}
