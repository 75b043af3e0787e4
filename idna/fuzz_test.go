// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzToASCII checks, for any domain and options: no panic; an error is
// an *Error with a known rule and an offset inside the input; ToASCII's
// result is ASCII, and ToASCII of it is itself; ToUnicode fails where
// ToASCII does (VerifyDNSLength aside), and its result converts back to
// the same ASCII form; Punycode decodes what it encodes.
func FuzzToASCII(f *testing.F) {
	for _, s := range []string{"faß.de", "Bücher.example", "xn--bcher-kva.example", "a\u200cb", "日本語。ＪＰ", "xn--a",
		"\u05d0\u0308.com", "xn--zca.xn--zca", "-x.y-", "ab--c", "a_b", "\u0627\u0661", "1\u05d0", ""} {
		f.Add(s, uint8(0x06))
	}
	f.Fuzz(func(t *testing.T, domain string, bits uint8) {
		o := Options{CheckHyphens: bits&1 != 0, CheckBidi: bits&2 != 0, CheckJoiners: bits&4 != 0,
			UseSTD3ASCIIRules: bits&8 != 0, Transitional: bits&16 != 0, VerifyDNSLength: bits&32 != 0,
			IgnoreInvalidPunycode: bits&64 != 0}
		a, err := ToASCII(domain, o)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || ruleText[e.Rule] == "" || e.Offset < 0 || e.Offset > len(domain) {
				t.Fatalf("ToASCII(%q): %#v", domain, err)
			}
		} else {
			for i := 0; i < len(a); i++ {
				if a[i] >= utf8.RuneSelf {
					t.Fatalf("ToASCII(%q) = %q, not ASCII", domain, a)
				}
			}
			if !o.Transitional {
				if b, err := ToASCII(a, o); err != nil || b != a {
					t.Fatalf("ToASCII(%q) = %q, whose ToASCII is %q %v", domain, a, b, err)
				}
			}
		}
		u, uerr := ToUnicode(domain, o)
		if !o.VerifyDNSLength && (err == nil) != (uerr == nil) {
			t.Fatalf("%q: ToASCII %v, ToUnicode %v", domain, err, uerr)
		}
		if err == nil && !o.Transitional {
			if b, err := ToASCII(u, o); err != nil || b != a {
				t.Fatalf("%q: ToUnicode %q, whose ToASCII is %q %v, want %q", domain, u, b, err, a)
			}
		}
		rs := []rune(domain)
		if len(rs) < 200 {
			if enc, ok := appendPunycode(nil, rs); ok {
				if dec, ok := decodePunycode([]rune(string(enc))); !ok || string(dec) != string(rs) {
					t.Fatalf("Punycode of %q: %q decodes to %q", domain, enc, string(dec))
				}
			}
		}
	})
}
