// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !(amd64 || arm64) || purego

package percent

// Without vector kernels (other CPUs, and builds with -tags purego), the
// kernels of scan_vec.go are their pure-Go twins (scan.go), under the same
// names and contracts. kernel is a constant, so the dispatcher in scan.go
// runs the pure-Go loops and the compiler drops the kernel calls.

const kernel uint8 = kernelGeneric

func indexNotInSetString(lo *[16]byte, s string) int { return indexNotInSetGo(lo, s) }

func indexNotInSetBytes(lo *[16]byte, s []byte) int { return indexNotInSetGo(lo, s) }

func encodeVecString(t *vecTab, dst []byte, src string) int { return encodeVecGo(t, dst, src) }

func encodeVecBytes(t *vecTab, dst []byte, src []byte) int { return encodeVecGo(t, dst, src) }

func decodeVecString(dst []byte, src string, plus bool) (nsrc, ndst int) {
	return decodeVecGo(dst, src, plus, kernelTail)
}

func decodeVecBytes(dst []byte, src []byte, plus bool) (nsrc, ndst int) {
	return decodeVecGo(dst, src, plus, kernelTail)
}

func queryMasksString(s string, plus bool) (amp, eq, chg uint64) {
	return queryMasksKernelGo(s, plus)
}

func queryMasksBytes(b []byte, plus bool) (amp, eq, chg uint64) {
	return queryMasksKernelGo(b, plus)
}

// kernelTail: there is no kernel to give short inputs to.
const kernelTail = false
