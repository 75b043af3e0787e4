// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// The examples of FGHI URL draft §5.2.2.5, as real messages: the seed copy
// of the section (002_2fbe8eb045e1c3ca.txt) lost its line breaks; the full
// draft (vectors/fidonet/FidoURL.txt, lines 826–929) has them.
const (
	fidoQuoted = `MtW>> To track Fidonet software development in Russian,
MtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%
MtW>> %%Soft+Ru.FIPS/ is often used.
`
	fidoQuotedAgain = `MtW>>>>> To track Fidonet software development in Russian,
MtW>>>>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.W%%
MtW>>>>> %%inSoft+Ru.FIPS/ is often used.
`
	fidoFrame = `+==========================================================+
+                                                          +
+   To track Fidonet software development in Russian,      +
+   a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%     +
+   %%Soft+Ru.FIPS/ is often used.                         +
+                                                          +
+==========================================================+
`
	fidoBox = `***********************************************************
***********************************************************
**                                                       **
**  ATTENTION! Grab the N5019 pointlist at fecho://p%%   **
**  %%ntlist/pnt5019.zip                                 **
**                                                       **
***********************************************************
***********************************************************
`
	fidoBoxQuoted = `MtW> ******************************************************
MtW> *****
MtW> ******************************************************
MtW> *****
MtW> **
MtW> **
MtW> **  ATTENTION! Grab the N5019 pointlist at fecho://p%%
MtW> **
MtW> **  %%ntlist/pnt5019.zip
MtW> **
MtW> **
MtW> **
MtW> ******************************************************
MtW> *****
MtW> ******************************************************
MtW> *****
`
	fidoGood     = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D%%\n%%1%82.txt\n"
	fidoMistake1 = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D1%%\n%%%82.txt\n"
	fidoMistake2 = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%%%\n%%D1%82.txt\n"
	fidoEd2k     = "ed2k://|file|fidopoyka_24_09_06(DivX5_512x384).avi|871219%%\n%%20|8A706F58C5C7CF6EBA28561A53D60E70|/\n"

	areaURL  = "area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/"
	fechoURL = "fecho://pntlist/pnt5019.zip"
	goodURL  = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D1%82.txt"
	ed2kURL  = "ed2k://|file|fidopoyka_24_09_06(DivX5_512x384).avi|87121920|8A706F58C5C7CF6EBA28561A53D60E70|/"
)

func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

func TestUnwrapFidoMistakes(t *testing.T) {
	for i, text := range []string{fidoMistake1, fidoMistake2, crlf(fidoMistake1), "area://a%%\nno resume here\n"} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			_, err := UnwrapFido(text)
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset <= 0 || fe.Offset >= len(text) {
				t.Errorf("UnwrapFido(%q): %v, want a *FormatError", text, err)
			}
			if len(Find(text)) != 0 {
				t.Errorf("Find(%q) reports a URL with a malformed break", text)
			}
		})
	}
	if u, err := UnwrapFido("  area://Ru.FTN.Develop is"); err != nil || u != "area://Ru.FTN.Develop" {
		t.Errorf("UnwrapFido plain = %q, %v", u, err)
	}
}

func TestWrapUnwrap(t *testing.T) {
	u := "http://www.example.com/very/long/path%20with%20escapes/and?query=string&more=yes;x=y#frag.ment"
	for w := -1; w <= len(u)+3; w++ {
		p := Wrap(u, w)
		back, err := Unwrap(p)
		if err != nil || back != u {
			t.Fatalf("Unwrap(Wrap(u, %d)) = %q, %v\n%s", w, back, err, p)
		}
		lines := strings.Split(p, "\n")
		if !strings.HasPrefix(lines[0], "<h") || !strings.HasSuffix(lines[len(lines)-1], ">") {
			t.Fatalf("width %d: brackets apart from the URL:\n%s", w, p)
		}
		for _, l := range lines {
			if w > 4 && len(l) > w {
				t.Fatalf("width %d: line %q too long", w, l)
			}
		}
		// No break inside an escape: every line's escapes are whole.
		for i, l := range lines[:len(lines)-1] {
			if n := len(l); n >= 1 && l[n-1] == '%' || n >= 2 && l[n-2] == '%' {
				t.Fatalf("width %d: line %d breaks an escape: %q", w, i, l)
			}
		}
	}
	if got := Wrap("http://a/b/c/d", 9); got != "<http://\na/b/c/d>" {
		t.Errorf("Wrap prefers breaks after /: %q", got)
	}
	if got := Wrap("http://a", 0); got != "<http://a>" {
		t.Errorf("Wrap width 0 = %q", got)
	}
}

func TestUnwrap(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<http://a/b>", "http://a/b"},
		{"  <URL:http://a/b>\n", "http://a/b"},
		{"<url: http://a/\n    b/c >", "http://a/b/c"},
		{"<http://a/b\r\n  /c>", "http://a/b/c"},
		{"http://a/b", "http://a/b"},
		{"<http://a/é>", "http://a/%C3%A9"},
		{"<http://a/%e2 b%zz>", "http://a/%e2b%25zz"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Unwrap(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Unwrap(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
			}
		})
	}
	bad := []struct {
		in     string
		offset int
	}{
		{"<http://a", 0},
		{"<http://a<b>", 9},
		{"<http://a>b>", 9},
		{"http://a>", 8},
		{"  ", 2},
		{"<http://a> trailing", 11}, // text after '>', not a missing ">"
		{"  <http://a>  x ", 14},
	}
	for _, tt := range bad {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Unwrap(tt.in)
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Offset != tt.offset {
				t.Errorf("Unwrap(%q) error %v, want offset %d", tt.in, err, tt.offset)
			}
		})
	}
	if _, err := Unwrap("<http://a> trailing"); err == nil || !strings.Contains(err.Error(), "text after '>'") {
		t.Errorf("Unwrap with trailing text: %v", err)
	}
}

// TestUnwrapEmpty: the print-format round trip holds for "" too (the
// findings issue: Wrap("", 72) wrote "<>", which Unwrap refused).
func TestUnwrapEmpty(t *testing.T) {
	for _, w := range []int{0, 1, 72} {
		p := Wrap("", w)
		if got, err := Unwrap(p); err != nil || got != "" {
			t.Errorf("Unwrap(Wrap(\"\", %d) = %q) = %q, %v; want \"\"", w, p, got, err)
		}
	}
	for _, p := range []string{"<>", " < > ", "<URL:>", "<\n>"} {
		if got, err := Unwrap(p); err != nil || got != "" {
			t.Errorf("Unwrap(%q) = %q, %v; want \"\"", p, got, err)
		}
	}
}

// TestUnwrapFidoIRI: UnwrapFido reads a bare IRI on through its letters as
// Find does, escaped as Exchange.MakeSafe escapes them (the findings issue:
// it stopped at the first non-ASCII byte, with no error).
func TestUnwrapFidoIRI(t *testing.T) {
	for _, text := range []string{"http://a/béc", "see https://ru.wikipedia.org/wiki/Москва.", "ftp://h/日本%%\n%%語 x"} {
		for _, f := range Find(text) {
			got, err := UnwrapFido(text[f.Start:f.End])
			if err != nil || got != f.URL {
				t.Errorf("UnwrapFido(%q) = %q, %v; Find says %q", text[f.Start:f.End], got, err, f.URL)
			}
		}
	}
	if got, err := UnwrapFido("http://a/béc"); err != nil || got != "http://a/b%C3%A9c" {
		t.Errorf("UnwrapFido = %q, %v", got, err)
	}
	if got, err := UnwrapFido("http://a/b\u2014c"); err != nil || got != "http://a/b" { // an em dash is punctuation
		t.Errorf("UnwrapFido = %q, %v", got, err)
	}
}

func TestWrapFido(t *testing.T) {
	u := goodURL
	for w := -1; w <= len(u)+2; w++ {
		p := WrapFido(u, w)
		back, err := UnwrapFido(p)
		if err != nil || back != u {
			t.Fatalf("UnwrapFido(WrapFido(u, %d)) = %q, %v\n%s", w, back, err, p)
		}
		if strings.Contains(p, "%%%") {
			t.Fatalf("width %d: %%%%%% in\n%s", w, p)
		}
		lines := strings.Split(p, "\n")
		if !strings.HasPrefix(lines[0], "fecho:") {
			t.Fatalf("width %d: scheme broken:\n%s", w, p)
		}
		for _, l := range lines {
			if w >= 12 && len(l) > w {
				t.Fatalf("width %d: line %q too long", w, l)
			}
		}
	}
	// The draft's good example breaks between the hex digits of an escape;
	// the same break is one WrapFido may choose.
	if got := WrapFido("fecho://p/abc", 10); got != "fecho://%%\n%%p/abc" {
		t.Errorf("WrapFido = %q", got)
	}
}

// TestWrapAnyInput: Wrap and WrapFido of text that is not in exchange format
// write it escaped, so that unwrapping gives every byte back.
func TestWrapAnyInput(t *testing.T) {
	if got, err := Unwrap(Wrap("http://x/y z", 0)); err != nil || got != "http://x/y%20z" {
		t.Errorf("Unwrap(Wrap(space)) = %q, %v", got, err)
	}
	if got, err := Unwrap(Wrap("http://x/a\tb\nc<d>", 8)); err != nil || got != "http://x/a%09b%0Ac%3Cd%3E" {
		t.Errorf("Unwrap(Wrap(controls)) = %q, %v", got, err)
	}
	w := WrapFido("http://x/Фидо", 10)
	if got, err := UnwrapFido(w); err != nil || got != "http://x/%D0%A4%D0%B8%D0%B4%D0%BE" {
		t.Errorf("UnwrapFido(WrapFido(Фидо)) = %q, %v\n%s", got, err, w)
	}
	if got := WrapFido("http:[EUC]//h/a b", 0); got != "http:[EUC]//h/a+b" {
		t.Errorf("WrapFido kept no charset tag: %q", got)
	}
}

// unbreakable reports whether a too-long line could not have been broken:
// it is a run of escapes and the bytes around them.
func unbreakable(l string) bool {
	return strings.Count(l, "%")*3 >= len(l)-4
}

// TestFormatErrorMessage: the message says what is wrong and where.
func TestFormatErrorMessage(t *testing.T) {
	_, err := UnwrapFido("http://a%%%b")
	var fe *FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("UnwrapFido: %v, want a *FormatError", err)
	}
	if want := "percent: " + fe.Msg + " at offset " + fmt.Sprint(fe.Offset); err.Error() != want || fe.Offset != 8 {
		t.Fatalf("Error() = %q (offset %d), want %q at 8", err.Error(), fe.Offset, want)
	}
}

// TestWrapURLMarker: a URL that itself begins with "URL:" (any case) keeps
// it through Wrap and Unwrap, at every width.
func TestWrapURLMarker(t *testing.T) {
	for _, u := range []string{"url:", "URL:http://a/b", "Url:x", "urn:x"} {
		for w := 0; w <= 20; w++ {
			if back, err := Unwrap(Wrap(u, w)); err != nil || back != u {
				t.Fatalf("Unwrap(Wrap(%q, %d) = %q) = %q, %v", u, w, Wrap(u, w), back, err)
			}
		}
	}
	if got := Wrap("url:", 0); got != "<URL:url:>" {
		t.Fatalf("Wrap = %q", got)
	}
}
