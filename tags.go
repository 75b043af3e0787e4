// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"strings"

	"github.com/urlcodec/percent/internal/lex"
)

// A CharsetTag is the character-set data of a URL as proposed in Gavin
// Nicol's "Globalizing URIs" (1995): scheme:[charset:encoding]:rest, telling
// which coded character set and encoding the octets of the URL are in.
type CharsetTag struct {
	Charset  string // the coded character set, or "" when only the encoding is named
	Encoding string // the encoding, such as "EUC"
}

// SplitCharsetTag finds the charset tag of u, which follows the scheme and
// its colon: "[" [ charset ":" ] encoding "]" ":" in the proposal's BNF, or
// without that last colon, as the proposal's own example writes it
// ("http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html"). Names are 1*[ alpha |
// digit | "-" | "," ]. It returns u without the tag, the tag and true; or u,
// CharsetTag{} and false when u has no well-formed tag.
func SplitCharsetTag(u string) (string, CharsetTag, bool) {
	colon := strings.IndexByte(u, ':')
	if colon <= 0 || !lex.ValidScheme(u[:colon]) {
		return u, CharsetTag{}, false
	}
	tag, n, ok := cutCharsetTag(u[colon+1:])
	if !ok {
		return u, CharsetTag{}, false
	}
	return u[:colon+1] + u[colon+1+n:], tag, true
}

// cutCharsetTag reads the charset tag at the start of s, the text after a
// scheme's colon: "[" [ charset ":" ] encoding "]", and the ":" after it if
// there is one. It returns the tag and its length in s.
func cutCharsetTag(s string) (CharsetTag, int, bool) {
	if len(s) < 3 || s[0] != '[' {
		return CharsetTag{}, 0, false
	}
	end := strings.IndexByte(s, ']')
	if end < 0 {
		return CharsetTag{}, 0, false
	}
	var tag CharsetTag
	data := s[1:end]
	if cs, enc, ok := strings.Cut(data, ":"); ok {
		tag = CharsetTag{Charset: cs, Encoding: enc}
		if !validTagName(cs) {
			return CharsetTag{}, 0, false
		}
	} else {
		tag.Encoding = data
	}
	if !validTagName(tag.Encoding) {
		return CharsetTag{}, 0, false
	}
	n := end + 1
	if n < len(s) && s[n] == ':' {
		n++
	}
	return tag, n, true
}

// validTagName reports whether s is a name-string: 1*[ alpha | digit | "-" | "," ].
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !lex.IsAlnum(c) && c != '-' && c != ',' {
			return false
		}
	}
	return true
}

// Insert returns u with the tag after its scheme, in the BNF spelling of
// "Globalizing URIs": "http://h/p" with {"JIS", "EUC"} is
// "http:[JIS:EUC]://h/p". It returns u unchanged when u has no scheme, when
// t has no encoding, or when a name is not a name-string.
func (t CharsetTag) Insert(u string) string {
	colon := strings.IndexByte(u, ':')
	if colon <= 0 || !lex.ValidScheme(u[:colon]) || !validTagName(t.Encoding) || t.Charset != "" && !validTagName(t.Charset) {
		return u
	}
	return u[:colon+1] + t.String() + ":" + u[colon+1:]
}

// String returns the tag in brackets: "[charset:encoding]", or "[encoding]"
// when it names no charset.
func (t CharsetTag) String() string {
	if t.Charset == "" {
		return "[" + t.Encoding + "]"
	}
	return "[" + t.Charset + ":" + t.Encoding + "]"
}
