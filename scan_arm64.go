// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build arm64 && !purego

package percent

// The arm64 kernels of scan_arm64.s, which scan_vec.go declares. NEON
// (ASIMD) is part of the base architecture, so there is nothing to detect;
// kernel is a variable only so that the tests can run the pure-Go loops
// too.
var kernel uint8 = kernelNEON

// kernelTail: the NEON decoder decodes an input's last bytes too (under
// 16), stopping only before a malformed escape, so inputs go to it whole.
const kernelTail = true

// encodeTBL drives the NEON encoder's mixed blocks: for the escape mask m of
// eight input bytes (bit i set when byte i is written as an escape),
// encodeTBL[m] is the control of a two-register TBL over A = the eight
// literal bytes | their high hex digits and B = their low hex digits | "%"
// signs, for the 32 output bytes (index 0xFF: nothing; the length is
// encodeLens[m]). Computed once and only read.
var encodeTBL = buildEncodeTBL()

func buildEncodeTBL() (t [256][32]byte) {
	for m := range 256 {
		for j := range t[m] {
			t[m][j] = 0xFF
		}
		j := 0
		for i := range 8 {
			if m&(1<<i) == 0 {
				t[m][j] = byte(i) // the literal byte, in A
				j++
				continue
			}
			t[m][j] = 24             // "%", in B
			t[m][j+1] = byte(8 + i)  // high digit, in A
			t[m][j+2] = byte(16 + i) // low digit, in B
			j += 3
		}
	}
	return t
}
