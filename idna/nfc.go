// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import "sort"

// Unicode Normalization Form C (UAX #15): canonical decomposition,
// canonical ordering, canonical composition. Hangul syllables are
// decomposed and composed by arithmetic (Unicode §3.12).

const (
	hangulS     = 0xAC00
	hangulL     = 0x1100
	hangulV     = 0x1161
	hangulT     = 0x11A7
	hangulLN    = 19
	hangulVN    = 21
	hangulTN    = 28
	hangulNN    = hangulVN * hangulTN
	hangulSN    = hangulLN * hangulNN
	nfcQuickMax = 0x300 // below it, every code point is NFC on its own and a starter that composes with nothing before it (TestNFCQuickMax)
)

// nfc returns rs in NFC, and offs carried along (a composite keeps its
// starter's offset). offs may be nil.
func nfc(rs []rune, offs []int) ([]rune, []int) {
	out := make([]rune, 0, len(rs)+len(rs)/2)
	var outOffs []int
	if offs != nil {
		outOffs = make([]int, 0, cap(out))
	}
	// Decompose.
	for i, r := range rs {
		n := len(out)
		switch {
		case r >= hangulS && r < hangulS+hangulSN:
			s := r - hangulS
			out = append(out, hangulL+s/hangulNN, hangulV+s%hangulNN/hangulTN)
			if t := s % hangulTN; t != 0 {
				out = append(out, hangulT+t)
			}
		default:
			if d := decompTrie.get(r); d != 0 {
				for _, c := range decompData[decompOffsets[d]:decompOffsets[d+1]] {
					out = append(out, c)
				}
			} else {
				out = append(out, r)
			}
		}
		if offs != nil {
			for range out[n:] {
				outOffs = append(outOffs, offs[i])
			}
		}
	}
	// Order each run of non-starters by combining class, stably.
	for i := 0; i < len(out); {
		if ccc(out[i]) == 0 {
			i++
			continue
		}
		j := i
		for j < len(out) && ccc(out[j]) != 0 {
			j++
		}
		if j-i > 1 {
			sort.Stable(marks{out[i:j], sub(outOffs, i, j)})
		}
		i = j
	}
	// Compose.
	starter, last := -1, -1 // last: the class of the last code point kept after the starter, -1 when none
	w := 0
	for i, c := range out {
		cc := int(ccc(c))
		if starter >= 0 && (last < 0 || last != 0 && last < cc) {
			if comp, ok := compose(out[starter], c); ok {
				out[starter] = comp
				continue
			}
		}
		if cc == 0 {
			starter, last = w, -1
		} else {
			last = cc
		}
		out[w] = c
		if offs != nil {
			outOffs[w] = outOffs[i]
		}
		w++
	}
	if offs != nil {
		outOffs = outOffs[:w]
	}
	return out[:w], outOffs
}

func sub(s []int, i, j int) []int {
	if s == nil {
		return nil
	}
	return s[i:j]
}

// marks sorts a run of non-starters by combining class, with their offsets.
type marks struct {
	rs   []rune
	offs []int
}

func (m marks) Len() int           { return len(m.rs) }
func (m marks) Less(i, j int) bool { return ccc(m.rs[i]) < ccc(m.rs[j]) }
func (m marks) Swap(i, j int) {
	m.rs[i], m.rs[j] = m.rs[j], m.rs[i]
	if m.offs != nil {
		m.offs[i], m.offs[j] = m.offs[j], m.offs[i]
	}
}

// compose returns the primary composite of a and b, if there is one.
func compose(a, b rune) (rune, bool) {
	if a >= hangulL && a < hangulL+hangulLN && b >= hangulV && b < hangulV+hangulVN {
		return hangulS + ((a-hangulL)*hangulVN+b-hangulV)*hangulTN, true
	}
	if a >= hangulS && a < hangulS+hangulSN && (a-hangulS)%hangulTN == 0 && b > hangulT && b < hangulT+hangulTN {
		return a + b - hangulT, true
	}
	key := uint64(a)<<21 | uint64(b)
	i := sort.Search(len(compPairs), func(i int) bool { return compPairs[i] >= key })
	if i < len(compPairs) && compPairs[i] == key {
		return compRunes[i], true
	}
	return 0, false
}

// isNFC reports whether rs is in NFC.
func isNFC(rs []rune) bool {
	n, _ := nfc(rs, nil)
	if len(n) != len(rs) {
		return false
	}
	for i := range n {
		if n[i] != rs[i] {
			return false
		}
	}
	return true
}
