// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

// The ASCII predicates of the parsers, and the one scheme predicate.

// isAlpha reports whether c is an ASCII letter (RFC 3986 ALPHA).
func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }

// isHexDigit reports whether c is a hex digit of either case (RFC 3986
// HEXDIG, which RFC 3986 §2.1 reads case-insensitively).
func isHexDigit(c byte) bool { return unhex[c] <= 0xF }

// isSpace reports whether c is white space or a line break (Moore 1993,
// rule 3: "white space characters and line-breaks").
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// lower returns c with an ASCII upper-case letter made lower case.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// isSchemeByte reports whether c can stand in a scheme name after its first
// letter (RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
func isSchemeByte(c byte) bool { return isAlnum(c) || c == '+' || c == '-' || c == '.' }

// validScheme reports whether s is a scheme name (RFC 3986 §3.1).
func validScheme(s string) bool {
	if s == "" || !isAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isSchemeByte(s[i]) {
			return false
		}
	}
	return true
}
