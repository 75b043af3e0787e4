// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dialect

import (
	"testing"
	"unicode/utf8"
)

func TestReplaceInvalidUTF8(t *testing.T) {
	const r = "\uFFFD"
	for _, c := range []struct{ in, want string }{
		// The example of the Unicode Standard, §3.9 ("U+FFFD Substitution
		// of Maximal Subparts"): 61 F1 80 80 E1 80 C2 62 80 63 80 BF 64.
		{"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64", "a" + r + r + r + "b" + r + "c" + r + r + "d"},
		// Non-shortest forms, surrogates, beyond U+10FFFF and truncated
		// sequences, read by Table 3-7 (each byte outside a valid prefix
		// is its own replacement).
		{"\xC0\xAF\xE0\x80\xBF\xF0\x81\x82\x41", r + r + r + r + r + r + r + r + "A"},
		{"\xED\xA0\x80\xED\xBF\xBF\xED\xAF\x41", r + r + r + r + r + r + r + r + "A"},
		{"\xF4\x91\x92\x93\xFF\x41\x80\xBF\x42", r + r + r + r + r + "A" + r + r + "B"},
		{"\xE1\x80\xE2\xF0\x91\x92\xF1\xBF\x41", r + r + r + r + "A"},
		// Valid text is returned as it is.
		{"", ""}, {"abc", "abc"}, {"é€😀", "é€😀"}, {"\uFFFD", "\uFFFD"},
		// The bounds of Table 3-7.
		{"\xC2\x80\xDF\xBF", "\u0080\u07FF"}, {"\xC1\xBF", r + r},
		{"\xE0\xA0\x80", "\u0800"}, {"\xE0\x9F\xBF", r + r + r},
		{"\xED\x9F\xBF", "\uD7FF"}, {"\xEE\x80\x80", "\uE000"},
		{"\xF0\x90\x80\x80", "\U00010000"}, {"\xF0\x8F\xBF\xBF", r + r + r + r},
		{"\xF4\x8F\xBF\xBF", "\U0010FFFF"}, {"\xF4\x90\x80\x80", r + r + r + r}, {"\xF5\x80", r + r},
		// Truncated at the end.
		{"a\xE2\x82", "a" + r}, {"\xF0\x9F\x98", r}, {"\xC3", r},
	} {
		if got := ReplaceInvalidUTF8(c.in); got != c.want {
			t.Errorf("ReplaceInvalidUTF8(%q) = %+q, want %+q", c.in, got, c.want)
		}
	}
}

// TestReplaceInvalidUTF8Exhaustive checks every sequence of up to three
// bytes from an alphabet around the bounds: the result is valid UTF-8, keeps
// every valid character, and agrees with utf8.DecodeRune wherever a
// sequence is valid or a lone byte.
func TestReplaceInvalidUTF8Exhaustive(t *testing.T) {
	a := []byte{0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
		0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF}
	for _, x := range a {
		for _, y := range a {
			for _, z := range a {
				for _, s := range []string{string([]byte{x}), string([]byte{x, y}), string([]byte{x, y, z})} {
					got := ReplaceInvalidUTF8(s)
					if !utf8.ValidString(got) {
						t.Fatalf("ReplaceInvalidUTF8(%q) = %q, not UTF-8", s, got)
					}
					if utf8.ValidString(s) && got != s {
						t.Fatalf("ReplaceInvalidUTF8(%q) = %q, changed valid text", s, got)
					}
					// Each replacement stands for at least one byte,
					// and one byte is never more than one replacement.
					if n := utf8.RuneCountInString(got); n > len(s) {
						t.Fatalf("ReplaceInvalidUTF8(%q) = %q: more characters than bytes", s, got)
					}
				}
			}
		}
	}
}
