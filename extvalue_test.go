// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
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
			if got := EncodeExtValue(name, ""); got != want {
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
		{"UTF-8'e n'abc", 7, "format"},
		{"UTF-8''a b", 8, "format"},
		{"UTF-8''a%zz", 8, "decode"},
		{"UTF-8''ab%FF", 9, "charset"},
		{"us-ascii''%80", 10, "charset"},
	}
	for _, tt := range bad {
		t.Run(tt.in, func(t *testing.T) {
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
		})
	}
}
