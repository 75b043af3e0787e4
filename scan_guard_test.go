// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build linux && (amd64 || arm64) && !purego

package percent

import (
	"bytes"
	"testing"
)

// TestKernelsNoOverread places inputs of every length 0–80 (so every
// alignment of their start) right before and right after an inaccessible
// page, and the output buffers of exactly the length each kernel is
// promised right before one too, and runs every vector kernel on them.
func TestKernelsNoOverread(t *testing.T) {
	in := guarded(t)
	out := guarded(t)
	fills := map[string][]byte{
		"clean":    []byte("a"),
		"nonascii": {0xD0, 0xBC},
		"mixed":    []byte("ab c/é"),
		"escapes":  []byte("%41%d0"),
		"stray":    []byte("a%"),
		"plus":     []byte("a+"),
		"query":    []byte("a=b%2&+"),
	}
	if len(kernels()) < 2 {
		t.Skip("no vector kernel in this build")
	}
	for _, k := range kernels()[1:] {
		restore := setKernel(k)
		for name, fill := range fills {
			for n := 0; n <= 80; n++ {
				data := bytes.Repeat(fill, n)[:n]
				for _, at := range []int{len(in) - n, 0} { // against the end, against the start
					src := in[at : at+n : at+n]
					copy(src, data)
					want := cleanPrefix(&Component.c.skip, data)
					if got := indexNotInSetBytes(&Component.c.skipLo, src); got != want && n > 0 {
						t.Fatalf("kernel %s, %s, n=%d: index %d, want %d", kernelNames[k], name, n, got, want)
					}
					if n >= 16 {
						// The query mask kernel reads 16 to 64 bytes.
						a, e, c := queryMasksBytes(src, true)
						wa, we, wc := wantQueryMasks(string(data[:min(n, 64)]), 0, true)
						if n < 64 {
							wa &^= 1 << n // the end, which the caller marks
						}
						if a != wa || e != we || c != wc {
							t.Fatalf("kernel %s, %s, n=%d: query masks %#x %#x %#x, want %#x %#x %#x", kernelNames[k], name, n, a, e, c, wa, we, wc)
						}
					}
					for _, e := range []*Encoding{Component, Form, Exchange} {
						dst := out[len(out)-(3*n+1):]
						m := encodeVecBytes(&e.c.vt, dst, src)
						if got, want := string(dst[:m]), pureEncode(e, data); got != want {
							t.Fatalf("kernel %s, %s, n=%d: encode %q, want %q", kernelNames[k], name, n, got, want)
						}
						// The decoder stops where it likes; what it wrote
						// must be the decoding of what it read.
						ddst := out[len(out)-n:]
						read, wrote := decodeVecBytes(ddst, src, e.c.plus)
						ref := make([]byte, n)
						m, bad := decodeTo(ref, data[:read], e.c.plus, false)
						if read > n || bad >= 0 || string(ddst[:wrote]) != string(ref[:m]) {
							t.Fatalf("kernel %s, %s, n=%d: decoded %d bytes to %q, want %q", kernelNames[k], name, n, read, ddst[:wrote], ref[:m])
						}
						// And as far as its contract says (a kernel that
						// reads nothing fails): to the end, unless before a
						// malformed escape.
						if stuck := read < n && data[read] == '%' && !isEscape(data, read); read < n && !stuck {
							t.Fatalf("kernel %s, %s, n=%d: decode stopped at %d, before no malformed escape", kernelNames[k], name, n, read)
						}
					}
				}
			}
		}
		restore()
	}
}
