// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// A DecodeError reports a "%" that does not start a well-formed escape: it
// is not followed by two hex digits. RFC 1630 reserves such sequences; RFC
// 3986 §2.1 does not allow them.
type DecodeError struct {
	Offset int    // byte offset of the '%' in the input (in a stream: from its start)
	Escape string // the '%' and the at most two bytes after it
}

// Error says which escape is malformed and where, and how to write a literal "%".
func (e *DecodeError) Error() string {
	return "percent: malformed escape " + strconv.Quote(e.Escape) + " at offset " +
		strconv.Itoa(e.Offset) + ": '%' must be followed by two hex digits (write a literal '%' as %25)"
}

// rebase returns err with its Offset moved by off, for an error found in a
// part of a larger input: a copy, so that an error value is never changed.
// Errors without an offset are returned as they are.
func rebase(err error, off int) error {
	switch e := err.(type) {
	case *DecodeError:
		c := *e
		c.Offset += off
		return &c
	case *CharsetError:
		c := *e
		c.Offset += off
		return &c
	case *FormatError:
		c := *e
		c.Offset += off
		return &c
	case *PathError:
		c := *e
		c.Offset += off
		return &c
	}
	return err
}

func decodeError[T text](src T, i, base int) *DecodeError {
	end := min(i+3, len(src))
	return &DecodeError{Offset: base + i, Escape: string(src[i:end])}
}

// decodeStart returns the offset of the first byte of s that decoding
// changes: a "%", or a "+" where it means space; len(s) if there is none.
func decodeStart(e *Encoding, s string) int {
	if len(s) < shortInput {
		for i := 0; i < len(s); i++ {
			if s[i] == '%' || s[i] == '+' && e.plus {
				return i
			}
		}
		return len(s)
	}
	i := strings.IndexByte(s, '%')
	if e.plus {
		i = firstOf(i, strings.IndexByte(s, '+'))
	}
	if i < 0 {
		return len(s)
	}
	return i
}

// decodeStartBytes is decodeStart for a byte slice.
func decodeStartBytes(e *Encoding, s []byte) int {
	i := bytes.IndexByte(s, '%')
	if e.plus {
		i = firstOf(i, bytes.IndexByte(s, '+'))
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

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// hasByte returns a word whose high bit is set in the lowest byte of w equal
// to c (bytes above it may be marked too; the lowest mark is exact).
func hasByte(w uint64, c byte) uint64 {
	x := w ^ (ones * uint64(c))
	return (x - ones) &^ x & highs
}

// load64 reads src[i:i+8] as a little-endian word.
func load64[T text](src T, i int) uint64 {
	b := src[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// decodeTo decodes src into out, which must be at least len(src) long, and
// returns the number of bytes written. A malformed escape stops it with the
// offset of its '%' as bad (or -1 when there was none) unless lenient, in
// which case the '%' is kept as a literal byte.
//
// Literal runs move eight bytes a step: a word is loaded, searched for '%'
// (and '+' where it means space) with SWAR arithmetic, and stored whole;
// the output advances only past the bytes before the first mark. Since the
// output never outruns the input, out has room for the whole word.
func decodeTo[T text](e *Encoding, out []byte, src T, lenient bool) (n, bad int) {
	plus := e.plus
	j, i := 0, 0
	for i < len(src) {
		for len(src)-i >= 8 {
			w := load64(src, i)
			t := hasByte(w, '%')
			if plus {
				t |= hasByte(w, '+')
			}
			binary.LittleEndian.PutUint64(out[j:], w)
			if t == 0 {
				i += 8
				j += 8
				continue
			}
			k := bits.TrailingZeros64(t) >> 3
			i += k
			j += k
			// A lone well-formed escape is decoded here, without leaving
			// the loop; a run of escapes and anything else are left to the
			// code below.
			if src[i] != '%' || len(src)-i < 4 || src[i+3] == '%' {
				break
			}
			v, ok := unescape(src, i)
			if !ok {
				break
			}
			out[j] = v
			j++
			i += 3
		}
		if i >= len(src) {
			break
		}
		c := src[i]
		switch {
		case c == '%':
			j, i = decodeEscapes(out, j, src, i)
			if i < len(src) && src[i] == '%' && !isEscape(src, i) {
				if !lenient {
					return j, i
				}
				out[j] = '%'
				j++
				i++
			}
		case c == '+' && plus:
			out[j] = ' '
			j++
			i++
		default:
			out[j] = c
			j++
			i++
		}
	}
	return j, -1
}

// decodeEscapes decodes the run of well-formed escapes at src[i:] into
// out[j:], two a step while a word remains, and returns where both end. It
// is a function of its own so that its loop keeps every value in a register.
func decodeEscapes[T text](out []byte, j int, src T, i int) (int, int) {
	for len(src)-i >= 8 {
		w := load64(src, i)
		if w&0xFF0000FF != 0x25000025 {
			break
		}
		h1, l1 := unhex[byte(w>>8)], unhex[byte(w>>16)]
		h2, l2 := unhex[byte(w>>32)], unhex[byte(w>>40)]
		if h1|l1|h2|l2 > 0xF {
			break
		}
		o := out[j : j+2 : j+2]
		o[0], o[1] = h1<<4|l1, h2<<4|l2
		j += 2
		i += 6
	}
	for i < len(src) && src[i] == '%' {
		v, ok := unescape(src, i)
		if !ok {
			break
		}
		out[j] = v
		j++
		i += 3
	}
	return j, i
}

// Decode returns s with every escape decoded and, with
// [Encoding.WithSpaceAsPlus], every "+" decoded as a space. Hex digits of
// either case are accepted. A "%" not followed by two hex digits is an
// error, a [*DecodeError] with its offset (RFC 1630 reserves such sequences).
// Decode accepts bytes outside e's safe set as they are: it is strict about
// escapes, not about what an encoder would have written; [Encoding.Valid]
// checks that.
//
// Decode returns s itself, without allocating, when s holds nothing to
// decode, and allocates once otherwise.
func (e *Encoding) Decode(s string) (string, error) {
	return decodeString(e, s, false)
}

// DecodeLenient is [Encoding.Decode] that keeps a malformed escape as it
// stands, as the URL Standard's percent-decode does: "%25%s%1G" decodes to
// "%%s%1G". It never fails.
func (e *Encoding) DecodeLenient(s string) string {
	r, _ := decodeString(e, s, true)
	return r
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
		// Never cut an escape in two.
		if end < len(s) {
			if s[end-2] == '%' {
				end -= 2
			} else if s[end-1] == '%' {
				end--
			}
		}
		n, bad := decodeFast(e, buf[:], s[off:end], lenient)
		if bad >= 0 {
			return "", decodeError(s, off+bad, 0)
		}
		b.Write(buf[:n])
		off = end
	}
	return b.String(), nil
}

const decodeChunk = 1024

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
		return "", decodeError(s, i+bad, 0)
	}
	return string(buf[:i+n]), nil
}

// AppendDecode appends the decoding of src to dst and returns the extended
// buffer, as [Encoding.Decode] decodes. It does not allocate when dst has
// room for len(src) more bytes. On a malformed escape it returns dst
// extended by what was decoded before it, and a [*DecodeError].
func (e *Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	if kernelTail {
		return appendDecodeEntry(e, dst, src)
	}
	return appendDecode(e, dst, src, false)
}

// AppendDecodeLenient is [Encoding.AppendDecode] that keeps a malformed
// escape as it stands, as [Encoding.DecodeLenient] does.
func (e *Encoding) AppendDecodeLenient(dst, src []byte) []byte {
	dst, _ = appendDecode(e, dst, src, true)
	return dst
}

// AppendDecodeString is [Encoding.AppendDecode] for a string source: the
// same result, with no []byte(s) copy; it does not allocate when dst has
// room for len(s) more bytes.
func (e *Encoding) AppendDecodeString(dst []byte, s string) ([]byte, error) {
	if kernelTail {
		return appendDecodeEntry(e, dst, s)
	}
	return appendDecode(e, dst, s, false)
}

// appendDecode is the append core of both sources. An input under
// shortInput bytes is decoded one byte at a time; with the vector kernels,
// one of 16 bytes or more is first searched for work, and one without is a
// copy (the pure-Go build gains nothing by the search: measured on arm64).
func appendDecode[T text](e *Encoding, dst []byte, src T, lenient bool) ([]byte, error) {
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
					return dst[:l+j], decodeError(src, i, 0)
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
		return dst[:l+i+n], decodeError(src, i+bad, 0)
	}
	return dst[:l+i+n], nil
}

// shortInput is the length under which a plain byte loop beats the setup of
// the word-at-a-time loops.
const shortInput = 32

// shortDecode is the length under which appendDecode decodes a byte at a
// time whatever the input holds; from it to shortInput, only an input with
// something to decode (which IndexByte's vector search finds): a clean one
// is one copy.
const shortDecode = 16

// hasDecodeWork reports whether decoding changes src.
func hasDecodeWork[T text](e *Encoding, src T) bool {
	if b, ok := any(src).([]byte); ok {
		return decodeStartBytes(e, b) < len(b)
	}
	return decodeStart(e, string(src)) < len(src)
}

// appendDecodeShort is appendDecode for short inputs: one byte at a time.
func appendDecodeShort[T text](e *Encoding, dst []byte, src T, lenient bool) ([]byte, error) {
	plus := e.plus
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '%':
			if v, ok := unescape(src, i); ok {
				c = v
				i += 2
			} else if !lenient {
				return dst, decodeError(src, i, 0)
			}
		case c == '+' && plus:
			c = ' '
		}
		dst = append(dst, c)
	}
	return dst, nil
}

// DecodedLen returns the length of the decoding of src, or -1 if src holds a
// malformed escape.
func (e *Encoding) DecodedLen(src []byte) int {
	n := 0
	for i := 0; i < len(src); n++ {
		if src[i] != '%' {
			i++
			continue
		}
		if !isEscape(src, i) {
			return -1
		}
		i += 3
	}
	return n
}

// Valid reports whether s can be used as e's encoded text as it stands:
// every byte is in e's safe set, part of a well-formed escape, or a "+"
// where "+" means space; and, for the FidoURL encodings, no "---" appears.
// Valid(e.Encode(x)) holds for every x.
func (e *Encoding) Valid(s string) bool {
	return e.FirstInvalid(s) < 0
}

// FirstInvalid returns the offset of the first byte of s that keeps it from
// being [Encoding.Valid]: a byte outside e's safe set, a "%" that does not
// start a well-formed escape, or the "-" that completes a "---" in a FidoURL
// encoding. It returns -1 when s is valid.
func (e *Encoding) FirstInvalid(s string) int {
	return firstInvalid(e, s)
}

// DecodeExcept decodes every well-formed escape of s except those of the
// bytes in keep, which stay escapes, written with upper-case hex; with
// [Encoding.WithSpaceAsPlus], "+" decodes as a space. A malformed escape is
// a [*DecodeError]. With keep empty it is [Encoding.Decode]. It is the
// decoding that keeps a path's structure (yarl's path_safe, Boost.URL's
// decoded views): Path.DecodeExcept(p, NewSet("/%")) keeps %2F and %25, so
// that no later decoding can change the path's segments. It returns s
// itself, without allocating, when that is the result.
func (e *Encoding) DecodeExcept(s string, keep Set) (string, error) {
	i := decodeStart(e, s)
	if i == len(s) {
		return s, nil
	}
	if keep == (Set{}) {
		return e.Decode(s)
	}
	// The output is built only from the first byte that changes; until
	// then, out is empty and s[:i] stands for it.
	var out strings.Builder
	changed := false
	change := func(i int) {
		if !changed {
			changed = true
			out.Grow(len(s))
			out.WriteString(s[:i])
		}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == '%':
			v, ok := unescape(s, i)
			if !ok {
				return "", decodeError(s, i, 0)
			}
			if keep.Contains(v) {
				if s[i+1] != upperHex[v>>4] || s[i+2] != upperHex[v&15] {
					change(i)
				}
				if changed {
					out.WriteByte('%')
					out.WriteByte(upperHex[v>>4])
					out.WriteByte(upperHex[v&15])
				}
			} else {
				change(i)
				out.WriteByte(v)
			}
			i += 3
			continue
		case c == '+' && e.plus:
			change(i)
			c = ' '
		}
		if changed {
			out.WriteByte(c)
		}
		i++
	}
	if !changed {
		return s, nil
	}
	return out.String(), nil
}
