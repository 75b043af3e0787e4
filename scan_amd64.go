// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64 && !purego

package percent

// CPU detection for the amd64 kernels of scan_amd64.s, which scan_vec.go
// declares.

// kernel is the classifier kernel in use: kernelAVX2, kernelSSSE3, or
// kernelGeneric for the pure-Go loops. It is set once, from CPUID, when the
// package is initialised; the tests switch it to run every path.
var kernel = detectKernel()

// detectKernel picks the widest kernel the CPU and the operating system
// support: AVX2 needs the CPUID bit (leaf 7, EBX bit 5) and the OS saving
// the YMM state (OSXSAVE, and XCR0 bits 1 and 2); SSSE3 its CPUID bit (leaf
// 1, ECX bit 9).
func detectKernel() uint8 {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 1 {
		return kernelGeneric
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const (
		ssse3   = 1 << 9
		osxsave = 1 << 27
		avx     = 1 << 28
	)
	if ecx1&ssse3 == 0 {
		return kernelGeneric
	}
	if maxLeaf >= 7 && ecx1&osxsave != 0 && ecx1&avx != 0 {
		if xcr0, _ := xgetbv(); xcr0&6 == 6 {
			if _, ebx7, _, _ := cpuid(7, 0); ebx7&(1<<5) != 0 {
				return kernelAVX2
			}
		}
	}
	return kernelSSSE3
}

// cpuid executes CPUID with EAX and ECX set.
func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

// xgetbv reads XCR0 (XGETBV with ECX = 0).
func xgetbv() (eax, edx uint32)

// encodeShuffles drives the vector encoder's mixed blocks
// (scan_amd64.s, ework): for the escape mask m of eight input bytes (bit i
// set when byte i is written as an escape), encodeShuffles[m] holds four
// PSHUFB controls: the first 16 output bytes from A and from B, then the
// next 16 from A and from B, where A holds the eight literal bytes and then
// their high hex digits, and B their low hex digits and then "%" signs.
// The output length is encodeLens[m]. Computed once and only read.
var encodeShuffles = buildEncodeShuffles()

func buildEncodeShuffles() (sh [256][64]byte) {
	for m := range 256 {
		var fromA, fromB [32]byte
		for j := range fromA {
			fromA[j], fromB[j] = 0x80, 0x80
		}
		j := 0
		for i := range 8 {
			if m&(1<<i) == 0 {
				fromA[j] = byte(i) // the literal byte
				j++
				continue
			}
			fromB[j] = 8             // "%"
			fromA[j+1] = byte(8 + i) // high digit
			fromB[j+2] = byte(i)     // low digit
			j += 3
		}
		copy(sh[m][0:16], fromA[:16])
		copy(sh[m][16:32], fromB[:16])
		copy(sh[m][32:48], fromA[16:])
		copy(sh[m][48:64], fromB[16:])
	}
	return sh
}

// decodeCompact drives the vector decoder's blocks (scan_amd64.s,
// dmixstart): for the mask m of the eight bytes of a block that are kept
// (every byte but the two hex digits of an escape), the first 16 bytes of
// decodeCompact[m] are the PSHUFB control that moves the kept bytes to the
// front, and byte 16 is how many there are. Computed once and only read.
var decodeCompact = buildDecodeCompact()

func buildDecodeCompact() (t [256][32]byte) {
	for m := range 256 {
		n := 0
		for i := range 8 {
			if m&(1<<i) != 0 {
				t[m][n] = byte(i)
				n++
			}
		}
		for j := n; j < 16; j++ {
			t[m][j] = 0x80
		}
		t[m][16] = byte(n)
	}
	return t
}

// kernelTail: the amd64 decoders leave an input's last 15 bytes to the
// caller, so short inputs stay with the pure-Go loop.
const kernelTail = false
