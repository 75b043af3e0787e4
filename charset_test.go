// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func mustCharset(t testing.TB, name string) Charset {
	t.Helper()
	cs, ok := LookupCharset(name)
	if !ok {
		t.Fatalf("LookupCharset(%q) failed", name)
	}
	return cs
}

func TestLookupCharset(t *testing.T) {
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
		if cs := mustCharset(t, name); cs.Name() != want {
			t.Errorf("LookupCharset(%q).Name() = %q, want %q", name, cs.Name(), want)
		}
	}
	for _, bad := range []string{"", "utf-16", "latin2", "koi8-u", "cp1250"} {
		if _, ok := LookupCharset(bad); ok {
			t.Errorf("LookupCharset(%q) found a charset", bad)
		}
	}
	if n := len(Charsets()); n != 7 {
		t.Errorf("Charsets() has %d, want 7", n)
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
	}
}

// TestCharsetTables checks every byte of the single-byte tables against the
// WHATWG index files, and ISO-8859-1 and ASCII against their definitions.
func TestCharsetTables(t *testing.T) {
	files := map[string]string{"windows-1251": "index-windows-1251.txt", "windows-1252": "index-windows-1252.txt", "KOI8-R": "index-koi8-r.txt", "IBM866": "index-ibm866.txt"}
	for name, file := range files {
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
		cs := mustCharset(t, tt.charset)
		got, err := Query.EncodeText(tt.text, cs)
		if err != nil || got != tt.escaped {
			t.Errorf("%s: EncodeText(%q) = %q, %v, want %q", tt.charset, tt.text, got, err, tt.escaped)
		}
		back, err := Query.DecodeText(tt.escaped, cs)
		if err != nil || back != tt.text {
			t.Errorf("%s: DecodeText(%q) = %q, %v, want %q", tt.charset, tt.escaped, back, err, tt.text)
		}
	}
	// A raw byte counts as the octet it is.
	if got, err := Query.DecodeText("a\xEC%E8", mustCharset(t, "cp1251")); err != nil || got != "aми" {
		t.Errorf("raw byte: %q, %v", got, err)
	}
	// Form decodes "+" as space before the charset.
	if got, err := Form.DecodeText("%CD%C9%D2+%CD%C9%D2", mustCharset(t, "koi8-r")); err != nil || got != "мир мир" {
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
		_, err := Component.EncodeText(tt.text, mustCharset(t, tt.charset))
		var ce *CharsetError
		if !errors.As(err, &ce) || ce.Offset != tt.offset || ce.Rune != tt.r || !ce.Encode {
			t.Errorf("%s: EncodeText(%q) error %v, want offset %d rune %q", tt.charset, tt.text, err, tt.offset, tt.r)
		}
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
		_, err := Component.DecodeText(tt.in, mustCharset(t, tt.charset))
		var ce *CharsetError
		if !errors.As(err, &ce) || ce.Offset != tt.offset || ce.Encode {
			t.Errorf("%s: DecodeText(%q) error %v, want offset %d", tt.charset, tt.in, err, tt.offset)
		}
		if err != nil && !strings.Contains(err.Error(), "offset "+strconv.Itoa(tt.offset)) {
			t.Errorf("error text %q lacks the offset", err)
		}
	}
	_, err := Component.DecodeText("a%zz", mustCharset(t, "utf-8"))
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 1 {
		t.Errorf("malformed escape: %v", err)
	}
}

func TestSplitCharsetTag(t *testing.T) {
	tests := []struct {
		in, out string
		tag     CharsetTag
		ok      bool
	}{
		{"http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html", "http://www.jacme.co.jp/%B0%F5%BA%FE.html", CharsetTag{"", "EUC"}, true},
		{"http:[JIS:EUC]://h/p", "http://h/p", CharsetTag{"JIS", "EUC"}, true},
		{"http:[EUC]://h/p", "http://h/p", CharsetTag{"", "EUC"}, true},
		{"ftp:[ISO-10646,UCS-2:UTF-8]//h/", "ftp://h/", CharsetTag{"ISO-10646,UCS-2", "UTF-8"}, true},
		{"http://h/[EUC]", "http://h/[EUC]", CharsetTag{}, false},
		{"http:[]//h/", "http:[]//h/", CharsetTag{}, false},
		{"http:[a b]//h/", "http:[a b]//h/", CharsetTag{}, false},
		{"http:[:EUC]//h/", "http:[:EUC]//h/", CharsetTag{}, false},
		{"http:[EUC//h/", "http:[EUC//h/", CharsetTag{}, false},
		{"[EUC]//h/", "[EUC]//h/", CharsetTag{}, false},
		{"1http:[EUC]//h/", "1http:[EUC]//h/", CharsetTag{}, false},
		{"http:[a:b:c]//h", "http:[a:b:c]//h", CharsetTag{}, false},
	}
	for _, tt := range tests {
		out, tag, ok := SplitCharsetTag(tt.in)
		if out != tt.out || tag != tt.tag || ok != tt.ok {
			t.Errorf("SplitCharsetTag(%q) = %q, %+v, %v", tt.in, out, tag, ok)
		}
		if ok {
			ins := tag.Insert(out)
			out2, tag2, ok2 := SplitCharsetTag(ins)
			if !ok2 || out2 != out || tag2 != tag || !strings.Contains(ins, "]:") {
				t.Errorf("Insert(%q) = %q does not split back", out, ins)
			}
		}
	}
	if got := (CharsetTag{"JIS", "EUC"}).Insert("http://h/p"); got != "http:[JIS:EUC]://h/p" {
		t.Errorf("Insert = %q", got)
	}
	if got := (CharsetTag{}).Insert("http://h/p"); got != "http://h/p" {
		t.Errorf("empty Insert = %q", got)
	}
}

func TestDecodeTaggedPath(t *testing.T) {
	got, err := DecodeTaggedPath("http:[cp1251]//h/%EC%E8%F0/a%2Fb", nil)
	if err != nil || got != "/мир/a/b" {
		t.Errorf("DecodeTaggedPath = %q, %v", got, err)
	}
	got, err = DecodeTaggedPath("http:[RU:KOI8-R]://h/%CD%C9%D2", nil)
	if err != nil || got != "/мир" {
		t.Errorf("DecodeTaggedPath with charset and encoding = %q, %v", got, err)
	}
	got, err = DecodeTaggedPath("http://h/%D0%BC", nil)
	if err != nil || got != "/м" {
		t.Errorf("untagged = %q, %v", got, err)
	}
	var fe *FormatError
	if _, err := DecodeTaggedPath("http:[EUC]//h/%B0", nil); !errors.As(err, &fe) {
		t.Errorf("unknown charset: %v", err)
	}
}

// TestExtValueRFC uses the RFC 8187 §3.2.3 examples (as quoted by
// actix-web) and actix-web's parse and format cases.
func TestExtValueRFC(t *testing.T) {
	var doc struct {
		RFC struct {
			Header []struct {
				ExtValue string  `json:"ext_value"`
				Language *string `json:"language"`
				Decoded  string  `json:"decoded"`
			} `json:"header_examples"`
		} `json:"rfc_examples"`
		Actix struct {
			Parse []struct {
				Input  string `json:"input"`
				OK     bool   `json:"ok"`
				Octets []byte `json:"octets"`
			} `json:"parse"`
		} `json:"actix_web_cases"`
		CD struct {
			Cases []struct {
				Fn       string          `json:"fn"`
				Args     []any           `json:"args"`
				Expected json.RawMessage `json:"expected"`
			} `json:"cases"`
		} `json:"content_disposition_cases"`
	}
	readJSON(t, "testdata/ext_value_rfc8187.json", &doc)
	n := 0
	for _, ex := range doc.RFC.Header {
		if ex.ExtValue == "" {
			continue
		}
		s, lang, err := DecodeExtValue(ex.ExtValue)
		wantLang := ""
		if ex.Language != nil {
			wantLang = *ex.Language
		}
		if err != nil || s != ex.Decoded || lang != wantLang {
			t.Errorf("DecodeExtValue(%q) = %q, %q, %v", ex.ExtValue, s, lang, err)
		}
		n++
	}
	for _, c := range doc.Actix.Parse {
		_, _, err := DecodeExtValue(c.Input)
		if (err == nil) != c.OK {
			t.Errorf("DecodeExtValue(%q): %v, want ok=%v", c.Input, err, c.OK)
		}
		n++
	}
	// content-disposition's format cases: the filename* part is
	// EncodeExtValue of the name (UTF-8, attr-char literal).
	for _, c := range doc.CD.Cases {
		var expected string
		if c.Fn != "format" || json.Unmarshal(c.Expected, &expected) != nil || len(c.Args) == 0 {
			continue
		}
		i := strings.Index(expected, "filename*=")
		if i < 0 {
			continue
		}
		name, ok := c.Args[0].(string)
		if !ok {
			continue
		}
		want := expected[i+len("filename*="):]
		if got := EncodeExtValue(name, ""); got != want {
			t.Errorf("EncodeExtValue(%q) = %q, want %q", name, got, want)
		}
		n++
	}
	if n < 12 {
		t.Fatalf("only %d cases used", n)
	}
}

func TestExtValue(t *testing.T) {
	if got := EncodeExtValue("€ rates", ""); got != "UTF-8''%E2%82%AC%20rates" {
		t.Errorf("EncodeExtValue = %q", got)
	}
	if got := EncodeExtValue("a-b.c_d!#$&+^`|~", "en"); got != "UTF-8'en'a-b.c_d!#$&+^`|~" {
		t.Errorf("attr-char not literal: %q", got)
	}
	if got := EncodeExtValue("'*%()/ ", ""); got != "UTF-8''%27%2A%25%28%29%2F%20" {
		t.Errorf("non-attr-char literal: %q", got)
	}
	good := []struct{ in, s, lang string }{
		{"UTF-8''%e2%82%ac%20rates", "€ rates", ""},
		{"iso-8859-1'en'%A3%20rates", "£ rates", "en"},
		{"utf-8'de-CH'Gr%C3%BC%C3%9Fe", "Grüße", "de-CH"},
		{"windows-1251''%EC%E8%F0", "мир", ""},
		{"UTF-8''", "", ""},
	}
	for _, tt := range good {
		s, lang, err := DecodeExtValue(tt.in)
		if err != nil || s != tt.s || lang != tt.lang {
			t.Errorf("DecodeExtValue(%q) = %q, %q, %v", tt.in, s, lang, err)
		}
	}
	bad := []struct {
		in     string
		offset int
		kind   string
	}{
		{"foo%20bar.html", 14, "format"},
		{"UTF-8'missing", 13, "format"},
		{"utf-16''abc", 0, "format"},
		{"''abc", 0, "format"},
		{"UTF-8'e n'abc", 7, "format"},
		{"UTF-8''a b", 8, "format"},
		{"UTF-8''a%zz", 8, "decode"},
		{"UTF-8''ab%FF", 9, "charset"},
		{"us-ascii''%80", 10, "charset"},
	}
	for _, tt := range bad {
		_, _, err := DecodeExtValue(tt.in)
		var fe *FormatError
		var de *DecodeError
		var ce *CharsetError
		off := -1
		switch {
		case errors.As(err, &fe) && tt.kind == "format":
			off = fe.Offset
		case errors.As(err, &de) && tt.kind == "decode":
			off = de.Offset
		case errors.As(err, &ce) && tt.kind == "charset":
			off = ce.Offset
		}
		if off != tt.offset {
			t.Errorf("DecodeExtValue(%q) error %v, want a %s error at offset %d", tt.in, err, tt.kind, tt.offset)
		}
	}
}

func FuzzCharsetRoundTrip(f *testing.F) {
	f.Add("мир", "en")
	f.Add("£ € ü", "")
	f.Add("\x00\xff", "x")
	f.Fuzz(func(t *testing.T, s, lang string) {
		for _, cs := range Charsets() {
			enc, err := Query.EncodeText(s, cs)
			if err != nil {
				var ce *CharsetError
				if !errors.As(err, &ce) || ce.Offset < 0 || ce.Offset >= len(s) {
					t.Fatalf("%s: EncodeText(%q): bad error %v", cs.Name(), s, err)
				}
				continue
			}
			back, err := Query.DecodeText(enc, cs)
			if err != nil || back != s {
				t.Fatalf("%s: DecodeText(EncodeText(%q)) = %q, %v", cs.Name(), s, back, err)
			}
			// Decoding arbitrary text never panics and errors carry offsets.
			if _, err := Query.DecodeText(s, cs); err != nil {
				var ce *CharsetError
				var de *DecodeError
				if !(errors.As(err, &ce) && ce.Offset < len(s)) && !(errors.As(err, &de) && de.Offset < len(s)) {
					t.Fatalf("%s: DecodeText(%q): bad error %v", cs.Name(), s, err)
				}
			}
		}
		if strings.Trim(lang, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" || !utf8.ValidString(s) {
			return
		}
		v := EncodeExtValue(s, lang)
		got, gotLang, err := DecodeExtValue(v)
		if err != nil || got != s || gotLang != lang {
			t.Fatalf("DecodeExtValue(EncodeExtValue(%q, %q)) = %q, %q, %v", s, lang, got, gotLang, err)
		}
		_, _, _ = DecodeExtValue(s)
		_, _, _ = SplitCharsetTag(s)
		_, _ = DecodeTaggedPath(s, nil)
	})
}
