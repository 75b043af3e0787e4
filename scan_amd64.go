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
// 1, ECX bit 9). Every amd64 CPU has leaf 1, and one with AVX and XSAVE
// has leaf 0xD (which enumerates the XSAVE state) and so leaf 7: leaf 0's
// count is not needed. Each CPUID can trap to a hypervisor, at several
// microseconds, and this runs on every import: it asks two.
func detectKernel() uint8 {
	_, _, ecx1, _ := cpuid(1, 0)
	const (
		ssse3   = 1 << 9
		osxsave = 1 << 27
		avx     = 1 << 28
	)
	if ecx1&ssse3 == 0 {
		return kernelGeneric
	}
	if ecx1&osxsave != 0 && ecx1&avx != 0 {
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
