// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package inputs generates the inputs on which the dialects are compared
// with their real implementations: by the recorder (internal/recorddialects)
// and by the tests of package dialect, so that both read the same ones.
package inputs

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
