// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlcodec/percent"
)

func mustCharset(t testing.TB, name string) Charset {
	t.Helper()
	cs, ok := Lookup(name)
	if !ok {
		t.Fatalf("Lookup(%q) failed", name)
	}
	return cs
}

func TestLookup(t *testing.T) {
	tests := map[string]string{
		"utf-8": "UTF-8", "UTF8": "UTF-8", "csUTF8": "UTF-8",
		"us-ascii": "US-ASCII", "ASCII": "US-ASCII", "csASCII": "US-ASCII", "ANSI_X3.4-1968": "US-ASCII", "cp367": "US-ASCII",
		"ISO-8859-1": "ISO-8859-1", "latin1": "ISO-8859-1", "Latin-1": "ISO-8859-1", "l1": "ISO-8859-1", "iso-ir-100": "ISO-8859-1", "csISOLatin1": "ISO-8859-1", "IBM819": "ISO-8859-1",
		"windows-1252": "windows-1252", "CP1252": "windows-1252", "cswindows1252": "windows-1252",
		"Windows-1251": "windows-1251", "cp1251": "windows-1251",
		"KOI8-R": "KOI8-R", "koi8r": "KOI8-R", "csKOI8R": "KOI8-R",
		"IBM866": "IBM866", "cp866": "IBM866", "866": "IBM866", "csIBM866": "IBM866",
	}
	for name, want := range tests {
		t.Run(fmt.Sprint(name), func(t *testing.T) {
			if cs := mustCharset(t, name); cs.Name() != want {
				t.Errorf("Lookup(%q).Name() = %q, want %q", name, cs.Name(), want)
			}
		})
	}
	for i, bad := range []string{"", "utf-16", "latin2", "koi8-u", "cp1250"} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if _, ok := Lookup(bad); ok {
				t.Errorf("Lookup(%q) found a charset", bad)
			}
		})
	}
	if n := len(All()); n != 7 {
		t.Errorf("All() has %d, want 7", n)
	}
}

// TestCharsetSpotValues checks each single-byte table against code points
// from the Unicode Consortium's mapping files (VENDORS/MICSFT/WINDOWS
// CP1251.TXT, CP1252.TXT; VENDORS/MICSFT/PC CP866.TXT; MISC KOI8-R.TXT),
// written out here by hand.
func TestCharsetSpotValues(t *testing.T) {
	tests := map[string]map[byte]rune{
		"windows-1251": {0x80: 0x0402, 0x88: 0x20AC, 0x99: 0x2122, 0xA8: 0x0401, 0xB8: 0x0451, 0xB9: 0x2116, 0xC0: 0x0410, 0xDF: 0x042F, 0xE0: 0x0430, 0xFF: 0x044F, 0xA0: 0x00A0},
		"windows-1252": {0x80: 0x20AC, 0x8A: 0x0160, 0x99: 0x2122, 0x9F: 0x0178, 0xA3: 0x00A3, 0xE9: 0x00E9, 0xFF: 0x00FF, 0x85: 0x2026},
		"KOI8-R":       {0x80: 0x2500, 0x9A: 0x00A0, 0xA3: 0x0451, 0xB3: 0x0401, 0xC1: 0x0430, 0xC0: 0x044E, 0xE1: 0x0410, 0xFF: 0x042A, 0xBF: 0x00A9},
		"IBM866":       {0x80: 0x0410, 0x9F: 0x042F, 0xA0: 0x0430, 0xAF: 0x043F, 0xB0: 0x2591, 0xE0: 0x0440, 0xEF: 0x044F, 0xF0: 0x0401, 0xF1: 0x0451, 0xFC: 0x2116, 0xFF: 0x00A0},
	}
	for name, m := range tests {
		t.Run(fmt.Sprint(name), func(t *testing.T) {
			cs := mustCharset(t, name)
			for b, r := range m {
				got, err := cs.AppendDecode(nil, []byte{b})
				if err != nil || string(got) != string(r) {
					t.Errorf("%s: byte %#02x = %q, %v, want %U", name, b, got, err, r)
				}
				back, err := cs.AppendEncode(nil, string(r))
				if err != nil || len(back) != 1 || back[0] != b {
					t.Errorf("%s: %U encodes to %x, %v, want %#02x", name, r, back, err, b)
				}
			}
		})
	}
}

// TestCharsetTables checks every byte of the single-byte tables against the
// WHATWG index files, and ISO-8859-1 and ASCII against their definitions.
func TestCharsetTables(t *testing.T) {
	files := map[string]string{"windows-1251": "index-windows-1251.txt", "windows-1252": "index-windows-1252.txt", "KOI8-R": "index-koi8-r.txt", "IBM866": "index-ibm866.txt"}
	for name, file := range files {
		t.Run(fmt.Sprint(name), func(t *testing.T) {
			cs := mustCharset(t, name)
			f, err := os.Open("testdata/whatwg/" + file)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			sc := bufio.NewScanner(f)
			for sc.Scan() {
				fields := strings.Fields(sc.Text())
				if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
					continue
				}
				p, _ := strconv.Atoi(fields[0])
				cp, _ := strconv.ParseUint(fields[1][2:], 16, 32)
				got, err := cs.AppendDecode(nil, []byte{byte(0x80 + p)})
				if err != nil || string(got) != string(rune(cp)) {
					t.Errorf("%s: pointer %d = %q, want U+%04X", name, p, got, cp)
				}
				n++
			}
			f.Close()
			if n != 128 {
				t.Errorf("%s: %d index lines", name, n)
			}
			// ASCII maps to itself.
			for b := 0; b < 0x80; b++ {
				got, err := cs.AppendDecode(nil, []byte{byte(b)})
				if err != nil || len(got) != 1 || got[0] != byte(b) {
					t.Errorf("%s: ASCII byte %#02x = %q", name, b, got)
				}
			}
		})
	}
	latin1 := mustCharset(t, "latin1")
	ascii := mustCharset(t, "ascii")
	for b := 0; b < 256; b++ {
		got, err := latin1.AppendDecode(nil, []byte{byte(b)})
		if r, _ := utf8.DecodeRune(got); err != nil || r != rune(b) {
			t.Errorf("ISO-8859-1: byte %#02x = %q, %v", b, got, err)
		}
		_, err = ascii.AppendDecode(nil, []byte{byte(b)})
		if (err == nil) != (b < 0x80) {
			t.Errorf("US-ASCII: byte %#02x error %v", b, err)
		}
	}
}

func TestDecodeEncodeText(t *testing.T) {
	tests := []struct{ charset, text, escaped string }{
		{"windows-1251", "мир", "%EC%E8%F0"},
		{"KOI8-R", "мир", "%CD%C9%D2"},
		{"IBM866", "мир", "%AC%A8%E0"},
		{"utf-8", "мир", "%D0%BC%D0%B8%D1%80"},
		{"latin1", "£ rates", "%A3%20rates"},
		{"windows-1252", "€5", "%805"},
		{"ascii", "plain text", "plain%20text"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			cs := mustCharset(t, tt.charset)
			got, err := EncodeText(percent.Query, tt.text, cs)
			if err != nil || got != tt.escaped {
				t.Errorf("%s: EncodeText(%q) = %q, %v, want %q", tt.charset, tt.text, got, err, tt.escaped)
			}
			back, err := DecodeText(percent.Query, tt.escaped, cs)
			if err != nil || back != tt.text {
				t.Errorf("%s: DecodeText(%q) = %q, %v, want %q", tt.charset, tt.escaped, back, err, tt.text)
			}
		})
	}
	// A raw byte counts as the octet it is.
	if got, err := DecodeText(percent.Query, "a\xEC%E8", mustCharset(t, "cp1251")); err != nil || got != "aми" {
		t.Errorf("raw byte: %q, %v", got, err)
	}
	// Form decodes "+" as space before the charset.
	if got, err := DecodeText(percent.Form, "%CD%C9%D2+%CD%C9%D2", mustCharset(t, "koi8-r")); err != nil || got != "мир мир" {
		t.Errorf("Form: %q, %v", got, err)
	}
}

func TestCharsetErrors(t *testing.T) {
	enc := []struct {
		charset, text string
		offset        int
		r             rune
	}{
		{"windows-1251", "abc€ü", 6, 'ü'}, // € is 0x88 in windows-1251; ü is not there
		{"latin1", "ab€", 2, '€'},
		{"ascii", "naïve", 2, 'ï'},
		{"koi8-r", "мир€", 6, '€'},
		{"utf-8", "ok\xffno", 2, utf8.RuneError},
	}
	for _, tt := range enc {
		t.Run(tt.text, func(t *testing.T) {
			_, err := EncodeText(percent.Component, tt.text, mustCharset(t, tt.charset))
			var ce *Error
			if !errors.As(err, &ce) || ce.Offset != tt.offset || ce.Rune != tt.r || !ce.Encode {
				t.Errorf("%s: EncodeText(%q) error %v, want offset %d rune %q", tt.charset, tt.text, err, tt.offset, tt.r)
			}
		})
	}
	dec := []struct {
		charset, in string
		offset      int
	}{
		{"utf-8", "ok%FF", 2},
		{"utf-8", "%D0%BC%D0", 6},
		{"utf-8", "a%C3%28", 1},
		{"ascii", "abc%80", 3},
		{"ascii", "ab\xc3\xa9", 2},
	}
	for _, tt := range dec {
		t.Run(tt.in, func(t *testing.T) {
			_, err := DecodeText(percent.Component, tt.in, mustCharset(t, tt.charset))
			var ce *Error
			if !errors.As(err, &ce) || ce.Offset != tt.offset || ce.Encode {
				t.Errorf("%s: DecodeText(%q) error %v, want offset %d", tt.charset, tt.in, err, tt.offset)
			}
			if err != nil && !strings.Contains(err.Error(), "offset "+strconv.Itoa(tt.offset)) {
				t.Errorf("error text %q lacks the offset", err)
			}
		})
	}
	_, err := DecodeText(percent.Component, "a%zz", mustCharset(t, "utf-8"))
	var de *percent.DecodeError
	if !errors.As(err, &de) || de.Offset != 1 {
		t.Errorf("malformed escape: %v", err)
	}
}

// TestCharsetAliases: a built-in charset's Aliases method (see Charset)
// gives the names Lookup knows it by, in a slice of the caller's.
func TestCharsetAliases(t *testing.T) {
	cs, _ := Lookup("cp1251")
	a, ok := cs.(interface{ Aliases() []string })
	if !ok {
		t.Fatal("windows-1251 has no Aliases method")
	}
	aliases := a.Aliases()
	for _, want := range []string{"windows-1251", "cp1251", "x-cp1251"} {
		if !slices.Contains(aliases, want) {
			t.Errorf("Aliases(windows-1251) = %q, lacks %q", aliases, want)
		}
	}
	for _, a := range aliases {
		if got, ok := Lookup(a); !ok || got != cs {
			t.Errorf("Lookup(%q) is not windows-1251", a)
		}
	}
	aliases[0] = "changed"
	if a.Aliases()[0] == "changed" {
		t.Error("Aliases returns the package's own slice")
	}
}
