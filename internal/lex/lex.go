// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package lex holds the byte-level rules that package percent and its
// sibling packages share, each written once: the ASCII predicates and the
// one ASCII case fold, the scheme syntax (RFC 3986 §3.1), the URL splitter
// (RFC 3986 §3), and the UTF-8 sequence rules (Unicode §3.9, Table 3-7).
package lex

import "strings"

// Text is the input of every scanner here: a string or a byte slice.
type Text interface{ ~string | ~[]byte }

// IsAlpha reports whether c is an ASCII letter (RFC 3986 ALPHA).
func IsAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// IsDigit reports whether c is an ASCII digit (RFC 3986 DIGIT).
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsAlnum reports whether c is an ASCII letter or digit.
func IsAlnum(c byte) bool { return IsAlpha(c) || IsDigit(c) }

// IsSpace reports whether c is white space or a line break (Moore 1993,
// rule 3: "white space characters and line-breaks").
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// Lower returns c with an ASCII upper-case letter made lower case, and
// every other byte as it is: the one case fold. Only A–Z fold, so that
// U+212A KELVIN SIGN and U+017F LONG S never match "k" and "s", as they do
// under strings.EqualFold.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// EqualFold reports whether a and b are equal with A–Z folded to a–z
// ([Lower]) and nothing else folded.
func EqualFold[A, B Text](a A, b B) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if Lower(a[i]) != Lower(b[i]) {
			return false
		}
	}
	return true
}

// HasPrefixFold reports whether s begins with prefix under [EqualFold].
func HasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && EqualFold(s[:len(prefix)], prefix)
}

// AppendLower appends s with A–Z folded to a–z.
func AppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, Lower(s[i]))
	}
	return dst
}

// IsSchemeByte reports whether c can stand in a scheme name after its first
// letter (RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )).
func IsSchemeByte(c byte) bool { return IsAlnum(c) || c == '+' || c == '-' || c == '.' }

// SchemeRun returns the length of the run of scheme characters at the start
// of s: a letter, then letters, digits, "+", "-" and "." (RFC 3986 §3.1:
// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )); 0 when s does not
// begin with a letter. It is the one scheme scanner.
func SchemeRun(s string) int {
	if s == "" || !IsAlpha(s[0]) {
		return 0
	}
	i := 1
	for i < len(s) && IsSchemeByte(s[i]) {
		i++
	}
	return i
}

// SchemeLen returns the length of the scheme name at the start of s, not
// counting its colon, or 0 when s does not begin with a scheme name
// followed by ":".
func SchemeLen(s string) int {
	if n := SchemeRun(s); n < len(s) && s[n] == ':' {
		return n
	}
	return 0
}

// ValidScheme reports whether s is a scheme name (RFC 3986 §3.1).
func ValidScheme(s string) bool { return s != "" && SchemeLen(s+":") == len(s) }

// URL holds the offsets of a URL's parts (RFC 3986 §3) in a string.
type URL struct {
	Scheme             int  // offset of the ':' after the scheme; -1 when there is none
	HasAuth            bool // an authority ("//") follows the scheme
	AuthStart          int  // after "//"
	HostStart, HostEnd int  // the host, after userinfo "@", before ":" port
	PathStart, PathEnd int  // the path, before "?" or "#"
}

// SplitURL finds the parts of s (RFC 3986 §3; a network-path reference,
// §4.2, has an authority too). The scheme is found by schemeEnd, which
// returns the offset of the scheme's ':' or -1; nil means [SchemeLen].
func SplitURL(s string, schemeEnd func(string) int) URL {
	u := URL{Scheme: -1}
	if schemeEnd != nil {
		u.Scheme = schemeEnd(s)
	} else if n := SchemeLen(s); n > 0 {
		u.Scheme = n
	}
	if u.Scheme < 0 {
		u.splitAfterScheme(s, 0) // a relative reference
		return u
	}
	u.splitAfterScheme(s, u.Scheme+1)
	return u
}

// splitAfterScheme finds the authority and path of s that begin at i.
func (u *URL) splitAfterScheme(s string, i int) {
	u.PathStart = i
	// Without an authority its parts are empty, at the start of the path.
	u.AuthStart, u.HostStart, u.HostEnd = i, i, i
	if strings.HasPrefix(s[i:], "//") {
		u.HasAuth = true
		u.AuthStart = i + 2
		end := len(s)
		if k := strings.IndexAny(s[u.AuthStart:], "/?#"); k >= 0 {
			end = u.AuthStart + k
		}
		auth := s[u.AuthStart:end]
		u.HostStart = u.AuthStart + strings.LastIndexByte(auth, '@') + 1
		u.HostEnd = end
		host := s[u.HostStart:end]
		if strings.HasPrefix(host, "[") {
			if k := strings.IndexByte(host, ']'); k >= 0 {
				if p := strings.IndexByte(host[k:], ':'); p >= 0 {
					u.HostEnd = u.HostStart + k + p
				}
			}
		} else if k := strings.IndexByte(host, ':'); k >= 0 {
			u.HostEnd = u.HostStart + k
		}
		u.PathStart = end
	}
	u.PathEnd = len(s)
	if k := strings.IndexAny(s[u.PathStart:], "?#"); k >= 0 {
		u.PathEnd = u.PathStart + k
	}
}

// SeqLen returns the length of the UTF-8 sequence that the lead byte c
// starts, or 0 for a byte no valid sequence starts with (a continuation
// byte, an overlong lead C0 or C1, or F5 and above).
func SeqLen(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 0
}

// Subpart returns -n when s begins with a valid n-byte UTF-8 sequence of a
// non-ASCII character, and otherwise the length of the maximal subpart at
// its start: the longest prefix that begins a valid sequence (at least 1).
// Table 3-7 of the Unicode Standard gives the ranges; s is not empty and
// s[0] is not ASCII.
func Subpart[T Text](s T) int {
	c := s[0]
	need := SeqLen(c) - 1
	lo, hi := byte(0x80), byte(0xBF) // the range of the second byte
	switch c {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	if need < 0 {
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

// FirstInvalidUTF8 returns the offset of the first byte of s that does not
// begin or continue a valid UTF-8 sequence, and the length of the maximal
// subpart there; -1 and 0 when s is valid UTF-8.
func FirstInvalidUTF8[T Text](s T) (int, int) {
	for i := 0; i < len(s); {
		if s[i] < 0x80 {
			i++
			continue
		}
		n := Subpart(s[i:])
		if n > 0 {
			return i, n
		}
		i -= n
	}
	return -1, 0
}

// EqualName reports whether got names want, a lower-case name such as
// "path-segment": A–Z fold to a–z ([Lower]) and "_" stands for "-".
func EqualName(want, got string) bool {
	if len(want) != len(got) {
		return false
	}
	for i := 0; i < len(want); i++ {
		c := Lower(got[i])
		if c == '_' {
			c = '-'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}
