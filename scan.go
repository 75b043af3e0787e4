// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"slices"
	"strings"
)

// The dispatcher: the codec core of each direction, over string and
// []byte inputs alike, and the only caller of a kernel (scan_vec.go
// declares them; scan_amd64.s and scan_arm64.s implement them). The route
// thresholds are here, each with its reason, and so is the one decision
// of each direction: whether a call enters a kernel (encodeKernel,
// decodeKernel), made once per call from the input's length and the CPU
// facts set at start-up, and passed down as vec.
//
// Every exported codec entry takes at most three routes:
//
//   - the input returned unchanged (or, for an append form, copied), when
//     there is nothing to change;
//   - a short input in pure Go, through a stack buffer or the caller's
//     room (encodeShort, appendShort, decodeShort, putPlain): the fast
//     paths;
//   - the general loop around the kernel (encodeGeneral, appendEncoded,
//     decodeGeneral, appendDecoded), which runs the kernel where vec says
//     and the pure-Go loops elsewhere.
//
// The fast paths of the root, each with the benchmark it wins (the
// figures are in BENCHMARKS.md):
//
//	encodeShort   Encode of short values          BenchmarkMatrix encode/*/1-15
//	appendShort   AppendEncode*, stream writes    BenchmarkMatrix append-encode/*/1-15, stream-encode/*/1-15
//	decodeShort   Decode of short values          BenchmarkMatrix decode/*/1-15
//	putPlain      AppendDecode* of short values   BenchmarkMatrix append-decode/*/1-15
//	pathClean     CheckPath, CheckSegments        BenchmarkCheckPath
//
// The pure-Go loops are the reference: the tests and the fuzz targets
// compare every kernel with them, and the kernels' pure-Go twins (loop.go;
// scan_generic.go gives them the kernels' names where there is no
// assembly) with both.

// The route thresholds.
const (
	// kernelMin is the input length from which the codecs enter a
	// kernel: below it the call into assembly and its set-up cost more
	// than the pure-Go loops (DESIGN's performance model; BenchmarkMatrix
	// cells of 1 to 15 bytes).
	kernelMin = 16

	// shortMax is the longest input the short routes take: below
	// kernelMin where there are kernels, and where there are none, every
	// input of one code-table chunk, since the short route's loop is the
	// general loop's own, with fewer calls around it.
	shortMax = kernelMin - 1 + (codeChunk-kernelMin+1)*(1-vecBuild)

	// decodeSkip is the input length from which the decode loop looks
	// for its first change with IndexByte, whose call costs more than the
	// word loop below it (BenchmarkMatrix append-decode/clean, pure Go).
	decodeSkip = 64

	// smallBuf and mediumBuf are the stack buffers of Encode and Decode,
	// for the results that fit them; a longer input goes a chunk at a
	// time (encodeChunk, decodeChunk) into a builder sized once. The small
	// one spares a short input the zeroing of the medium one.
	smallBuf    = 128
	mediumBuf   = 1024
	encodeChunk = 512
	decodeChunk = 1024
)

// encodeKernel reports whether an encode-direction call with c on n input
// bytes uses the kernels: the one decision of the encoders, the scans
// (Valid, FirstInvalid, MakeSafe) and the stream encoder, made once a
// call. The kernels serve the sets whose literal bytes are below 0x80; the
// FidoURL encodings are scanned by them, and encoded by the pure-Go loop
// (the "---" rule).
func encodeKernel(c *codec, n int) bool {
	return kernel != kernelGeneric && c.vec && n >= kernelMin
}

// decodeKernel reports whether a decode-direction call on n input bytes
// uses the kernels: the one decision of the decoders, made once a call.
func decodeKernel(n int) bool {
	return kernel != kernelGeneric && n >= kernelMin
}

// queryKernel reports whether the query scanner finds the special bytes of
// its windows with a kernel: the decision of a scanner, made once, when it
// starts on a query.
func queryKernel() bool {
	return kernel != kernelGeneric
}

// vecRoom reports whether out has the room the vector encoder needs for
// src: 3*len(src)+1 bytes (three a byte, and the four-byte store of the
// last). It is the one statement of that rule.
func vecRoom[T bytesOrString](out []byte, src T) bool {
	return len(out) > 3*len(src)
}

// The kernels take a string or a byte slice, each by its own assembly
// entry point: these pick the one for T, in the frame of their caller.

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

// The encode direction.

// cleanSpan returns the length of the longest prefix of s that c writes
// unchanged when the output before s ends in dash literal "-" bytes, and
// the number of "-" bytes that end that prefix's output (FidoURL's "---"
// rule): the scan of every encoder, by the kernel where vec says.
func cleanSpan[T bytesOrString](c *codec, s T, dash int, vec bool) (int, int) {
	i := scanSkip(c, s, vec)
	if !c.noDash {
		return i, 0
	}
	// The scan stops at each "-" under the rule: it is written literally
	// unless it would complete "---".
	for {
		if i > 0 && s[i-1] != '-' {
			dash = 0
		}
		if i == len(s) || s[i] != '-' || c.vt.code['-']>>24 != 1 {
			return i, dash
		}
		esc, next := dashRule(dash)
		if esc {
			return i, dash
		}
		dash = next
		i++
		i += scanSkip(c, s[i:], vec)
	}
}

// scanSkip returns the length of the longest prefix of s whose bytes c's
// scan table skips.
func scanSkip[T bytesOrString](c *codec, s T, vec bool) int {
	if vec {
		return indexNotInSet(&c.skipLo, s)
	}
	return cleanPrefix(&c.skip, s)
}

// encodeString is Encode's three routes: a short input scanned in this
// small frame (a byte at a time under 8 bytes, else 8 bytes a step with
// one branch) and returned as it is or encoded by encodeShort; any other
// scanned by the kernel, where the one decision says, or the pure-Go scan,
// and returned as it is or encoded by encodeGeneral.
func encodeString(e *Encoding, s string) string {
	if len(s) <= shortMax {
		// The zero Encoding's scan stops at once, a FidoURL encoding's at
		// "-": ready gives the tables, and the "---" rule is the general
		// route's.
		skip := &e.c.skip // one nil check, before the loops
		n := len(s)
		if n < 8 {
			i := 0
			for i < n && skip[s[i]] != 0 {
				i++
			}
			if i == n {
				return s
			}
		} else {
			// 8 bytes a step with one branch; the last step ends at the
			// end, overlapping the one before.
			i := 0
			for ; i < n-8; i += 8 {
				w := s[i : i+8]
				if skip[w[0]]&skip[w[1]]&skip[w[2]]&skip[w[3]]&skip[w[4]]&skip[w[5]]&skip[w[6]]&skip[w[7]] == 0 {
					break
				}
			}
			w := s[n-8:]
			if i >= n-8 && skip[w[0]]&skip[w[1]]&skip[w[2]]&skip[w[3]]&skip[w[4]]&skip[w[5]]&skip[w[6]]&skip[w[7]] != 0 {
				return s
			}
		}
		if e = e.ready(); !e.c.noDash {
			return encodeShort(&e.c, s)
		}
	}
	// The general route: the one decision of the kernel, then the scan
	// (the kernel's string entry, directly, where it applies).
	c := &e.ready().c
	vec := encodeKernel(c, len(s))
	var i, dash int
	if vec && !c.noDash {
		i = indexNotInSetString(&c.skipLo, s)
	} else {
		i, dash = cleanSpan(c, s, 0, vec)
	}
	if i == len(s) {
		return s
	}
	return encodeGeneral(c, s, i, dash, vec)
}

// encodeShort is Encode's short route for s, at most shortMax bytes, that
// holds a byte to encode, without the "---" rule: all of it by the
// code-table loop into a stack buffer. Kept out of line (the compiler
// would inline it), so that a clean input returns through encodeString's
// small frame rather than one that holds the buffer.
//
//go:noinline
func encodeShort(c *codec, s string) string {
	var buf codeBuf
	return string(buf[:putCodes(&c.vt.code, &buf, s)])
}

// appendShort is the append forms' short route for src, at most shortMax
// bytes: its clean prefix copied into dst's room while it is scanned, and
// the rest by the code-table loop; where dst lacks the room, or under the
// "---" rule, the general route.
func appendShort[T bytesOrString](c *codec, dst []byte, src T) []byte {
	l := len(dst)
	room := dst[l:cap(dst)]
	if len(room) < len(src) {
		return appendEncoded(c.ready(), dst, src)
	}
	room = room[:len(src)]
	skip := &c.skip // the zero Encoding's stops at once
	i := 0
	for i < len(src) {
		b := src[i]
		if skip[b] == 0 {
			break
		}
		room[i] = b
		i++
	}
	if i == len(src) {
		return dst[:l+i]
	}
	c = c.ready()
	if c.noDash {
		return appendEncoded(c, dst, src)
	}
	var buf codeBuf
	return append(dst[:l+i], buf[:putCodes(&c.vt.code, &buf, src[i:])]...)
}

// encodeBlock writes the encoding of src to out, which has vecRoom for
// it, when the output before src ends in dash literal "-" bytes, and
// returns its length and the "-" bytes that end it: by the vector encoder
// where vec says (its set is the kernels', and no "---" rule), else by the
// code-table loop a codeChunk at a time.
func encodeBlock[T bytesOrString](c *codec, out []byte, src T, dash int, vec bool) (int, int) {
	if vec && !c.noDash {
		return encodeVec(&c.vt, out, src), 0
	}
	var buf codeBuf
	n := 0
	for len(src) > 0 {
		k := min(len(src), codeChunk)
		var m int
		if c.noDash {
			m, dash = putDashCodes(c, &buf, src[:k], dash)
		} else {
			m = putCodes(&c.vt.code, &buf, src[:k])
		}
		n += copy(out[n:], buf[:m])
		src = src[k:]
	}
	return n, dash
}

// encodeGeneral is Encode's general route for s, whose first i bytes
// are clean and end in dash literal "-" bytes, and which holds a byte to
// encode: where vec says, by the vector encoder's string entry into a stack
// buffer (the whole of s: copying the clean prefix and starting past it
// cost more); else its encoding in a stack buffer when it fits one, or a
// chunk at a time into a builder sized once.
func encodeGeneral(c *codec, s string, i, dash int, vec bool) string {
	if vec && !c.noDash && len(s) < smallBuf/3 {
		var buf [smallBuf]byte
		return string(buf[:encodeVecString(&c.vt, buf[:], s)])
	}
	switch {
	case len(s) < smallBuf/3:
		var buf [smallBuf]byte
		n, _ := encodeAfter(c, buf[:], s, i, dash, vec)
		return string(buf[:n])
	case len(s) < mediumBuf/3:
		return encodeMedium(c, s, i, dash, vec)
	}
	var b strings.Builder
	b.Grow(i + encodedLen(c, s[i:], dash))
	b.WriteString(s[:i])
	var buf [3*encodeChunk + 1]byte
	for rest := s[i:]; len(rest) > 0; {
		k := min(len(rest), encodeChunk)
		var m int
		m, dash = encodeBlock(c, buf[:], rest[:k], dash, vec)
		b.Write(buf[:m])
		rest = rest[k:]
	}
	return b.String()
}

// encodeMedium is encodeGeneral's medium stack buffer: a function of its
// own, so that a shorter input does not pay for zeroing it.
func encodeMedium(c *codec, s string, i, dash int, vec bool) string {
	var buf [mediumBuf]byte
	n, _ := encodeAfter(c, buf[:], s, i, dash, vec)
	return string(buf[:n])
}

// encodeAfter writes the encoding of src, whose first i bytes are written
// unchanged and end in dash literal "-" bytes, to out, which has vecRoom
// for it, and returns its length and the "-" bytes that end it. The
// vector encoder encodes the whole of src, its clean prefix too: copying
// the prefix and starting past it cost more.
func encodeAfter[T bytesOrString](c *codec, out []byte, src T, i, dash int, vec bool) (int, int) {
	if vec && !c.noDash {
		return encodeVec(&c.vt, out, src), 0
	}
	copy(out, src[:i])
	n, dash := encodeBlock(c, out[i:], src[i:], dash, vec)
	return i + n, dash
}

// appendEncoded is the append forms' general route: src's clean prefix
// found by the scan, and src written into dst's room where it has vecRoom,
// else into room grown once to the exact length, a chunk at a time.
func appendEncoded[T bytesOrString](c *codec, dst []byte, src T) []byte {
	vec := encodeKernel(c, len(src))
	l := len(dst)
	if room := dst[l:cap(dst)]; vec && !c.noDash && vecRoom(room, src) {
		// The vector encoder writes the whole of src into the room at
		// once, its clean bytes too: no scan before it.
		return dst[:l+encodeVec(&c.vt, room, src)]
	}
	i, dash := cleanSpan(c, src, 0, vec)
	if i == len(src) {
		return append(dst, src...)
	}
	if room := dst[l:cap(dst)]; vecRoom(room, src) {
		n, _ := encodeAfter(c, room, src, i, dash, vec)
		return dst[:l+n]
	}
	return appendChunks(c, dst, src, i, dash, vec)
}

// appendChunks is appendEncoded where dst lacks the room: grown once to
// the exact length, src written a chunk at a time through a stack buffer.
// Its own function, so that appendEncoded's frame does not hold the
// buffer.
func appendChunks[T bytesOrString](c *codec, dst []byte, src T, i, dash int, vec bool) []byte {
	dst = slices.Grow(dst, i+encodedLen(c, src[i:], dash))
	dst = append(dst, src[:i]...)
	var buf [3*encodeChunk + 1]byte
	for rest := src[i:]; len(rest) > 0; {
		k := min(len(rest), encodeChunk)
		var m int
		m, dash = encodeBlock(c, buf[:], rest[:k], dash, vec)
		dst = append(dst, buf[:m]...)
		rest = rest[k:]
	}
	return dst
}

// firstInvalid is FirstInvalid: it skips clean runs with the scan, then
// looks at the byte that ends each.
func firstInvalid(c *codec, s string) int {
	vec := encodeKernel(c, len(s))
	for i := 0; ; {
		i += scanSkip(c, s[i:], vec)
		if i >= len(s) {
			return -1
		}
		switch b := s[i]; {
		case b == '-' && c.noDash && c.vt.code['-']>>24 == 1:
			// A run of literal "-" (the scan stops at each under the
			// "---" rule), which starts afresh after any other byte.
			for dash := 0; i < len(s) && s[i] == '-'; i++ {
				esc, next := dashRule(dash)
				if esc {
					return i // the "-" that completes a "---"
				}
				dash = next
			}
		case b == '%':
			if !isEscape(s, i) {
				return i
			}
			i += 3
		case b == '+' && c.plus:
			i++
		default:
			return i
		}
	}
}

// The decode direction.

// decodeShort is Decode's short route for s, under kernelMin bytes, that
// holds a byte to decode: the decode loop into a stack buffer.
func decodeShort(c *codec, s string, lenient bool) (string, error) {
	var buf [kernelMin]byte
	n, bad := decodeTo(buf[:], s, c.plus, lenient)
	if bad >= 0 {
		return "", decodeError(s, bad)
	}
	return string(buf[:n]), nil
}

// decodeBlock decodes src into out, which holds len(src) bytes, as
// decodeTo does: by the vector decoder where vec says, then by the decode
// loop from a malformed escape it stops before; else by the decode loop.
func decodeBlock[T bytesOrString](out []byte, src T, plus, lenient, vec bool) (n, bad int) {
	if !vec {
		// A long input starts with a search for its first change.
		i := 0
		if len(src) >= decodeSkip {
			i = indexDecode(src, plus)
			copy(out, src[:i])
		}
		n, bad = decodeTo(out[i:], src[i:], plus, lenient)
		if bad >= 0 {
			bad += i
		}
		return i + n, bad
	}
	i, j := decodeVec(out, src, plus)
	if i == len(src) {
		return j, -1
	}
	n, bad = decodeTo(out[j:], src[i:], plus, lenient)
	if bad >= 0 {
		bad += i
	}
	return j + n, bad
}

// decodeGeneral is Decode's general route: s itself when nothing in it
// changes, else its decoding in a stack buffer when it fits one, or a
// chunk at a time into a builder sized once.
func decodeGeneral(c *codec, s string, lenient bool) (string, error) {
	vec := decodeKernel(len(s))
	i := indexDecode(s, c.plus)
	switch {
	case i == len(s):
		return s, nil
	case len(s) <= smallBuf:
		var buf [smallBuf]byte
		return decodeIn(buf[:], s, c.plus, lenient, vec)
	case len(s) <= mediumBuf:
		return decodeMedium(c, s, lenient, vec)
	}
	var b strings.Builder
	// Exact when every escape is well formed; a lenient decode of a stray
	// '%' may grow it once more.
	n := len(s) - 2*strings.Count(s[i:], "%")
	if n < 0 {
		n = len(s)
	}
	b.Grow(n)
	b.WriteString(s[:i])
	var buf [decodeChunk]byte
	for off := i; off < len(s); {
		end := min(off+decodeChunk, len(s))
		if end < len(s) {
			end = escapeCut(s, end) // never cut an escape in two
		}
		n, bad := decodeBlock(buf[:], s[off:end], c.plus, lenient, vec)
		if bad >= 0 {
			return "", decodeError(s, off+bad)
		}
		b.Write(buf[:n])
		off = end
	}
	return b.String(), nil
}

// decodeMedium is decodeGeneral's medium stack buffer: a function of its
// own, so that a shorter input does not pay for zeroing it.
func decodeMedium(c *codec, s string, lenient, vec bool) (string, error) {
	var buf [mediumBuf]byte
	return decodeIn(buf[:], s, c.plus, lenient, vec)
}

// decodeIn decodes s into buf, which holds len(s) bytes, and copies the
// result into a string. It decodes the whole of s, its prefix that
// decoding leaves unchanged too: copying that and starting past it cost
// more.
func decodeIn(buf []byte, s string, plus, lenient, vec bool) (string, error) {
	n, bad := decodeBlock(buf, s, plus, lenient, vec)
	if bad >= 0 {
		return "", decodeError(s, bad)
	}
	return string(buf[:n]), nil
}

// appendDecodeShort is the append forms' short route for src, under
// kernelMin bytes, where dst has room for len(src) bytes: its literal
// prefix copied while it is scanned (putPlain), and the rest by the
// decode loop.
func appendDecodeShort[T bytesOrString](c *codec, dst []byte, src T, lenient bool) ([]byte, error) {
	l := len(dst)
	room := dst[l:cap(dst)]
	if len(room) < len(src) {
		return appendDecoded(c, dst, src, lenient)
	}
	i := putPlain(room, src, c.space)
	if i == len(src) {
		return dst[:l+i], nil
	}
	n, bad := decodeTo(room[i:], src[i:], c.plus, lenient)
	if bad >= 0 {
		return dst[:l+i+n], decodeError(src, i+bad)
	}
	return dst[:l+i+n], nil
}

// appendDecoded is the append forms' general route: src decoded into
// dst's room, grown once to len(src) bytes where it has less.
func appendDecoded[T bytesOrString](c *codec, dst []byte, src T, lenient bool) ([]byte, error) {
	vec := decodeKernel(len(src))
	if cap(dst)-len(dst) < len(src) {
		dst = slices.Grow(dst, len(src))
	}
	l := len(dst)
	n, bad := decodeBlock(dst[l:l+len(src)], src, c.plus, lenient, vec)
	if bad >= 0 {
		return dst[:l+n], decodeError(src, bad)
	}
	return dst[:l+n], nil
}

// The query scanner's masks.

// queryMasks returns the masks of the special bytes of a query in the
// window of 64 bytes of q at base: bit i of amp is set when q[base+i] is
// "&", of eq when it is "=", of chg when it is "%", or "+" with plus. When
// q ends inside the window, its end is marked in amp as if it were a "&",
// and nothing past it is read: the kernels take the window from the last
// bytes of q and shift it (or, under 16 bytes, from a copy). vec is the
// scanner's decision (queryKernel).
func queryMasks(q string, base int, plus, vec bool) (amp, eq, chg uint64) {
	rest := len(q) - base
	least := 16 // the kernels read 16 to 64 bytes, the pure-Go loop 64
	if !vec {
		least = 64
	}
	switch n := min(len(q), 64); {
	case rest >= 64:
		return queryBlock(q[base:], plus, vec)
	case n >= least:
		amp, eq, chg = queryBlock(q[len(q)-n:], plus, vec)
		k := n - rest
		return amp>>k | 1<<rest, eq >> k, chg >> k
	default:
		var b [64]byte
		copy(b[:], q[base:])
		amp, eq, chg = queryBlock(b[:], plus, vec)
		return amp | 1<<rest, eq, chg
	}
}

// queryBlock returns the query masks of the first 64 bytes of s, or of all
// of s when it is shorter (a kernel reads 16 bytes at least, the pure-Go
// loop exactly 64).
func queryBlock[T bytesOrString](s T, plus, vec bool) (amp, eq, chg uint64) {
	if !vec {
		return queryMasksLoop(s[:64], plus)
	}
	if b, ok := any(s).([]byte); ok {
		return queryMasksBytes(b, plus)
	}
	return queryMasksString(string(s), plus)
}
