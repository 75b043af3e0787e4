// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dialect

import (
	"unicode/utf8"

	"github.com/urlcodec/percent/internal/lex"
)

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
		n := lex.Subpart(s[i:])
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
