// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lex

import (
	"net/url"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestPredicates: every byte against the unicode package's ASCII classes.
func TestPredicates(t *testing.T) {
	for c := 0; c < 256; c++ {
		b := byte(c)
		ascii := c < 0x80
		if IsAlpha(b) != (ascii && unicode.IsLetter(rune(c))) || IsDigit(b) != (ascii && unicode.IsDigit(rune(c))) {
			t.Errorf("%#x: IsAlpha %v IsDigit %v", c, IsAlpha(b), IsDigit(b))
		}
		if want := ascii && (unicode.IsLetter(rune(c)) || unicode.IsDigit(rune(c)) || strings.IndexByte("+-.", b) >= 0); IsSchemeByte(b) != want {
			t.Errorf("%#x: IsSchemeByte %v", c, IsSchemeByte(b))
		}
		if want := string(rune(c)); ascii && string(Lower(b)) != strings.ToLower(want) {
			t.Errorf("%#x: Lower = %#x", c, Lower(b))
		}
		if !ascii && Lower(b) != b {
			t.Errorf("%#x: Lower changed a non-ASCII byte", c)
		}
	}
}

// TestEqualFold: strings.EqualFold on ASCII, but never for U+212A KELVIN
// SIGN or U+017F LONG S.
func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"UTF-8", "utf-8", true}, {"Http", "hTTP", true}, {"a", "b", false}, {"ab", "a", false},
		{"\u212A", "k", false}, {"\u212Aoi8", "koi8", false}, {"\u017F", "s", false}, {"[", "{", false}, {"@", "`", false},
	} {
		if got := EqualFold(c.a, c.b); got != c.want {
			t.Errorf("EqualFold(%q, %q) = %v", c.a, c.b, got)
		}
	}
	for a := 0; a < 128; a++ {
		for b := 0; b < 128; b++ {
			x, y := string(rune(a)), string(rune(b))
			if EqualFold(x, y) != strings.EqualFold(x, y) {
				t.Fatalf("EqualFold(%q, %q) differs from strings.EqualFold", x, y)
			}
		}
	}
	if !EqualName("path-segment", "PATH_Segment") || EqualName("path-segment", "path-\u017Fegment") {
		t.Error("EqualName")
	}
}

// TestScheme: RFC 3986 §3.1 schemes.
func TestScheme(t *testing.T) {
	for s, want := range map[string]int{"http://h": 4, "svn+ssh:x": 7, "a1-.:": 4, "1a:": 0, ":x": 0, "ab": 0, "a b:": 0, "": 0, "é:": 0} {
		if got := SchemeLen(s); got != want {
			t.Errorf("SchemeLen(%q) = %d, want %d", s, got, want)
		}
	}
	if SchemeRun("git+https://h") != 9 || SchemeRun("+a") != 0 || !ValidScheme("x-y") || ValidScheme("") || ValidScheme("x:y") {
		t.Error("SchemeRun or ValidScheme")
	}
}

// TestSplitURL: the host and path of URLs, against net/url.
func TestSplitURL(t *testing.T) {
	for _, s := range []string{"http://user@Host.example:8080/a/b?q#f", "https://[::1]:443/x", "mailto:a@b", "//h/p", "/p?q", "file:///etc/x", "http://h", "x:/a#b"} {
		u := SplitURL(s, nil)
		ref, err := url.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := s[u.PathStart:u.PathEnd]; got != ref.EscapedPath() && !(ref.Opaque != "" && got == ref.Opaque) {
			t.Errorf("SplitURL(%q): path %q, net/url %q", s, got, ref.EscapedPath())
		}
		if u.HasAuth {
			if host := s[u.HostStart:u.HostEnd]; host != strings.Trim(ref.Hostname(), "") && "["+ref.Hostname()+"]" != host {
				t.Errorf("SplitURL(%q): host %q, net/url %q", s, host, ref.Hostname())
			}
		}
	}
}

// TestUTF8: Subpart and FirstInvalidUTF8 against unicode/utf8 on every
// sequence of one and two bytes and on the boundary cases of Table 3-7.
func TestUTF8(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if s[0] < 0x80 {
			return
		}
		n := Subpart(s)
		r, w := utf8.DecodeRuneInString(s)
		valid := !(r == utf8.RuneError && w <= 1)
		if valid != (n < 0) || valid && -n != w {
			t.Fatalf("Subpart(%q) = %d; utf8 decodes %U in %d", s, n, r, w)
		}
	}
	for a := 0x80; a < 256; a++ {
		check(string([]byte{byte(a)}))
		for b := 0; b < 256; b++ {
			check(string([]byte{byte(a), byte(b)}))
		}
	}
	for _, s := range []string{"\xE0\xA0\x80", "\xE0\x9F\xBF", "\xED\x9F\xBF", "\xED\xA0\x80", "\xF0\x90\x80\x80", "\xF0\x8F\xBF\xBF", "\xF4\x8F\xBF\xBF", "\xF4\x90\x80\x80", "\xEF\xBF\xBF", "\xE2\x82"} {
		check(s)
	}
	// Maximal subparts (Unicode §3.9): "\xE2\x82" is one, "\xF0\x80" two.
	if Subpart("\xE2\x82x") != 2 || Subpart("\xF0\x80") != 1 || Subpart("\xC0\xAF") != 1 {
		t.Error("maximal subparts")
	}
	if i, n := FirstInvalidUTF8("aé\xE2\x82b"); i != 3 || n != 2 {
		t.Errorf("FirstInvalidUTF8 = %d, %d", i, n)
	}
	if i, _ := FirstInvalidUTF8([]byte("ok é")); i != -1 {
		t.Error("FirstInvalidUTF8 of valid text")
	}
}
