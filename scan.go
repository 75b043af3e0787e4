// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/binary"
	"slices"
	"strings"
)

// The dispatcher: the byte scans of the codecs, each run by a vector kernel
// where the CPU has one (scan_vec.go declares them; scan_amd64.s and
// scan_arm64.s implement them) and by the pure-Go loops otherwise. This file
// is the only caller of a kernel, so each room rule is written here once.
// The pure-Go loops (loop.go) are the reference: the tests and the fuzz
// targets compare every kernel with them, and the kernels' pure-Go twins
// (loop.go too; scan_generic.go gives them the kernels' names where there
// is no assembly) with both.

// The kernels. Assembly reads these through go_asm.h (const_kernelAVX2).
const (
	kernelGeneric = iota // the pure-Go loops
	kernelSSSE3          // amd64: 16 bytes a step
	kernelAVX2           // amd64: 32 bytes a step
	kernelNEON           // arm64: 16 bytes a step
)

// decodeChunk is how many input bytes a long Decode decodes at a time
// through its stack buffer.
const decodeChunk = 1024

// shortInput is the length under which a plain byte loop beats the setup of
// the word-at-a-time loops.
const shortInput = 32

// shortDecode is the length under which appendDecode decodes a byte at a
// time whatever the input holds; from it to shortInput, only an input with
// something to decode (which IndexByte's vector search finds): a clean one
// is one copy.
const shortDecode = 16

const (
	smallBuf    = 128  // stack buffer for short strings (3*42+1 bytes fit)
	mediumBuf   = 1024 // stack buffer for medium strings (zeroing it costs less than counting)
	encodeChunk = 512  // input bytes encoded at a time through the stack buffer
)

// A vecTab is what the vector encoder reads of an Encoding. Assembly reads
// its fields through go_asm.h (vecTab_lo, vecTab_hex, vecTab_code).
type vecTab struct {
	// lo is the nibble table of the bytes written literally: bit h of
	// lo[l] is set when the byte h<<4|l (h < 8) is. Bytes >= 0x80 are
	// never in such a set.
	lo [16]byte
	// hex is the encoding's hex digits.
	hex [16]byte
	// code is the output for each byte, little-endian in the low three
	// bytes (c; or '%', H, L; or '+'), with its width (1 or 3) in the top
	// byte.
	code [256]uint32
}

// nibbleTable returns the nibble table of the bytes below 0x80 for which in
// is true.
func nibbleTable(in func(c byte) bool) (lo [16]byte) {
	for c := 0; c < 0x80; c++ {
		if in(byte(c)) {
			lo[c&15] |= 1 << (c >> 4)
		}
	}
	return lo
}

// useVec reports whether the vector kernels can serve e: the CPU has them
// and e's clean bytes are all below 0x80.
func (e *Encoding) useVec() bool {
	return kernel != kernelGeneric && e.vec
}

// The kernels take a string or a byte slice, each through its own
// assembly entry point; these pick the one for T.

func indexNotInSet[T bytesOrString](lo *[16]byte, s T) int {
	if b, ok := any(s).([]byte); ok {
		return indexNotInSetBytes(lo, b)
	}
	return indexNotInSetString(lo, string(s))
}

func decodeVec[T bytesOrString](dst []byte, src T, plus bool) (int, int) {
	if b, ok := any(src).([]byte); ok {
		return decodeVecBytes(dst, b, plus)
	}
	return decodeVecString(dst, string(src), plus)
}

// clean returns the length of the longest prefix of s that e writes
// unchanged when the output before s ends in dash literal "-" bytes, and the
// number of "-" bytes that end that prefix's output (FidoURL's "---" rule).
func clean[T bytesOrString](e *Encoding, s T, dash int) (int, int) {
	var i int
	if e.useVec() && len(s) > 0 {
		i = indexNotInSet(&e.workLo, s)
	} else {
		i = cleanPrefix(&e.work, s)
	}
	if e.noDash {
		return dashLimit(s, i, dash)
	}
	return i, 0
}

// vecRoom reports whether out has the room the vector encoder needs for
// src: 3*len(src)+1 bytes (three a byte, and the four-byte store of the
// last). It is the one statement of that rule.
func vecRoom[T bytesOrString](out []byte, src T) bool {
	return len(out) > 3*len(src)
}

// encodeString is Encode: the input itself when it is clean, else through
// a stack buffer sized to the input, or chunk by chunk into a builder.
func encodeString(e *Encoding, s string) string {
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

// appendEncodeBytes and appendEncodeString are the append forms' entry:
// where the vector encoder can take all of src into dst's room, they call
// it with no other frame between; else the append core (appendEncode). Of
// a short value, the frames are most of the cost.
func appendEncodeBytes(e *Encoding, dst, src []byte) []byte {
	if l := len(dst); kernel != kernelGeneric && e.vecEnc && vecRoom(dst[l:cap(dst)], src) {
		return dst[:l+encodeVecBytes(&e.vt, dst[l:cap(dst)], src)]
	}
	return appendEncode(e, dst, src)
}

func appendEncodeString(e *Encoding, dst []byte, src string) []byte {
	if l := len(dst); kernel != kernelGeneric && e.vecEnc && vecRoom(dst[l:cap(dst)], src) {
		return dst[:l+encodeVecString(&e.vt, dst[l:cap(dst)], src)]
	}
	return appendEncode(e, dst, src)
}

// appendEncode is the append core of both sources. The zero Encoding,
// whose vecEnc is false, comes here, and only here is it told apart.
func appendEncode[T bytesOrString](e *Encoding, dst []byte, src T) []byte {
	e = e.ready()
	if len(src) < shortInput && !e.noDash && !e.useVec() {
		// One byte at a time: for short inputs, cheaper than sizing.
		if l := len(dst); cap(dst)-l >= 3*len(src) {
			// Into the room, which has three bytes a byte.
			out := dst[l : l+3*len(src)]
			j := 0
			for i := 0; i < len(src); i++ {
				j = putCode(out, j, e.vt.code[src[i]])
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

// encodeWhole writes the encoding of all of src to out with the vector
// kernel, scan and copy in one pass, where e can use it and out has its
// room; it reports false, having written nothing, otherwise.
func encodeWhole[T bytesOrString](e *Encoding, out []byte, src T) (int, bool) {
	if kernel == kernelGeneric || !e.vecEnc || !vecRoom(out, src) {
		return 0, false
	}
	// Each source type calls its own entry point of the kernel.
	if b, ok := any(src).([]byte); ok {
		return encodeVecBytes(&e.vt, out, b), true
	}
	return encodeVecString(&e.vt, out, string(src)), true
}

// encode writes the encoding of src to out, which has room for it, and
// returns the bytes written and the "-" bytes that end them, dash being that
// number before src. Given the vector kernel's room, it runs the kernel;
// else the pure-Go loop.
func encode[T bytesOrString](e *Encoding, out []byte, src T, dash int) (int, int) {
	if n, ok := encodeWhole(e, out, src); ok {
		return n, 0
	}
	return encodeTo(e, out, src, dash)
}

func decodeString(e *Encoding, s string, lenient bool) (string, error) {
	i := decodeStart(e, s)
	if i == len(s) {
		return s, nil
	}
	switch {
	case len(s) <= smallBuf:
		return decodeSmall(e, s, i, lenient)
	case len(s) <= mediumBuf:
		return decodeMedium(e, s, i, lenient)
	}
	var b strings.Builder
	// Exact when every escape is well formed; a lenient decode of a stray
	// '%' may grow it once more.
	n := len(s) - 2*strings.Count(s[i:], "%")
	if n < 0 {
		n = len(s) // stray '%' signs in a lenient decode
	}
	b.Grow(n)
	b.WriteString(s[:i])
	var buf [decodeChunk]byte
	for off := i; off < len(s); {
		end := min(off+decodeChunk, len(s))
		if end < len(s) {
			end = escapeCut(s, end) // never cut an escape in two
		}
		n, bad := decodeFast(e, buf[:], s[off:end], lenient)
		if bad >= 0 {
			return "", decodeError(s, off+bad)
		}
		b.Write(buf[:n])
		off = end
	}
	return b.String(), nil
}

// decodeSmall decodes s, whose first i bytes are unchanged by decoding,
// through a stack buffer, when s fits smallBuf bytes.
func decodeSmall(e *Encoding, s string, i int, lenient bool) (string, error) {
	var buf [smallBuf]byte
	return decodeIn(e, buf[:], s, i, lenient)
}

// decodeMedium is decodeSmall for s that fits mediumBuf bytes.
func decodeMedium(e *Encoding, s string, i int, lenient bool) (string, error) {
	var buf [mediumBuf]byte
	return decodeIn(e, buf[:], s, i, lenient)
}

// decodeIn decodes s, whose first i bytes are unchanged by decoding, in buf,
// which is at least len(s) long, and copies the result into a string.
func decodeIn(e *Encoding, buf []byte, s string, i int, lenient bool) (string, error) {
	copy(buf, s[:i])
	n, bad := decodeFast(e, buf[i:], s[i:], lenient)
	if bad >= 0 {
		return "", decodeError(s, i+bad)
	}
	return string(buf[:i+n]), nil
}

// appendDecodeBytes and appendDecodeStr are the strict append forms' entry
// (AppendDecode, AppendDecodeString) where the kernel decodes inputs whole
// (kernelTail): when dst has room, they run the kernel with no other frame
// between; else the core, appendDecode. Of a short value, the frames are
// most of the cost: each is written for its source type, not generic.
func appendDecodeBytes(e *Encoding, dst, src []byte) ([]byte, error) {
	l := len(dst)
	if kernel == kernelGeneric || cap(dst)-l < len(src) {
		return appendDecode(e, dst, src, false)
	}
	i, j := decodeVecBytes(dst[l:cap(dst)], src, e.plus)
	if i == len(src) {
		return dst[:l+j], nil
	}
	// The kernel stops before a malformed escape.
	return dst[:l+j], decodeError(src, i)
}

func appendDecodeStr(e *Encoding, dst []byte, src string) ([]byte, error) {
	l := len(dst)
	if kernel == kernelGeneric || cap(dst)-l < len(src) {
		return appendDecode(e, dst, src, false)
	}
	i, j := decodeVecString(dst[l:cap(dst)], src, e.plus)
	if i == len(src) {
		return dst[:l+j], nil
	}
	return dst[:l+j], decodeError(src, i)
}

// appendDecode is the append core of both sources. An input under
// shortInput bytes is decoded one byte at a time; with the vector kernels,
// one of 16 bytes or more is first searched for work, and one without is a
// copy (the pure-Go build gains nothing by the search: measured on arm64).
func appendDecode[T bytesOrString](e *Encoding, dst []byte, src T, lenient bool) ([]byte, error) {
	if len(src) < shortInput && (len(src) < shortDecode || kernel == kernelGeneric || hasDecodeWork(e, src)) {
		if e.plus || lenient {
			return appendDecodeShort(e, dst, src, lenient)
		}
		// The common case, one byte at a time, with no call, into room
		// made once.
		if cap(dst)-len(dst) < len(src) {
			dst = slices.Grow(dst, len(src))
		}
		l := len(dst)
		out := dst[l : l+len(src)]
		j := 0
		for i := 0; i < len(src); i++ {
			c := src[i]
			if c == '%' {
				// The escape check written out: in this loop, the
				// shortest of all, the helper measured 7–12% slower.
				if i+2 >= len(src) || unhex[src[i+1]]|unhex[src[i+2]] > 0xF {
					return dst[:l+j], decodeError(src, i)
				}
				c = unhex[src[i+1]]<<4 | unhex[src[i+2]]
				i += 2
			}
			out[j] = c
			j++
		}
		return dst[:l+j], nil
	}
	var i int
	if b, ok := any(src).([]byte); ok {
		i = decodeStartBytes(e, b)
	} else {
		i = decodeStart(e, string(src))
	}
	if i == len(src) {
		return append(dst, src...), nil
	}
	dst = slices.Grow(dst, len(src))
	l := len(dst)
	out := dst[l : l+len(src)]
	copy(out, src[:i])
	n, bad := decodeFast(e, out[i:], src[i:], lenient)
	if bad >= 0 {
		return dst[:l+i+n], decodeError(src, i+bad)
	}
	return dst[:l+i+n], nil
}

// decodeFast is decodeTo, with the vector kernel doing what it can first.
// Under 16 bytes the pure-Go loop is cheaper than the call (query names and
// values, measured by BenchmarkQuery).
func decodeFast[T bytesOrString](e *Encoding, out []byte, src T, lenient bool) (n, bad int) {
	if kernel == kernelGeneric || len(src) < 16 {
		return decodeTo(e, out, src, lenient)
	}
	i, j := decodeVec(out, src, e.plus)
	n, bad = decodeTo(e, out[j:], src[i:], lenient)
	if bad >= 0 {
		bad += i
	}
	return j + n, bad
}

// firstInvalid is FirstInvalid: it skips clean runs with the scan, then
// looks at the byte that ends each.
func firstInvalid(e *Encoding, s string) int {
	for i := 0; ; {
		start := i
		if e.useVec() && i < len(s) {
			i += indexNotInSet(&e.workLo, s[i:])
		} else {
			i += cleanPrefix(&e.work, s[i:])
		}
		if e.noDash {
			if k, _ := dashLimit(s[start:i], i-start, 0); k < i-start {
				return start + k // the "-" that completes a "---"
			}
		}
		if i >= len(s) {
			return -1
		}
		switch c := s[i]; {
		case c == '%':
			if !isEscape(s, i) {
				return i
			}
			i += 3
		case c == '+' && e.plus:
			i++
		default:
			return i
		}
	}
}

// queryMasks returns the masks of the special bytes of a query in the
// window of 64 bytes of q at base: bit i of amp is set when q[base+i] is
// "&", of eq when it is "=", of chg when it is "%", or "+" with plus. When
// q ends inside the window, its end is marked in amp as if it were a "&",
// and nothing past it is read: the kernels take the window from the last
// bytes of q and shift it (or, under 16 bytes, from a copy).
func queryMasks(q string, base int, plus bool) (amp, eq, chg uint64) {
	rest := len(q) - base
	least := 16 // the kernels read 16 to 64 bytes, the pure-Go loop 64
	if kernel == kernelGeneric {
		least = 64
	}
	switch n := min(len(q), 64); {
	case rest >= 64:
		return queryBlock(q[base:], plus)
	case n >= least:
		amp, eq, chg = queryBlock(q[len(q)-n:], plus)
		k := n - rest
		return amp>>k | 1<<rest, eq >> k, chg >> k
	default:
		var b [64]byte
		copy(b[:], q[base:])
		amp, eq, chg = queryBlock(b[:], plus)
		return amp | 1<<rest, eq, chg
	}
}

// queryBlock returns the query masks of the first 64 bytes of s, or of all
// of s when it is shorter (a kernel reads 16 bytes at least, the pure-Go
// loop exactly 64).
func queryBlock[T bytesOrString](s T, plus bool) (amp, eq, chg uint64) {
	if kernel == kernelGeneric {
		return queryMasksLoop(s[:64], plus)
	}
	if b, ok := any(s).([]byte); ok {
		return queryMasksBytes(b, plus)
	}
	return queryMasksString(string(s), plus)
}
