// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
)

// A Pair is one name and value of a query string or form body.
type Pair struct{ Name, Value string }

// The query scanner behind query.go: pieces found 64 bytes at a time from
// masks, the decoding of the parts that the masks mark, and the buffer that
// ParseQuery decodes into.
//
// Placeholders. AppendParseQuery decodes every changed name and value of
// the first decodedMarks parts into one byte buffer (on the stack while it
// fits), one after another, and makes them strings with one allocation at
// the end. Until then, a decoded part's slot in the result holds a
// placeholder: the prefix of the encoded part (a substring of q) as long as
// the decoded part, which decoding never makes longer; and a bit in decoded
// says which slot is one. At the end the buffer becomes one
// string d, and each marked slot, in order, takes the next len(placeholder)
// bytes of d. A part past decodedMarks is decoded to a string of its own.

// A piece is one piece of a query: q[start:end], the name q[start:eq] and
// the value after the "=" at eq (eq == end when there is none). For a
// piece shorter than 64 bytes, bit i of marks is set when q[start+i] is a
// byte that decoding changes ("%", or "+" where it means space); for a
// longer one, bit 0 says that its name changes and bit 1 its value. (Four
// fields at most: the compiler keeps such a struct in registers.)
type piece struct {
	start, eq, end int
	marks          uint64
}

// unmarked stands for the marks of a part that decoding changes when
// where it does is not known (a part of a piece of 64 bytes or more); a
// part of a shorter piece never has its bit 63 marked.
const unmarked = ^uint64(0)

// parts returns the marks of the name and the value of p, each from its
// own first byte: 0 for a part that decoding leaves as it is, unmarked
// for a changing part of a long piece.
func (p piece) parts() (name, value uint64) {
	if p.end-p.start >= 64 {
		return -(p.marks & 1), -(p.marks >> 1 & 1)
	}
	return p.marks & (1<<(p.eq-p.start) - 1), p.marks >> (p.eq + 1 - p.start)
}

// name and value return the piece's raw name and value in q.
func (p piece) name(q string) string { return q[p.start:p.eq] }

func (p piece) value(q string) string { return q[min(p.eq+1, p.end):p.end] }

// b2u returns 1 when b holds, else 0.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// A Piece is where one piece of a query stands in it: q[Start:End] is the
// piece, q[Start:Eq] its raw name and q[Eq+1:End] its raw value, with
// Eq == End when the piece has no "=". It is what a reader of a query
// needs to report a fault at its place, or to split a value at raw
// delimiters before decoding it.
type Piece struct{ Start, Eq, End int }

// RawName returns the piece's name in q as it stands (still encoded).
func (p Piece) RawName(q string) string { return q[p.Start:p.Eq] }

// RawValue returns the piece's value in q as it stands (still encoded).
func (p Piece) RawValue(q string) string { return q[min(p.Eq+1, p.End):p.End] }

// ValueAt returns the offset in q where the piece's value starts (End when
// it has none).
func (p Piece) ValueAt() int { return min(p.Eq+1, p.End) }

// A pieceScanner reads the pieces of a query in order. It does not look at
// one byte at a time: it reads q in windows of 64 bytes, each as the masks
// of its "&", its "=", and the bytes that decoding changes ("%", and "+"
// where it means space), and goes from one "&" or "=" to the next with bit
// arithmetic (as simdjson finds the structure of a JSON text). A window
// starts where a piece starts, so that a piece shorter than 64 bytes is
// always read from one window.
type pieceScanner struct {
	q            string
	plus         bool   // "+" is a change
	vec          bool   // the masks come from a kernel (queryKernel, decided once)
	pos          int    // where the next piece starts
	base         int    // the offset in q of the window the masks are of
	amp, eq, chg uint64 // the masks of that window, with the bits before pos cleared
}

// init sets s to read q from its start. It writes the scanner in place:
// a scanner returned by value is copied out in 16-byte moves that stall
// on the narrower stores that built it.
func (s *pieceScanner) init(q string, plus bool) {
	s.q, s.plus, s.pos, s.vec = q, plus, 0, queryKernel()
	s.base, s.amp, s.eq, s.chg = 0, 0, 0, 0
	if len(q) > 0 {
		s.load(0)
	}
}

// load reads the masks of the window of q at base.
func (s *pieceScanner) load(base int) {
	s.base = base
	s.amp, s.eq, s.chg = queryMasks(s.q, base, s.plus, s.vec)
}

// next returns the next non-empty piece, or false when there is none.
func (s *pieceScanner) next() (piece, bool) {
	for {
		amp, eqs, chg := s.amp, s.eq, s.chg
		if amp == 0 {
			if p, more := s.refill(); !more || p.start < p.end {
				return p, more
			}
			continue
		}
		// The piece ends in the window, at the lowest bit of amp; its "="
		// is the lowest bit of eqs below that, if any. Without branches.
		end := amp & -amp
		below := end - 1
		eqs &= below
		at := end
		if eq := eqs & -eqs; eq != 0 {
			at = eq
		}
		above := -(end << 1) // the bits above end; 0 when end is the top one
		s.amp, s.eq, s.chg = amp&above, s.eq&above, chg&above
		start, e := s.pos, s.base+bits.TrailingZeros64(end)
		s.pos = e + 1
		if start < e {
			return piece{start, s.base + bits.TrailingZeros64(at), e, chg & below >> (start - s.base)}, true
		}
	}
}

// refill loads the window at s.pos when the masks have no "&" left, and
// reports false at the end of q. A piece of 64 bytes or more it reads
// whole and returns (it may be empty); else it returns an empty piece.
func (s *pieceScanner) refill() (piece, bool) {
	if s.pos >= len(s.q) {
		return piece{}, false
	}
	if s.load(s.pos); s.amp == 0 {
		// 64 bytes without an "&": a long piece.
		return s.readLong(), true
	}
	return piece{}, true
}

// readLong reads the piece that starts at s.pos, which is inside q and goes
// on past the window of the masks.
func (s *pieceScanner) readLong() piece {
	start, eq, end := s.pos, -1, 0
	var nameChanged, changes bool // changes: of the part being read
	amp, eqs, chg := s.amp, s.eq, s.chg
	for {
		stop := amp
		if eq < 0 {
			stop |= eqs
		}
		if stop == 0 {
			// The part goes on past this window.
			changes = changes || chg != 0
			if s.base+64 >= len(s.q) {
				end = len(s.q)
				break
			}
			s.load(s.base + 64)
			amp, eqs, chg = s.amp, s.eq, s.chg
			continue
		}
		bit := stop & -stop
		changes = changes || chg&(bit-1) != 0
		isAmp := amp&bit != 0
		above := -(bit << 1)
		amp &= above
		eqs &= above
		chg &= above
		at := s.base + bits.TrailingZeros64(bit)
		if isAmp {
			end = at
			break
		}
		eq, nameChanged, changes = at, changes, false
	}
	s.amp, s.eq, s.chg = amp, eqs, chg
	s.pos = end + 1
	if eq < 0 {
		return piece{start, end, end, b2u(changes)}
	}
	return piece{start, eq, end, b2u(nameChanged) | b2u(changes)<<1}
}

// decodeChanged is DecodeLenient for a part that decoding changes, with
// its marks.
func (e *Encoding) decodeChanged(s string, marks uint64) string {
	if marks == unmarked {
		d, _ := decodeString(e, s, true)
		return d
	}
	var buf [64]byte
	n, _ := decodeMarked(e, buf[:len(s)], s, marks, true)
	return string(buf[:n])
}

// decodeMarked decodes src into dst, which is len(src) long, as decodeTo
// does, but goes straight from one changing byte to the next by marks, bit
// i of which is set when src[i] is "%" or a "+" that means space (with
// marks unmarked, it is decodeBlock, which decides for the kernel itself).
// The runs between are copied a word at a time: a word may write past its
// run into dst, but never past the end of dst, and what follows the run is
// written over it.
func decodeMarked(e *Encoding, dst []byte, src string, marks uint64, lenient bool) (n, bad int) {
	if marks == unmarked {
		return decodeBlock(dst, src, e.c.plus, lenient, decodeKernel(len(src)))
	}
	i, j := 0, 0
	for ; marks != 0; marks &= marks - 1 {
		k := bits.TrailingZeros64(marks)
		for i < k {
			if i+8 > len(src) {
				dst[j] = src[i]
				i, j = i+1, j+1
				continue
			}
			binary.LittleEndian.PutUint64(dst[j:], load64(src, i))
			m := min(8, k-i)
			i, j = i+m, j+m
		}
		switch v, ok := unescape(src, k); {
		case src[k] == '+':
			dst[j] = ' '
			i = k + 1
		case ok:
			dst[j] = v
			i = k + 3
		case !lenient:
			return j, k
		default:
			dst[j] = '%'
			i = k + 1
		}
		j++
	}
	return j + copy(dst[j:], src[i:]), -1
}

// grow makes room in xs for the pieces from p on, which are at most one
// more than the "&" after p (the masks have them when their window reaches
// the end of q), and at most limit when that is not below zero: a query
// over the limit fails before more is needed.
func grow[T Pair | Piece | string](xs []T, q string, s *pieceScanner, p piece, limit int) []T {
	var n int
	if len(q)-s.base < 64 { // the end of q is marked too
		n = 1 + bits.OnesCount64(s.amp)
	} else {
		n = 1 + strings.Count(q[p.end:], "&")
	}
	if limit >= 0 {
		n = min(n, limit)
	}
	// Not slices.Grow: the race detector's build does not fold its make
	// into one allocation.
	return append(make([]T, 0, len(xs)+n), xs...)
}

// decodedMarks is the number of parts, from the start of a query, whose
// decoding ParseQueryMax writes to one buffer; later ones are strings of
// their own.
const decodedMarks = 512

// decodePart decodes part, which is at offset off in the query and the
// k-th part of it, for ParseQueryMax: appended to out and marked in
// decoded when k is below decodedMarks, with a placeholder of its decoded
// length in place of the string; else a string of its own.
func (e *Encoding) decodePart(out []byte, part string, marks uint64, off, k int, decoded *[decodedMarks / 64]uint64) ([]byte, string, error) {
	if k >= decodedMarks {
		d, err := decodeString(e, part, false)
		if err != nil {
			return out, "", rebase(err, off)
		}
		return out, d, nil
	}
	if cap(out)-len(out) < len(part) {
		out = slices.Grow(out, len(part))
	}
	l := len(out)
	m, bad := decodeMarked(e, out[l:l+len(part)], part, marks, false)
	if bad >= 0 {
		return out, "", rebase(decodeError(part, bad), off)
	}
	decoded[k/64] |= 1 << (k % 64)
	return out[:l+m], part[:m], nil
}
