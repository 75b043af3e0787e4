// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"slices"
	"strings"
)

// The dispatcher: the only caller of a kernel (scan_vec.go declares them;
// scan_amd64.s and scan_arm64.s implement them). Each entry of the codecs
// decides once, by the input's length, the CPU and the Encoding, where its
// input goes, by one of the three predicates below, and the room rules are
// written here once:
//
//   - an input under vecMin bytes, or any input where no kernel serves,
//     takes the pure-Go loops (loop.go), the general path of every entry;
//   - a longer one, where a kernel serves and the output has its room,
//     goes straight to the kernel.
//
// The pure-Go loops are the reference: the tests and the fuzz targets
// compare every kernel with them, and the kernels' pure-Go twins (loop.go;
// scan_generic.go gives them the kernels' names where there is no
// assembly) with both.

// The kernels. Assembly reads these through go_asm.h (const_kernelAVX2).
const (
	kernelGeneric = iota // the pure-Go loops
	kernelSSSE3          // amd64: 16 bytes a step
	kernelAVX2           // amd64: 32 bytes a step
	kernelNEON           // arm64: 16 bytes a step
)

// vecMin is the input length from which the codecs enter a kernel; under
// it, the encoders run their fast path, a byte loop inlined in the entry.
// The kernels' call and set-up cost more than the pure-Go loops below it
// (BenchmarkMatrix: with 8 or 32, its cells of 8 to 31 bytes were slower).
const vecMin = 16

// roomMin is that length for the append forms into room for any result,
// which write straight to the caller's buffer: from 8 bytes, a kernel's
// straight-line code beats the byte loop on values of varied lengths,
// whose loop exits the branch predictor cannot learn
// (BenchmarkEncode/short/append 34% faster than from vecMin,
// BenchmarkDecode/short/append 17%), and under 8 the byte loop wins
// (BenchmarkMatrix append-encode and append-decode, 1-7 bytes).
const roomMin = 8

// encodeKernel reports whether e encodes an input of n bytes with the
// vector encoder, from min bytes (vecMin, or roomMin for the append
// forms): the decision of the encoders. The encoder serves sets whose
// literal bytes are below 0x80, without the FidoURL "---" rule.
func encodeKernel(e *Encoding, n, min int) bool {
	return kernel != kernelGeneric && e.vecEnc && n >= min
}

// scanKernel reports whether the scan for the first byte e must encode
// runs the kernel on n bytes: the decision of the scans (FirstInvalid, the
// stream encoder, an encoder's clean prefix). It serves the FidoURL
// encodings too: their scan tables do not skip "-", and clean and
// firstInvalid apply the "---" rule where a scan stops.
func scanKernel(e *Encoding, n int) bool {
	return kernel != kernelGeneric && e.vec && n >= vecMin
}

// decodeKernel reports whether an input of n bytes is decoded by the
// vector decoder, from min bytes (vecMin, or roomMin for the append
// forms): the decision of the decoders.
func decodeKernel(n, min int) bool {
	return kernel != kernelGeneric && n >= min
}

// queryKernel reports whether the query scanner finds a window's special
// bytes with a kernel: the decision of the query scanner, which works in
// windows of 64 bytes whatever the query's length.
func queryKernel() bool {
	return kernel != kernelGeneric
}

// decodeChunk is how many input bytes a long Decode decodes at a time
// through its stack buffer.
const decodeChunk = 1024

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

// vecRoom reports whether out has the room the vector encoder needs for
// src: 3*len(src)+1 bytes (three a byte, and the four-byte store of the
// last). It is the one statement of that rule.
func vecRoom[T bytesOrString](out []byte, src T) bool {
	return len(out) > 3*len(src)
}

// The kernels take a string or a byte slice, each by its own assembly
// entry point; these pick the one for T.

func indexNotInSet[T bytesOrString](lo *[16]byte, s T) int {
	if b, ok := any(s).([]byte); ok {
		return indexNotInSetBytes(lo, b)
	}
	return indexNotInSetString(lo, string(s))
}

func encodeVec[T bytesOrString](t *vecTab, dst []byte, src T) int {
	if b, ok := any(src).([]byte); ok {
		return encodeVecBytes(t, dst, b)
	}
	return encodeVecString(t, dst, string(src))
}

func decodeVec[T bytesOrString](dst []byte, src T, plus bool) (nsrc, ndst int) {
	if b, ok := any(src).([]byte); ok {
		return decodeVecBytes(dst, b, plus)
	}
	return decodeVecString(dst, string(src), plus)
}

// clean returns the length of the longest prefix of s that e writes
// unchanged when the output before s ends in dash literal "-" bytes, and the
// number of "-" bytes that end that prefix's output (FidoURL's "---" rule).
// A string and a byte slice each enter the kernel by their own entry point.
func clean[T bytesOrString](e *Encoding, s T, dash int) (int, int) {
	i := scanClean(e, s)
	if !e.noDash {
		return i, 0
	}
	// The scan stops at each "-" under the rule: it is written literally
	// unless it would complete "---".
	for {
		if i > 0 && s[i-1] != '-' {
			dash = 0
		}
		if i == len(s) || s[i] != '-' || e.vt.code['-']>>24 != 1 {
			return i, dash
		}
		esc, next := dashRule(dash)
		if esc {
			return i, dash
		}
		dash = next
		i++
		i += scanClean(e, s[i:])
	}
}

// scanClean is the scan of clean: the length of the longest prefix of s
// whose bytes e's scan table skips.
func scanClean[T bytesOrString](e *Encoding, s T) int {
	if scanKernel(e, len(s)) {
		return indexNotInSet(&e.skipLo, s)
	}
	return cleanPrefix(&e.skip, s)
}

// shortClean returns the length of the longest prefix of s, under vecMin
// bytes, whose bytes e's scan table skips (those e writes unchanged, less
// "-" under the "---" rule): the clean scan of a short input, a byte loop
// small enough to be inlined in the entries that take short inputs apart
// (encodeString, the stream encoder's Write), where a call to clean costs
// more than the scan.
func shortClean[T bytesOrString](e *Encoding, s T) int {
	skip := &e.skip // one nil check, before the loop
	i := 0
	for i < len(s) && skip[s[i]] != 0 {
		i++
	}
	return i
}

// putClean copies the longest prefix of src whose bytes e's scan table
// skips (see shortClean) to out, which holds len(src) bytes, and returns
// its length: the append encoders' short input, scanned and copied in
// one byte loop, inlined, with no call to copy (BenchmarkMatrix,
// append-encode/clean/1–15).
func putClean[T bytesOrString](e *Encoding, out []byte, src T) int {
	out = out[:len(src)]
	skip := &e.skip // one nil check, before the loop
	i := 0
	for i < len(src) {
		c := src[i]
		if skip[c] == 0 {
			break
		}
		out[i] = c
		i++
	}
	return i
}

// encodeString is Encode: the input itself when it is clean, else through
// a stack buffer sized to the input, or chunk by chunk into a builder. An
// input of at most shortMax bytes goes by the short path: its clean prefix
// found by a byte loop (under vecMin bytes, inlined) or cleanPrefix's word
// steps, and where that is not the whole input, the input by the
// code-table loop, inlined in encodeShort (BenchmarkMatrix, encode/*/1–15;
// and under -tags purego encode/clean/16–42, 8–30 % faster than through
// clean and encodeRest, escaped values within the noise). Any other goes
// by the kernels where encodeKernel says so, else by the pure-Go loops,
// decided once.
func encodeString(e *Encoding, s string) string {
	if len(s) <= shortMax {
		// The zero Encoding's skip table is all 0: its scan stops at once,
		// and ready gives encodeShort the tables. A FidoURL encoding's
		// stops at "-", and its "---" rule is the longer path's.
		var i int
		if len(s) < vecMin {
			i = shortClean(e, s)
		} else {
			i = cleanPrefix(&e.skip, s)
		}
		if i == len(s) {
			return s
		}
		if !e.noDash {
			return encodeShort(e.ready(), s)
		}
	}
	e = e.ready()
	vec := encodeKernel(e, len(s), vecMin)
	var i, dash int
	if vec {
		i = indexNotInSetString(&e.skipLo, s)
	} else {
		i, dash = clean(e, s, 0)
	}
	if i == len(s) {
		return s
	}
	return encodeRest(e, s, i, dash, vec)
}

// encodeShort is encodeString's short input (at most shortMax bytes)
// that holds a byte to encode: the whole input by the code-table loop,
// the clean prefix too, through a stack buffer of 3*shortMax+1 bytes.
// Inlined in encodeString, it adds only that buffer to its frame; encodeRest
// holds the larger ones, so that a clean input returns through a small
// frame (BenchmarkMatrix, encode/clean/1–15: 20–30 % faster). It copies no
// prefix: a call to copy would keep s live across it, and encodeString
// would spill s on entry, clean inputs too (arm64 instructions a value:
// encode/clean/1 45 → 44, escaped/1 69 → 63, escaped/4 210 → 201;
// escaped/15 490 → 506, and under -tags purego escaped/32 +2 %).
func encodeShort(e *Encoding, s string) string {
	var buf [3*shortMax + 1]byte
	return string(buf[:putCodes(&e.vt.code, buf[:], s)])
}

// encodeRest is encodeString for an input of vecMin bytes or more (or
// with the "---" rule) whose first i bytes are written unchanged and end
// in dash literal "-" bytes, i < len(s).
func encodeRest(e *Encoding, s string, i, dash int, vec bool) string {
	switch {
	case len(s) <= smallBuf/3:
		var buf [smallBuf]byte
		return encodeIn(e, buf[:], s, i, dash, vec)
	case len(s) <= mediumBuf/3:
		return encodeMedium(e, s, i, dash, vec)
	}
	return encodeLong(e, s, i, dash, vec)
}

// encodeMedium is encodeString's stack buffer for the inputs whose
// encoding fits mediumBuf bytes: a function of its own, so that a shorter
// input does not pay for zeroing it.
func encodeMedium(e *Encoding, s string, i, dash int, vec bool) string {
	var buf [mediumBuf]byte
	return encodeIn(e, buf[:], s, i, dash, vec)
}

// encodeIn encodes s, whose first i bytes are written unchanged and end in
// dash literal "-" bytes, in buf, which holds 3*len(s)+1 bytes, and copies
// the result into a string. The vector encoder, when vec, encodes the
// whole of s, its clean prefix too: copying the prefix and starting the
// kernel past it cost more (arm64 instructions a value, encode/escaped/16
// 497 -> 469, escaped/32 609 -> 532, nonascii/32 597 -> 551; AVX2
// BenchmarkMatrix encode/escaped/17–64 +20–45 %, medians of 7 interleaved
// runs).
func encodeIn(e *Encoding, buf []byte, s string, i, dash int, vec bool) string {
	if vec {
		return string(buf[:encodeVecString(&e.vt, buf, s)])
	}
	copy(buf, s[:i])
	n, _ := encodeTo(e, buf[i:], s[i:], dash)
	return string(buf[:i+n])
}

// encodeLong is encodeString for long inputs, whose first i bytes are
// written unchanged and end in dash literal "-" bytes: chunk by chunk
// through a stack buffer into a builder sized once, by the vector encoder
// when vec.
func encodeLong(e *Encoding, s string, i, dash int, vec bool) string {
	n := i + encodedLen(e, s[i:], dash)
	var b strings.Builder
	b.Grow(n)
	b.WriteString(s[:i])
	var buf [3*encodeChunk + 1]byte
	for rest := s[i:]; len(rest) > 0; {
		k := min(len(rest), encodeChunk)
		var m int
		if vec {
			m = encodeVecString(&e.vt, buf[:], rest[:k])
		} else {
			m, dash = encodeTo(e, buf[:], rest[:k], dash)
		}
		b.Write(buf[:m])
		rest = rest[k:]
	}
	return b.String()
}

// encodeInRoom writes the encoding of src, whose first i bytes e writes
// unchanged and end in dash literal "-" bytes, to out, which has the vector
// encoder's room (vecRoom), and returns the bytes written and the "-" bytes
// that end them: the stream encoder's entry. Where encodeKernel says so,
// the kernel encodes the whole of src, its clean prefix too, as encodeIn's
// does (arm64 instructions a write, stream-encode/escaped/32 485 -> 416,
// nonascii/32 455 -> 416).
func encodeInRoom(e *Encoding, out, src []byte, i, dash int) (int, int) {
	if encodeKernel(e, len(src), vecMin) {
		return encodeVecBytes(&e.vt, out, src), 0
	}
	copy(out, src[:i])
	n, dash := encodeTo(e, out[i:], src[i:], dash)
	return i + n, dash
}

// appendEncodeBytes and appendEncodeString are the append forms' entry.
// Into room that holds any result (vecRoom), an input goes straight to the
// vector encoder where encodeKernel says so (from roomMin bytes), else (a
// short input, at most shortMax bytes: the fast path of BenchmarkMatrix,
// append-encode/*/1–7, 1–15 without a kernel, and under -tags purego
// 16–42, arm64 instructions a value clean/16 245 → 189, escaped/16
// 502 → 323, escaped/32 743 → 579 against the route through
// appendEncode) to the code-table loop, inlined, after its clean prefix is
// copied by putClean; any other to appendEncode. The zero
// Encoding is told apart (Encoding.ready) only where tables are read past
// putClean's scan, which stops at its first byte (BenchmarkMatrix
// append-encode/clean/1–15: three arm64 instructions a value fewer than
// asking first). They are not generic, and too large to be
// inlined, so that a caller in another package that inlines
// AppendEncode sees their escape facts (dst leaks only to the result) and a
// stack buffer it passes as dst stays on its stack: a generic function's
// shape carries no such facts across packages.
func appendEncodeBytes(e *Encoding, dst, src []byte) []byte {
	if len(src) == 0 {
		return dst // the empty value: no frame beyond this one
	}
	l := len(dst)
	if room := dst[l:cap(dst)]; vecRoom(room, src) {
		if len(src) <= shortMax {
			// The zero Encoding's skip table stops putClean at once, a
			// FidoURL encoding's at "-" (its "---" rule is appendEncode's).
			i := putClean(e, room, src)
			if i == len(src) {
				return dst[:l+i]
			}
			if !e.noDash {
				e = e.ready()
				if encodeKernel(e, len(src), roomMin) {
					return dst[:l+i+encodeVecBytes(&e.vt, room[i:], src[i:])]
				}
				return dst[:l+i+putCodes(&e.vt.code, room[i:], src[i:])]
			}
		} else if encodeKernel(e, len(src), roomMin) {
			// The zero Encoding's vecEnc is false, and a FidoURL
			// encoding's: they go on to appendEncode.
			return dst[:l+encodeVecBytes(&e.vt, room, src)]
		}
	}
	return appendEncode(e.ready(), dst, src)
}

func appendEncodeString(e *Encoding, dst []byte, src string) []byte {
	if len(src) == 0 {
		return dst // the empty value: no frame beyond this one
	}
	l := len(dst)
	if room := dst[l:cap(dst)]; vecRoom(room, src) {
		if len(src) <= shortMax {
			// The zero Encoding's skip table stops putClean at once, a
			// FidoURL encoding's at "-" (its "---" rule is appendEncode's).
			i := putClean(e, room, src)
			if i == len(src) {
				return dst[:l+i]
			}
			if !e.noDash {
				e = e.ready()
				if encodeKernel(e, len(src), roomMin) {
					return dst[:l+i+encodeVecString(&e.vt, room[i:], src[i:])]
				}
				return dst[:l+i+putCodes(&e.vt.code, room[i:], src[i:])]
			}
		} else if encodeKernel(e, len(src), roomMin) {
			// The zero Encoding's vecEnc is false, and a FidoURL
			// encoding's: they go on to appendEncode.
			return dst[:l+encodeVecString(&e.vt, room, src)]
		}
	}
	return appendEncode(e.ready(), dst, src)
}

// appendEncode is the general path of the append forms: the clean prefix
// copied, and the rest by the pure-Go loop, into dst's room when it holds
// any result, else into room grown once to the exact length.
func appendEncode[T bytesOrString](e *Encoding, dst []byte, src T) []byte {
	l := len(dst)
	i, dash := clean(e, src, 0)
	if i == len(src) {
		return append(dst, src...)
	}
	if cap(dst)-l < 3*len(src) {
		dst = slices.Grow(dst, i+encodedLen(e, src[i:], dash))
	}
	copy(dst[l:cap(dst)], src[:i])
	n, _ := encodeTo(e, dst[l+i:cap(dst)], src[i:], dash)
	return dst[:l+i+n]
}

// decodeString is Decode and DecodeLenient: the input itself when nothing
// in it changes, else through a stack buffer sized to the input, or chunk
// by chunk into a builder. An input under vecMin bytes is scanned by a
// byte loop in this frame, which holds only decodeSmall's buffer (inlined)
// and not decodeLong's 1 KiB ones, so that a clean one returns at once
// (BenchmarkMatrix decode/clean/1–15).
func decodeString(e *Encoding, s string, lenient bool) (string, error) {
	if len(s) < vecMin {
		if plainPrefix(s, e.space) == len(s) {
			return s, nil
		}
		return decodeSmall(e, s, lenient)
	}
	return decodeLong(e, s, lenient)
}

// decodeSmall is decodeString's stack buffer for inputs of at most
// smallBuf bytes.
func decodeSmall(e *Encoding, s string, lenient bool) (string, error) {
	var buf [smallBuf]byte
	return decodeIn(e, buf[:], s, lenient)
}

// decodeLong is decodeString for inputs of vecMin bytes or more.
func decodeLong(e *Encoding, s string, lenient bool) (string, error) {
	i := indexDecode(s, e.plus)
	switch {
	case i == len(s):
		return s, nil
	case len(s) <= smallBuf:
		return decodeSmall(e, s, lenient)
	case len(s) <= mediumBuf:
		return decodeMedium(e, s, lenient)
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

// decodeMedium is decodeString's stack buffer for inputs of at most
// mediumBuf bytes: a function of its own, so that a shorter input does not
// pay for zeroing it.
func decodeMedium(e *Encoding, s string, lenient bool) (string, error) {
	var buf [mediumBuf]byte
	return decodeIn(e, buf[:], s, lenient)
}

// decodeIn decodes s in buf, which is at least len(s) long, and copies the
// result into a string. It decodes the whole of s, its prefix that decoding
// leaves unchanged too, which decodeString has scanned: copying that and
// starting past it cost more (arm64 instructions a value, decode/escaped/32
// 793 -> 730, nonascii/32 675 -> 637, escaped/16 699 -> 672; AVX2 timings
// within the noise).
func decodeIn(e *Encoding, buf []byte, s string, lenient bool) (string, error) {
	n, bad := decodeFast(e, buf, s, lenient)
	if bad >= 0 {
		return "", decodeError(s, bad)
	}
	return string(buf[:n]), nil
}

// appendDecodeBytes and appendDecodeString are the append forms' entry.
// A value under roomMin bytes, into room for it (len(src) bytes, the most
// any decoding writes), has its literal prefix copied by a byte loop
// (putPlain) and the rest decoded by the decode loop, with no other frame
// (BenchmarkMatrix append-decode/clean/1–7 about 20 % faster than through
// appendDecodeLong). Any other value goes to appendDecodeLongBytes or
// appendDecodeLongString. Not generic, and too large to be inlined, for
// the reason appendEncodeBytes is.
func appendDecodeBytes(e *Encoding, dst, src []byte, lenient bool) ([]byte, error) {
	l := len(dst)
	if room := dst[l:cap(dst)]; len(src) < roomMin && len(room) >= len(src) {
		// A short value (the empty one too): its literal prefix copied by a
		// byte loop.
		i := putPlain(room, src, e.space)
		if i == len(src) {
			return dst[:l+i], nil
		}
		return decodeFrom(e, dst, src, i, i, lenient)
	}
	return appendDecodeLongBytes(e, dst, src, lenient)
}

// appendDecodeLongBytes and appendDecodeLongString are the append forms
// from roomMin bytes, or without room. Into room for len(src) bytes, an
// input goes to the vector decoder where decodeKernel says so, and what it
// leaves (what follows a malformed escape it stops before) to the decode
// loop. Under vecMin bytes, an input with nothing to decode is copied as
// two words before any kernel is entered (putPlainWords: BenchmarkMatrix
// append-decode/clean/8–15 twice as fast, escaped/8–15 15–30 % slower,
// still 3–5× net/url). With too little room, an input goes to
// appendDecode. One function for both, generic, was 10–20 % slower
// (BenchmarkMatrix append-decode/*/16–64): the vector decoder is entered
// through decodeVec's type switch.
func appendDecodeLongBytes(e *Encoding, dst, src []byte, lenient bool) ([]byte, error) {
	l := len(dst)
	room := dst[l:cap(dst)]
	if len(room) < len(src) {
		return appendDecode(e, dst, src, lenient)
	}
	i, j := 0, 0
	if decodeKernel(len(src), roomMin) {
		if len(src) < vecMin && putPlainWords(room, src, e.plus) {
			return dst[:l+len(src)], nil
		}
		if i, j = decodeVecBytes(room, src, e.plus); i == len(src) {
			return dst[:l+j], nil
		}
	}
	return decodeFrom(e, dst, src, i, j, lenient)
}

func appendDecodeString(e *Encoding, dst []byte, src string, lenient bool) ([]byte, error) {
	l := len(dst)
	if room := dst[l:cap(dst)]; len(src) < roomMin && len(room) >= len(src) {
		// A short value (the empty one too): its literal prefix copied by a
		// byte loop.
		i := putPlain(room, src, e.space)
		if i == len(src) {
			return dst[:l+i], nil
		}
		return decodeFrom(e, dst, src, i, i, lenient)
	}
	return appendDecodeLongString(e, dst, src, lenient)
}

func appendDecodeLongString(e *Encoding, dst []byte, src string, lenient bool) ([]byte, error) {
	l := len(dst)
	room := dst[l:cap(dst)]
	if len(room) < len(src) {
		return appendDecode(e, dst, src, lenient)
	}
	i, j := 0, 0
	if decodeKernel(len(src), roomMin) {
		if len(src) < vecMin && putPlainWords(room, src, e.plus) {
			return dst[:l+len(src)], nil
		}
		if i, j = decodeVecString(room, src, e.plus); i == len(src) {
			return dst[:l+j], nil
		}
	}
	return decodeFrom(e, dst, src, i, j, lenient)
}

// decodeFrom ends an append decode that has read src[:i] and written j
// bytes to dst's room, which holds len(src) bytes: the decode loop decodes
// the rest.
func decodeFrom[T bytesOrString](e *Encoding, dst []byte, src T, i, j int, lenient bool) ([]byte, error) {
	l := len(dst)
	n, bad := decodeTo(dst[l+j:cap(dst)], src[i:], e.plus, lenient)
	if bad >= 0 {
		return dst[:l+j+n], decodeError(src, i+bad)
	}
	return dst[:l+j+n], nil
}

// appendDecode is the general path of the append forms: into room grown
// once for len(src) bytes, by decodeFast.
func appendDecode[T bytesOrString](e *Encoding, dst []byte, src T, lenient bool) ([]byte, error) {
	dst = slices.Grow(dst, len(src))
	l := len(dst)
	n, bad := decodeFast(e, dst[l:l+len(src)], src, lenient)
	if bad >= 0 {
		return dst[:l+n], decodeError(src, bad)
	}
	return dst[:l+n], nil
}

// decodeFast decodes src into out, which is at least len(src) long, as
// decodeTo does: by the vector decoder where decodeKernel says so, and by
// the decode loop after any malformed escape it stops before.
func decodeFast[T bytesOrString](e *Encoding, out []byte, src T, lenient bool) (n, bad int) {
	if !decodeKernel(len(src), vecMin) {
		return decodeTo(out, src, e.plus, lenient)
	}
	i, j := decodeVec(out, src, e.plus)
	if i == len(src) {
		return j, -1
	}
	n, bad = decodeTo(out[j:], src[i:], e.plus, lenient)
	if bad >= 0 {
		bad += i
	}
	return j + n, bad
}

// firstInvalid is FirstInvalid: it skips clean runs with the scan, then
// looks at the byte that ends each.
func firstInvalid(e *Encoding, s string) int {
	for i := 0; ; {
		if scanKernel(e, len(s)-i) {
			i += indexNotInSetString(&e.skipLo, s[i:])
		} else {
			i += cleanPrefix(&e.skip, s[i:])
		}
		if i >= len(s) {
			return -1
		}
		switch c := s[i]; {
		case c == '-' && e.noDash && e.vt.code['-']>>24 == 1:
			// A run of literal "-" (the scan stops at each under the
			// "---" rule), which starts afresh after any other byte.
			for dash := 0; i < len(s) && s[i] == '-'; i++ {
				esc, next := dashRule(dash)
				if esc {
					return i // the "-" that completes a "---"
				}
				dash = next
			}
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
	if !queryKernel() {
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
	if !queryKernel() {
		return queryMasksLoop(s[:64], plus)
	}
	if b, ok := any(s).([]byte); ok {
		return queryMasksBytes(b, plus)
	}
	return queryMasksString(string(s), plus)
}
