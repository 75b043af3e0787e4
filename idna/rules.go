// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

// The properties of a code point (propTrie): Bidi_Class in bits 0-3,
// Joining_Type in bits 4-6, General_Category=Mark in bit 7, and the
// canonical combining class in bits 8-15.
const propMark = 1 << 7

// The Bidi classes RFC 5893 names (tools/genidna's order); every other
// class is bidiOther.
const (
	bidiOther = iota
	bidiL
	bidiR
	bidiAL
	bidiAN
	bidiEN
	bidiES
	bidiCS
	bidiET
	bidiON
	bidiBN
	bidiNSM
)

// The Joining_Type values ContextJ reads; U and C are joinOther.
const (
	joinOther = iota
	joinD
	joinL
	joinR
	joinT
)

// virama is Canonical_Combining_Class=Virama.
const virama = 9

func props(r rune) uint16 { return propTrie.get(r) }

func bidiOf(r rune) int { return int(props(r) & 0xF) }

func joiningOf(r rune) int { return int(props(r) >> 4 & 7) }

func ccc(r rune) uint8 { return uint8(props(r) >> 8) }

// contextJ applies RFC 5892 Appendix A.1 and A.2 to lab and returns the
// index of the first joiner out of context and its rule (C1 for U+200C,
// C2 for U+200D), or -1.
func contextJ(lab []rune) (int, string) {
	for i, r := range lab {
		if r != 0x200C && r != 0x200D {
			continue
		}
		if i > 0 && ccc(lab[i-1]) == virama {
			continue
		}
		if r == 0x200D {
			return i, "C2"
		}
		// (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
		before := false
		for j := i - 1; j >= 0; j-- {
			t := joiningOf(lab[j])
			if t == joinT {
				continue
			}
			before = t == joinL || t == joinD
			break
		}
		after := false
		for j := i + 1; j < len(lab); j++ {
			t := joiningOf(lab[j])
			if t == joinT {
				continue
			}
			after = t == joinR || t == joinD
			break
		}
		if !before || !after {
			return i, "C1"
		}
	}
	return -1, ""
}

// bidiRule applies RFC 5893 §2's six rules to lab, a label of a Bidi
// domain name, and returns the index of the first code point that breaks
// one and the rule, or -1.
func bidiRule(lab []rune) (int, string) {
	first := bidiOf(lab[0])
	if first != bidiL && first != bidiR && first != bidiAL {
		return 0, "B1"
	}
	// The end: the last code point that is not NSM.
	last := len(lab) - 1
	for last > 0 && bidiOf(lab[last]) == bidiNSM {
		last--
	}
	if first == bidiL {
		for i, r := range lab {
			switch bidiOf(r) {
			case bidiL, bidiEN, bidiES, bidiCS, bidiET, bidiON, bidiBN, bidiNSM:
			default:
				return i, "B5"
			}
		}
		if c := bidiOf(lab[last]); c != bidiL && c != bidiEN {
			return last, "B6"
		}
		return -1, ""
	}
	en, an := -1, -1
	for i, r := range lab {
		switch bidiOf(r) {
		case bidiEN:
			if en < 0 {
				en = i
			}
		case bidiAN:
			if an < 0 {
				an = i
			}
		case bidiR, bidiAL, bidiES, bidiCS, bidiET, bidiON, bidiBN, bidiNSM:
		default:
			return i, "B2"
		}
	}
	switch bidiOf(lab[last]) {
	case bidiR, bidiAL, bidiEN, bidiAN:
	default:
		return last, "B3"
	}
	if en >= 0 && an >= 0 {
		return max(en, an), "B4"
	}
	return -1, ""
}
