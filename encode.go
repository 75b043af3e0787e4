// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import "strings"

// Byte classes of an Encoding's encode table.
const (
	clsLiteral = iota // written as it is
	clsEscape         // written %XX
	clsPlus           // space written "+" (WithSpaceAsPlus)
	clsDash           // "-": literal unless it would complete "---" (FidoURL)
)

// queryDelims are the bytes that AppendQuery escapes inside names and values
// whatever the encoding leaves literal: the separators, "+" (which servers
// read as a space), ";" (which some split at: CVE-2021-23336) and "#"
// (which would end the query).
const queryDelims = "&=+;#"

// NewEncoding returns an Encoding that leaves the bytes of safe literal and
// writes every other byte as "%" and two upper-case hex digits, as RFC 3986
// §2.1 recommends. It panics if safe contains '%', since a literal '%' would
// make the output ambiguous (RFC 1630: "a % sign always indicates an encoded
// character").
func NewEncoding(safe Set) *Encoding {
	if safe.Contains('%') {
		panic("percent: NewEncoding: the safe set contains '%'")
	}
	e := &Encoding{safe: safe}
	e.c.hex = upperHex
	e.build()
	return e
}

// build derives the tables from the set and the options, and the derived
// encodings of AppendQuery and MakeSafe.
func (e *Encoding) build() {
	if e.c.hex == "" {
		e.c.hex = upperHex // the zero Encoding, derived
	}
	e.buildTables()
	e.queryPart, e.plusKept = nil, nil
	if s := e.safe.Remove(queryDelims); s != e.safe {
		p := *e
		p.safe = s
		p.buildTables()
		e.queryPart = &p
	}
	if e.c.plus {
		p := *e
		p.keepPlus, p.queryPart = true, nil
		p.buildTables()
		e.plusKept = &p
	}
}

// buildTables derives the tables from the set and the options.
func (e *Encoding) buildTables() {
	c := &e.c
	c.space = '%'
	if c.plus {
		c.space = '+'
	}
	var class [256]uint8
	for b := 0; b < 256; b++ {
		cls := uint8(clsEscape)
		if e.safe.Contains(byte(b)) {
			cls = clsLiteral
		}
		switch {
		case c.plus && b == ' ':
			cls = clsPlus
		case c.plus && b == '+' && e.keepPlus:
			cls = clsLiteral
		case c.plus && b == '+':
			cls = clsEscape
		case c.noDash && b == '-' && cls == clsLiteral:
			cls = clsDash
		}
		class[b] = cls
		code := uint32(b) | 1<<24
		switch cls {
		case clsEscape:
			code = escapeCode(byte(b), c.hex)
		case clsPlus:
			code = '+' | 1<<24
		}
		c.vt.code[b] = code
		// A scan skips the literal bytes, and stops at a "-" under the
		// "---" rule, which the scans then apply.
		c.skip[b] = 0
		if cls == clsLiteral {
			c.skip[b] = 1
		}
	}
	c.vt.lo = nibbleTable(func(b byte) bool { return class[b] == clsLiteral })
	c.skipLo = nibbleTable(func(b byte) bool { return c.skip[b] != 0 })
	copy(c.vt.hex[:], c.hex)
	c.vec = true
	for b := 0x80; b < 0x100; b++ {
		if c.skip[b] != 0 {
			c.vec = false
		}
	}
}

// WithSpaceAsPlus returns a copy of e that writes a space as "+" and a "+"
// as "%2B" (even where "+" is in the safe set), and that decodes "+" as a
// space: the convention of application/x-www-form-urlencoded (URL Standard
// §5) and of FidoURL's scheme-specific part.
func (e Encoding) WithSpaceAsPlus() *Encoding {
	e.c.plus = true
	e.build()
	return &e
}

// WithLowerHex returns a copy of e that writes escapes with lower-case hex
// digits. RFC 3986 §2.1 says producers should use upper case; some peers
// (and signatures computed over encoded text) need lower case. Decoding
// accepts either case whatever this option says.
func (e Encoding) WithLowerHex() *Encoding {
	e.c.hex = lowerHex
	e.build()
	return &e
}

// withNoTripleDash returns a copy of e that never writes "---": a "-" that
// would complete one is written "%2D" (FidoURL §5.2).
func (e Encoding) withNoTripleDash() *Encoding {
	e.c.noDash = true
	e.build()
	return &e
}

// Safe returns the set of bytes that e writes literally. With
// [Encoding.WithSpaceAsPlus] the set is as given, though "+" is then always
// escaped and space written "+".
func (e *Encoding) Safe() Set { return e.safe }

// SpaceAsPlus reports whether e writes a space as "+" and decodes "+" as a
// space.
func (e *Encoding) SpaceAsPlus() bool { return e.c.plus }

// Encode returns s percent-encoded by e (RFC 3986 §2.1): every byte outside
// e's safe set as "%" and two hex digits, with the options' exceptions (see
// [Encoding.WithSpaceAsPlus]; FidoURL's "---" rule). It returns s itself,
// without allocating, when no byte of s needs encoding, and allocates once
// otherwise.
func (e *Encoding) Encode(s string) string {
	if len(s) == 0 {
		return s // inlined at the caller: an empty value costs no call
	}
	return encodeString(e, s)
}

// AppendEncode appends the percent-encoding of src to dst, as
// [Encoding.Encode] encodes, and returns the extended buffer. It does not
// allocate when dst has room for the result ([Encoding.EncodedLen] says how
// much that is).
func (e *Encoding) AppendEncode(dst, src []byte) []byte {
	if len(src) <= shortMax {
		return appendShort(&e.c, dst, src)
	}
	return appendEncoded(&e.ready().c, dst, src)
}

// AppendEncodeString is [Encoding.AppendEncode] for a string source: the
// same result, with no []byte(s) copy; it does not allocate when dst has
// room for the result.
func (e *Encoding) AppendEncodeString(dst []byte, s string) []byte {
	if len(s) <= shortMax {
		return appendShort(&e.c, dst, s)
	}
	return appendEncoded(&e.ready().c, dst, s)
}

// MakeSafe makes s "safer" as RFC 1630 §8 puts it: it encodes every byte
// that e does not leave literal, and leaves every well-formed escape as it
// is, hex case included, so that existing escapes are never encoded twice. A
// "%" not followed by two hex digits is written "%25". With
// [Encoding.WithSpaceAsPlus] a space is written "+" and an existing "+" is
// kept (it already means a space); the FidoURL encodings also break every
// "---". MakeSafe is idempotent, [Encoding.Valid] holds for its result, and
// it returns s itself when s is already safe. For an encoding without
// "+"-for-space, e.DecodeLenient(e.MakeSafe(s)) == e.DecodeLenient(s).
//
// Typical use: Path.MakeSafe on a path a person typed, or what a URL parser
// does to the characters of a URL that may not stand literally.
func (e *Encoding) MakeSafe(s string) string {
	e = e.ready()
	i := firstInvalid(&e.c, s)
	if i < 0 {
		return s
	}
	// s[:i] is valid and stays as it is, less a run of "-" at its end,
	// which the "---" rule must see again: the encoder starts afresh after
	// any other byte.
	for e.c.noDash && i > 0 && s[i-1] == '-' {
		i--
	}
	var buf [mediumBuf]byte // the result, when it fits
	return string(e.AppendMakeSafe(append(buf[:0], s[:i]...), s[i:]))
}

// AppendMakeSafe appends [Encoding.MakeSafe]'s result for s to dst and
// returns the extended buffer (RFC 1630: encode what is unsafe, keep
// well-formed escapes). It does not allocate when dst has room.
func (e *Encoding) AppendMakeSafe(dst []byte, s string) []byte {
	e = e.ready()
	// Between the escapes it keeps, it runs the encoder (under plus, the
	// one that keeps "+"), which starts every run afresh for the "---"
	// rule since none ends in "-".
	enc := e
	if e.plusKept != nil {
		enc = e.plusKept
	}
	for {
		k := strings.IndexByte(s, '%')
		if k < 0 {
			return enc.AppendEncodeString(dst, s)
		}
		dst = enc.AppendEncodeString(dst, s[:k])
		if isEscape(s, k) {
			dst = append(dst, s[k:k+3]...)
			s = s[k+3:]
		} else {
			dst = appendEscape(dst, '%', e.c.hex)
			s = s[k+1:]
		}
	}
}

// EncodedLen returns the exact length of the percent-encoding of src.
func (e *Encoding) EncodedLen(src []byte) int {
	e = e.ready()
	return encodedLen(&e.c, src, 0)
}
