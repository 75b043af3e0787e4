// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

//go:generate go run ./tools/gendisplay

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urlcodec/percent/internal/lex"
)

// Display returns u as a person should see it: an IRI (RFC 3987 §3.2) in
// which exactly the escapes that are safe to show are decoded: escapes of
// unreserved ASCII, and runs of escapes that are one complete, valid UTF-8
// sequence of a character safe to show. Escapes of other ASCII bytes,
// invalid UTF-8 and the characters that could hide or spoof (controls,
// bidi controls, format and default-ignorable characters, lookalikes of URL
// delimiters, ...: the package doc lists the classes) stay escaped, and
// such characters standing raw in u are written escaped, so that no ESC or
// U+202E reaches a terminal. Other raw bytes and the host's escapes stay as
// they are.
//
// Display is idempotent and loses nothing: [ToURI] of its result is [Equal]
// to ToURI(u). It returns u itself when nothing changes.
func Display(u string) string {
	u = escapeRaw(u)
	i := strings.IndexByte(u, '%')
	if i < 0 {
		return u
	}
	p := splitURL(u)
	hostStart, hostEnd := -1, -1
	if p.HasAuth {
		hostStart, hostEnd = p.HostStart, p.HostEnd
	}
	out := make([]byte, 0, len(u))
	out = append(out, u[:i]...)
	changed := false
	for i < len(u) {
		c := u[i]
		if c != '%' || hostStart <= i && i < hostEnd {
			out = append(out, c)
			i++
			continue
		}
		v, ok := unescape(u, i)
		switch {
		case !ok:
			out = append(out, '%')
			i++
			continue
		case v < utf8.RuneSelf:
			// An unreserved byte, unless it would complete an escape with
			// a stray "%" before it (which a second Display would decode).
			if isUnreserved[v] && !(isHexDigit(v) && endsInStrayPercent(out)) {
				out = append(out, v)
				changed = true
			} else {
				out = append(out, u[i:i+3]...)
			}
			i += 3
			continue
		}
		if r, n := escapedRune(u, i); n > 0 && displayable(r) {
			out = utf8.AppendRune(out, r)
			changed = true
			i += n
			continue
		}
		out = append(out, u[i:i+3]...)
		i += 3
	}
	if !changed {
		return u
	}
	return string(out)
}

// escapeRaw returns u with what Display would keep escaped, standing raw,
// written escaped: controls, invalid UTF-8, and characters that are not
// displayable. It returns u itself when there is none.
func escapeRaw(u string) string {
	var out []byte
	last := 0 // u[last:] is not yet in out
	for i := 0; i < len(u); {
		c := u[i]
		n := 1
		switch {
		case c >= 0x20 && c < 0x7F:
			i++
			continue
		case c >= utf8.RuneSelf:
			r, w := utf8.DecodeRuneInString(u[i:])
			if r != utf8.RuneError || w > 1 {
				if n = w; displayable(r) {
					i += w
					continue
				}
			}
		}
		if out == nil {
			out = make([]byte, 0, len(u)+8)
		}
		out = append(out, u[last:i]...)
		for k := i; k < i+n; k++ {
			out = appendEscape(out, u[k], upperHex)
		}
		i += n
		last = i
	}
	if out == nil {
		return u
	}
	return string(append(out, u[last:]...))
}

// endsInStrayPercent reports whether out ends in "%" or "%" and a hex
// digit: a stray "%", since an escape Display keeps ends in both digits.
func endsInStrayPercent(out []byte) bool {
	n := len(out)
	return n >= 1 && out[n-1] == '%' || n >= 2 && out[n-2] == '%' && isHexDigit(out[n-1])
}

// escapedRune decodes the character whose UTF-8 encoding is written as the
// run of escapes at s[i:], and returns it with the length of the run; n is
// 0 when the escapes there are not one complete, valid UTF-8 sequence
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
func escapedRune(s string, i int) (r rune, n int) {
	lead, _ := unescape(s, i)
	size := lex.SeqLen(lead)
	if size == 0 {
		return 0, 0
	}
	var buf [4]byte
	buf[0] = lead
	for k := 1; k < size; k++ {
		j := i + 3*k
		if j >= len(s) || s[j] != '%' {
			return 0, 0
		}
		v, ok := unescape(s, j)
		if !ok {
			return 0, 0
		}
		buf[k] = v
	}
	r, w := utf8.DecodeRune(buf[:size])
	if r == utf8.RuneError || w != size {
		return 0, 0
	}
	return r, 3 * size
}

// displayable reports whether r, decoded, is safe to show in a URL.
func displayable(r rune) bool {
	switch {
	case !unicode.IsGraphic(r): // controls (C0, C1), Cf, Co, unassigned, line and paragraph separators
		return false
	case unicode.Is(unicode.White_Space, r),
		unicode.Is(unicode.Bidi_Control, r),
		unicode.Is(unicode.Variation_Selector, r),
		unicode.Is(unicode.Noncharacter_Code_Point, r):
		return false
	case r == utf8.RuneError,
		r == 0x115F, r == 0x1160, r == 0x3164, r == 0xFFA0, // Hangul fillers
		r == 0x2800,                   // BRAILLE PATTERN BLANK
		r >= 0x1F50F && r <= 0x1F513,  // lock emoji
		unicode.Is(displayBlocked, r): // generated from the Unicode data files
		return false
	}
	return true
}

// toURI is the encoding ToURI makes text safe with: what a URI may hold
// literally, unreserved and reserved (RFC 3986 §2).
var toURI = &tabToURI

// ToURI returns iri, an IRI or text a person typed, as a URI (RFC 3987 §3.1,
// "Mapping of IRIs to URIs"): every byte that a URI cannot hold literally
// (non-ASCII bytes, which are the UTF-8 of the IRI's characters; space;
// the characters " < > \ ^ ` { | }; controls) becomes an escape with
// upper-case hex, well-formed escapes stay as they are, and a "%" that starts
// no escape becomes "%25". It is [Encoding.MakeSafe] with unreserved and
// reserved characters as the safe set, and returns iri itself when nothing
// changes.
func ToURI(iri string) string {
	return toURI.MakeSafe(iri)
}
