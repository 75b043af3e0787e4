// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/binary"
	"slices"
	"strings"
)

// Byte classes of an Encoding's encode table.
const (
	clsLiteral = iota // written as it is
	clsEscape         // written %XX
	clsPlus           // space written "+" (WithSpaceAsPlus)
	clsDash           // "-": literal unless it would complete "---" (FidoURL)
)

// An Encoding is a percent-encoding: a [Set] of bytes that stand literally,
// every other byte being written "%" and two hex digits (RFC 3986 §2.1), plus
// options. An Encoding is immutable and safe for concurrent use; the With
// methods return modified copies.
type Encoding struct {
	safe   Set
	plus   bool   // space is "+" and "+" is "%2B"
	noDash bool   // never write "---" (FidoURL §5.2)
	hex    string // upperHex or lowerHex

	class [256]uint8 // clsLiteral, clsEscape, clsPlus or clsDash
	vt    vecTab     // the literal set's nibble table, the hex digits, the output codes (width in the top byte)

	// What a scan for work skips: the literal bytes and, for FidoURL, "-"
	// (whose "---" rule is checked apart). clean is 0 for those bytes;
	// cleanLo is their nibble table, used when vec says they are all below
	// 0x80.
	clean   [256]uint8
	cleanLo [16]byte
	vec     bool
	// vecEnc is vec without the "---" rule: the vector encoder writes all
	// of an input (encodeWhole).
	vecEnc bool

	// recSep is 1 + the byte that separates records and is written as it
	// is, or 0 (NewRecordEncoder).
	recSep uint16

	// pair is e less queryDelims in its safe set, for the names and values
	// of a query (AppendQuery), or nil when e already escapes them all.
	pair *Encoding
}

// NewEncoding returns an Encoding that leaves the bytes of safe literal and
// writes every other byte as "%" and two upper-case hex digits, as RFC 3986
// §2.1 recommends. It panics if safe contains '%', since a literal '%' would
// make the output ambiguous (RFC 1630: "a % sign always indicates an encoded
// character").
func NewEncoding(safe Set) *Encoding {
	if safe.Contains('%') {
		panic("percent: NewEncoding: the safe set contains '%'")
	}
	e := &Encoding{safe: safe, hex: upperHex}
	e.build()
	return e
}

// build derives the tables from the set and the options.
func (e *Encoding) build() {
	for c := 0; c < 256; c++ {
		cls := uint8(clsEscape)
		if e.safe.Contains(byte(c)) {
			cls = clsLiteral
		}
		switch {
		case e.plus && c == ' ':
			cls = clsPlus
		case e.plus && c == '+':
			cls = clsEscape
		case e.noDash && c == '-' && cls == clsLiteral:
			cls = clsDash
		}
		if e.recSep != 0 && c == int(e.recSep-1) {
			cls = clsLiteral // a record separator passes through (NewRecordEncoder)
		}
		e.class[c] = cls
		code, width := uint32(c), uint8(1)
		switch cls {
		case clsEscape:
			code = '%' | uint32(e.hex[c>>4])<<8 | uint32(e.hex[c&15])<<16
			width = 3
		case clsPlus:
			code = '+'
		}
		e.vt.code[c] = code | uint32(width)<<24
		e.clean[c] = 1
		if cls == clsLiteral || cls == clsDash {
			e.clean[c] = 0
		}
	}
	e.vt.lo = nibbleTable(func(c byte) bool { return e.class[c] == clsLiteral })
	e.cleanLo = nibbleTable(func(c byte) bool { return e.clean[c] == 0 })
	copy(e.vt.hex[:], e.hex)
	e.vec = true
	for c := 0x80; c < 0x100; c++ {
		if e.clean[c] == 0 {
			e.vec = false
		}
	}
	e.vecEnc = e.vec && !e.noDash
	e.pair = nil
	if e.safe.Remove(queryDelims) != e.safe {
		p := *e
		p.safe = e.safe.Remove(queryDelims)
		p.build()
		e.pair = &p
	}
}

// WithSpaceAsPlus returns a copy of e that writes a space as "+" and a "+"
// as "%2B" (even where "+" is in the safe set), and that decodes "+" as a
// space: the convention of application/x-www-form-urlencoded (URL Standard
// §5) and of FidoURL's scheme-specific part.
func (e Encoding) WithSpaceAsPlus() *Encoding {
	e.plus = true
	e.build()
	return &e
}

// WithLowerHex returns a copy of e that writes escapes with lower-case hex
// digits. RFC 3986 §2.1 says producers should use upper case; some peers
// (and signatures computed over encoded text) need lower case. Decoding
// accepts either case whatever this option says.
func (e Encoding) WithLowerHex() *Encoding {
	e.hex = lowerHex
	e.build()
	return &e
}

// withNoTripleDash returns a copy of e that never writes "---": a "-" that
// would complete one is written "%2D" (FidoURL §5.2).
func (e Encoding) withNoTripleDash() *Encoding {
	e.noDash = true
	e.build()
	return &e
}

// Safe returns the set of bytes that e writes literally. With
// [Encoding.WithSpaceAsPlus] the set is as given, though "+" is then always
// escaped and space written "+".
func (e *Encoding) Safe() Set { return e.safe }

// SpaceAsPlus reports whether e writes a space as "+" and decodes "+" as a
// space.
func (e *Encoding) SpaceAsPlus() bool { return e.plus }

// text is what the codec loops accept: a string or a byte slice, each
// compiled to its own instance of the loop.
type text interface{ ~string | ~[]byte }

// cleanPrefix returns the length of the longest prefix of src that e writes
// unchanged. It reads eight bytes a step as one word and looks each byte up
// with one branch a word, and checks the last bytes of a clean input as one
// overlapping word, so that a clean input costs few mispredicted branches.
func cleanPrefix[T text](cls *[256]uint8, src T) int {
	n := len(src)
	i := 0
	if n >= 8 {
		for {
			if i > n-8 {
				i = n - 8 // the last word, overlapping the one before
			}
			w := load64(src, i)
			if cls[byte(w)]|cls[byte(w>>8)]|cls[byte(w>>16)]|cls[byte(w>>24)]|
				cls[byte(w>>32)]|cls[byte(w>>40)]|cls[byte(w>>48)]|cls[byte(w>>56)] != 0 {
				break
			}
			i += 8
			if i >= n {
				return n
			}
		}
	}
	for ; i < n; i++ {
		if cls[src[i]] != 0 {
			return i
		}
	}
	return n
}

// encodedLen returns the length of the encoding of src when the output so
// far ends in dash literal "-" bytes (FidoURL's "---" rule).
func encodedLen[T text](e *Encoding, src T, dash int) int {
	n := 0
	if !e.noDash {
		for i := 0; i < len(src); i++ {
			n += int(e.vt.code[src[i]] >> 24)
		}
		return n
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		n += int(e.vt.code[c] >> 24)
		if e.class[c] != clsDash {
			dash = 0
			continue
		}
		if dash == 2 {
			n += 2 // the "-" that completes "---" is written %2D
			dash = 0
		} else {
			dash++
		}
	}
	return n
}

// encodeTo writes the encoding of src to out, which must have room for it,
// and returns the number of bytes written and the number of literal "-"
// bytes that end the output (for the "---" rule), dash being that number
// for the output before src.
func encodeTo[T text](e *Encoding, out []byte, src T, dash int) (int, int) {
	if e.noDash {
		return encodeDashTo(e, out, src, dash)
	}
	code := &e.vt.code
	j, i := 0, 0
	// Branch-free: every byte stores four bytes of its code and moves on by
	// its width. Each input byte makes at least one output byte, so while
	// four input bytes remain, four bytes of out remain at j.
	for ; len(src)-i >= 4; i++ {
		c := src[i]
		v := code[c]
		binary.LittleEndian.PutUint32(out[j:], v)
		j += int(v >> 24)
	}
	for ; i < len(src); i++ {
		c := src[i]
		v := code[c]
		if v>>24 == 1 {
			out[j] = byte(v)
			j++
			continue
		}
		o := out[j : j+3 : j+3]
		o[0], o[1], o[2] = byte(v), byte(v>>8), byte(v>>16)
		j += 3
	}
	return j, 0
}

// encodeDashTo is encodeTo for the FidoURL encodings, which break "---".
func encodeDashTo[T text](e *Encoding, out []byte, src T, dash int) (int, int) {
	j := 0
	hex := e.hex
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch e.class[c] {
		case clsLiteral:
			out[j] = c
			j++
			dash = 0
			continue
		case clsEscape:
			o := out[j : j+3 : j+3]
			o[0] = '%'
			o[1] = hex[c>>4]
			o[2] = hex[c&15]
			j += 3
		case clsPlus:
			out[j] = '+'
			j++
		case clsDash:
			if dash == 2 {
				o := out[j : j+3 : j+3]
				o[0], o[1], o[2] = '%', hex['-'>>4], hex['-'&15]
				j += 3
				dash = 0
				continue
			}
			out[j] = '-'
			j++
			dash++
			continue
		}
		dash = 0
	}
	return j, dash
}

// Encode returns s percent-encoded by e (RFC 3986 §2.1): every byte outside
// e's safe set as "%" and two hex digits, with the options' exceptions (see
// [Encoding.WithSpaceAsPlus]; FidoURL's "---" rule). It returns s itself,
// without allocating, when no byte of s needs encoding, and allocates once
// otherwise.
func (e *Encoding) Encode(s string) string {
	i, dash := clean(e, s, 0)
	switch {
	case i == len(s):
		return s
	case len(s) < shortInput && !e.noDash && !e.useVec():
		return encodeShort(e, s, i)
	case len(s) <= smallBuf/3:
		// Encoded straight into a stack buffer that holds any result,
		// then copied once into the string.
		return encodeSmall(e, s, i, dash)
	case len(s) <= mediumBuf/3:
		return encodeMedium(e, s, i, dash)
	}
	n := i + encodedLen(e, s[i:], dash)
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s[:i])
	var buf [3*encodeChunk + 1]byte
	for rest := s[i:]; len(rest) > 0; {
		k := min(len(rest), encodeChunk)
		var m int
		m, dash = encode(e, buf[:], rest[:k], dash)
		b.Write(buf[:m])
		rest = rest[k:]
	}
	return b.String()
}

const (
	smallBuf    = 128  // stack buffer for short strings (3*42+1 bytes fit)
	mediumBuf   = 1024 // stack buffer for medium strings (zeroing it costs less than counting)
	encodeChunk = 512  // input bytes encoded at a time through the stack buffer
)

// encodeShort encodes a short s, whose first i bytes are literal, one byte at
// a time into a stack buffer.
func encodeShort(e *Encoding, s string, i int) string {
	// Room for the four-byte store of the last byte: 3*(shortInput-1)+4.
	var buf [3*shortInput + 1]byte
	n := copy(buf[:], s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		v := e.vt.code[c]
		binary.LittleEndian.PutUint32(buf[n:], v)
		n += int(v >> 24)
	}
	return string(buf[:n])
}

// encodeSmall encodes s, whose first i bytes are written unchanged and end
// in dash literal "-" bytes, and whose encoding fits smallBuf bytes whatever
// it holds, in a stack buffer.
func encodeSmall(e *Encoding, s string, i, dash int) string {
	var buf [smallBuf]byte
	return encodeIn(e, buf[:], s, i, dash)
}

// encodeMedium is encodeSmall for encodings that fit mediumBuf bytes.
func encodeMedium(e *Encoding, s string, i, dash int) string {
	var buf [mediumBuf]byte
	return encodeIn(e, buf[:], s, i, dash)
}

// encodeIn encodes s, whose first i bytes are written unchanged and end in
// dash literal "-" bytes, in buf, which holds 3*len(s)+1 bytes, and copies
// the result into a string.
func encodeIn(e *Encoding, buf []byte, s string, i, dash int) string {
	copy(buf, s[:i])
	n, _ := encode(e, buf[i:], s[i:], dash)
	return string(buf[:i+n])
}

// AppendEncode appends the percent-encoding of src to dst, as
// [Encoding.Encode] encodes, and returns the extended buffer. It does not
// allocate when dst has room for the result ([Encoding.EncodedLen] says how
// much that is).
func (e *Encoding) AppendEncode(dst, src []byte) []byte {
	return appendEncodeBytes(e, dst, src)
}

// AppendEncodeString is [Encoding.AppendEncode] for a string source: the
// same result, with no []byte(s) copy; it does not allocate when dst has
// room for the result.
func (e *Encoding) AppendEncodeString(dst []byte, s string) []byte {
	return appendEncodeString(e, dst, s)
}

// appendEncode is the append core of both sources.
func appendEncode[T text](e *Encoding, dst []byte, src T) []byte {
	if len(src) < shortInput && !e.noDash && !e.useVec() {
		// One byte at a time: for short inputs, cheaper than sizing.
		if l := len(dst); cap(dst)-l >= 3*len(src) {
			// Into the room, which has three bytes a byte.
			out := dst[l : l+3*len(src)]
			j := 0
			for i := 0; i < len(src); i++ {
				v := e.vt.code[src[i]]
				if v>>24 == 1 {
					out[j] = byte(v)
					j++
					continue
				}
				out[j], out[j+1], out[j+2] = byte(v), byte(v>>8), byte(v>>16)
				j += 3
			}
			return dst[:l+j]
		}
		for i := 0; i < len(src); i++ {
			if v := e.vt.code[src[i]]; v>>24 == 1 {
				dst = append(dst, byte(v))
			} else {
				dst = append(dst, byte(v), byte(v>>8), byte(v>>16))
			}
		}
		return dst
	}
	l := len(dst)
	if n, ok := encodeWhole(e, dst[l:cap(dst)], src); ok {
		return dst[:l+n]
	}
	i, dash := clean(e, src, 0)
	if i == len(src) {
		return append(dst, src...)
	}
	// Size the output once: the 3× bound when it fits, else the exact length.
	n := i + 3*(len(src)-i)
	if cap(dst)-l < n {
		n = i + encodedLen(e, src[i:], dash)
		dst = slices.Grow(dst, n)
	}
	out := dst[l:cap(dst)]
	copy(out, src[:i])
	m, _ := encode(e, out[i:], src[i:], dash)
	return dst[:l+i+m]
}

// EncodedLen returns the exact length of the percent-encoding of src.
func (e *Encoding) EncodedLen(src []byte) int {
	return encodedLen(e, src, 0)
}
