// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import "unicode/utf8"

// ToASCII converts domain to its ASCII form, UTS #46 §4.2: each label
// mapped, normalized and checked under o, and a label that holds a
// non-ASCII character written "xn--" and its Punycode. On failure it
// returns "" and an [*Error].
func ToASCII(domain string, o Options) (string, error) {
	b, err := AppendToASCII(nil, domain, o)
	if err != nil {
		return "", err
	}
	if string(b) == domain {
		return domain, nil
	}
	return string(b), nil
}

// AppendToASCII appends the ASCII form of domain to dst, as [ToASCII]
// converts it, and returns the extended buffer; on failure dst unchanged
// and an [*Error].
func AppendToASCII(dst []byte, domain string, o Options) ([]byte, error) {
	var p proc
	if err := p.run(domain, o); err != nil {
		return dst, err
	}
	start := len(dst)
	for i, l := range p.labels {
		if i > 0 {
			dst = append(dst, '.')
		}
		lab := p.runes[l.start:l.end]
		if ascii(lab) {
			for _, r := range lab {
				dst = append(dst, byte(r))
			}
			continue
		}
		dst = append(dst, "xn--"...)
		var ok bool
		if dst, ok = appendPunycode(dst, lab); !ok {
			return dst[:start], &Error{Offset: p.offs[l.start], Label: i, Rule: "A3"}
		}
	}
	if o.VerifyDNSLength {
		if err := verifyLength(dst[start:], len(domain)); err != nil {
			return dst[:start], err
		}
	}
	return dst, nil
}

// verifyLength is ToASCII's step 4: the name without its root label 1 to
// 253 bytes, each label 1 to 63.
func verifyLength(name []byte, end int) error {
	if n := len(name); n > 0 && name[n-1] == '.' {
		name = name[:n-1] // the root label and its dot
	}
	if len(name) == 0 || len(name) > 253 {
		return &Error{Offset: end, Label: -1, Rule: "A4_1"}
	}
	label, start := 0, 0
	for i := 0; i <= len(name); i++ {
		if i == len(name) || name[i] == '.' {
			if n := i - start; n == 0 || n > 63 {
				return &Error{Offset: end, Label: label, Rule: "A4_2"}
			}
			label, start = label+1, i+1
		}
	}
	return nil
}

// ToUnicode converts domain to its Unicode form, UTS #46 §4.3: each label
// mapped, normalized and checked under o (VerifyDNSLength aside), and an
// "xn--" label decoded. It returns the converted domain even when a label
// fails, with the first [*Error].
func ToUnicode(domain string, o Options) (string, error) {
	var p proc
	err := p.run(domain, o)
	var b []byte
	for i, l := range p.labels {
		if i > 0 {
			b = append(b, '.')
		}
		for _, r := range p.runes[l.start:l.end] {
			b = utf8.AppendRune(b, r)
		}
	}
	if err != nil {
		return string(b), err
	}
	if string(b) == domain {
		return domain, nil
	}
	return string(b), nil
}
