// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import "unicode/utf8"

// The statuses of the mapping table (tables.go: a value's top three bits).
const (
	stValid = iota
	stMapped
	stDeviation
	stIgnored
	stDisallowed
)

// A span is a label: runes[start:end].
type span struct{ start, end int }

// proc is UTS #46 §4's processing of one domain: its code points after
// mapping and NFC, each with the byte of the input it comes from, and its
// labels.
type proc struct {
	runes  []rune
	offs   []int // offs[i]: the input byte runes[i] comes from
	labels []span
	// the first 64 code points and 8 labels need no allocation
	runeBuf  [64]rune
	offBuf   [64]int
	labelBuf [8]span
}

// run processes domain under o (§4 steps 1 to 4) and returns the first
// error.
func (p *proc) run(domain string, o Options) error {
	p.runes, p.offs, p.labels = p.runeBuf[:0], p.offBuf[:0], p.labelBuf[:0]
	if n := utf8.RuneCountInString(domain); n > len(p.runeBuf) {
		// A code point each, but for mappings that grow.
		p.runes, p.offs = make([]rune, 0, n+16), make([]int, 0, n+16)
	}
	// 1. Map.
	for i := 0; i < len(domain); {
		r, n := rune(domain[i]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(domain[i:]) // U+FFFD, disallowed, for a bad byte
		}
		v := idnaTrie.get(r)
		switch v >> 13 {
		case stMapped:
			if o.Transitional && r == 0x1E9E {
				p.addString("ss", i) // ẞ, as its deviation ß maps
			} else {
				p.addString(mapping(v), i)
			}
		case stDeviation:
			if o.Transitional {
				p.addString(mapping(v), i)
			} else {
				p.add(r, i)
			}
		case stIgnored:
		default: // valid, and disallowed: left for V7
			p.add(r, i)
		}
		i += n
	}
	// 2. Normalize.
	p.normalize()
	// 3. Break.
	start := 0
	for i, r := range p.runes {
		if r == '.' {
			p.labels = append(p.labels, span{start, i})
			start = i + 1
		}
	}
	p.labels = append(p.labels, span{start, len(p.runes)})
	// 4. Convert/Validate: the "xn--" labels are decoded first, since
	// whether the name is a Bidi domain name depends on every label.
	var bad []*Error // the Punycode error of each label, if any
	decoded := make([]bool, len(p.labels))
	var decs [][]rune // the decoded labels, or nil
	var ats []int     // where each decoded label stands in the input
	for li := range p.labels {
		l := p.labels[li]
		lab := p.runes[l.start:l.end]
		if len(lab) < 4 || lab[0] != 'x' || lab[1] != 'n' || lab[2] != '-' || lab[3] != '-' {
			continue
		}
		at := end(p.offs, l.start, len(domain))
		punyErr := func() {
			if bad == nil {
				bad = make([]*Error, len(p.labels))
			}
			bad[li] = &Error{Offset: at, Label: li, Rule: "P4"}
		}
		if !ascii(lab) {
			punyErr()
			continue
		}
		dec, ok := decodePunycode(lab[4:])
		if !ok && !o.IgnoreInvalidPunycode {
			punyErr()
			continue
		}
		if ok {
			if decs == nil {
				decs, ats = make([][]rune, len(p.labels)), make([]int, len(p.labels))
			}
			decs[li], ats[li] = dec, at
			decoded[li] = true
		}
		if !ok || len(dec) == 0 || ascii(dec) {
			punyErr() // the label must hold a non-ASCII code point
		}
	}
	if decs != nil {
		p.replace(decs, ats)
	}
	bidi := false
	for _, r := range p.runes {
		if c := bidiOf(r); c == bidiR || c == bidiAL || c == bidiAN {
			bidi = true
			break
		}
	}
	for li, l := range p.labels {
		if bad != nil && bad[li] != nil {
			return bad[li]
		}
		transitional := o.Transitional && !decoded[li]
		if err := p.validate(li, l, o, transitional, bidi && o.CheckBidi, decoded[li], len(domain)); err != nil {
			return err
		}
	}
	return nil
}

// normalize puts p.runes in NFC, carrying each code point's offset.
func (p *proc) normalize() {
	quick := true
	for _, r := range p.runes {
		if r >= nfcQuickMax {
			quick = false
			break
		}
	}
	if quick {
		return
	}
	p.runes, p.offs = nfc(p.runes, p.offs)
}

// end returns offs[i], or n past the last code point.
func end(offs []int, i, n int) int {
	if i < len(offs) {
		return offs[i]
	}
	return n
}

func (p *proc) add(r rune, off int) {
	p.runes = append(p.runes, r)
	p.offs = append(p.offs, off)
}

func (p *proc) addString(s string, off int) {
	for _, r := range s {
		p.add(r, off)
	}
}

// replace puts each label of decs that is not nil in the place of its
// label, each of its code points from the input byte ats gives, in one
// pass.
func (p *proc) replace(decs [][]rune, ats []int) {
	n := len(p.runes)
	for li, d := range decs {
		if d != nil {
			n += len(d) - (p.labels[li].end - p.labels[li].start)
		}
	}
	runes, offs := make([]rune, 0, n), make([]int, 0, n)
	for li, l := range p.labels {
		start := len(runes)
		if d := decs[li]; d != nil {
			runes = append(runes, d...)
			for range d {
				offs = append(offs, ats[li])
			}
		} else {
			runes = append(runes, p.runes[l.start:l.end]...)
			offs = append(offs, p.offs[l.start:l.end]...)
		}
		p.labels[li] = span{start, len(runes)}
		if li < len(p.labels)-1 {
			runes = append(runes, '.')
			offs = append(offs, p.offs[l.end])
		}
	}
	p.runes, p.offs = runes, offs
}

// mapping returns the mapping of a mapped or deviation value.
func mapping(v uint16) string {
	i := v & (1<<13 - 1)
	return mapData[mapOffsets[i]:mapOffsets[i+1]]
}

// validate checks label li against the validity criteria, §4.1, and the
// Bidi rule where bidi says.
func (p *proc) validate(li int, l span, o Options, transitional, bidi, decoded bool, n int) error {
	lab := p.runes[l.start:l.end]
	if len(lab) == 0 {
		return nil // the criteria are for a non-empty label
	}
	offs := p.offs[l.start:l.end]
	fail := func(i int, rule string) error {
		return &Error{Offset: end(offs, i, n), Label: li, Rule: rule}
	}
	// V1: NFC (a label from Punycode was not normalized by step 2).
	if decoded && !isNFC(lab) {
		return fail(0, "V1")
	}
	hy := func(i int) bool { return i < len(lab) && lab[i] == '-' }
	if o.CheckHyphens {
		if hy(2) && hy(3) {
			return fail(2, "V2")
		}
		if hy(0) {
			return fail(0, "V3")
		}
		if hy(len(lab) - 1) {
			return fail(len(lab)-1, "V3")
		}
	} else if len(lab) >= 4 && lab[0] == 'x' && lab[1] == 'n' && hy(2) && hy(3) {
		return fail(0, "V4")
	}
	for i, r := range lab {
		if r == '.' {
			return fail(i, "V5")
		}
	}
	if props(lab[0])&propMark != 0 {
		return fail(0, "V6")
	}
	for i, r := range lab {
		switch idnaTrie.get(r) >> 13 {
		case stValid:
		case stDeviation:
			if transitional {
				return fail(i, "V7")
			}
		default:
			return fail(i, "V7")
		}
		if o.UseSTD3ASCIIRules && r < utf8.RuneSelf && !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
			return fail(i, "U1")
		}
	}
	if o.CheckJoiners {
		if i, rule := contextJ(lab); i >= 0 {
			return fail(i, rule)
		}
	}
	if bidi {
		if i, rule := bidiRule(lab); i >= 0 {
			return fail(i, rule)
		}
	}
	return nil
}

// ascii reports whether rs holds ASCII code points only.
func ascii(rs []rune) bool {
	for _, r := range rs {
		if r >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
