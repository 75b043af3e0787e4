// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"strconv"
	"strings"
)

// attrChar is attr-char of RFC 8187 §3.2.1: ALPHA, DIGIT and
// "!#$&+-.^_`|~".
var attrChar = Alpha.Union(Digit).Add("!#$&+-.^_`|~")

// extValue is the encoding of RFC 8187 value-chars.
var extValue = NewEncoding(attrChar)

// EncodeExtValue returns s as an RFC 8187 ext-value (§3.2.1), as used in
// filename*= and other starred header parameters: "UTF-8'" lang "'" and the
// UTF-8 octets of s with only attr-char literal and escapes in upper case.
// lang is a language tag (RFC 5646) or ""; it is written as given. For
// example:
//
//	EncodeExtValue("€ rates", "") == "UTF-8''%E2%82%AC%20rates"
func EncodeExtValue(s, lang string) string {
	return "UTF-8'" + lang + "'" + extValue.Encode(s)
}

// DecodeExtValue reads an RFC 8187 ext-value (§3.2.1): charset "'"
// [ language ] "'" value-chars. The charset name is case-insensitive and may
// be UTF-8, ISO-8859-1 (RFC 8187 §3.2.1 requires both) or any other that
// [LookupCharset] knows. It returns the text and the language. A missing
// "'", an unknown charset, a bad language tag or a byte outside attr-char
// that is not part of an escape is a [*FormatError]; a malformed escape a
// [*DecodeError]; octets the charset does not map, invalid UTF-8 among them,
// a [*CharsetError]. Every error's Offset is a byte offset in v.
func DecodeExtValue(v string) (s, lang string, err error) {
	q1 := strings.IndexByte(v, '\'')
	if q1 < 0 {
		return "", "", &FormatError{Offset: len(v), Msg: `ext-value without "'" after its charset`}
	}
	q2 := strings.IndexByte(v[q1+1:], '\'')
	if q2 < 0 {
		return "", "", &FormatError{Offset: len(v), Msg: `ext-value without "'" after its language`}
	}
	q2 += q1 + 1
	cs, ok := LookupCharset(v[:q1])
	if !ok || q1 == 0 {
		return "", "", &FormatError{Offset: 0, Msg: "unknown charset " + strconv.Quote(v[:q1])}
	}
	lang = v[q1+1 : q2]
	for i := 0; i < len(lang); i++ {
		if !isAlnum(lang[i]) && lang[i] != '-' {
			return "", "", &FormatError{Offset: q1 + 1 + i, Msg: "bad language tag " + strconv.Quote(lang)}
		}
	}
	value := v[q2+1:]
	for i := 0; i < len(value); i++ {
		c := value[i]
		if c == '%' {
			i += 2
			continue
		}
		if !attrChar.Contains(c) {
			return "", "", &FormatError{Offset: q2 + 1 + i, Msg: strconv.Quote(string([]byte{c})) + " is not an attr-char (RFC 8187 §3.2.1)"}
		}
	}
	s, err = extValue.DecodeText(value, cs)
	switch e := err.(type) {
	case *DecodeError:
		c := *e
		c.Offset += q2 + 1
		return "", "", &c
	case *CharsetError:
		c := *e
		c.Offset += q2 + 1
		return "", "", &c
	}
	return s, lang, err
}
