// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"strconv"
)

// A Set is a set of byte values: for an [Encoding], the bytes that may stand
// literally in encoded text. Every other byte is written as a %XX escape.
//
// A Set is a small value (256 bits). Its methods return new sets and never
// change the receiver, and two sets are equal exactly when they are == .
// The zero Set is empty.
type Set struct {
	bits [4]uint64
}

// A FormatError reports input whose syntax is wrong, other than a
// malformed escape (a [*DecodeError]), at a byte offset: a set
// specification (ParseSet) or a print-format or FidoURL-broken URL
// (Unwrap, UnwrapFido).
type FormatError struct {
	Offset int    // byte offset in the input where the problem was found
	Msg    string // what is wrong
}

// Error says what is wrong and at which offset.
func (e *FormatError) Error() string {
	return "percent: " + e.Msg + " at offset " + strconv.Itoa(e.Offset)
}

// shifted returns a copy of e with its offset moved by off.
func (e *FormatError) shifted(off int) error {
	c := *e
	c.Offset += off
	return &c
}

// NewSet returns the set of the bytes of chars.
func NewSet(chars string) Set {
	return Set{}.Add(chars)
}

// Add returns s with the bytes of chars added.
func (s Set) Add(chars string) Set {
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s.bits[c>>6] |= 1 << (c & 63)
	}
	return s
}

// AddRange returns s with every byte from lo to hi, inclusive, added.
// It returns s unchanged when lo > hi.
func (s Set) AddRange(lo, hi byte) Set {
	for c := int(lo); c <= int(hi); c++ {
		s.bits[c>>6] |= 1 << (uint(c) & 63)
	}
	return s
}

// Remove returns s without the bytes of chars.
func (s Set) Remove(chars string) Set {
	for i := 0; i < len(chars); i++ {
		c := chars[i]
		s.bits[c>>6] &^= 1 << (c & 63)
	}
	return s
}

// Union returns the bytes that are in s or in t.
func (s Set) Union(t Set) Set {
	for i := range s.bits {
		s.bits[i] |= t.bits[i]
	}
	return s
}

// Complement returns the bytes that are not in s. The URL Standard defines
// its percent-encode sets this way round: as the bytes that must be encoded.
func (s Set) Complement() Set {
	for i := range s.bits {
		s.bits[i] = ^s.bits[i]
	}
	return s
}

// Contains reports whether c is in s.
func (s Set) Contains(c byte) bool {
	return s.bits[c>>6]&(1<<(c&63)) != 0
}

// String returns s in bracket syntax, which [ParseSet] reads back: "[", then
// "-" if s holds it, then the other bytes in increasing order, with runs of
// three or more consecutive bytes written "lo-hi"; "\", "]" and "^" are
// written with a backslash and bytes outside 21–7E hex as \xHH; then "]".
// For example, Unreserved.String() is "[-.0-9A-Z_a-z~]".
func (s Set) String() string {
	b, _ := s.AppendText(make([]byte, 0, 64))
	return string(b)
}

// AppendText appends s in the bracket syntax of [Set.String] to b
// (encoding.TextAppender).
func (s Set) AppendText(b []byte) ([]byte, error) {
	buf := append(b, '[')
	if s.Contains('-') {
		buf = append(buf, '-')
	}
	t := s.Remove("-")
	for c := 0; c < 256; {
		if !t.Contains(byte(c)) {
			c++
			continue
		}
		end := c
		for end+1 < 256 && t.Contains(byte(end+1)) {
			end++
		}
		buf = appendSetByte(buf, byte(c))
		switch {
		case end-c >= 2:
			buf = append(buf, '-')
			buf = appendSetByte(buf, byte(end))
		case end-c == 1:
			buf = appendSetByte(buf, byte(end))
		}
		c = end + 1
	}
	return append(buf, ']'), nil
}

// MarshalText returns s in the bracket syntax of [Set.String]
// (encoding.TextMarshaler), so that a Set can stand in JSON, YAML or a
// flag.TextVar.
func (s Set) MarshalText() ([]byte, error) {
	return s.AppendText(nil)
}

// UnmarshalText sets s to the set that text specifies, in the syntax that
// [ParseSet] reads (encoding.TextUnmarshaler). On an error, a
// [*FormatError], s is unchanged.
func (s *Set) UnmarshalText(text []byte) error {
	t, err := ParseSet(string(text))
	if err != nil {
		return err
	}
	*s = t
	return nil
}

func appendSetByte(buf []byte, c byte) []byte {
	switch {
	case c == '\\' || c == ']' || c == '^':
		return append(buf, '\\', c)
	case c < 0x21 || c > 0x7E:
		return append(buf, '\\', 'x', upperHex[c>>4], upperHex[c&15])
	}
	return append(buf, c)
}

// ParseSet reads a set in the bracket syntax that [Set.String] writes: "[",
// items, "]". An item is a byte or a range "lo-hi" of bytes. A byte is any
// byte from 21 to 7E hex other than "\" and "]", or an escape: "\\", "\]",
// "\^", "\-", "\[" or "\xHH" (two hex digits of either case). A "-" that
// starts or ends the list stands for itself. A "^" right after the opening
// "[" complements the set, as in a regular expression: "[^a-z]" is every
// byte but the lower-case letters.
//
// ParseSet(s.String()) returns s for every Set s.
func ParseSet(spec string) (Set, error) {
	fail := func(off int, msg string) (Set, error) {
		return Set{}, &FormatError{Offset: off, Msg: "bad set " + strconv.Quote(spec) + ": " + msg}
	}
	if len(spec) == 0 || spec[0] != '[' {
		return fail(0, `a set starts with "["`)
	}
	i := 1
	negate := false
	if i < len(spec) && spec[i] == '^' {
		negate = true
		i++
	}
	// readByte reads one (possibly escaped) byte at i.
	readByte := func(i int) (c byte, next int, msg string) {
		c = spec[i]
		switch {
		case c == '\\':
			if i+1 >= len(spec) {
				return 0, i, `"\" at the end`
			}
			switch e := spec[i+1]; e {
			case '\\', ']', '^', '-', '[':
				return e, i + 2, ""
			case 'x':
				if i+3 >= len(spec) {
					return 0, i, `"\x" needs two hex digits`
				}
				h, l := unhex[spec[i+2]], unhex[spec[i+3]]
				if h|l > 0xF {
					return 0, i, `"\x" needs two hex digits`
				}
				return h<<4 | l, i + 4, ""
			default:
				return 0, i, "unknown escape " + strconv.Quote(spec[i:i+2])
			}
		case c < 0x21 || c > 0x7E:
			return 0, i, "byte " + strconv.Quote(string([]byte{c})) + ` must be written \xHH`
		}
		return c, i + 1, ""
	}
	var s Set
	for {
		if i >= len(spec) {
			return fail(len(spec), `missing "]"`)
		}
		if spec[i] == ']' {
			i++
			break
		}
		lo, next, msg := readByte(i)
		if msg != "" {
			return fail(i, msg)
		}
		// A range: lo "-" hi, where the "-" is not the last item.
		if next+1 < len(spec) && spec[next] == '-' && spec[next+1] != ']' && spec[i] != '-' {
			hi, after, msg := readByte(next + 1)
			if msg != "" {
				return fail(next+1, msg)
			}
			if hi < lo {
				return fail(i, "range "+strconv.Quote(spec[i:after])+" runs backwards")
			}
			s = s.AddRange(lo, hi)
			i = after
			continue
		}
		s = s.AddRange(lo, lo)
		i = next
	}
	if i != len(spec) {
		return fail(i, `text after the closing "]"`)
	}
	if negate {
		s = s.Complement()
	}
	return s, nil
}

// The character classes of RFC 3986.
var (
	// Alpha is ALPHA (RFC 3986 §1.3, RFC 5234 B.1): A–Z and a–z.
	Alpha = Set{}.AddRange('A', 'Z').AddRange('a', 'z')
	// Digit is DIGIT (RFC 5234 B.1): 0–9.
	Digit = Set{}.AddRange('0', '9')
	// HexDigit is HEXDIG in either case: 0–9, A–F and a–f (RFC 3986 §2.1).
	HexDigit = Digit.AddRange('A', 'F').AddRange('a', 'f')
	// Unreserved is unreserved (RFC 3986 §2.3): ALPHA, DIGIT and "-._~".
	Unreserved = Alpha.Union(Digit).Add("-._~")
	// GenDelims is gen-delims (RFC 3986 §2.2): ":/?#[]@".
	GenDelims = NewSet(":/?#[]@")
	// SubDelims is sub-delims (RFC 3986 §2.2): "!$&'()*+,;=".
	SubDelims = NewSet("!$&'()*+,;=")
	// Reserved is reserved (RFC 3986 §2.2): GenDelims and SubDelims.
	Reserved = GenDelims.Union(SubDelims)
	// PChar is the literal part of pchar (RFC 3986 §3.3): Unreserved,
	// SubDelims, ":" and "@". (pchar also admits pct-encoded.)
	PChar = Unreserved.Union(SubDelims).Add(":@")

	// ExchangeSafe is the "safe" set of the exchange format in Keith
	// Moore's "Wrappers for URLs" (1993), rule 1(b): the bytes 21–24,
	// 26–3B, 3D and 3F–7E hex. It leaves out "%", "<", ">", space, the
	// controls and every byte above 7E.
	ExchangeSafe = Set{}.AddRange(0x21, 0x24).AddRange(0x26, 0x3B).Add("\x3D").AddRange(0x3F, 0x7E)
)
