// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !amd64 || purego

package percent

// Without vector kernels (other CPUs, and builds with -tags purego), every
// scan runs the pure-Go loops; kernel is a constant, so the calls below are
// never made and the compiler drops them.

const kernel uint8 = kernelGeneric

func indexNotInSetString(lo *[16]byte, s string) int { panic("percent: no vector kernel") }
func indexNotInSetBytes(lo *[16]byte, s []byte) int  { panic("percent: no vector kernel") }
func encodeVecString(t *vecTab, dst []byte, src string) int {
	panic("percent: no vector kernel")
}
func encodeVecBytes(t *vecTab, dst []byte, src []byte) int { panic("percent: no vector kernel") }
func decodeVecString(dst []byte, src string, plus bool) (nsrc, ndst int) {
	panic("percent: no vector kernel")
}
func decodeVecBytes(dst []byte, src []byte, plus bool) (nsrc, ndst int) {
	panic("percent: no vector kernel")
}
func queryMasksString(s string, plus bool) (amp, eq, chg uint64) {
	panic("percent: no vector kernel")
}
func queryMasksBytes(b []byte, plus bool) (amp, eq, chg uint64) {
	panic("percent: no vector kernel")
}
