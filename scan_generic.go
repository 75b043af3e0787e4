// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !(amd64 || arm64) || purego

package percent

// Without vector kernels (other CPUs, and builds with -tags purego), the
// kernels of scan_vec.go are their pure-Go twins (loop.go), under the same
// names and contracts. kernel is a constant, so the dispatcher in scan.go
// runs the pure-Go loops and the compiler drops the kernel calls.

const kernel uint8 = kernelGeneric

func indexNotInSetString(lo *[16]byte, s string) int { return indexNotInSetTwin(lo, s) }

func indexNotInSetBytes(lo *[16]byte, s []byte) int { return indexNotInSetTwin(lo, s) }

func encodeVecString(t *vecTab, dst []byte, src string) int { return encodeVecTwin(t, dst, src) }

func encodeVecBytes(t *vecTab, dst []byte, src []byte) int { return encodeVecTwin(t, dst, src) }

func decodeVecString(dst []byte, src string, plus bool) (nsrc, ndst int) {
	return decodeVecTwin(dst, src, plus)
}

func decodeVecBytes(dst []byte, src []byte, plus bool) (nsrc, ndst int) {
	return decodeVecTwin(dst, src, plus)
}

func queryMasksString(s string, plus bool) (amp, eq, chg uint64) {
	return queryMasksTwin(s, plus)
}

func queryMasksBytes(b []byte, plus bool) (amp, eq, chg uint64) {
	return queryMasksTwin(b, plus)
}

// vecBuild is 0 in the builds without kernels (scan.go's thresholds read
// it).
const vecBuild = 0
