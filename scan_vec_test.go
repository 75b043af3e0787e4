// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build (amd64 || arm64) && !purego

package percent

import (
	"bytes"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// TestEncodeVecStaysInBuffer: the vector encoder writes the same bytes as
// the pure-Go encoder and nothing past the 3*n+1 bytes it is given, under
// every kernel.
func TestEncodeVecStaysInBuffer(t *testing.T) {
	if len(kernels()) < 2 {
		t.Skip("no vector kernel in this build")
	}
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
				m := encodeVecBytes(&e.c.vt, dst[:3*n+1], data)
				want := want(e, data)
				if string(dst[:m]) != want || !bytes.Equal(dst[3*n+1:], bytes.Repeat([]byte{0xEE}, 64)) {
					t.Fatalf("%q n=%d: got %q want %q; after %x", f, n, dst[:m], want, dst[3*n+1:3*n+20])
				}
			}
		}
	}
}

// TestKernelTwins compares each assembly kernel with its pure-Go twin
// (scan.go) on generated inputs of every length 0–300, over every
// predefined encoding and random sets, under every kernel of the CPU: a
// million inputs on arm64, where the fuzzer cannot run under qemu's -exec
// (FuzzKernels covers amd64), fewer elsewhere and under -short.
func TestKernelTwins(t *testing.T) {
	total := 100_000
	if runtime.GOARCH == "arm64" {
		total = 1_000_000
	}
	if testing.Short() {
		total = 10_000
	}
	r := rand.New(rand.NewPCG(11, 12))
	var encs []*Encoding
	for _, tc := range predefinedTables() {
		encs = append(encs, tc.enc)
	}
	for range 16 {
		e := NewEncoding(randomSet(r))
		encs = append(encs, e, e.WithSpaceAsPlus(), e.WithLowerHex())
	}
	// Alphabets: clean, mixed, escapes (good and bad), non-ASCII, query.
	alphabets := []string{"abcXYZ019-._~", "ab c%+é\xff/?=&#-", "%2f%2F%41%e2%82%ac%zz%4", "\xd0\xbc\xe6\x97\xa5\x80\xff", "a=b&c%20+d"}
	buf := make([]byte, 3*300+1)
	ref := make([]byte, 3*300+1)
	if len(kernels()) < 2 {
		t.Skip("no vector kernel in this build: nothing to compare with its twin")
	}
	for _, k := range kernels()[1:] {
		restore := setKernel(k)
		for i := range total / len(kernels()[1:]) {
			n := i % 301
			a := alphabets[r.IntN(len(alphabets))]
			b := make([]byte, n)
			for j := range b {
				if r.IntN(8) == 0 {
					b[j] = byte(r.Uint32())
				} else {
					b[j] = a[r.IntN(len(a))]
				}
			}
			s := string(b)
			e := encs[r.IntN(len(encs))]
			if n > 0 {
				if got, want := indexNotInSetString(&e.c.skipLo, s), indexNotInSetTwin(&e.c.skipLo, s); got != want || indexNotInSetBytes(&e.c.skipLo, b) != want {
					t.Fatalf("kernel %s: indexNotInSet(%q) = %d, twin %d", kernelNames[k], s, got, want)
				}
			}
			if e.c.vec && !e.c.noDash { // the kernel's contract: no "---" rule
				m := encodeVecString(&e.c.vt, buf, s)
				w := encodeVecTwin(&e.c.vt, ref, s)
				if string(buf[:m]) != string(ref[:w]) || encodeVecBytes(&e.c.vt, buf, b) != m {
					t.Fatalf("kernel %s: encodeVec(%q) = %q, twin %q", kernelNames[k], s, buf[:m], ref[:w])
				}
			}
			// The decoder may stop earlier than its twin (its contract
			// lets it leave any tail to the caller); what it did must be
			// the twin's decoding of what it read.
			plus := r.IntN(2) == 0
			dec := Component
			if plus {
				dec = Form
			}
			// The kernel and its twin alike: what each wrote is the
			// decoding (by the reference loop) of what it read.
			twin := func(dst []byte, s string, plus bool) (int, int) { return decodeVecTwin(dst, s, plus) }
			for _, f := range []func([]byte, string, bool) (int, int){decodeVecString, twin} {
				read, wrote := f(buf[:n], s, plus)
				rw, bad := decodeTo(ref[:n], s[:read], dec.c.plus, false)
				if read > n || bad >= 0 || string(buf[:wrote]) != string(ref[:rw]) {
					t.Fatalf("kernel %s: decodeVec(%q, %v) read %d wrote %q; the decoding of what it read is %q", kernelNames[k], s, plus, read, buf[:wrote], ref[:rw])
				}
				// And it went as far as its contract says: to the end,
				// unless it stopped before a malformed escape. A kernel
				// that reads nothing fails here.
				if stuck := read < n && s[read] == '%' && !isEscape(s, read); read < n && !stuck {
					t.Fatalf("kernel %s: decodeVec(%q, %v) stopped at %d of %d, before no malformed escape", kernelNames[k], s, plus, read, n)
				}
			}
			if n >= 16 {
				a1, e1, c1 := queryMasksString(s, plus)
				a2, e2, c2 := queryMasksTwin(s, plus)
				if a1 != a2 || e1 != e2 || c1 != c2 {
					t.Fatalf("kernel %s: queryMasks(%q) = %x %x %x, twin %x %x %x", kernelNames[k], s, a1, e1, c1, a2, e2, c2)
				}
			}
		}
		restore()
	}
}

// TestDecodeVecBoundaries puts one token (a stray or cut "%", an escape, a
// "+", a byte >= 0x80) at every offset of every input of 0–70 bytes (and
// the token) over
// four backgrounds (literal bytes, escapes, escapes one byte out of step,
// and escapes mixed with literal runs), so that every block edge, every tail length and every escape cut
// by the end of a block or of the input is met, under every kernel. The
// kernel's output must be the reference loop's decoding of what it read,
// stop only where its contract lets it, and write nothing past len(src)
// bytes of dst.
func TestDecodeVecBoundaries(t *testing.T) {
	if len(kernels()) < 2 {
		t.Skip("no vector kernel in this build")
	}
	backgrounds := []string{"abcdefgh", "%41%62%E6", "x%41%62%E6", "%41bc+%62defgh"}
	tokens := []string{"%", "%4", "%4g", "%g4", "%41", "%e6", "+", "\xe6", "%%41"}
	for _, k := range kernels()[1:] {
		restore := setKernel(k)
		tokenPlacements(backgrounds, tokens, func(s string) {
			for _, plus := range []bool{false, true} {
				checkDecodeVec(t, k, s, plus)
			}
		})
		restore()
	}
}

// tokenPlacements calls f with each token put at every offset of the first
// n bytes of each background repeated, for every n of 0–70.
func tokenPlacements(backgrounds, tokens []string, f func(s string)) {
	for _, bg := range backgrounds {
		for n := 0; n <= 70; n++ {
			base := strings.Repeat(bg, n/len(bg)+1)[:n]
			for _, tok := range tokens {
				for at := 0; at <= n; at++ {
					f(base[:at] + tok + base[at:])
				}
			}
		}
	}
}

func checkDecodeVec(t *testing.T, k uint8, s string, plus bool) {
	t.Helper()
	dec := Component
	if plus {
		dec = Form
	}
	n := len(s)
	dst := bytes.Repeat([]byte{0xEE}, n+16)
	read, wrote := decodeVecString(dst[:n], s, plus)
	ref := make([]byte, n)
	rw, bad := decodeTo(ref, s[:read], dec.c.plus, false)
	if read > n || bad >= 0 || string(dst[:wrote]) != string(ref[:rw]) {
		t.Fatalf("kernel %s: decodeVec(%q, %v) read %d wrote %q; the decoding of what it read is %q", kernelNames[k], s, plus, read, dst[:wrote], ref[:rw])
	}
	if !bytes.Equal(dst[n:], bytes.Repeat([]byte{0xEE}, 16)) {
		t.Fatalf("kernel %s: decodeVec(%q, %v) wrote past len(src): %x", kernelNames[k], s, plus, dst[n:])
	}
	if stuck := read < n && s[read] == '%' && !isEscape(s, read); read < n && !stuck {
		t.Fatalf("kernel %s: decodeVec(%q, %v) stopped at %d of %d, before no malformed escape", kernelNames[k], s, plus, read, n)
	}
}

// TestEncodeVecBoundaries puts one token at every offset of every input of
// 0–70 bytes over literal, escaped and mixed backgrounds, and gives the
// encoder exactly 3*n+1 bytes and exactly 64 more (the room its partial last
// block needs), with a sentinel after them, so that every partial block, by
// itself or after whole blocks, runs both ways.
func TestEncodeVecBoundaries(t *testing.T) {
	if len(kernels()) < 2 {
		t.Skip("no vector kernel in this build")
	}
	backgrounds := []string{"abcdefgh", "\xd0\xbc", "a b+c%d"}
	tokens := []string{" ", "\xe6", "+", "%", "\x00", "~", "\x7f"}
	sentinel := bytes.Repeat([]byte{0xEE}, 16)
	for _, k := range kernels()[1:] {
		restore := setKernel(k)
		tokenPlacements(backgrounds, tokens, func(s string) {
			src := []byte(s)
			for _, e := range []*Encoding{Component, Form, Exchange} {
				want := pureEncode(e, src)
				for _, room := range []int{3*len(src) + 1, 3*len(src) + 65} {
					dst := bytes.Repeat([]byte{0xEE}, room+16)
					m := encodeVecBytes(&e.c.vt, dst[:room], src)
					if string(dst[:m]) != want || !bytes.Equal(dst[room:], sentinel) {
						t.Fatalf("kernel %s, room %d: encodeVec(%q) = %q, want %q; after the room %x", kernelNames[k], room, src, dst[:m], want, dst[room:])
					}
				}
			}
		})
		restore()
	}
}
