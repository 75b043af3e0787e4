// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build linux

package percent

import (
	"bytes"
	"syscall"
	"testing"
	"unsafe"
)

// guarded returns a page of memory with an inaccessible page on each side:
// a kernel that reads or writes one byte outside a buffer placed against
// either edge crashes the test.
func guarded(t *testing.T) []byte {
	t.Helper()
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[:page], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	if err := syscall.Mprotect(mem[2*page:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	return mem[page : 2*page : 2*page]
}

// TestPublicNoOverrun calls every public append entry point, and the
// stream writers, with inputs of every length 0–80 placed against an
// inaccessible page (so at every alignment of their end) and destinations of
// exactly the capacity each needs ending against one: a read past the input
// or a write past the capacity crashes the test. It runs under every kernel
// and in every build; the results must equal the pure-Go path's.
func TestPublicNoOverrun(t *testing.T) {
	in := guarded(t)
	out := guarded(t)
	fills := [][]byte{[]byte("a"), {0xD0, 0xBC}, []byte("ab c/é"), []byte("%41%d0"), []byte("a%"), []byte("a+"), []byte("%"), []byte("\xff")}
	encs := []*Encoding{Component, Form, Exchange, Fido, Path, WHATWGQuery}
	// dstAt returns an empty slice of capacity c whose end is out's end.
	dstAt := func(c int) []byte { return out[len(out)-c : len(out)-c : len(out)] }
	for _, k := range kernels() {
		restore := setKernel(k)
		for _, fill := range fills {
			for n := 0; n <= 80; n++ {
				data := bytes.Repeat(fill, n)[:n]
				src := in[len(in)-n : len(in) : len(in)]
				copy(src, data)
				var str string
				if n > 0 {
					str = unsafe.String(&src[0], n)
				}
				for _, e := range encs {
					want := pureEncode(e, data)
					c := len(want)
					if got := e.AppendEncode(dstAt(c), src); string(got) != want || cap(got) != c {
						t.Fatalf("kernel %s: AppendEncode(%q) = %q (cap %d), want %q in place", kernelNames[k], data, got, cap(got), want)
					}
					if got := e.AppendEncodeString(dstAt(c), str); string(got) != want || cap(got) != c {
						t.Fatalf("kernel %s: AppendEncodeString(%q) = %q, want %q in place", kernelNames[k], data, got, want)
					}
					// Decoding: in place with room for len(src); with the
					// exact decoded length it may grow, but must not overrun.
					// The reference: the pure-Go loops, not the kernel under test.
					back := setKernel(kernelGeneric)
					ref, rerr := e.Decode(string(data))
					wantQ := string(e.AppendQuery(nil, []Pair{{Name: string(data), Value: string(data)}, {Name: "k", Value: string(data)}}))
					back()
					for _, c := range []int{n, len(ref)} {
						got, err := e.AppendDecode(dstAt(c), src)
						if (err == nil) != (rerr == nil) || err == nil && string(got) != ref {
							t.Fatalf("kernel %s: AppendDecode(%q) = %q, %v; want %q, %v", kernelNames[k], data, got, err, ref, rerr)
						}
						got, err = e.AppendDecodeString(dstAt(c), str)
						if (err == nil) != (rerr == nil) || err == nil && string(got) != ref {
							t.Fatalf("kernel %s: AppendDecodeString(%q) = %q, %v; want %q, %v", kernelNames[k], data, got, err, ref, rerr)
						}
					}
					pairs := []Pair{{str, str}, {"k", str}}
					if got := e.AppendQuery(dstAt(len(wantQ)), pairs); string(got) != wantQ || cap(got) != len(wantQ) {
						t.Fatalf("kernel %s: AppendQuery(%q) = %q, want %q in place", kernelNames[k], data, got, wantQ)
					}
					var buf bytes.Buffer
					w := NewEncoder(e, &buf)
					if _, err := w.Write(src); err != nil {
						t.Fatal(err)
					}
					if buf.String() != want {
						t.Fatalf("kernel %s: NewEncoder wrote %q, want %q", kernelNames[k], buf.String(), want)
					}
				}
			}
		}
		restore()
	}
}
