// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import "unicode/utf8"

// Punycode, RFC 3492 §6, with the parameters of §5.
const (
	pyBase        = 36
	pyTMin        = 1
	pyTMax        = 26
	pySkew        = 38
	pyDamp        = 700
	pyInitialBias = 72
	pyInitialN    = 128
	pyMaxInt      = 1<<31 - 1 // the integers of §6.4's overflow checks: 32-bit signed
)

// adapt is §6.1's bias adaptation.
func adapt(delta, points int, first bool) int {
	if first {
		delta /= pyDamp
	} else {
		delta /= 2
	}
	delta += delta / points
	k := 0
	for delta > (pyBase-pyTMin)*pyTMax/2 {
		delta /= pyBase - pyTMin
		k += pyBase
	}
	return k + (pyBase-pyTMin+1)*delta/(delta+pySkew)
}

// digit returns the value of a basic code point as a digit (§5: a-z and
// A-Z are 0-25, 0-9 are 26-35), or pyBase for any other.
func digit(r rune) int {
	switch {
	case r >= 'a' && r <= 'z':
		return int(r - 'a')
	case r >= 'A' && r <= 'Z':
		return int(r - 'A')
	case r >= '0' && r <= '9':
		return int(r-'0') + 26
	}
	return pyBase
}

func threshold(k, bias int) int {
	switch {
	case k <= bias:
		return pyTMin
	case k >= bias+pyTMax:
		return pyTMax
	}
	return k - bias
}

// decodePunycode decodes s, the Punycode of a label without its "xn--"
// (§6.2). It fails on a non-basic code point, a digit out of place, a
// value past U+10FFFF and an overflow of §6.4.
func decodePunycode(s []rune) ([]rune, bool) {
	out := make([]rune, 0, len(s))
	b := 0
	for j := len(s) - 1; j >= 0; j-- {
		if s[j] == '-' {
			b = j
			break
		}
	}
	for _, r := range s[:b] {
		if r >= utf8.RuneSelf {
			return nil, false
		}
		out = append(out, r)
	}
	in := 0
	if b > 0 {
		in = b + 1
	}
	n, i, bias := pyInitialN, 0, pyInitialBias
	for in < len(s) {
		old, w := i, 1
		for k := pyBase; ; k += pyBase {
			if in >= len(s) {
				return nil, false
			}
			d := digit(s[in])
			in++
			if d >= pyBase || d > (pyMaxInt-i)/w {
				return nil, false
			}
			i += d * w
			t := threshold(k, bias)
			if d < t {
				break
			}
			if w > pyMaxInt/(pyBase-t) {
				return nil, false
			}
			w *= pyBase - t
		}
		points := len(out) + 1
		bias = adapt(i-old, points, old == 0)
		if i/points > pyMaxInt-n {
			return nil, false
		}
		n += i / points
		i %= points
		if n > utf8.MaxRune {
			return nil, false
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return out, true
}

// appendPunycode appends the Punycode of label (§6.3) to dst; it fails
// only on an overflow of §6.4.
func appendPunycode(dst []byte, label []rune) ([]byte, bool) {
	basic := 0
	for _, r := range label {
		if r < utf8.RuneSelf {
			dst = append(dst, byte(r))
			basic++
		}
	}
	h := basic
	if basic > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias := pyInitialN, 0, pyInitialBias
	for h < len(label) {
		m := pyMaxInt
		for _, r := range label {
			if int(r) >= n && int(r) < m {
				m = int(r)
			}
		}
		if m-n > (pyMaxInt-delta)/(h+1) {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		for _, r := range label {
			if int(r) < n {
				if delta++; delta > pyMaxInt {
					return dst, false
				}
			}
			if int(r) == n {
				q := delta
				for k := pyBase; ; k += pyBase {
					t := threshold(k, bias)
					if q < t {
						break
					}
					dst = append(dst, digitByte(t+(q-t)%(pyBase-t)))
					q = (q - t) / (pyBase - t)
				}
				dst = append(dst, digitByte(q))
				bias = adapt(delta, h+1, h == basic)
				delta = 0
				h++
			}
		}
		delta++
		n++
	}
	return dst, true
}

// digitByte is §5's basic code point of a digit, lower case.
func digitByte(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}
