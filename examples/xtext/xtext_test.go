// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package xtext

import (
	"errors"
	"fmt"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/charset"
	"golang.org/x/text/encoding/japanese"
)

// The example of "Globalizing URIs" (Nicol, 1995): a file named 印刷
// ("insatsu", printing) on an EUC-based system.
const nicolURL = "http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html"

func TestNicolExample(t *testing.T) {
	got, err := charset.DecodeTaggedPath(nicolURL, Lookup)
	if err != nil || got != "/印刷.html" {
		t.Fatalf("DecodeTaggedPath = %q, %v", got, err)
	}
	euc := New("EUC-JP", japanese.EUCJP)
	enc, err := charset.EncodeText(percent.Path, "/印刷.html", euc)
	if err != nil || enc != "/%B0%F5%BA%FE.html" {
		t.Fatalf("EncodeText = %q, %v", enc, err)
	}
	u, tag, ok := percent.SplitCharsetTag(nicolURL)
	if !ok || tag.Encoding != "EUC" || tag.Insert(u) != "http:[EUC]://www.jacme.co.jp/%B0%F5%BA%FE.html" {
		t.Fatalf("SplitCharsetTag = %q, %+v, %v", u, tag, ok)
	}
}

func TestErrorsCarryOffsets(t *testing.T) {
	euc := New("EUC-JP", japanese.EUCJP)
	// Hangul ㄱ is in no Japanese charset.
	_, err := charset.EncodeText(percent.Path, "/印刷ㄱ", euc)
	var ce *charset.Error
	if !errors.As(err, &ce) || ce.Offset != 7 || ce.Rune != 'ㄱ' {
		t.Errorf("EncodeText: %v", err)
	}
	_, err = charset.DecodeText(percent.Path, "/%B0%F5%FF%FF", euc)
	if !errors.As(err, &ce) || ce.Offset != 7 {
		t.Errorf("DecodeText: %v", err)
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]string{"koi8-r": "KOI8-R", "shift_jis": "shift_jis", "euc-jp": "euc-jp", "EUC": "EUC-JP", "gb18030": "gb18030"} {
		cs, ok := Lookup(name)
		if !ok || cs.Name() != want {
			t.Errorf("Lookup(%q) = %v, %v", name, cs, ok)
		}
	}
	if _, ok := Lookup("no-such-charset"); ok {
		t.Error("Lookup found a charset that does not exist")
	}
	// WPT percent-encoding.json: U+2020 in euc-kr is %A2%D3.
	cs, _ := Lookup("euc-kr")
	got, err := charset.EncodeText(percent.WHATWGQuery, "\u2020", cs)
	if err != nil || got != "%A2%D3" {
		t.Errorf("euc-kr: %q, %v", got, err)
	}
}

func Example() {
	text, err := charset.DecodeTaggedPath("http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html", Lookup)
	fmt.Println(text, err)
	// Output: /印刷.html <nil>
}
