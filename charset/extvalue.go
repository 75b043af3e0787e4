// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset

import (
	"strconv"
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/lex"
)

// attrChar is attr-char of RFC 8187 §3.2.1: ALPHA, DIGIT and
// "!#$&+-.^_`|~".
var attrChar = percent.Alpha.Union(percent.Digit).Add("!#$&+-.^_`|~")

// extValue is the encoding of RFC 8187 value-chars.
var extValue = percent.NewEncoding(attrChar)

// EncodeExtValue returns s as an RFC 8187 ext-value (§3.2.1), as used in
// filename*= and other starred header parameters: "UTF-8'" lang "'" and the
// UTF-8 octets of s with only attr-char literal and escapes in upper case.
// For example:
//
//	EncodeExtValue("€ rates", "") == "UTF-8''%E2%82%AC%20rates"
//
// lang is "" or a well-formed language tag (RFC 5646 §2.1 syntax; no
// registry look-up): anything else, a CR LF among them, is a [*percent.FormatError]
// whose Offset is where in lang the offending subtag starts, so that no
// header can be injected through it. s must be valid UTF-8: invalid UTF-8 is
// a [*Error] with its offset in s.
func EncodeExtValue(s, lang string) (string, error) {
	if i := badLanguageTag(lang); i >= 0 {
		return "", &percent.FormatError{Offset: i, Msg: "malformed language tag " + strconv.Quote(lang) + " (RFC 5646 §2.1)"}
	}
	if i, _ := lex.FirstInvalidUTF8(s); i >= 0 {
		return "", &Error{Charset: "UTF-8", Offset: i, Encode: true, Rune: '\uFFFD'}
	}
	return "UTF-8'" + lang + "'" + extValue.Encode(s), nil
}

// irregularTags are the grandfathered tags of RFC 5646 §2.1 that the
// langtag syntax does not cover (its "regular" ones it does).
var irregularTags = []string{"en-GB-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak",
	"i-klingon", "i-lux", "i-mingo", "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu",
	"sgn-BE-FR", "sgn-BE-NL", "sgn-CH-DE"}

// badLanguageTag returns -1 when tag is "" or a well-formed language tag
// (RFC 5646 §2.1: langtag, privateuse or grandfathered; letters of any
// case), else the offset of the byte that is not a letter or digit, or
// of the subtag where the syntax goes wrong.
func badLanguageTag(tag string) int {
	if tag == "" {
		return -1
	}
	for _, g := range irregularTags {
		if lex.EqualFold(tag, g) {
			return -1
		}
	}
	// Stages of langtag, in the order the subtags must come.
	const (
		language = iota
		extlang
		script
		region
		variant
		extension
		extensionMore // after a singleton: one subtag at least
		privateMore   // after "x": one subtag at least
		private
	)
	stage, extlangs := language, 0
	for off, rest := 0, tag; ; {
		sub, after, more := strings.Cut(rest, "-")
		n, alpha, digit := len(sub), true, true
		if n == 0 || n > 8 {
			return off
		}
		for i := 0; i < n; i++ {
			c := sub[i]
			switch {
			case lex.IsAlpha(c):
				digit = false
			case lex.IsDigit(c):
				alpha = false
			default:
				return off // a byte neither letter nor digit: the subtag is not well formed
			}
		}
		singleton := n == 1
		ok := false
		switch {
		case stage == privateMore || stage == private:
			ok, stage = true, private
		case stage == extensionMore:
			ok, stage = n >= 2, extension
		case singleton && lex.Lower(sub[0]) == 'x':
			ok, stage = true, privateMore
		case stage == language:
			ok, stage = alpha && n >= 2, script
			if n <= 3 {
				stage = extlang
			}
		case singleton:
			ok, stage = true, extensionMore
		case stage == extension:
			ok = n >= 2 // the next subtag of the extension
		case stage == extlang && alpha && n == 3 && extlangs < 3:
			ok, extlangs = true, extlangs+1
		case stage <= script && alpha && n == 4:
			ok, stage = true, region
		case stage <= region && (alpha && n == 2 || digit && n == 3):
			ok, stage = true, variant
		case n >= 5 || n == 4 && '0' <= sub[0] && sub[0] <= '9':
			ok, stage = true, variant
		}
		if !ok {
			return off
		}
		if !more {
			break
		}
		off, rest = off+n+1, after
	}
	// A singleton or "x" with no subtag after it.
	if stage == extensionMore || stage == privateMore {
		return len(tag)
	}
	return -1
}

// DecodeExtValue reads an RFC 8187 ext-value (§3.2.1): charset "'"
// [ language ] "'" value-chars. The charset name is case-insensitive and may
// be UTF-8, ISO-8859-1 (RFC 8187 §3.2.1 requires both) or any other that
// [Lookup] knows. It returns the text and the language. A missing
// "'", an unknown charset, a bad language tag or a byte outside attr-char
// that is not part of an escape is a [*percent.FormatError]; a malformed escape a
// [*percent.DecodeError]; octets the charset does not map, invalid UTF-8 among them,
// a [*Error]. Every error's Offset is a byte offset in v.
func DecodeExtValue(v string) (s, lang string, err error) {
	q1 := strings.IndexByte(v, '\'')
	if q1 < 0 {
		return "", "", &percent.FormatError{Offset: len(v), Msg: `ext-value without "'" after its charset`}
	}
	q2 := strings.IndexByte(v[q1+1:], '\'')
	if q2 < 0 {
		return "", "", &percent.FormatError{Offset: len(v), Msg: `ext-value without "'" after its language`}
	}
	q2 += q1 + 1
	cs, ok := Lookup(v[:q1])
	if !ok || q1 == 0 {
		return "", "", &percent.FormatError{Offset: 0, Msg: "unknown charset " + strconv.Quote(v[:q1])}
	}
	lang = v[q1+1 : q2]
	if i := badLanguageTag(lang); i >= 0 {
		return "", "", &percent.FormatError{Offset: q1 + 1 + i, Msg: "malformed language tag " + strconv.Quote(lang) + " (RFC 5646 §2.1)"}
	}
	value := v[q2+1:]
	for i := 0; i < len(value); i++ {
		c := value[i]
		if c == '%' {
			if isEscape(value, i) {
				i += 2
			}
			continue // a malformed escape is DecodeText's error
		}
		if !attrChar.Contains(c) {
			return "", "", &percent.FormatError{Offset: q2 + 1 + i, Msg: strconv.Quote(string([]byte{c})) + " is not an attr-char (RFC 8187 §3.2.1)"}
		}
	}
	s, err = DecodeText(extValue, value, cs)
	if err != nil {
		return "", "", shifted(err, q2+1)
	}
	return s, lang, nil
}
