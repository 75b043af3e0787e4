// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !(amd64 || arm64) || purego

package percent

// kernels returns the kernels this build can run: only the pure-Go loops.
func kernels() []uint8 { return []uint8{kernelGeneric} }

// setKernel is a no-op: this build has only the pure-Go loops.
func setKernel(k uint8) (restore func()) { return func() {} }
