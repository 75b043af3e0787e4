// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64 && !purego

package percent

import "os"

// PERCENT_KERNEL=generic|ssse3|avx2 runs the tests and benchmarks with that
// kernel forced (tools/benchreport uses it to measure each).
func init() {
	for k, name := range kernelNames {
		if os.Getenv("PERCENT_KERNEL") == name && k <= detectKernel() {
			kernel = k
		}
	}
}

// kernels returns the kernels this CPU can run: the pure-Go loops, SSSE3
// and AVX2 where present.
func kernels() []uint8 {
	ks := []uint8{kernelGeneric}
	switch detectKernel() {
	case kernelAVX2:
		ks = append(ks, kernelSSSE3, kernelAVX2)
	case kernelSSSE3:
		ks = append(ks, kernelSSSE3)
	}
	return ks
}

// setKernel switches the package to kernel k and returns a function that
// switches it back. Tests that call it must not run in parallel.
func setKernel(k uint8) (restore func()) {
	old := kernel
	kernel = k
	return func() { kernel = old }
}
