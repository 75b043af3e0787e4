// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build (amd64 || arm64) && !purego

package percent

// The vector kernels: declared here once, with their contracts, and
// implemented in assembly for each architecture (scan_amd64.s: SSSE3 and
// AVX2, picked by kernel; scan_arm64.s: NEON) and in pure Go under the same
// names in scan_generic.go, for other CPUs and -tags purego. scan.go is
// their only caller: it holds the room rules and picks a kernel.
//
// Every kernel works on a set of bytes below 0x80 given as its nibble table
// (vecTab.lo, or an Encoding's workLo): byte c is in the set when
// lo[c&15] has bit c>>4 set, and no byte >= 0x80 is. No kernel reads a byte
// outside its input (the last partial block is read as the block that ends
// at the end of the input) or writes past the room its contract names.

// indexNotInSetString returns the index of the first byte of s that is not
// in the set whose nibble table is lo, or len(s) if there is none.
//
//go:noescape
func indexNotInSetString(lo *[16]byte, s string) int

// indexNotInSetBytes is indexNotInSetString for a byte slice.
//
//go:noescape
func indexNotInSetBytes(lo *[16]byte, s []byte) int

// encodeVecString writes the encoding of src by t to dst, which must be at
// least 3*len(src)+1 bytes long (scan.go's vecRoom), and returns its
// length. It serves encodings without the FidoURL "---" rule whose literal
// bytes are all below 0x80 (Encoding.vec); it reads "+"-for-space from
// t.code[' '].
//
//go:noescape
func encodeVecString(t *vecTab, dst []byte, src string) int

// encodeVecBytes is encodeVecString for a byte slice.
//
//go:noescape
func encodeVecBytes(t *vecTab, dst []byte, src []byte) int

// decodeVecString decodes src into dst, which must be at least len(src)
// long, up to the end or the first malformed escape, and returns how many
// bytes it read and wrote. With plus, "+" decodes as a space.
//
//go:noescape
func decodeVecString(dst []byte, src string, plus bool) (nsrc, ndst int)

// decodeVecBytes is decodeVecString for a byte slice.
//
//go:noescape
func decodeVecBytes(dst []byte, src []byte, plus bool) (nsrc, ndst int)

// queryMasksString returns the query masks of the first 64 bytes of s,
// or of all of s when it is shorter, as bits (bit i for s[i]): amp of "&",
// eq of "=", chg of "%" and, with plus, "+". s must be at least 16 bytes
// long. amd64: SSE2 (which every amd64 CPU has), or AVX2 for 64 bytes;
// arm64: NEON.
//
//go:noescape
func queryMasksString(s string, plus bool) (amp, eq, chg uint64)

// queryMasksBytes is queryMasksString for a byte slice.
//
//go:noescape
func queryMasksBytes(b []byte, plus bool) (amp, eq, chg uint64)

// vecBuild is 1 in the builds with kernels (scan.go's thresholds read it).
const vecBuild = 1
