// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
)

// The pure-Go codec loops: what the dispatcher (scan.go) runs where no
// kernel serves, and the reference every kernel is tested against; the
// kernels' pure-Go twins; and FidoURL's "---" rule. They read an
// Encoding's tables (codec.go) and the hex tables (hex.go), and nothing
// else of the package: the dispatcher, and a few layers for a piece they
// share (CheckPath, the query scanner), call into this file, never the
// reverse.

// Words of eight bytes: ones has 1 in each byte, highs each byte's high bit.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// cleanPrefix returns the length of the longest prefix of src whose bytes
// skip marks (an Encoding's skip table: the bytes it writes unchanged). It
// looks up eight bytes a step with one branch, and the last bytes of a
// clean input as one overlapping step, so that a clean input
// costs few mispredicted branches. The bytes are loaded one by one, which
// cost less than loading a word and taking its bytes apart (BENCHMARKS.md).
func cleanPrefix[T bytesOrString](skip *[256]uint8, src T) int {
	n := len(src)
	i := 0
	if n >= 8 {
		for {
			if i > n-8 {
				i = n - 8 // the last word, overlapping the one before
			}
			b := src[i : i+8]
			if skip[b[0]]&skip[b[1]]&skip[b[2]]&skip[b[3]]&skip[b[4]]&skip[b[5]]&skip[b[6]]&skip[b[7]] == 0 {
				break
			}
			i += 8
			if i >= n {
				return n
			}
		}
	}
	for ; i < n; i++ {
		if skip[src[i]] == 0 {
			return i
		}
	}
	return n
}

// dashRule is FidoURL's "---" rule (FGHI URL draft §5.2), and the one place
// it is written: given the literal "-" bytes that end the output so far, it
// reports whether the next "-" must be written "%2D", since it would
// complete a "---", and how many literal "-" bytes end the output after it.
func dashRule(dash int) (escape bool, next int) {
	if dash == 2 {
		return true, 0
	}
	return false, dash + 1
}

// encodedLen returns the length of the encoding of src by c when the
// output so far ends in dash literal "-" bytes (FidoURL's "---" rule).
func encodedLen[T bytesOrString](c *codec, src T, dash int) int {
	n := 0
	code := &c.vt.code
	if !c.noDash {
		for i := 0; i < len(src); i++ {
			n += int(code[src[i]] >> 24)
		}
		return n
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		v := code[c]
		n += int(v >> 24)
		if c != '-' || v>>24 != 1 {
			dash = 0
			continue
		}
		var esc bool
		if esc, dash = dashRule(dash); esc {
			n += 2 // written %2D
		}
	}
	return n
}

// codeChunk is the most input bytes the code-table loop encodes at a
// time: three output bytes a byte, and the four-byte store of the last,
// fit a codeBuf. A pure-Go build takes twice as many: there the short
// routes serve every input of one chunk (shortMax), and a longer one goes
// the general route's way, through the medium stack buffer and a copy.
const codeChunk = 42 + 43*(1-vecBuild)

// A codeBuf is the output of the code-table loop for at most codeChunk
// input bytes. The loop stores at j&codeMask: an index the compiler knows
// to be in the array, so that the loop has no bounds check (and j never
// passes 3*codeChunk, so the mask changes nothing).
type codeBuf [codeMask + 1 + 3]byte

// codeMask is one less than a power of two of at least 3*codeChunk.
const codeMask = 127 + 128*(1-vecBuild)

// putCodes writes the codes of src, at most codeChunk bytes (see
// vecTab.code), to buf and returns the bytes written: the code-table loop
// of the encoders. Every byte stores the four bytes of its code and moves
// on by its width, with no branch and no bounds check.
func putCodes[T bytesOrString](code *[256]uint32, buf *codeBuf, src T) int {
	j := 0
	for i := 0; i < len(src); i++ {
		v := code[src[i]]
		binary.LittleEndian.PutUint32(buf[j&codeMask:], v)
		j += int(v >> 24)
	}
	return j
}

// putDashCodes is putCodes for the FidoURL encodings, which break "---":
// dash is the literal "-" bytes that end the output before src, and it
// returns those that end it after.
func putDashCodes[T bytesOrString](c *codec, buf *codeBuf, src T, dash int) (int, int) {
	code := &c.vt.code
	esc := escapeCode('-', c.hex)
	j := 0
	for i := 0; i < len(src); i++ {
		b := src[i]
		v := code[b]
		if b != '-' || v>>24 != 1 {
			dash = 0
		} else if escape, next := dashRule(dash); escape {
			v, dash = esc, next
		} else {
			dash = next
		}
		binary.LittleEndian.PutUint32(buf[j&codeMask:], v)
		j += int(v >> 24)
	}
	return j, dash
}

// plainPrefix returns the length of the longest prefix of s that decoding
// leaves unchanged: no "%", nor space, the Encoding's space byte (see
// Encoding.space). A byte loop, small enough to be inlined.
func plainPrefix(s string, space byte) int {
	i := 0
	for i < len(s) && s[i] != '%' && s[i] != space {
		i++
	}
	return i
}

// indexDecode is decodeStart for long inputs, by IndexByte.
func indexDecode[T bytesOrString](s T, plus bool) int {
	var i, k int
	if b, ok := any(s).([]byte); ok {
		i = bytes.IndexByte(b, '%')
		if plus {
			k = bytes.IndexByte(b, '+')
		}
	} else {
		i = strings.IndexByte(string(s), '%')
		if plus {
			k = strings.IndexByte(string(s), '+')
		}
	}
	if plus {
		i = firstOf(i, k)
	}
	if i < 0 {
		return len(s)
	}
	return i
}

// firstOf returns the smaller of two indexes, -1 meaning "not found".
func firstOf(a, b int) int {
	if a < 0 || (b >= 0 && b < a) {
		return b
	}
	return a
}

// decodeTo decodes src into out, which must be at least len(src) long, and
// returns the number of bytes written. A malformed escape stops it with the
// offset of its '%' as bad (or -1 when there was none) unless lenient, in
// which case the '%' is kept as a literal byte. It is the decode loop of
// the package: every decoder runs it, or a kernel and then it.
//
// While eight bytes or more are left, an escape is decoded where it stands
// and a literal is loaded with the seven bytes after it as a word, which
// is searched for '%' (and '+' where it means space) with SWAR arithmetic
// and stored whole; the output advances past the bytes before the first
// mark. Since the output never outruns the input, out has room for the
// whole word. The last bytes go one by one, with no test of what is left.
func decodeTo[T bytesOrString](out []byte, src T, plus, lenient bool) (n, bad int) {
	i, j := 0, 0
	for len(src)-i >= 8 {
		c := src[i]
		switch {
		case c == '%':
			v, ok := unescape(src, i)
			if ok {
				out[j] = v
				i, j = i+3, j+1
				continue
			}
			if !lenient {
				return j, i
			}
			out[j] = c
			i, j = i+1, j+1
		case c == '+' && plus:
			out[j] = ' '
			i, j = i+1, j+1
		default:
			// A literal starts a word: stored whole, and the output
			// moves past its bytes before the first mark.
			w := load64(src, i)
			t := hasByte(w, '%')
			if plus {
				t |= hasByte(w, '+')
			}
			binary.LittleEndian.PutUint64(out[j:], w)
			k := 8
			if t != 0 {
				k = bits.TrailingZeros64(t) >> 3
			}
			i, j = i+k, j+k
		}
	}
	for i < len(src) {
		c := src[i]
		if c == '%' {
			if v, ok := unescape(src, i); ok {
				out[j] = v
				i, j = i+3, j+1
				continue
			}
			if !lenient {
				return j, i
			}
		} else if c == '+' && plus {
			c = ' '
		}
		out[j] = c
		i, j = i+1, j+1
	}
	return j, -1
}

// putPlain copies the longest prefix of src that decoding leaves unchanged
// (no '%', nor the Encoding's space byte, see Encoding.space) to out, which
// holds len(src) bytes, and returns its length: the literal prefix of a
// short input, found and copied in one byte loop with no call.
func putPlain[T bytesOrString](out []byte, src T, space byte) int {
	out = out[:len(src)]
	i := 0
	for i < len(src) {
		c := src[i]
		if c == '%' || c == space {
			break
		}
		out[i] = c
		i++
	}
	return i
}

// hasByte returns a word whose high bit is set in the lowest byte of w equal
// to c (bytes above it may be marked too; the lowest mark is exact).
func hasByte(w uint64, c byte) uint64 {
	x := w ^ (ones * uint64(c))
	return (x - ones) &^ x & highs
}

// load64 reads src[i:i+8] as a little-endian word.
func load64[T bytesOrString](src T, i int) uint64 {
	b := src[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
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

// queryMasksLoop is queryMasks for exactly 64 bytes, eight a step: each
// word's bytes equal to one of the four are found with SWAR arithmetic and
// their high bits gathered into one byte of the mask by a multiplication.
func queryMasksLoop[T bytesOrString](s T, plus bool) (amp, eq, chg uint64) {
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

// indexNotInSetTwin is indexNotInSetString's twin.
func indexNotInSetTwin[T bytesOrString](lo *[16]byte, s T) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 0x80 || lo[c&15]&(1<<(c>>4)) == 0 {
			return i
		}
	}
	return len(s)
}

// encodeVecTwin is encodeVecString's twin: the code-table loop, into dst,
// which holds 3*len(src)+1 bytes, a codeChunk at a time.
func encodeVecTwin[T bytesOrString](t *vecTab, dst []byte, src T) int {
	var buf codeBuf
	n := 0
	for len(src) > 0 {
		k := min(len(src), codeChunk)
		n += copy(dst[n:], buf[:putCodes(&t.code, &buf, src[:k])])
		src = src[k:]
	}
	return n
}

// decodeVecTwin is decodeVecString's twin: the decode loop, up to the end
// or the first malformed escape.
func decodeVecTwin[T bytesOrString](dst []byte, src T, plus bool) (nsrc, ndst int) {
	n, bad := decodeTo(dst, src, plus, false)
	if bad >= 0 {
		return bad, n
	}
	return len(src), n
}

// queryMasksTwin is queryMasksString's twin: the masks of the first 64
// bytes of s, or of all of s when it is shorter, by the pure-Go loop on a
// zero-padded copy (zero is none of the four bytes).
func queryMasksTwin[T bytesOrString](s T, plus bool) (amp, eq, chg uint64) {
	var b [64]byte
	copy(b[:], s)
	return queryMasksLoop(b[:], plus)
}
