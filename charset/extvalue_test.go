// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/tools/testutil"
)

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
	for i, ex := range doc.RFC.Header {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if ex.ExtValue == "" {
				return
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
		})
	}
	for _, c := range doc.Actix.Parse {
		t.Run(c.Input, func(t *testing.T) {
			_, _, err := DecodeExtValue(c.Input)
			if (err == nil) != c.OK {
				t.Errorf("DecodeExtValue(%q): %v, want ok=%v", c.Input, err, c.OK)
			}
			n++
		})
	}
	// content-disposition's format cases: the filename* part is
	// EncodeExtValue of the name (UTF-8, attr-char literal).
	for i, c := range doc.CD.Cases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			var expected string
			if c.Fn != "format" || json.Unmarshal(c.Expected, &expected) != nil || len(c.Args) == 0 {
				return
			}
			i := strings.Index(expected, "filename*=")
			if i < 0 {
				return
			}
			name, ok := c.Args[0].(string)
			if !ok {
				return
			}
			want := expected[i+len("filename*="):]
			if got, err := EncodeExtValue(name, ""); err != nil || got != want {
				t.Errorf("EncodeExtValue(%q) = %q, want %q", name, got, want)
			}
			n++
		})
	}
	if n < 12 {
		t.Fatalf("only %d cases used", n)
	}
}

func TestExtValue(t *testing.T) {
	if got, err := EncodeExtValue("€ rates", ""); err != nil || got != "UTF-8''%E2%82%AC%20rates" {
		t.Errorf("EncodeExtValue = %q, %v", got, err)
	}
	if got, err := EncodeExtValue("a-b.c_d!#$&+^`|~", "en"); err != nil || got != "UTF-8'en'a-b.c_d!#$&+^`|~" {
		t.Errorf("attr-char not literal: %q, %v", got, err)
	}
	if got, err := EncodeExtValue("'*%()/ ", ""); err != nil || got != "UTF-8''%27%2A%25%28%29%2F%20" {
		t.Errorf("non-attr-char literal: %q, %v", got, err)
	}
	good := []struct{ in, s, lang string }{
		{"UTF-8''%e2%82%ac%20rates", "€ rates", ""},
		{"iso-8859-1'en'%A3%20rates", "£ rates", "en"},
		{"utf-8'de-CH'Gr%C3%BC%C3%9Fe", "Grüße", "de-CH"},
		{"windows-1251''%EC%E8%F0", "мир", ""},
		{"UTF-8''", "", ""},
	}
	for _, tt := range good {
		t.Run(tt.in, func(t *testing.T) {
			s, lang, err := DecodeExtValue(tt.in)
			if err != nil || s != tt.s || lang != tt.lang {
				t.Errorf("DecodeExtValue(%q) = %q, %q, %v", tt.in, s, lang, err)
			}
		})
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
		{"UTF-8'e n'abc", 6, "format"},
		{"UTF-8''a b", 8, "format"},
		{"UTF-8''a%zz", 8, "decode"},
		{"UTF-8''ab%FF", 9, "charset"},
		{"us-ascii''%80", 10, "charset"},
	}
	for _, tt := range bad {
		t.Run(tt.in, func(t *testing.T) {
			_, _, err := DecodeExtValue(tt.in)
			var fe *percent.FormatError
			var de *percent.DecodeError
			var ce *Error
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
		})
	}
}

// TestLanguageTags: the well-formed tags of RFC 5646 Appendix A ("Some
// Valid Tags") are accepted, by EncodeExtValue and DecodeExtValue alike;
// malformed ones (its "Some Invalid Tags" that break the syntax, and what a
// header injection writes) are errors at the offending subtag.
func TestLanguageTags(t *testing.T) {
	for _, tag := range []string{"de", "fr", "ja", "i-enochian", "zh-Hant", "zh-Hans", "sr-Cyrl", "sr-Latn",
		"zh-cmn-Hans-CN", "cmn-Hans-CN", "zh-yue-HK", "yue-HK", "zh-Hans-CN", "sr-Latn-RS", "sl-rozaj",
		"sl-rozaj-biske", "sl-nedis", "de-CH-1901", "sl-IT-nedis", "hy-Latn-IT-arevela", "de-DE", "en-US",
		"es-419", "de-CH-x-phonebk", "az-Arab-x-AZE-derbend", "x-whatever", "qaa-Qaaa-QM-x-southern",
		"de-Qaaa", "sr-Latn-QM", "sr-Qaaa-RS", "en-US-u-islamcal", "zh-CN-a-myext-x-private",
		"en-a-myext-b-another", "EN-gb-OED", "art-lojban", "zh-min-nan", "en-a-bbb-ccc", "de-CH-1996",
		"sgn-ase", "zh-yue-min-nan", "de-1996-1901", "en-x-a-b", "abcde", "abcdefgh-Latn"} {
		if i := badLanguageTag(tag); i >= 0 {
			t.Errorf("%q: malformed at %d", tag, i)
		}
		v, err := EncodeExtValue("x", tag)
		if err != nil {
			t.Errorf("EncodeExtValue(x, %q): %v", tag, err)
			continue
		}
		if _, lang, err := DecodeExtValue(v); err != nil || lang != tag {
			t.Errorf("DecodeExtValue(%q) = %q, %v", v, lang, err)
		}
	}
	for _, tc := range []struct {
		tag string
		off int
	}{
		{"de-419-DE", 7}, {"a-DE", 0}, {"en\r\nSet-Cookie: a=b", 0}, {"en-US\r\n", 3}, {"en'", 0},
		{"en-", 3}, {"-en", 0}, {"en--US", 3}, {"abcdefghi", 0}, {"x", 1}, {"en-x", 4}, {"en-a", 4},
		{"en-a-b", 5}, {"en-US-Latn", 6}, {"en-a-bb-US-x", 12}, {"abcd-abc", 5}, {"en-abc-def-ghi-jkl", 15},
		{"1en", 0}, {"en_US", 0}, {"en-é", 3}, {"zh-yue-min-nan-wuu", 15}, {"en-US-1a", 6}, {"en-US-abcd", 6},
		{"x-", 2}, {"en-x-", 5}, {"en-a-", 5}, {"abcdefgh-abc", 9}, {"en-US-a-b-c", 8},
	} {
		if got := badLanguageTag(tc.tag); got != tc.off {
			t.Errorf("badLanguageTag(%q) = %d, want %d", tc.tag, got, tc.off)
		}
		_, err := EncodeExtValue("x", tc.tag)
		var fe *percent.FormatError
		if !errors.As(err, &fe) || fe.Offset != tc.off {
			t.Errorf("EncodeExtValue(x, %q): %v, want a *percent.FormatError at %d", tc.tag, err, tc.off)
		}
	}
	for _, v := range []string{"UTF-8'-en'x", "UTF-8'1'x", "UTF-8'e'x"} {
		_, _, err := DecodeExtValue(v)
		var fe *percent.FormatError
		if !errors.As(err, &fe) || fe.Offset != 6 {
			t.Errorf("DecodeExtValue(%q): %v, want a *percent.FormatError at 6", v, err)
		}
	}
	_, err := EncodeExtValue("ok\xffno", "en")
	var ce *Error
	if !errors.As(err, &ce) || ce.Offset != 2 {
		t.Errorf("EncodeExtValue of invalid UTF-8: %v, want a *Error at 2", err)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	testutil.ReadJSON(t, path, v)
}

// TestASCIIFoldOnly: names compare with A–Z folded and nothing else, so
// U+212A KELVIN SIGN and U+017F LONG S never stand for "k" and "s" (the
// findings issue: EncodeExtValue("a", "i-\u212Alingon") wrote a raw Kelvin
// sign into a header value, and DecodeExtValue accepted it).
func TestASCIIFoldOnly(t *testing.T) {
	for _, lang := range []string{"i-\u212Alingon", "sgn-BE-FR\u017F", "\u017Fgn-BE-FR", "en-\u212A"} {
		if v, err := EncodeExtValue("a", lang); err == nil {
			t.Errorf("EncodeExtValue(a, %q) = %q; want an error", lang, v)
		}
		if s, l, err := DecodeExtValue("UTF-8'" + lang + "'a"); err == nil {
			t.Errorf("DecodeExtValue with %q = %q, %q; want an error", lang, s, l)
		}
	}
	if _, err := EncodeExtValue("a", "I-KLINGON"); err != nil {
		t.Errorf("EncodeExtValue(a, I-KLINGON): %v", err)
	}
	for _, name := range []string{"\u212Aoi8-r", "u\u017F-ascii", "cp1251\u212A", "IBM\u212A866"} {
		if cs, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) = %s; want no charset", name, cs.Name())
		}
	}
	for _, name := range []string{"KOI8-R", "Us-Ascii", "CSKOI8R", "Utf8"} {
		if _, ok := Lookup(name); !ok {
			t.Errorf("Lookup(%q): not found", name)
		}
	}
	if _, _, err := DecodeExtValue("utf-8'en'a"); err != nil {
		t.Errorf("DecodeExtValue(utf-8...): %v", err)
	}
	if _, _, err := DecodeExtValue("UTF-8\u212A'en'a"); err == nil {
		t.Error("DecodeExtValue with a Kelvin sign in the charset: no error")
	}
}
