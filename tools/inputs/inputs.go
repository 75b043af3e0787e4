// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package inputs generates the inputs on which the dialects are compared
// with their real implementations: by the recorder (tools/recorddialects)
// and by the tests of package dialect, so that both read the same ones; and
// the values the codecs' benchmarks code.
package inputs

import (
	"math/rand/v2"
	"strings"
)

// Alphabet is the interesting bytes: controls, white space, every ASCII
// byte that is not a letter or digit, DEL, bytes of UTF-8 and others above
// 0x7F, and one letter of each case and a digit.
func Alphabet() []byte {
	a := []byte{0x00, 0x09, 0x0A, 0x0D, 0x1F, ' '}
	for c := byte(0x21); c < 0x7F; c++ {
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z') {
			a = append(a, c)
		}
	}
	return append(a, 0x7F, 0x80, 0xC3, 0xFF, 'a', 'Z', '5')
}

// BytesAndPairs appends to in every byte 00–FF as a string of one byte,
// then every pair of bytes of the Alphabet.
func BytesAndPairs(in []string) []string {
	for c := 0; c < 256; c++ {
		in = append(in, string([]byte{byte(c)}))
	}
	a := Alphabet()
	for _, x := range a {
		for _, y := range a {
			in = append(in, string([]byte{x, y}))
		}
	}
	return in
}

// Gen returns values of the given kind totalling about total bytes, from
// the seed: "clean" (words and digits joined by "_", "." or "-"), "ident"
// (unreserved bytes), "nonascii" (Cyrillic, CJK, Hangul and Greek words),
// "short" and "long" (clean values of 4–15 bytes, or one of total), and
// any other kind mixed text with about 15 % to escape. The codecs'
// benchmarks and the benchmark matrix (tools/matrix) read them.
func Gen(kind string, total int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, uint64(len(kind))))
	const identBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
	cleanWords := []string{"alpha", "beta", "gamma", "delta", "index", "v2", "report_2026", "node-7", "file.txt", "Ru.FTN.Develop", "ABC", "x"}
	mixedWords := []string{"the", "quick", "brown", "fox", "jumps", "über", "café", "naïve", "a&b", "q=1", "path/to", "50%", "(x)", "Zürich", "日本", "e-mail", "user@host", "what?", "data"}
	nonASCII := []string{"мир", "привет", "данные", "日本語", "中文", "테스트", "Ελλάδα", "ещё"}
	var out []string
	n := 0
	for n < total {
		lo, hi := 20, 200
		switch kind {
		case "short":
			lo, hi = 4, 15
		case "long":
			lo, hi = total, total
		}
		want := lo + r.IntN(hi-lo+1)
		var b strings.Builder
		for b.Len() < want {
			switch kind {
			case "clean", "long":
				if b.Len() > 0 {
					b.WriteString([]string{"_", ".", "-"}[r.IntN(3)])
				}
				b.WriteString(cleanWords[r.IntN(len(cleanWords))])
			case "ident":
				// Identifier-like: unreserved bytes only, 20–200 long.
				b.WriteByte(identBytes[r.IntN(len(identBytes))])
			case "nonascii":
				b.WriteString(nonASCII[r.IntN(len(nonASCII))])
			default:
				if b.Len() > 0 {
					b.WriteByte(' ')
				}
				w := mixedWords[r.IntN(len(mixedWords))]
				if r.IntN(3) > 0 {
					w = cleanWords[r.IntN(len(cleanWords))]
				}
				b.WriteString(w)
			}
		}
		s := b.String()
		if len(s) > hi {
			s = strings.ToValidUTF8(s[:hi], "")
		}
		out = append(out, s)
		n += len(s)
	}
	return out
}
