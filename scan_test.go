// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
)

var kernelNames = map[uint8]string{kernelGeneric: "generic", kernelSSSE3: "ssse3", kernelAVX2: "avx2", kernelNEON: "neon"}

// codecResult is everything the public codecs say about one input; two
// kernels must give equal results.
type codecResult struct {
	enc, appendEnc  string
	dec, appendDec  string
	decErr, appErr  string
	lenient, appLen string
	firstInvalid    int
	encodedLen      int
	streamEnc       string
	streamDec       string
	streamDecErr    string
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// runCodecs runs every codec of e on s, through the string, append and
// stream forms, with the kernel currently selected.
func runCodecs(e *Encoding, s string) codecResult {
	var r codecResult
	r.enc = e.Encode(s)
	r.appendEnc = string(e.AppendEncode([]byte("<"), []byte(s)))
	// A destination with room, which the vector encoder writes into.
	roomy := make([]byte, 1, 3*len(s)+8)
	roomy[0] = '<'
	if got := string(e.AppendEncode(roomy, []byte(s))); got != r.appendEnc {
		r.appendEnc += " (with room: " + got + ")"
	}
	d, err := e.Decode(s)
	r.dec, r.decErr = d, errString(err)
	ad, aerr := e.AppendDecode([]byte("<"), []byte(s))
	r.appendDec, r.appErr = string(ad), errString(aerr)
	r.lenient = e.DecodeLenient(s)
	r.appLen = string(e.AppendDecodeLenient(nil, []byte(s)))
	r.firstInvalid = e.FirstInvalid(s)
	r.encodedLen = e.EncodedLen([]byte(s))
	var buf bytes.Buffer
	w := NewEncoder(e, &buf)
	w.Write([]byte(s[:len(s)/2]))
	w.Write([]byte(s[len(s)/2:]))
	r.streamEnc = buf.String()
	out, err := io.ReadAll(NewDecoder(e, strings.NewReader(s)))
	r.streamDec, r.streamDecErr = string(out), errString(err)
	return r
}

// compareKernels checks that every kernel gives the results of the pure-Go
// loops for every codec of e on s.
func compareKernels(t *testing.T, name string, e *Encoding, s string) {
	t.Helper()
	if len(kernels()) < 2 {
		t.Skip("no vector kernel in this build: nothing to compare with the pure-Go loops")
	}
	restore := setKernel(kernelGeneric)
	want := runCodecs(e, s)
	restore()
	for _, k := range kernels()[1:] {
		restore := setKernel(k)
		got := runCodecs(e, s)
		restore()
		if got != want {
			t.Fatalf("%s, kernel %s, input %q:\n got %+v\nwant %+v", name, kernelNames[k], s, got, want)
		}
	}
}

// kernelInputs returns one random input of every length 0–80 built from
// alphabet (the alphabets hold the escapes, non-ASCII bytes and malformed
// escapes; TestKernelsAgree also puts special bytes at every position).
func kernelInputs(r *rand.Rand, alphabet string) []string {
	var out []string
	for n := 0; n <= 80; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		out = append(out, string(b))
	}
	return out
}

// TestKernelsAgree runs every kernel against the pure-Go loops on every
// predefined encoding and on random sets, for every length 0–80 and every
// position of the first byte that needs work.
func TestKernelsAgree(t *testing.T) {
	if len(kernels()) == 1 {
		t.Skip("only the pure-Go loops in this build")
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{
		"abcXYZ019-._~",                // clean for most
		"ab c%+é\xff/?=&#-",            // mixed
		"\xd0\xbc\xd0\xb8\xe6\x97\xa5", // non-ASCII
		"%2f%2F%41%e2%82%ac%zz%4",      // escapes, good and bad
		"%D0%BC%D0%B8%E6%97%A5",        // escape runs
		"---a-+",
	}
	encs := predefinedTables()
	// Under -short, the encodings whose tables differ in what the kernels
	// read (ASCII sets, "+" for space, "---", non-ASCII literal, lower-case
	// hex); CI runs them all.
	sample := map[string]bool{"Component": true, "Path": true, "Form": true, "Fido": true,
		"WHATWGPath": true, "WHATWGC0Control": true, "Exchange": true}
	for _, tc := range encs {
		if testing.Short() && !sample[tc.name] {
			continue
		}
		for _, a := range alphabets {
			for _, s := range kernelInputs(r, a) {
				compareKernels(t, tc.name, tc.enc, s)
			}
		}
		// One byte that needs work at every position of a clean run (the
		// kernels do not depend on the set, so a few encodings suffice).
		if !strings.Contains("Component Form Fido WHATWGPath", tc.name) {
			continue
		}
		// Under -short, a sample of the lengths, on two encodings (CI runs
		// them all).
		step := 1
		if testing.Short() {
			step = 9
			if tc.name != "Component" && tc.name != "Fido" {
				continue
			}
		}
		for n := 1; n <= 70; n += step {
			for p := 0; p < n; p++ {
				for _, c := range []byte{' ', '%', 0xFF, '+'} {
					b := bytes.Repeat([]byte{'a'}, n)
					b[p] = c
					compareKernels(t, tc.name, tc.enc, string(b))
				}
			}
		}
	}
	for _, tc := range encs {
		if testing.Short() && !sample[tc.name] {
			continue
		}
		// All 256 bytes, and escape runs of every length.
		all := make([]byte, 256)
		for i := range all {
			all[i] = byte(i)
		}
		compareKernels(t, tc.name, tc.enc, string(all))
		for n := 0; n < 40; n++ {
			compareKernels(t, tc.name, tc.enc, strings.Repeat("%d0%BC", n)+"x")
			compareKernels(t, tc.name, tc.enc, strings.Repeat("%C3%A9", n)+"%G0"+strings.Repeat("%41", n))
		}
	}
	sets := 25
	if testing.Short() {
		sets = 3
	}
	for i := 0; i < sets; i++ {
		set := randomSet(r)
		e := NewEncoding(set)
		for _, a := range alphabets {
			for _, s := range kernelInputs(r, a) {
				compareKernels(t, "random set "+set.String(), e, s)
			}
		}
		compareKernels(t, "random set "+set.String(), e.WithSpaceAsPlus().WithLowerHex(), "a b+c%20é-"+strings.Repeat("x y", 20))
	}
}

// randomSet returns a random set without '%', mostly of ASCII bytes, and
// sometimes with bytes >= 0x80 (which the kernels leave to the pure-Go
// loops).
func randomSet(r *rand.Rand) Set {
	var s Set
	for c := 0; c < 0x80; c++ {
		if r.IntN(3) > 0 {
			s = s.AddRange(byte(c), byte(c))
		}
	}
	if r.IntN(4) == 0 {
		s = s.AddRange(0x80+byte(r.IntN(0x7F)), 0xFF)
	}
	return s.Remove("%")
}

// TestKernelSelected checks the CPU detection against what the operating
// system reports: on Linux, /proc/cpuinfo's flags name avx2 and ssse3.
func TestKernelSelected(t *testing.T) {
	if len(kernels()) == 1 {
		t.Skip("only the pure-Go loops in this build")
	}
	if os.Getenv("PERCENT_KERNEL") != "" {
		t.Skip("PERCENT_KERNEL forces a kernel")
	}
	if runtime.GOARCH == "arm64" {
		// NEON is part of the base architecture.
		if kernel != kernelNEON {
			t.Fatalf("kernel = %s on arm64", kernelNames[kernel])
		}
		return
	}
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo")
	}
	var flags []string
	for _, line := range strings.Split(string(info), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "flags" {
			flags = strings.Fields(value)
			break
		}
	}
	want := uint8(kernelGeneric)
	switch {
	case slices.Contains(flags, "avx2"):
		want = kernelAVX2
	case slices.Contains(flags, "ssse3"):
		want = kernelSSSE3
	}
	if kernel != want {
		t.Fatalf("kernel = %s; /proc/cpuinfo flags say %s", kernelNames[kernel], kernelNames[want])
	}
}

// TestDecodeErrorOffsetsAllKernels: the offset of a malformed escape is the
// same under every kernel, wherever it falls relative to the blocks.
func TestDecodeErrorOffsetsAllKernels(t *testing.T) {
	for _, k := range kernels() {
		restore := setKernel(k)
		for n := 0; n < 100; n++ {
			s := strings.Repeat("%41", n/3) + strings.Repeat("a", n%3) + "%4"
			_, err := Component.Decode(s)
			var de *DecodeError
			if !errors.As(err, &de) || de.Offset != len(s)-2 {
				restore()
				t.Fatalf("kernel %s: Decode(%q) error %v, want offset %d", kernelNames[k], s, err, len(s)-2)
			}
		}
		restore()
	}
}

// wantQueryMasks is queryMasks written one byte at a time, the oracle the
// mask kernels are checked against.
func wantQueryMasks(q string, base int, plus bool) (amp, eq, chg uint64) {
	for i := 0; i < 64 && base+i <= len(q); i++ {
		if base+i == len(q) {
			amp |= 1 << i // the end of q
			break
		}
		switch q[base+i] {
		case '&':
			amp |= 1 << i
		case '=':
			eq |= 1 << i
		case '%':
			chg |= 1 << i
		case '+':
			if plus {
				chg |= 1 << i
			}
		}
	}
	return amp, eq, chg
}

// checkQueryMasks compares queryMasks with the oracle for every kernel, at
// every base of q, with and without "+".
func checkQueryMasks(t *testing.T, q string) {
	t.Helper()
	for _, k := range kernels() {
		restore := setKernel(k)
		for base := 0; base < len(q) || base == 0; base++ {
			for _, plus := range []bool{false, true} {
				a, e, c := queryMasks(q, base, plus, queryKernel())
				wa, we, wc := wantQueryMasks(q, base, plus)
				if a != wa || e != we || c != wc {
					restore()
					t.Fatalf("kernel %s, queryMasks(%q, %d, %v) = %#x %#x %#x, want %#x %#x %#x",
						kernelNames[k], q, base, plus, a, e, c, wa, we, wc)
				}
			}
		}
		restore()
	}
}

// TestQueryMasks checks the query mask kernels, the pure-Go SWAR loop among
// them, on every length 0–200 and every window of each, and on all 256
// bytes at every offset.
func TestQueryMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, alphabet := range []string{"&=%+a", "ab&c=d%\xff+\x00&=", "xyz", "&&&&=+%%"} {
		for n := 0; n <= 200; n++ {
			b := make([]byte, n)
			for i := range b {
				b[i] = alphabet[r.IntN(len(alphabet))]
			}
			checkQueryMasks(t, string(b))
		}
	}
	all := make([]byte, 0, 512)
	for i := 0; i < 512; i++ {
		all = append(all, byte(i*7))
	}
	checkQueryMasks(t, string(all))
}
