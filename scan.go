// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/binary"
	"strings"
)

// The dispatcher: the byte scans of the codecs, each run by a vector kernel
// where the CPU has one (scan_vec.go declares them; scan_amd64.s and
// scan_arm64.s implement them) and by the pure-Go loops otherwise. This file
// is the only caller of a kernel, so each room rule is written here once.
// The pure-Go loops are the reference: the tests and the fuzz targets
// compare every kernel with them, and the kernels' pure-Go twins below
// (which scan_generic.go gives the kernels' names where there is no
// assembly) with both.

// The kernels. Assembly reads these through go_asm.h (const_kernelAVX2).
const (
	kernelGeneric = iota // the pure-Go loops
	kernelSSSE3          // amd64: 16 bytes a step
	kernelAVX2           // amd64: 32 bytes a step
	kernelNEON           // arm64: 16 bytes a step
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

func indexNotInSet[T text](lo *[16]byte, s T) int {
	if b, ok := any(s).([]byte); ok {
		return indexNotInSetBytes(lo, b)
	}
	return indexNotInSetString(lo, string(s))
}

func decodeVec[T text](dst []byte, src T, plus bool) (int, int) {
	if b, ok := any(src).([]byte); ok {
		return decodeVecBytes(dst, b, plus)
	}
	return decodeVecString(dst, string(src), plus)
}

// clean returns the length of the longest prefix of s that e writes
// unchanged when the output before s ends in dash literal "-" bytes, and the
// number of "-" bytes that end that prefix's output (FidoURL's "---" rule).
func clean[T text](e *Encoding, s T, dash int) (int, int) {
	var i int
	if e.useVec() && len(s) > 0 {
		i = indexNotInSet(&e.cleanLo, s)
	} else {
		i = cleanPrefix(&e.clean, s)
	}
	if e.noDash {
		return dashLimit(s, i, dash)
	}
	return i, 0
}

// dashLimit cuts the clean prefix s[:i] before the "-" that would complete
// a "---", given dash literal "-" bytes before s, and returns it with the
// number of "-" bytes that end it.
func dashLimit[T text](s T, i, dash int) (int, int) {
	for j := 0; j < i; j++ {
		if s[j] != '-' {
			dash = 0
			continue
		}
		if dash == 2 {
			return j, 2
		}
		dash++
	}
	return i, dash
}

// vecRoom reports whether out has the room the vector encoder needs for
// src: 3*len(src)+1 bytes (three a byte, and the four-byte store of the
// last). It is the one statement of that rule.
func vecRoom[T text](out []byte, src T) bool {
	return len(out) > 3*len(src)
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

// appendDecodeEntry is the strict append forms' entry (AppendDecode,
// AppendDecodeString) where the kernel decodes inputs whole (kernelTail):
// when dst has room, it runs the kernel with no other frame between; else
// the core, appendDecode. Of a short value, the frames are most of the cost.
func appendDecodeEntry[T text](e *Encoding, dst []byte, src T) ([]byte, error) {
	l := len(dst)
	if kernel == kernelGeneric || cap(dst)-l < len(src) {
		return appendDecode(e, dst, src, false)
	}
	out := dst[l : l+len(src)]
	var i, j int
	if b, ok := any(src).([]byte); ok {
		i, j = decodeVecBytes(out, b, e.plus)
	} else {
		i, j = decodeVecString(out, string(src), e.plus)
	}
	if i == len(src) {
		return dst[:l+j], nil
	}
	// The kernel stops before a malformed escape.
	return dst[:l+j], decodeError(src, i, 0)
}

// encodeWhole writes the encoding of all of src to out with the vector
// kernel, scan and copy in one pass, where e can use it and out has its
// room; it reports false, having written nothing, otherwise.
func encodeWhole[T text](e *Encoding, out []byte, src T) (int, bool) {
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
func encode[T text](e *Encoding, out []byte, src T, dash int) (int, int) {
	if n, ok := encodeWhole(e, out, src); ok {
		return n, 0
	}
	return encodeTo(e, out, src, dash)
}

// decodeFast is decodeTo, with the vector kernel doing what it can first.
func decodeFast[T text](e *Encoding, out []byte, src T, lenient bool) (n, bad int) {
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
			i += indexNotInSet(&e.cleanLo, s[i:])
		} else {
			i += cleanPrefix(&e.clean, s[i:])
		}
		if e.noDash {
			if k := strings.Index(s[start:i], "---"); k >= 0 {
				return start + k + 2
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
func queryBlock[T text](s T, plus bool) (amp, eq, chg uint64) {
	if kernel == kernelGeneric {
		return queryMasksGo(s[:64], plus)
	}
	if b, ok := any(s).([]byte); ok {
		return queryMasksBytes(b, plus)
	}
	return queryMasksString(string(s), plus)
}

// queryMasksGo is queryMasks for exactly 64 bytes, eight a step: each
// word's bytes equal to one of the four are found with SWAR arithmetic and
// their high bits gathered into one byte of the mask by a multiplication.
func queryMasksGo[T text](s T, plus bool) (amp, eq, chg uint64) {
	var plusMask uint64
	if plus {
		plusMask = highs
	}
	for j := 0; j < 64; j += 8 {
		w := load64(s, j)
		amp |= gatherHighs(equalBytes(w, '&')) << j
		eq |= gatherHighs(equalBytes(w, '=')) << j
		c := equalBytes(w, '%') | equalBytes(w, '+')&plusMask
		chg |= gatherHighs(c) << j
	}
	return amp, eq, chg
}

// equalBytes returns a word whose high bit is set in every byte of w equal
// to c, and only there (hasByte marks only the lowest one exactly).
func equalBytes(w uint64, c byte) uint64 {
	x := w ^ (ones * uint64(c))
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((x&low7 + low7) | x) & highs
}

// gatherHighs moves the high bit of byte k of m (its only bits) to bit k.
func gatherHighs(m uint64) uint64 {
	return (m >> 7) * 0x0102040810204080 >> 56
}

// The kernels' pure-Go twins: each does what its kernel's contract in
// scan_vec.go says, a byte at a time. scan_generic.go gives them the
// kernels' names where there is no assembly; the tests compare them with
// the kernels and with the pure-Go loops.

// indexNotInSetGo is indexNotInSetString's twin.
func indexNotInSetGo[T text](lo *[16]byte, s T) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || lo[c&15]&(1<<(c>>4)) == 0 {
			return i
		}
	}
	return len(s)
}

// encodeVecGo is encodeVecString's twin: dst holds 3*len(src)+1 bytes.
func encodeVecGo[T text](t *vecTab, dst []byte, src T) int {
	j := 0
	for i := 0; i < len(src); i++ {
		v := t.code[src[i]]
		binary.LittleEndian.PutUint32(dst[j:], v)
		j += int(v >> 24)
	}
	return j
}

// decodeVecGo is decodeVecString's twin: it decodes while 16 bytes remain,
// up to the first malformed escape.
func decodeVecGo[T text](dst []byte, src T, plus bool) (nsrc, ndst int) {
	i, j := 0, 0
	for len(src)-i >= 16 {
		c := src[i]
		switch {
		case c == '%':
			v, ok := unescape(src, i)
			if !ok {
				return i, j
			}
			dst[j] = v
			i += 3
			j++
			continue
		case c == '+' && plus:
			c = ' '
		}
		dst[j] = c
		i++
		j++
	}
	return i, j
}

// queryMasksKernelGo is queryMasksString's twin: the masks of the first 64
// bytes of s, or of all of s when it is shorter, by the pure-Go loop on a
// zero-padded copy (zero is none of the four bytes).
func queryMasksKernelGo[T text](s T, plus bool) (amp, eq, chg uint64) {
	var b [64]byte
	copy(b[:], s)
	return queryMasksGo(b[:], plus)
}
