// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build (amd64 || arm64) && !purego

package percent

import (
	"bytes"
	"testing"
)

// TestEncodeVecStaysInBuffer: the vector encoder writes the same bytes as
// the pure-Go encoder and nothing past the 3*n+1 bytes it is given, under
// every kernel.
func TestEncodeVecStaysInBuffer(t *testing.T) {
	for _, k := range kernels()[1:] {
		restore := setKernel(k)
		encodeVecStaysInBuffer(t)
		restore()
	}
}

func encodeVecStaysInBuffer(t *testing.T) {
	want := pureEncode
	fills := [][]byte{[]byte("a"), {0xD0, 0xBC}, []byte("ab c/é"), []byte("%41%d0"), []byte("a%"), []byte("a+")}
	for _, f := range fills {
		for n := 0; n <= 80; n++ {
			data := bytes.Repeat(f, n)[:n]
			for _, e := range []*Encoding{Component, Form, Exchange} {
				dst := bytes.Repeat([]byte{0xEE}, 3*n+1+64)
				m := encodeVecBytes(&e.vt, dst[:3*n+1], data)
				want := want(e, data)
				if string(dst[:m]) != want || !bytes.Equal(dst[3*n+1:], bytes.Repeat([]byte{0xEE}, 64)) {
					t.Fatalf("%q n=%d: got %q want %q; after %x", f, n, dst[:m], want, dst[3*n+1:3*n+20])
				}
			}
		}
	}
}
