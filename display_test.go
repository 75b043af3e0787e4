// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlcodec/percent/tools/ucd"
)

// TestDisplayRFC3987 checks the examples of RFC 3987 §3.1 and §3.2.
func TestDisplayRFC3987(t *testing.T) {
	for _, tc := range []struct{ uri, iri string }{
		// §3.2: the escapes of "ü" are decoded.
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst"},
		// §3.2: not UTF-8 (ISO-8859-1 "ü"): kept.
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst"},
		// §3.2: U+202E RIGHT-TO-LEFT OVERRIDE is kept encoded; the host
		// stays as it is.
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae"},
		// §3.2.1 (Latin-1 "é"): kept.
		{"http://www.example.org/r%E9sum%E9.html", "http://www.example.org/r%E9sum%E9.html"},
		// The FidoURL draft's Cyrillic file name, readable.
		{"fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D1%82.txt", "fecho://example/Фидонет.txt"},
	} {
		t.Run(tc.uri, func(t *testing.T) {
			if got := Display(tc.uri); got != tc.iri {
				t.Fatalf("Display(%q) = %q, want %q", tc.uri, got, tc.iri)
			}
		})
	}
	// §3.1: an IRI with a tab escape and a non-ASCII character.
	if got, want := ToURI("http://www.example.org/red%09ros\u00e9#red"), "http://www.example.org/red%09ros%C3%A9#red"; got != want {
		t.Errorf("ToURI = %q, want %q", got, want)
	}
	if got, want := ToURI("http://example.com/a b/<c>/%zz/100%/%41"), "http://example.com/a%20b/%3Cc%3E/%25zz/100%25/%41"; got != want {
		t.Errorf("ToURI = %q, want %q", got, want)
	}
}

// TestDisplayBlocked: one or more characters of every blocked class stay
// encoded, each named by its code point.
func TestDisplayBlocked(t *testing.T) {
	classes := map[string][]rune{
		"C1 control":          {0x0080, 0x0085, 0x009F},
		"White_Space":         {0x00A0, 0x1680, 0x2000, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000},
		"Bidi_Control":        {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069},
		"Cf":                  {0x00AD, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0xE0001},
		"Variation_Selector":  {0xFE00, 0xFE0F, 0xE0100},
		"private use (Co)":    {0xE000, 0xF8FF, 0xF0000},
		"unassigned":          {0x0378, 0xE0080},
		"noncharacter":        {0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF},
		"U+FFFD":              {0xFFFD},
		"Hangul filler/blank": {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800},
		"delimiter lookalike": {0x0338, 0x2024, 0x2044, 0x2215, 0x2571, 0x29F8, 0x3002, 0xFE52, 0xFF03, 0xFF0E, 0xFF0F, 0xFF1A, 0xFF1F, 0xFF20, 0xFF61},
		"lock emoji":          {0x1F50F, 0x1F510, 0x1F511, 0x1F512, 0x1F513},
	}
	for class, runes := range classes {
		for _, r := range runes {
			t.Run(fmt.Sprintf("%s/U+%04X", class, r), func(t *testing.T) {
				u := "http://h/a" + Component.Encode(string(r)) + "b"
				if got := Display(u); got != u {
					t.Fatalf("Display(%q) = %q: U+%04X (%s) was decoded", u, got, r, class)
				}
			})
		}
	}
	// Characters next to the blocked ones are shown.
	for _, r := range []rune{'é', 'Ж', '日', 0x1F50E, 0x1F514, 0xFF10 /* FULLWIDTH DIGIT ZERO */, 0x0301 /* COMBINING ACUTE */} {
		u := "http://h/" + Component.Encode(string(r))
		if got := Display(u); got != "http://h/"+string(r) {
			t.Errorf("Display(%q) = %q, want U+%04X shown", u, got, r)
		}
	}
}

// TestDisplayBadInput: invalid, overlong and truncated UTF-8, surrogates,
// mixed raw bytes, escaped reserved characters and "%25" stay encoded.
func TestDisplayBadInput(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/%C0%AF", "/%C0%AF"},                      // overlong "/"
		{"/%E0%80%AF", "/%E0%80%AF"},                // overlong "/"
		{"/%ED%A0%80", "/%ED%A0%80"},                // surrogate U+D800
		{"/%F4%90%80%80", "/%F4%90%80%80"},          // above U+10FFFF
		{"/%E6%97", "/%E6%97"},                      // truncated at the end
		{"/%E6%97x%A5", "/%E6%97x%A5"},              // interrupted
		{"/%E6\x97%A5", "/日"},                       // a raw byte inside: escaped, then the run is whole
		{"/a\x1b[31m", "/a%1B[31m"},                 // a raw ESC is never shown raw
		{"/a\u202Eb", "/a%E2%80%AEb"},               // nor a raw bidi override
		{"/a\xffb\x7f", "/a%FFb%7F"},                // nor invalid UTF-8 or DEL
		{"/a\u00adb\u200bc", "/a%C2%ADb%E2%80%8Bc"}, // soft hyphen, zero-width space
		{"/%25E6%97%A5", "/%25E6%97%A5"},            // %25, then a continuation without a lead
		{"/%25%C3%A9", "/%25é"},
		{"/a%2Fb%3Fc%23d%20e%25f%41%7e", "/a%2Fb%3Fc%23d%20e%25fA~"},
		{"/%%34%31", "/%%341"},   // "%41" would appear: the "4" stays encoded
		{"/%4%31%32", "/%4%312"}, // likewise "%41"
		{"/é raw%20", "/é raw%20"},
		{"//Host.%C3%A9x/%C3%A9", "//Host.%C3%A9x/é"}, // the host stays
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := Display(tc.in); got != tc.want {
				t.Fatalf("Display(%q) = %q, want %q", tc.in, got, tc.want)
			}
			checkDisplayProperties(t, tc.in)
		})
	}
	big := strings.Repeat("%D0%96%E2%80%AE%zz", 100000)
	if got := Display(big); !strings.HasPrefix(got, "Ж%E2%80%AE%zzЖ") || utf8.RuneCountInString(got) < 100000 {
		t.Fatalf("Display of a large input: %.40q...", got)
	}
}

// checkDisplayProperties: idempotent, lossless, and ToURI gives a URI.
func checkDisplayProperties(t *testing.T, u string) {
	t.Helper()
	d := Display(u)
	if dd := Display(d); dd != d {
		t.Fatalf("Display not idempotent on %q: %q then %q", u, d, dd)
	}
	if a, b := ToURI(d), ToURI(u); !Equal(a, b) {
		t.Fatalf("Display loses information on %q: ToURI(Display) = %q, ToURI = %q", u, a, b)
	}
	if uri := ToURI(u); !toURI.Valid(uri) {
		t.Fatalf("ToURI(%q) = %q is not a valid URI", u, uri)
	}
	// Nothing that may hide or spoof is shown decoded: a character of d
	// that Display would keep escaped stood raw in u.
	for _, r := range d {
		if r >= utf8.RuneSelf && !displayable(r) && !strings.ContainsRune(u, r) {
			t.Fatalf("Display(%q) = %q shows %U decoded", u, d, r)
		}
	}
}

// escapeRune returns r's UTF-8 octets as escapes.
func escapeRune(r rune) string {
	var b strings.Builder
	for _, c := range []byte(string(r)) {
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// unicodeData reads the fields of a Unicode data file in testdata/unicode.
func unicodeData(t *testing.T, name string) [][]string {
	t.Helper()
	out, err := ucd.Fields("testdata/unicode/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func parseCodePoint(t *testing.T, s string) rune {
	r, err := ucd.CodePoint(s)
	if err != nil {
		t.Fatalf("bad code point %q", s)
	}
	return r
}

// TestDisplayLookalikes: the characters of issue examples and of each class
// the Unicode data files define stay escaped; every code point of the
// generated table does; and letters of other scripts are still shown.
func TestDisplayLookalikes(t *testing.T) {
	kept := func(t *testing.T, r rune) {
		t.Helper()
		u := "http://h/login" + escapeRune(r) + "evil.example"
		if got := Display(u); got != u {
			t.Errorf("Display(%q) = %q: %U shown decoded", u, got, r)
		}
	}
	t.Run("examples", func(t *testing.T) {
		for _, r := range []rune{0xFE55, 0xFE56, 0xFE5F, 0xFE6B, 0x2024, 0x2025, 0x2026, 0x2100, 0x2488, 0xA789,
			0x2236, 0x2041, 0x034F, 0x17B4, 0x17B5, 0xFF0F, 0x2215, 0x3002, 0x0589, 0x05C3, 0x0703, 0x2044} {
			kept(t, r)
		}
		if got := Display("http://h/login%EA%9E%89evil.example"); got != "http://h/login%EA%9E%89evil.example" {
			t.Errorf("U+A789: %q", got)
		}
	})
	t.Run("Default_Ignorable_Code_Point", func(t *testing.T) {
		n := 0
		for _, f := range unicodeData(t, "DerivedCoreProperties.txt") {
			if len(f) < 2 || f[1] != "Default_Ignorable_Code_Point" {
				continue
			}
			lo, hi, ok := strings.Cut(f[0], "..")
			if !ok {
				hi = lo
			}
			for r := parseCodePoint(t, lo); r <= parseCodePoint(t, hi); r++ {
				kept(t, r)
				n++
			}
		}
		if n < 4000 {
			t.Fatalf("only %d code points", n)
		}
	})
	t.Run("decomposition", func(t *testing.T) {
		// Each of these decomposes (UnicodeData.txt field 5) to text with
		// a delimiter, space or control in it.
		for _, r := range []rune{0x00A8, 0x00AF, 0x2024, 0x2025, 0x2100, 0x2101, 0x2105, 0x2106, 0x2488, 0x249B,
			0x33C2, 0x33D8, 0xFE13, 0xFE19, 0xFE52, 0xFE55, 0xFE56, 0xFE5F, 0xFE60, 0xFE62, 0xFE66,
			0xFE6A, 0xFE6B, 0xFF03, 0xFF05, 0xFF06, 0xFF0B, 0xFF0E, 0xFF0F, 0xFF1A, 0xFF1D, 0xFF1F, 0xFF20, 0xFF3C} {
			kept(t, r)
		}
	})
	t.Run("confusables", func(t *testing.T) {
		n := 0
		for _, f := range unicodeData(t, "confusables.txt") {
			if len(f) < 2 || strings.Contains(f[0], " ") || strings.Contains(f[1], " ") {
				continue
			}
			src, dst := parseCodePoint(t, f[0]), parseCodePoint(t, f[1])
			if src >= utf8.RuneSelf && (dst < 0x21 || strings.ContainsRune(`/?#@:.%&=+\`, dst)) {
				kept(t, src)
				n++
			}
		}
		if n < 60 {
			t.Fatalf("only %d confusables", n)
		}
	})
	t.Run("table", func(t *testing.T) {
		n := 0
		for _, rg := range displayBlocked.R16 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				if r < 0xD800 || r > 0xDFFF {
					kept(t, r)
					n++
				}
			}
		}
		for _, rg := range displayBlocked.R32 {
			for r := rune(rg.Lo); r <= rune(rg.Hi); r += rune(rg.Stride) {
				kept(t, r)
				n++
			}
		}
		if n < 4000 {
			t.Fatalf("only %d code points in the table", n)
		}
	})
	t.Run("shown", func(t *testing.T) {
		for _, r := range []rune{'é', 'Ж', 'ü', '日', 'ع', 'א', 'ก', 'ア', 'ー', '한', '١'} {
			u := "http://h/" + escapeRune(r)
			if got := Display(u); got != "http://h/"+string(r) {
				t.Errorf("Display(%q) = %q, want %q shown", u, got, string(r))
			}
		}
	})
}

// TestDisplayVectors: the properties over the WPT and RFC 3986 inputs in
// testdata.
func TestDisplayVectors(t *testing.T) {
	var inputs []string
	var wpt []json.RawMessage
	readJSON(t, "testdata/wpt_percent-encoding.json", &wpt)
	for _, raw := range wpt {
		var c struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if json.Unmarshal(raw, &c) == nil && c.Input != "" {
			inputs = append(inputs, c.Input, c.Output["utf-8"])
		}
	}
	var rfc struct {
		Examples []map[string]any `json:"examples"`
	}
	readJSON(t, "testdata/rfc3986_examples.json", &rfc)
	for _, e := range rfc.Examples {
		for _, k := range []string{"a", "b", "uri", "input", "encoded", "normalized", "normal_form"} {
			if v, ok := e[k].(string); ok {
				inputs = append(inputs, v)
			}
		}
		for _, k := range []string{"uris", "expected_uris", "forms"} {
			if vs, ok := e[k].([]any); ok {
				for _, v := range vs {
					if v, ok := v.(string); ok {
						inputs = append(inputs, v)
					}
				}
			}
		}
	}
	if len(inputs) < 30 {
		t.Fatalf("only %d vectors read", len(inputs))
	}
	for _, u := range inputs {
		checkDisplayProperties(t, u)
		checkDisplayProperties(t, Component.Encode(u))
	}
}

func TestDisplayAllocs(t *testing.T) {
	for _, u := range []string{"http://example.com/plain/path", "http://h/%2F%3F"} {
		if got := Display(u); got != u {
			t.Fatalf("Display(%q) = %q", u, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Display("http://example.com/plain/path") }); n != 0 {
		t.Errorf("Display without escapes: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { ToURI("http://example.com/plain/path") }); n != 0 {
		t.Errorf("ToURI of a URI: %v allocations", n)
	}
}
