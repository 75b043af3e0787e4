// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"strings"

	"github.com/urlcodec/percent/internal/lex"
)

// Comparison works on units: a literal byte, or an escape standing for a
// byte. In the normal form of RFC 3986 §6.2.2.1–2 an escape of an unreserved
// byte is that byte, every other escape is written with upper-case hex, and a
// stray "%" (not followed by two hex digits) is the escape %25.

// unit returns the unit of s at i in normal form: its byte, whether it is
// written as an escape, and how many bytes of s it takes.
func unit(s string, i int) (c byte, esc bool, n int) {
	c = s[i]
	if c != '%' {
		return c, false, 1
	}
	if v, ok := unescape(s, i); ok {
		return v, !isUnreserved[v], 3
	}
	return '%', true, 1
}

// Equal reports whether a and b are the same text up to percent-encoding
// that does not change meaning (RFC 3986 §6.2.2.1–2; RFC 1630 §8): hex digits
// compare case-insensitively and an escape of an unreserved byte equals the
// byte. Everything else compares exactly: a reserved character means
// something else when escaped, so "%2F" is not "/", "%3D" is not "=" and
// "%20" is not "+". A stray "%" compares as "%25". Equal(a, b) is
// Normalize(a) == Normalize(b); it allocates nothing.
func Equal(a, b string) bool {
	return a == b || equalUnits(a, b, false)
}

// Compare returns an integer comparing Normalize(a) with Normalize(b)
// byte-wise: 0 exactly when [Equal](a, b), -1 when a sorts first, +1 when b
// does. It orders by the percent-encoding normal form of RFC 3986
// §6.2.2.1–2 (the rule [Equal] follows). It allocates nothing, so URLs can
// be sorted and deduplicated by that form without building strings.
func Compare(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] && a[i] != '%' {
			i++
			j++
			continue
		}
		ca, ea, na := unit(a, i)
		cb, eb, nb := unit(b, j)
		if ca != cb || ea != eb {
			// The first differing unit decides: compare their normal
			// forms, one byte or "%" and two upper-case hex digits.
			return compareUnits(ca, ea, cb, eb)
		}
		i += na
		j += nb
	}
	switch {
	case i < len(a):
		return +1
	case j < len(b):
		return -1
	}
	return 0
}

func compareUnits(ca byte, ea bool, cb byte, eb bool) int {
	fa, fb := ca, cb
	if ea {
		fa = '%'
	}
	if eb {
		fb = '%'
	}
	if fa == fb { // both escapes
		fa, fb = upperHex[ca>>4], upperHex[cb>>4]
		if fa == fb {
			fa, fb = upperHex[ca&15], upperHex[cb&15]
		}
	}
	if fa < fb {
		return -1
	}
	return +1
}

// Normalize returns the normal form of s for [Equal]: escapes written with
// upper-case hex, escapes of unreserved bytes (RFC 3986 §2.3) decoded, a stray
// "%" written "%25", and nothing else changed (RFC 3986 §6.2.2.1–2). It
// returns s itself when s is already normal, and is idempotent.
func Normalize(s string) string {
	i := strings.IndexByte(s, '%')
	for i >= 0 && i+2 < len(s) {
		// Find the first escape that is not in normal form.
		c, esc, _ := unit(s, i)
		if !esc || !isUpperEscape(s, i, c) {
			break
		}
		k := strings.IndexByte(s[i+3:], '%')
		if k < 0 {
			return s
		}
		i += 3 + k
	}
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteString(s[:i])
	for i < len(s) {
		c, esc, n := unit(s, i)
		if esc {
			var buf [3]byte
			b.Write(appendEscape(buf[:0], c, upperHex))
		} else {
			b.WriteByte(c)
		}
		i += n
	}
	return b.String()
}

// EqualOctets reports whether a and b are the same octets once every
// well-formed escape is decoded: the comparison of Keith Moore's exchange
// format ("Wrappers for URLs", 1993: "both exchange format URLs must first
// be decoded by replacing all %XX patterns with the corresponding octet").
// A stray "%" is an octet of its own.
//
// Use it for exchange-format URLs and for data that carries no URL syntax.
// For URLs in general it is the wrong question: RFC 1630 and RFC 3986 §2.2
// give reserved characters another meaning when escaped, so that
// "a%2Fb" (one path segment) and "a/b" (two) are different resources, yet
// EqualOctets says they are equal. Use [Equal] or [EqualURL] for those.
// EqualOctets allocates nothing.
func EqualOctets(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, na := octet(a, i)
		cb, nb := octet(b, j)
		if ca != cb {
			return false
		}
		i += na
		j += nb
	}
	return i == len(a) && j == len(b)
}

// octet returns the octet of s at i, decoding a well-formed escape.
func octet(s string, i int) (byte, int) {
	if s[i] == '%' {
		if v, ok := unescape(s, i); ok {
			return v, 3
		}
	}
	return s[i], 1
}

// equalUnits compares a and b unit by unit in normal form, ignoring the
// case of literal ASCII letters when fold is set.
func equalUnits(a, b string, fold bool) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] && a[i] != '%' {
			i++ // the same literal byte: no need to read units
			j++
			continue
		}
		ca, ea, na := unit(a, i)
		cb, eb, nb := unit(b, j)
		if !ea && fold {
			ca = lex.Lower(ca)
		}
		if !eb && fold {
			cb = lex.Lower(cb)
		}
		if ca != cb || ea != eb {
			return false
		}
		i += na
		j += nb
	}
	return i == len(a) && j == len(b)
}
