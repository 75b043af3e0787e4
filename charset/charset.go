// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package charset reads and writes percent-encoded text in coded character
// sets other than UTF-8: the charsets of Gavin Nicol's "Globalizing URIs"
// (1995) and RFC 1630, URLs that carry a charset tag
// (scheme:[charset:encoding]:rest, see [percent.SplitCharsetTag]), and the
// ext-values of RFC 8187 header parameters (filename*=UTF-8”...).
//
// Built in are UTF-8, US-ASCII, ISO-8859-1 (RFC 1630's default) and the
// single-byte charsets used on FidoNet and the Russian web: IBM866 (CP866),
// KOI8-R, windows-1251 and windows-1252, from the WHATWG Encoding
// Standard's indexes. Any other, such as a golang.org/x/text encoding,
// satisfies [Charset] in a few lines (the examples/xtext module).
package charset

//go:generate go run ../tools/gencharset

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/lex"
)

// A Charset converts between octets in a coded character set and UTF-8
// text. Percent-escapes carry octets; a Charset says which characters they
// are (Nicol, "Globalizing URIs", 1995; RFC 1630 assumes ISO Latin-1; RFC
// 3986 §2.5 and FidoURL say UTF-8; RFC 8187 names one per header value).
//
// The built-in charsets are found with [Lookup]. Any other, such as a
// golang.org/x/text encoding, can be adapted in a few lines (see the
// examples/xtext module).
//
// A Charset may also have the method
//
//	Aliases() []string
//
// returning the names it is known by, in a slice of the caller's: its Name,
// IANA aliases and common spellings. Every built-in charset has it, with
// the names that [Lookup] knows.
type Charset interface {
	// Name returns the charset's preferred IANA name, such as "windows-1251".
	Name() string
	// AppendDecode appends the UTF-8 text of the octets src to dst. Octets
	// the charset does not map are a *Error with their offset in src.
	AppendDecode(dst, src []byte) ([]byte, error)
	// AppendEncode appends the octets of the UTF-8 text src to dst. A
	// character the charset cannot represent, or invalid UTF-8, is a
	// *Error with its offset in src; nothing is silently replaced.
	AppendEncode(dst []byte, src string) ([]byte, error)
}

// An Error reports octets that a charset does not map, or a character
// that it cannot represent.
type Error struct {
	Charset string // the charset's name
	Offset  int    // byte offset in the input where the octets or character start
	Encode  bool   // true when encoding text, false when decoding octets
	Rune    rune   // when encoding: the character (utf8.RuneError for invalid UTF-8)
	Octets  string // when decoding: the octets not mapped
}

// Error says which octets or character, in which charset, at which offset.
func (e *Error) Error() string {
	if e.Encode {
		what := "invalid UTF-8"
		if e.Rune != utf8.RuneError {
			what = strconv.QuoteRune(e.Rune) + " (U+" + strings.ToUpper(strconv.FormatInt(int64(e.Rune), 16)) + ")"
		}
		return "charset: " + e.Charset + " cannot represent " + what + " at offset " + strconv.Itoa(e.Offset)
	}
	return "charset: octets " + strconv.Quote(e.Octets) + " at offset " + strconv.Itoa(e.Offset) + " are not " + e.Charset
}

// builtinCharset is a table-driven single-byte charset, or UTF-8.
type builtinCharset struct {
	name    string
	aliases []string // IANA aliases and usual spellings, lower-case
	kind    int      // csUTF8, csASCII, csLatin1 or csTable
	high    *[128]uint16
	rev     *[128]revEntry
}

const (
	csUTF8 = iota
	csASCII
	csLatin1
	csTable
)

// revEntry maps a code point back to its byte in a single-byte charset.
type revEntry struct {
	r uint16
	b byte
}

var builtinCharsets = []*builtinCharset{
	{name: "UTF-8", kind: csUTF8, aliases: []string{"utf-8", "utf8", "csutf8", "unicode-1-1-utf-8"}},
	{name: "US-ASCII", kind: csASCII, aliases: []string{"us-ascii", "ascii", "csascii", "iso-ir-6", "ansi_x3.4-1968",
		"ansi_x3.4-1986", "iso_646.irv:1991", "iso646-us", "us", "ibm367", "cp367"}},
	{name: "ISO-8859-1", kind: csLatin1, aliases: []string{"iso-8859-1", "iso_8859-1:1987", "iso-ir-100", "iso_8859-1",
		"latin1", "latin-1", "l1", "ibm819", "cp819", "csisolatin1", "iso8859-1", "iso88591"}},
	{name: "windows-1252", kind: csTable, high: &windows1252High, rev: &windows1252Rev,
		aliases: []string{"windows-1252", "cswindows1252", "cp1252", "x-cp1252"}},
	{name: "windows-1251", kind: csTable, high: &windows1251High, rev: &windows1251Rev,
		aliases: []string{"windows-1251", "cswindows1251", "cp1251", "x-cp1251"}},
	{name: "KOI8-R", kind: csTable, high: &koi8RHigh, rev: &koi8RRev,
		aliases: []string{"koi8-r", "cskoi8r", "koi8r", "koi8"}},
	{name: "IBM866", kind: csTable, high: &ibm866High, rev: &ibm866Rev,
		aliases: []string{"ibm866", "cp866", "866", "csibm866", "ibm-866"}},
}

// Lookup returns the built-in charset with the given IANA name or
// alias, or a usual spelling of one, in any case: UTF-8 ("utf8"), US-ASCII
// ("ascii", "csASCII", ...), ISO-8859-1 ("latin1", "l1", ...), windows-1252
// ("cp1252"), windows-1251 ("cp1251"), KOI8-R ("koi8r", "csKOI8R") and
// IBM866 ("cp866", "866"). The single-byte tables are the WHATWG Encoding
// Standard's indexes; ISO-8859-1 maps every byte to U+0000–U+00FF.
func Lookup(name string) (Charset, bool) {
	for _, cs := range builtinCharsets {
		for _, a := range cs.aliases {
			if lex.EqualFold(a, name) {
				return cs, true
			}
		}
	}
	return nil, false
}

// All returns the built-in charsets, in a new slice.
func All() []Charset {
	out := make([]Charset, len(builtinCharsets))
	for i, cs := range builtinCharsets {
		out[i] = cs
	}
	return out
}

// Name returns the charset's preferred IANA name.
func (cs *builtinCharset) Name() string { return cs.name }

// Aliases returns the names Lookup knows the charset by, in a new
// slice.
func (cs *builtinCharset) Aliases() []string { return slices.Clone(cs.aliases) }

// AppendDecode appends the UTF-8 text of the octets src to dst; see [Charset].
func (cs *builtinCharset) AppendDecode(dst, src []byte) ([]byte, error) {
	switch cs.kind {
	case csUTF8:
		if i, n := lex.FirstInvalidUTF8(src); i >= 0 {
			return dst, &Error{Charset: cs.name, Offset: i, Octets: string(src[i : i+n])}
		}
		return append(dst, src...), nil
	case csASCII:
		for i, c := range src {
			if c >= 0x80 {
				return dst, &Error{Charset: cs.name, Offset: i, Octets: string(src[i : i+1])}
			}
		}
		return append(dst, src...), nil
	}
	for _, c := range src {
		switch {
		case c < 0x80:
			dst = append(dst, c)
		case cs.kind == csLatin1:
			dst = utf8.AppendRune(dst, rune(c))
		default:
			dst = utf8.AppendRune(dst, rune(cs.high[c-0x80]))
		}
	}
	return dst, nil
}

// AppendEncode appends the octets of the UTF-8 text src to dst; see [Charset].
func (cs *builtinCharset) AppendEncode(dst []byte, src string) ([]byte, error) {
	for i := 0; i < len(src); {
		c := src[i]
		if c < 0x80 {
			dst = append(dst, c)
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(src[i:])
		if r == utf8.RuneError && n <= 1 {
			return dst, &Error{Charset: cs.name, Offset: i, Encode: true, Rune: utf8.RuneError}
		}
		switch cs.kind {
		case csUTF8:
			dst = append(dst, src[i:i+n]...)
		case csLatin1:
			if r > 0xFF {
				return dst, &Error{Charset: cs.name, Offset: i, Encode: true, Rune: r}
			}
			dst = append(dst, byte(r))
		case csTable:
			b, ok := cs.lookup(r)
			if !ok {
				return dst, &Error{Charset: cs.name, Offset: i, Encode: true, Rune: r}
			}
			dst = append(dst, b)
		default:
			return dst, &Error{Charset: cs.name, Offset: i, Encode: true, Rune: r}
		}
		i += n
	}
	return dst, nil
}

// lookup finds the byte for r in a single-byte table.
func (cs *builtinCharset) lookup(r rune) (byte, bool) {
	lo, hi := 0, len(cs.rev)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(cs.rev[m].r) < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(cs.rev) && rune(cs.rev[lo].r) == r {
		return cs.rev[lo].b, true
	}
	return 0, false
}

// EncodeText encodes the UTF-8 text s as octets in cs, then percent-encodes
// them with e: EncodeText(percent.Query, "мир", windows1251) is
// "%EC%E8%F0". A character that cs cannot represent is an [*Error] whose
// Offset is where it starts in s; nothing is silently replaced.
func EncodeText(e *percent.Encoding, s string, cs Charset) (string, error) {
	octets, err := cs.AppendEncode(make([]byte, 0, len(s)), s)
	if err != nil {
		return "", err
	}
	return string(e.AppendEncode(make([]byte, 0, e.EncodedLen(octets)), octets)), nil
}

// DecodeText decodes the escapes of s (a raw byte counting as the octet it
// is) and reads the octets as text in cs: DecodeText(percent.Query,
// "%EC%E8%F0", windows1251) is "мир". A malformed escape is a
// [*percent.DecodeError]; octets that cs does not map (such as invalid
// UTF-8) are an [*Error]; the Offset of either is where the offending
// escape or byte starts in s.
func DecodeText(e *percent.Encoding, s string, cs Charset) (string, error) {
	octets, err := e.AppendDecodeString(make([]byte, 0, len(s)), s)
	if err != nil {
		return "", err
	}
	text, err := cs.AppendDecode(make([]byte, 0, len(octets)+len(octets)/2), octets)
	if err != nil {
		if ce, ok := err.(*Error); ok {
			c := *ce
			c.Offset = sourceOffset(s, ce.Offset)
			return "", &c
		}
		return "", err
	}
	return string(text), nil
}

// sourceOffset returns where the k-th decoded octet of s starts in s.
func sourceOffset(s string, k int) int {
	i := 0
	for ; k > 0 && i < len(s); k-- {
		if isEscape(s, i) {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// isEscape reports whether s[i:] starts a well-formed escape (RFC 3986
// §2.1), by percent's own check: "%" is never literal, so three bytes from
// a "%" are valid text only as an escape.
func isEscape(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && percent.Component.Valid(s[i:i+3])
}

// shifted returns err with its offset moved by off, for an error found in
// a part of a larger input.
func shifted(err error, off int) error {
	switch e := err.(type) {
	case *Error:
		c := *e
		c.Offset += off
		return &c
	case *percent.DecodeError:
		c := *e
		c.Offset += off
		return &c
	case *percent.FormatError:
		c := *e
		c.Offset += off
		return &c
	}
	return err
}
