// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import "strings"

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
	if colon <= 0 || !validScheme(u[:colon]) {
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
		if c := s[i]; !isAlnum(c) && c != '-' && c != ',' {
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
	if colon <= 0 || !validScheme(u[:colon]) || !validTagName(t.Encoding) || t.Charset != "" && !validTagName(t.Charset) {
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

// DecodeTaggedPath returns the path of a charset-tagged URL as text: the
// tag is split off ([SplitCharsetTag]), its charset found with lookup (nil
// means [LookupCharset]), trying the encoding name, the charset name, and
// the two joined with "-" in either order, and the path's escapes decoded
// through it. A URL without a tag is read as UTF-8 (RFC 3986 §2.5).
// For the proposal's example, with an EUC-JP charset for "EUC",
// "http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html" gives "/印刷.html".
func DecodeTaggedPath(u string, lookup func(name string) (Charset, bool)) (string, error) {
	if lookup == nil {
		lookup = LookupCharset
	}
	u2, tag, ok := SplitCharsetTag(u)
	cs, found := Charset(builtinCharsets[0]), true // UTF-8
	if ok {
		names := []string{tag.Encoding}
		if tag.Charset != "" {
			names = append(names, tag.Charset, tag.Encoding+"-"+tag.Charset, tag.Charset+"-"+tag.Encoding)
		}
		found = false
		for _, name := range names {
			if c, hit := lookup(name); hit {
				cs, found = c, true
				break
			}
		}
		if !found {
			return "", &FormatError{Offset: strings.IndexByte(u, '['), Msg: "no charset known for the tag " + tag.String()}
		}
	}
	p := splitURL(u2)
	path := u2
	if p.scheme >= 0 {
		path = u2[p.pathStart:p.pathEnd]
	}
	return Path.DecodeText(path, cs)
}
