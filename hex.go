// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import "strconv"

// The hex digits of escapes (RFC 3986 §2.1), shared by the encoder, the
// decoder, comparison and every other part that reads or writes an escape.

// bytesOrString is what the codec loops accept: a string or a byte slice,
// each through its own instantiation.
type bytesOrString interface{ ~string | ~[]byte }

const (
	upperHex = "0123456789ABCDEF"
	lowerHex = "0123456789abcdef"
)

// unescape returns the octet that the escape at s[i] stands for, and
// whether s[i:] starts a well-formed escape: "%" and two hex digits (RFC
// 3986 §2.1); s[i] is known to be '%'. It is the one escape check of the
// package, small enough to be inlined at every call.
func unescape[T bytesOrString](s T, i int) (byte, bool) {
	if i+2 < len(s) {
		if h, l := unhex[s[i+1]], unhex[s[i+2]]; h|l <= 0xF {
			return h<<4 | l, true
		}
	}
	return 0, false
}

// isEscape reports whether s[i:] starts a well-formed escape, s[i] being
// '%'.
func isEscape[T bytesOrString](s T, i int) bool {
	return i+2 < len(s) && unhex[s[i+1]]|unhex[s[i+2]] <= 0xF
}

// decodeError is the error of the malformed escape at src[i]; rebase moves
// its offset where src is part of a larger input.
func decodeError[T bytesOrString](src T, i int) *DecodeError {
	end := min(i+3, len(src))
	return &DecodeError{Offset: i, Escape: string(src[i:end])}
}

// isUpperEscape reports whether the escape at s[i] is written with e's
// normal, upper-case hex for the octet c it stands for.
func isUpperEscape(s string, i int, c byte) bool {
	return s[i+1] == upperHex[c>>4] && s[i+2] == upperHex[c&15]
}

// escapeCut returns end, or less where s[:end] ends in "%" or "%X", the
// start of an escape that s[end:] completes: where a chunk of s may end
// without cutting an escape in two.
func escapeCut[T bytesOrString](s T, end int) int {
	switch {
	case end >= 2 && s[end-2] == '%':
		return end - 2
	case end >= 1 && s[end-1] == '%':
		return end - 1
	}
	return end
}

// isHexDigit reports whether c is a hex digit of either case (RFC 3986
// HEXDIG, which RFC 3986 §2.1 reads case-insensitively).
func isHexDigit(c byte) bool { return unhex[c] <= 0xF }

// escapeCode returns the escape of c, "%" and its two hex digits from hex,
// in the low three bytes of a word (little-endian), with its width, 3, in
// the top byte: the one place an escape is written. An Encoding's code
// table holds it for every byte it escapes.
func escapeCode(c byte, hex string) uint32 {
	return '%' | uint32(hex[c>>4])<<8 | uint32(hex[c&15])<<16 | 3<<24
}

// appendEscape appends the escape of c, with the hex digits of hex.
func appendEscape(dst []byte, c byte, hex string) []byte {
	v := escapeCode(c, hex)
	return append(dst, byte(v), byte(v>>8), byte(v>>16))
}

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

// shifted returns a copy of e with its offset moved by off.
func (e *DecodeError) shifted(off int) error {
	c := *e
	c.Offset += off
	return &c
}

// An offsetError is an error with a byte offset that it can move: each
// error type of the package gives its own shift.
type offsetError interface {
	error
	shifted(off int) error
}

// rebase returns err with its offset moved by off, for an error found in a
// part of a larger input: a copy, so that an error value is never changed.
// Errors without an offset are returned as they are.
func rebase(err error, off int) error {
	if e, ok := err.(offsetError); ok && off != 0 {
		return e.shifted(off)
	}
	return err
}
