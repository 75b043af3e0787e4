// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

// An Encoding and the tables its codecs read: derived once from its Set
// and options (encode.go), read by the pure-Go loops (loop.go), the
// kernels (scan_*.s, through go_asm.h) and the dispatcher (scan.go). This
// file, safeset.go and hex.go are the bottom of the codec core: they use
// nothing above them.

// An Encoding is a percent-encoding: a [Set] of bytes that stand literally,
// every other byte being written "%" and two hex digits (RFC 3986 §2.1), plus
// options. An Encoding is immutable and safe for concurrent use; the With
// methods return modified copies.
type Encoding struct {
	safe Set
	c    codec // the tables its codecs read (codec.go)

	// queryPart is e less queryDelims in its safe set, for the names and
	// values of a query (AppendQuery), or nil when e already escapes them
	// all.
	queryPart *Encoding
	// plusKept is e with "+" literal, for MakeSafe under plus (where an
	// existing "+" already means a space), or nil without plus; keepPlus
	// marks it.
	plusKept *Encoding
	keepPlus bool
}

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

// A codec is what the codec loops and kernels read of an Encoding.
type codec struct {
	vt vecTab
	// skip[c] is 1 for the bytes a scan for work skips: the bytes written
	// literally, less "-" under the FidoURL "---" rule (whose rule the
	// scans apply where they stop); 0 for the bytes it stops at. The zero
	// Encoding's is all 0, so that its scan stops at once, before any
	// table is needed. skipLo is its nibble table, for the kernels.
	skip   [256]uint8
	skipLo [16]byte
	// vec: every byte skip skips is below 0x80, so the kernels serve the
	// encoding (the set test of the kernels has no room for the others).
	vec    bool
	plus   bool   // a space is "+", and "+" decodes to a space
	noDash bool   // never "---" (FidoURL §5.2)
	space  byte   // the byte that decodes to a space: "+" with plus, else "%" (decoded apart)
	hex    string // upperHex or lowerHex
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

// ready returns c, or for the zero Encoding's codec, whose tables are
// empty, the codec derived from it.
func (c *codec) ready() *codec {
	if c.hex == "" {
		return &tabNone.c
	}
	return c
}

// ready returns e, or for the zero Encoding, which has no tables, the one
// NewEncoding(Set{}) builds: every byte escaped, upper-case hex.
func (e *Encoding) ready() *Encoding {
	if e.c.hex == "" {
		return &tabNone
	}
	return e
}
