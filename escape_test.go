// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent_test

import (
	"testing"

	"github.com/urlcodec/percent"
)

// TestAppendStackBuffer: a caller in another package (this one) that
// passes a buffer on its stack as dst, with room for the result, allocates
// nothing: the append methods, inlined here, reach functions whose escape
// facts this package can see (dst leaks only to the result), for every
// length (the short loop's, the kernel's and the general path). A generic
// function's shape behind an inlined method would move the buffer to the
// heap, one allocation a call.
func TestAppendStackBuffer(t *testing.T) {
	for _, n := range []int{0, 1, 5, 15, 16, 40} {
		src := make([]byte, n)
		for i := range src {
			src[i] = "a b%20c/é"[i%10]
		}
		text := string(src)
		enc := percent.Form.Encode(text)
		allocs := testing.AllocsPerRun(50, func() {
			var buf, out, out2, out3 [256]byte
			e := percent.Form.AppendEncode(buf[:0], src)
			e = percent.Form.AppendEncodeString(e[:0], text)
			d, err := percent.Form.AppendDecodeString(out[:0], enc)
			d2, err2 := percent.Form.AppendDecode(out2[:0], e)
			l := percent.Form.AppendDecodeLenient(out3[:0], src)
			if err != nil || err2 != nil || string(d) != text || string(d2) != text || len(l) > n {
				panic("wrong decoding") // not t.Fatalf: t would escape
			}
		})
		if allocs != 0 {
			t.Errorf("%d bytes: %v allocations a call with a stack buffer, want 0", n, allocs)
		}
	}
}
