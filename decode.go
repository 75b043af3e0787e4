// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import "strings"

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
	if len(s) == 0 {
		return s, nil // inlined at the caller: an empty value costs no call
	}
	return decodeString(e, s, false)
}

// decodeString is Decode's and DecodeLenient's three routes: a short
// input scanned by a byte loop in this small frame, and returned as it is
// or decoded by decodeShort; any other by decodeGeneral.
func decodeString(e *Encoding, s string, lenient bool) (string, error) {
	c := &e.c
	if len(s) < kernelMin {
		if plainPrefix(s, c.space) == len(s) {
			return s, nil
		}
		return decodeShort(c, s, lenient)
	}
	return decodeGeneral(c, s, lenient)
}

// DecodeLenient is [Encoding.Decode] that keeps a malformed escape as it
// stands, as the URL Standard's percent-decode does: "%25%s%1G" decodes to
// "%%s%1G". It never fails.
func (e *Encoding) DecodeLenient(s string) string {
	r, _ := decodeString(e, s, true)
	return r
}

// AppendDecode appends the decoding of src to dst and returns the extended
// buffer, as [Encoding.Decode] decodes. It does not allocate when dst has
// room for len(src) more bytes. On a malformed escape it returns dst
// extended by what was decoded before it, and a [*DecodeError].
func (e *Encoding) AppendDecode(dst, src []byte) ([]byte, error) {
	if len(src) < kernelMin {
		return appendDecodeShort(&e.c, dst, src, false)
	}
	return appendDecoded(&e.c, dst, src, false)
}

// AppendDecodeLenient is [Encoding.AppendDecode] that keeps a malformed
// escape as it stands, as [Encoding.DecodeLenient] does.
func (e *Encoding) AppendDecodeLenient(dst, src []byte) []byte {
	if len(src) < kernelMin {
		dst, _ = appendDecodeShort(&e.c, dst, src, true)
		return dst
	}
	dst, _ = appendDecoded(&e.c, dst, src, true)
	return dst
}

// AppendDecodeString is [Encoding.AppendDecode] for a string source: the
// same result, with no []byte(s) copy; it does not allocate when dst has
// room for len(s) more bytes.
func (e *Encoding) AppendDecodeString(dst []byte, s string) ([]byte, error) {
	if len(s) < kernelMin {
		return appendDecodeShort(&e.c, dst, s, false)
	}
	return appendDecoded(&e.c, dst, s, false)
}

// Valid reports whether s can be used as e's encoded text as it stands:
// every byte is in e's safe set, part of a well-formed escape, or a "+"
// where "+" means space; and, for the FidoURL encodings, no "---" appears.
// Valid(e.Encode(x)) holds for every x.
func (e *Encoding) Valid(s string) bool {
	e = e.ready()
	return e.FirstInvalid(s) < 0
}

// FirstInvalid returns the offset of the first byte of s that keeps it from
// being [Encoding.Valid]: a byte outside e's safe set, a "%" that does not
// start a well-formed escape, or the "-" that completes a "---" in a FidoURL
// encoding. It returns -1 when s is valid.
func (e *Encoding) FirstInvalid(s string) int {
	e = e.ready()
	return firstInvalid(&e.c, s)
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
	i := indexDecode(s, e.c.plus)
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
				return "", decodeError(s, i)
			}
			if keep.Contains(v) {
				if !isUpperEscape(s, i, v) {
					change(i)
				}
				if changed {
					var buf [3]byte
					out.Write(appendEscape(buf[:0], v, upperHex))
				}
			} else {
				change(i)
				out.WriteByte(v)
			}
			i += 3
			continue
		case c == '+' && e.c.plus:
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
