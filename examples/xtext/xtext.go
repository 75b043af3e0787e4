// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package xtext shows how to plug a golang.org/x/text encoding into
// github.com/urlcodec/percent as a charset.Charset, so that escapes in any
// charset x/text knows (EUC-JP, Shift_JIS, GB18030, ...) can be decoded to
// text and text encoded to escapes. The percent module itself depends on
// nothing outside the standard library; this module is the bridge.
package xtext

import (
	"errors"
	"unicode/utf8"

	"github.com/urlcodec/percent/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"
)

// Charset adapts an x/text encoding to charset.Charset. Unlike x/text's
// own decoders, which replace bad input with U+FFFD, it reports the offset
// of the first octets it cannot map, as charset.Charset requires.
type Charset struct {
	name string
	enc  encoding.Encoding
}

// New returns the Charset for enc, called name.
func New(name string, enc encoding.Encoding) Charset { return Charset{name: name, enc: enc} }

// Name returns the name the Charset was made with.
func (c Charset) Name() string { return c.name }

// AppendDecode appends the UTF-8 text of src to dst. It feeds the decoder
// as few bytes as make one character, so that the offset of a sequence the
// decoder replaces with U+FFFD is known.
func (c Charset) AppendDecode(dst, src []byte) ([]byte, error) {
	t := c.enc.NewDecoder()
	var buf [64]byte
	for i := 0; i < len(src); {
		k := 1
		for {
			end := i + k
			nDst, nSrc, err := t.Transform(buf[:], src[i:end], end == len(src))
			if errors.Is(err, transform.ErrShortSrc) && end < len(src) {
				k++ // a character that is not complete yet
				continue
			}
			out := buf[:nDst]
			if err != nil || nSrc == 0 || bytesHaveRuneError(out) {
				return dst, &charset.Error{Charset: c.name, Offset: i, Octets: string(src[i:end])}
			}
			dst = append(dst, out...)
			i += nSrc
			break
		}
	}
	return dst, nil
}

func bytesHaveRuneError(b []byte) bool {
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError {
			return true
		}
		b = b[n:]
	}
	return false
}

// AppendEncode appends the octets of the UTF-8 text src to dst, one
// character at a time through one encoder (so stateful encodings such as
// ISO-2022-JP keep their state), stopping at the first character the
// encoding cannot represent.
func (c Charset) AppendEncode(dst []byte, src string) ([]byte, error) {
	t := c.enc.NewEncoder()
	var buf [16]byte
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && n <= 1 {
			return dst, &charset.Error{Charset: c.name, Offset: i, Encode: true, Rune: r}
		}
		nDst, _, err := t.Transform(buf[:], []byte(src[i:i+n]), i+n == len(src))
		if err != nil {
			return dst, &charset.Error{Charset: c.name, Offset: i, Encode: true, Rune: r}
		}
		dst = append(dst, buf[:nDst]...)
		i += n
	}
	return dst, nil
}

// Lookup finds a charset by name: the percent package's built-in charsets
// first, then every name of the WHATWG Encoding Standard that x/text knows
// (htmlindex), and "EUC" as EUC-JP, as in the example of "Globalizing URIs"
// (1995), written on a Japanese system.
func Lookup(name string) (charset.Charset, bool) {
	if cs, ok := charset.Lookup(name); ok {
		return cs, true
	}
	if name == "EUC" || name == "euc" {
		return New("EUC-JP", japanese.EUCJP), true
	}
	enc, err := htmlindex.Get(name)
	if err != nil {
		return nil, false
	}
	canonical, err := htmlindex.Name(enc)
	if err != nil {
		canonical = name
	}
	return New(canonical, enc), true
}
