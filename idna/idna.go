// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:generate go run ../tools/genidna

// Package idna implements Unicode IDNA Compatibility Processing, UTS #46
// (revision 35, Unicode 17.0.0): [ToASCII] and [ToUnicode] with the
// options the standard names, Punycode (RFC 3492) both ways, NFC, the Bidi
// rule (RFC 5893 §2) and the ContextJ rules (RFC 5892 Appendix A.1, A.2).
// Its tables are generated from the data files of one Unicode version,
// [UnicodeVersion], kept in testdata with their source.
//
// [Lookup] holds the options the URL Standard's "domain to ASCII" uses when
// a browser reads a host (beStrict false); [Strict] those of a valid
// domain (beStrict true). Package weburl reads hosts through Lookup.
//
// An error is an [*Error]: the rule that failed, as UTS #46's conformance
// tests name it (P4, V1 to V7, U1, C1, C2, B1 to B6, A4_1, A4_2), the
// label and the byte of the input where it failed.
package idna

import "strconv"

// Options are the flags of UTS #46 §4 and §4.2.
type Options struct {
	// CheckHyphens refuses a label with "-" first, last, or third and
	// fourth; without it a label must not begin with "xn--" (§4.1 V2-V4).
	CheckHyphens bool
	// CheckBidi applies RFC 5893's Bidi rule to each label of a Bidi
	// domain name (§4.1 V9).
	CheckBidi bool
	// CheckJoiners applies RFC 5892's ContextJ rules to U+200C and U+200D
	// (§4.1 V8).
	CheckJoiners bool
	// UseSTD3ASCIIRules allows only a-z, 0-9 and "-" among the ASCII
	// characters of a label (§4.1 V7).
	UseSTD3ASCIIRules bool
	// Transitional maps the deviation characters (ß, ς, ZWJ, ZWNJ) as
	// IDNA2003 did: deprecated, for comparison only.
	Transitional bool
	// VerifyDNSLength holds ToASCII's result to DNS's lengths: the name,
	// without a root label and its dot, 1 to 253 bytes, each label 1 to 63
	// (§4.2 step 4).
	VerifyDNSLength bool
	// IgnoreInvalidPunycode keeps an "xn--" label whose Punycode does not
	// decode, as it stands, instead of failing (§4 step 4.1).
	IgnoreInvalidPunycode bool
}

var (
	// Lookup is the URL Standard's domain to ASCII and domain to Unicode
	// with beStrict false: what a browser applies to a host it reads.
	Lookup = Options{CheckBidi: true, CheckJoiners: true}
	// Strict is the URL Standard's beStrict true: a valid domain, with
	// CheckHyphens, UseSTD3ASCIIRules and VerifyDNSLength as well.
	Strict = Options{CheckHyphens: true, CheckBidi: true, CheckJoiners: true, UseSTD3ASCIIRules: true, VerifyDNSLength: true}
	// Display is the options of ToUnicode for showing a host to people:
	// the URL Standard's domain to Unicode, Lookup's checks.
	Display = Lookup
)

// An Error is a failure of ToASCII or ToUnicode: the first rule that the
// domain breaks, in the order of its labels.
type Error struct {
	// Offset is the byte of the input where the failing label or code
	// point is (for a rule about the whole name, the end of the input).
	Offset int
	// Label is the index of the failing label (-1 for a rule about the
	// whole name).
	Label int
	// Rule names the rule as UTS #46's conformance tests do:
	//	P4    an "xn--" label that is not valid Punycode (§4 step 4.1)
	//	V1    a label not in NFC
	//	V2    "-" third and fourth (CheckHyphens)
	//	V3    "-" first or last (CheckHyphens)
	//	V4    a label that begins "xn--" after decoding (without CheckHyphens)
	//	V5    a "." in a decoded label
	//	V6    a label that begins with a combining mark
	//	V7    a code point whose status is not valid (or deviation)
	//	U1    an ASCII code point outside a-z, 0-9, "-" (UseSTD3ASCIIRules)
	//	C1    U+200C where ContextJ does not allow it
	//	C2    U+200D where ContextJ does not allow it
	//	B1-B6 RFC 5893 §2's rules 1 to 6
	//	A3    a label that Punycode cannot encode
	//	A4_1  a name longer than 253 bytes, or empty (VerifyDNSLength)
	//	A4_2  a label longer than 63 bytes, or empty (VerifyDNSLength)
	Rule string
}

// Error returns the rule, what it requires, the label and the byte.
func (e *Error) Error() string {
	where := "domain"
	if e.Label >= 0 {
		where = "label " + strconv.Itoa(e.Label)
	}
	return "idna: " + where + " at byte " + strconv.Itoa(e.Offset) + ": " + e.Rule + ": " + ruleText[e.Rule]
}

var ruleText = map[string]string{
	"P4":   "invalid Punycode after xn--",
	"V1":   "label not in NFC",
	"V2":   `"-" in the third and fourth positions`,
	"V3":   `label begins or ends with "-"`,
	"V4":   `label begins with "xn--"`,
	"V5":   `"." in a label`,
	"V6":   "label begins with a combining mark",
	"V7":   "disallowed code point",
	"U1":   "ASCII code point outside a-z, 0-9 and - (STD3)",
	"C1":   "U+200C ZERO WIDTH NON-JOINER out of context",
	"C2":   "U+200D ZERO WIDTH JOINER out of context",
	"B1":   "Bidi: a label must begin with a strong letter (L, R or AL)",
	"B2":   "Bidi: a character not allowed in a right-to-left label",
	"B3":   "Bidi: a right-to-left label must end with R, AL, EN or AN",
	"B4":   "Bidi: EN and AN in one right-to-left label",
	"B5":   "Bidi: a character not allowed in a left-to-right label",
	"B6":   "Bidi: a left-to-right label must end with L or EN",
	"A3":   "label too long for Punycode",
	"A4_1": "domain name empty or longer than 253 bytes",
	"A4_2": "label empty or longer than 63 bytes",
}
