// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"unicode/utf8"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/lex"
)

// The classes of a byte, as bits of cls: which percent-encode sets of the
// URL Standard (§1.3) encode it, and which bytes end a component.
const (
	encC0        = 1 << iota // C0 control percent-encode set
	encFragment              // fragment percent-encode set
	encQuery                 // query percent-encode set
	encSpecialQ              // special-query percent-encode set
	encPath                  // path percent-encode set
	encUserinfo              // userinfo percent-encode set
	forbidHost               // forbidden host code point
	forbidDomain             // forbidden domain code point
	endSlash                 // "/": ends a path segment
	endBackslash             // "\\": ends a path segment where the scheme is special
	endQuery                 // "?" and "#": end a path (but for the pathname setter)
)

// cls holds the classes of each byte. The percent-encode sets are read
// from package percent's WHATWG encodings, whose safe sets are their
// complements less "%": the URL parser leaves "%" as it stands, so no
// set here holds it. Bytes 80-FF are in every percent-encode set (they
// are UTF-8 of code points past U+007E).
var cls [256]uint16

func init() {
	sets := []struct {
		e   *percent.Encoding
		bit uint16
	}{
		{percent.WHATWGC0Control, encC0},
		{percent.WHATWGFragment, encFragment},
		{percent.WHATWGQuery, encQuery},
		{percent.WHATWGSpecialQuery, encSpecialQ},
		{percent.WHATWGPath, encPath},
		{percent.WHATWGUserinfo, encUserinfo},
	}
	for c := 0; c < 256; c++ {
		for _, s := range sets {
			if c != '%' && !s.e.Safe().Contains(byte(c)) {
				cls[c] |= s.bit
			}
		}
	}
	// The forbidden host code points (§3.1), and the forbidden domain code
	// points: those, C0 controls, "%" and U+007F.
	for _, c := range []byte("\x00\t\n\r #/:<>?@[\\]^|") {
		cls[c] |= forbidHost | forbidDomain
	}
	for c := 0; c <= 0x1F; c++ {
		cls[c] |= forbidDomain
	}
	cls['%'] |= forbidDomain
	cls[0x7F] |= forbidDomain
	cls['/'] |= endSlash
	cls['\\'] |= endBackslash
	cls['?'] |= endQuery
	cls['#'] |= endQuery
}

// isURLUnit reports whether r is a URL code point (§4.1) or "%": what a
// valid URL string holds, less the check of each "%".
func isURLUnit(r rune) bool {
	switch {
	case r < 0x80:
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			r != 0 && r < 0x80 && indexByte("!$&'()*+,-./:;=?@_~%", byte(r))
	case r < 0xA0 || r > 0x10FFFD:
		return false
	case r >= 0xD800 && r <= 0xDFFF:
		return false
	case r >= 0xFDD0 && r <= 0xFDEF || r&0xFFFE == 0xFFFE:
		return false // noncharacters
	}
	return true
}

func indexByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 0x20
	}
	return c
}

// decodeRune reads the code point at the start of s as a browser's UTF-8
// decoder does (WHATWG Encoding §4.1): a byte sequence that is not UTF-8
// reads as U+FFFD, one for each maximal subpart of a sequence.
func decodeRune(s string) (rune, int) {
	if s[0] < utf8.RuneSelf {
		return rune(s[0]), 1
	}
	if n := lex.Subpart(s); n > 0 {
		return utf8.RuneError, n
	}
	return utf8.DecodeRuneInString(s)
}

// validateUnits reports the invalid URL units of s from i.
func validateUnits(s string, i int, w func(string, int)) {
	for i < len(s) {
		r, n := decodeRune(s[i:])
		if r == 0xFFFD && (n != 3 || s[i:i+3] != "\uFFFD") {
			w("invalid-URL-unit", i)
		} else if !isURLUnit(r) {
			w("invalid-URL-unit", i)
		} else if r == '%' && (i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2])) {
			w("invalid-URL-unit", i)
		}
		i += n
	}
}
