// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/urlcodec/percent/tools/inputs"
)

// The benchmarks' inputs and reference loops, and the tests that check
// them, so that every benchmark compares equal work.

// Benchmark inputs are generated, deterministically, as many values of 20 to
// 200 bytes (or under 16 for "short"), about benchTotal bytes in all:
//
//	clean     nothing to encode: words of letters and digits joined by "-", "." and "_"
//	ident     nothing to encode: random unreserved bytes (ALPHA, DIGIT, "-._~")
//	mixed     about 15% of bytes to encode: words, spaces, punctuation, some UTF-8
//	nonascii  nearly all non-ASCII: Cyrillic and CJK text
//	short     mixed text in values of 4 to 15 bytes
//	long      one clean value of benchTotal bytes
var inputKinds = []string{"clean", "ident", "mixed", "nonascii", "short", "long"}

// benchTotal is the bytes of values a benchmark operation codes: 1 MiB, or
// PERCENT_BENCH_BYTES (the instruction counts under qemu use 16 KiB).
var benchTotal = func() int {
	if n, err := strconv.Atoi(os.Getenv("PERCENT_BENCH_BYTES")); err == nil && n > 0 {
		return n
	}
	return 1 << 20
}()

var (
	benchOnce sync.Once
	benchData map[string][]string
)

func benchSet(kind string) []string {
	benchOnce.Do(func() {
		benchData = map[string][]string{}
		for _, k := range inputKinds {
			benchData[k] = genInputs(k, benchTotal, 1)
		}
	})
	return benchData[kind]
}

// genInputs returns values of the given kind totalling about total bytes
// (inputs.Gen).
func genInputs(kind string, total int, seed uint64) []string {
	return inputs.Gen(kind, total, seed)
}

// benchInputs returns a few of each kind of input, for tests.
func benchInputs(total int) []string {
	var out []string
	for i, k := range inputKinds {
		out = append(out, genInputs(k, total/len(inputKinds), uint64(i+7))...)
	}
	return out
}

// report sets the benchmark's bytes per op to those of the values, and
// reports allocations and the number of values per op.
func report(b *testing.B, values []string) {
	b.SetBytes(totalLen(values))
	b.ReportAllocs()
	b.ReportMetric(float64(len(values)), "values/op")
}

func totalLen(ss []string) int64 {
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return int64(n)
}

// simpleEncode is the simple loop that the codecs must not fall behind on
// short inputs: one byte at a time, a table test and an append.
func simpleEncode(dst []byte, src []byte) []byte {
	for _, c := range src {
		if Unreserved.Contains(c) {
			dst = append(dst, c)
		} else {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return dst
}

// simpleDecode is the simple decoding loop.
func simpleDecode(dst []byte, src []byte) ([]byte, bool) {
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c == '%' {
			if i+2 >= len(src) || unhex[src[i+1]]|unhex[src[i+2]] > 0xF {
				return dst, false
			}
			c = unhex[src[i+1]]<<4 | unhex[src[i+2]]
			i += 2
		}
		dst = append(dst, c)
	}
	return dst, true
}

// TestSimpleLoops checks the benchmarks' reference loops against the
// codecs, so that the comparison is between equal work.
func TestSimpleLoops(t *testing.T) {
	for _, s := range benchInputs(4096) {
		enc := simpleEncode(nil, []byte(s))
		if string(enc) != Component.Encode(s) {
			t.Fatalf("simpleEncode(%q) = %q", s, enc)
		}
		dec, ok := simpleDecode(nil, enc)
		if !ok || string(dec) != s {
			t.Fatalf("simpleDecode(%q) = %q", enc, dec)
		}
	}
}

// equalVariant returns a text Equal to the encoded text a but spelled
// differently: hex digits in lower case, and every third letter escaped.
func equalVariant(a string) string {
	var b strings.Builder
	for i := 0; i < len(a); i++ {
		c := a[i]
		switch {
		case c == '%':
			b.WriteString(strings.ToLower(a[i : i+3]))
			i += 2
		case Alpha.Contains(c) && i%3 == 0:
			b.WriteString("%" + strings.ToLower(string(upperHex[c>>4])+string(upperHex[c&15])))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestBenchmarkPairs checks that the pairs BenchmarkCompare measures are the
// equal pairs it means them to be, so that it times the full comparison.
func TestBenchmarkPairs(t *testing.T) {
	for i, s := range genInputs("mixed", 4096, 1) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			a := Component.Encode(s)
			b := equalVariant(a)
			if a == b && strings.ContainsAny(a, "%ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
				t.Fatalf("variant of %q is the same text", a)
			}
			if !Equal(a, b) || Compare(a, b) != 0 || !EqualOctets(a, b) {
				t.Fatalf("%q and %q are not equal", a, b)
			}
			if !EqualURL("HTTP://www.Example.COM/"+a+"/./x/../y", "http://www.example.com/"+a+"/y") {
				t.Fatalf("URLs of %q are not equal", a)
			}
		})
	}
}
