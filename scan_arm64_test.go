// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build arm64 && !purego

package percent

import "os"

// PERCENT_KERNEL=generic|neon runs the tests and benchmarks with that
// kernel forced.
func init() {
	if os.Getenv("PERCENT_KERNEL") == "generic" {
		kernel = kernelGeneric
	}
}

// kernels returns the kernels this CPU can run: the pure-Go loops and NEON.
func kernels() []uint8 { return []uint8{kernelGeneric, kernelNEON} }

// setKernel switches the package to kernel k and returns a function that
// switches it back. Tests that call it must not run in parallel.
func setKernel(k uint8) (restore func()) {
	old := kernel
	kernel = k
	return func() { kernel = old }
}
