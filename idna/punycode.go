// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import (
	"cmp"
	"slices"
	"unicode/utf8"
)

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
// value past U+10FFFF and an overflow of §6.4. The insertions §6.2 makes
// into the output are read first and placed after, from the last, each in
// the free slot its index names (a Fenwick tree finds it): O(n log n),
// where inserting into a slice is quadratic in a long label.
func decodePunycode(s []rune) ([]rune, bool) {
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
	}
	in := 0
	if b > 0 {
		in = b + 1
	}
	type insertion struct {
		r rune
		i int // the index it is inserted at, in the output of that moment
	}
	var ins []insertion
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
		points := b + len(ins) + 1
		bias = adapt(i-old, points, old == 0)
		if i/points > pyMaxInt-n {
			return nil, false
		}
		n += i / points
		i %= points
		if n > utf8.MaxRune {
			return nil, false
		}
		ins = append(ins, insertion{rune(n), i})
		i++
	}
	out := make([]rune, b+len(ins))
	if len(ins) == 0 {
		copy(out, s[:b])
		return out, true
	}
	free := newFenwick(len(out), true)
	filled := make([]bool, len(out))
	for k := len(ins) - 1; k >= 0; k-- {
		slot := free.find(ins[k].i + 1)
		out[slot] = ins[k].r
		filled[slot] = true
		free.add(slot, -1)
	}
	j := 0
	for slot := range out {
		if !filled[slot] {
			out[slot] = s[j]
			j++
		}
	}
	return out, true
}

// appendPunycode appends the Punycode of label (§6.3) to dst; it fails
// only on an overflow of §6.4. §6.3 passes over the whole label once for
// each distinct code point; here the code points are taken in order, and
// the count of smaller ones before each comes from a Fenwick tree:
// O(n log n).
func appendPunycode(dst []byte, label []rune) ([]byte, bool) {
	basic := 0
	for _, r := range label {
		if r < utf8.RuneSelf {
			basic++
		}
	}
	// Each non-basic code point takes a digit or more: the output is
	// grown once for the common case.
	dst = slices.Grow(dst, len(label)+(len(label)-basic)+1)
	// The positions of the non-basic code points, and the tree: on the
	// stack for a label of DNS's length.
	var restBuf [64]int
	var treeBuf [65]int
	rest := restBuf[:0]
	if len(label)-basic > len(restBuf) {
		rest = make([]int, 0, len(label)-basic)
	}
	for j, r := range label {
		if r < utf8.RuneSelf {
			dst = append(dst, byte(r))
		} else {
			rest = append(rest, j)
		}
	}
	h := basic
	if basic > 0 {
		dst = append(dst, '-')
	}
	if len(rest) == 0 {
		return dst, true
	}
	slices.SortFunc(rest, func(a, b int) int {
		if c := cmp.Compare(label[a], label[b]); c != 0 {
			return c
		}
		return a - b
	})
	// below counts the positions whose code point is below n.
	var below fenwick
	if len(label) < len(treeBuf) {
		clear(treeBuf[:])
		below = treeBuf[:len(label)+1]
	} else {
		below = newFenwick(len(label), false)
	}
	for j, r := range label {
		if r < utf8.RuneSelf {
			below.add(j, 1)
		}
	}
	n, delta, bias := pyInitialN, 0, pyInitialBias
	for k := 0; k < len(rest); {
		m := int(label[rest[k]])
		if m-n > (pyMaxInt-delta)/(h+1) {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		first := k
		prev := -1
		for ; k < len(rest) && int(label[rest[k]]) == m; k++ {
			pos := rest[k]
			// The smaller code points between the last occurrence (or the
			// start) and this one.
			if delta += below.sum(pos) - below.sum(prev+1); delta > pyMaxInt {
				return dst, false
			}
			q := delta
			for kk := pyBase; ; kk += pyBase {
				t := threshold(kk, bias)
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
			prev = pos
		}
		if delta += below.sum(len(label)) - below.sum(prev+1); delta > pyMaxInt-1 {
			return dst, false
		}
		delta++
		n++
		for _, pos := range rest[first:k] {
			below.add(pos, 1)
		}
	}
	return dst, true
}

// A fenwick is a Fenwick tree of counts over positions 0 to n-1.
type fenwick []int

// newFenwick returns a tree over n positions, each counting 1 when full.
func newFenwick(n int, full bool) fenwick {
	f := make(fenwick, n+1)
	if full {
		for i := 1; i <= n; i++ {
			f[i]++
			if j := i + i&-i; j <= n {
				f[j] += f[i]
			}
		}
	}
	return f
}

// add adds v to position i.
func (f fenwick) add(i, v int) {
	for i++; i < len(f); i += i & -i {
		f[i] += v
	}
}

// sum returns the count of positions below i.
func (f fenwick) sum(i int) int {
	s := 0
	for ; i > 0; i -= i & -i {
		s += f[i]
	}
	return s
}

// find returns the position where the count from the start reaches k
// (k >= 1, counts of 0 and 1).
func (f fenwick) find(k int) int {
	pos := 0
	step := 1
	for step*2 < len(f) {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if pos+step < len(f) && f[pos+step] < k {
			pos += step
			k -= f[pos]
		}
	}
	return pos
}

// digitByte is §5's basic code point of a digit, lower case.
func digitByte(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}
