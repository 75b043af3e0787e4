// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Pairs that name the same resource, and pairs that do not: reserved
// characters first (RFC 3986 §2.2, §6.2.2.2; RFC 1630 §8).
var equalPairs = []struct {
	a, b string
	want bool
}{
	{"/a%2Fb", "/a/b", false},
	{"a%3Db", "a=b", false},
	{"a%26b", "a&b", false},
	{"a%3Fb", "a?b", false},
	{"a%23b", "a#b", false},
	{"a%40b", "a@b", false},
	{"a%3Ab", "a:b", false},
	{"a%2Bb", "a+b", false},
	{"a+b", "a%20b", false},
	{"%2f", "/", false},
	{"%2f", "%2F", true},
	{"%3a", "%3A", true}, // RFC 3986 §6.2.2.1
	{"%7E", "~", true},   // §2.3
	{"%7e", "~", true},
	{"%41%42%43", "ABC", true},
	{"%61", "A", false},
	{"%2D%2E%5F%7E", "-._~", true},
	{"%C3%A9", "%c3%a9", true},
	{"%C3%A9", "é", false}, // a non-ASCII byte is not unreserved
	{"100%", "100%25", true},
	{"100%", "100%2", false},
	{"%zz", "%25zz", true},
	{"%", "%25", true},
	{"", "", true},
	{"a", "", false},
	{"%41", "%4", false},
	{"example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7bfoo%7d", true},
}

func TestEqual(t *testing.T) {
	for i, tt := range equalPairs {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := Equal(tt.a, tt.b); got != tt.want {
				t.Errorf("Equal(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
			if got := Equal(tt.b, tt.a); got != tt.want {
				t.Errorf("Equal(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
			}
			if got := Normalize(tt.a) == Normalize(tt.b); got != tt.want {
				t.Errorf("Normalize(%q) = %q, Normalize(%q) = %q", tt.a, Normalize(tt.a), tt.b, Normalize(tt.b))
			}
			if got := Compare(tt.a, tt.b) == 0; got != tt.want {
				t.Errorf("Compare(%q, %q) = %d", tt.a, tt.b, Compare(tt.a, tt.b))
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%3a", "%3A"},
		{"%7e%7E", "~~"},
		{"%2%61", "%252a"}, // a stray "%" is "%25"
		{"100%", "100%25"},
		{"%c3%a9/%2f", "%C3%A9/%2F"},
		{"a+b %20", "a+b %20"},
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "eXAMPLE://a/./b/../b/c/%7Bfoo%7D"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := Normalize(tt.in)
			if got != tt.want {
				t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := Normalize(got); again != got {
				t.Errorf("Normalize not idempotent on %q: %q", got, again)
			}
		})
	}
	s := "http://h/a%2Fb%C3%A9?q=1"
	if got := Normalize(s); !sameString(got, s) {
		t.Error("Normalize of a normal string is not the string itself")
	}
}

func TestCompareOrder(t *testing.T) {
	// Sorting by Compare is sorting by normal form.
	in := []string{"b", "%62", "a%2f", "a%2F", "A", "%41", "a", "", "%7e", "~", "%C3%A9", "%c3%a9", "%", "%25", "ab", "a/"}
	got := slices.Clone(in)
	slices.SortStableFunc(got, Compare)
	want := slices.Clone(in)
	slices.SortStableFunc(want, func(a, b string) int { return strings.Compare(Normalize(a), Normalize(b)) })
	if !slices.Equal(got, want) {
		t.Errorf("sorted by Compare: %q\nby Normalize:     %q", got, want)
	}
	if Compare("a", "b") != -1 || Compare("b", "a") != 1 || Compare("ab", "a") != 1 || Compare("%41", "A") != 0 {
		t.Error("Compare basic order")
	}
}

func TestEqualOctets(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		// Seed 000: compare after replacing every %XX with its octet.
		{"http://h/a%2Fb", "http://h/a/b", true},
		{"a%3db", "a=b", true},
		{"%7E", "~", true},
		{"a+b", "a%20b", false},
		{"%41", "a", false},
		{"100%", "100%25", true}, // a stray '%' is the octet '%'
		{"%zz", "%25zz", true},
		{"ab", "abc", false},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := EqualOctets(tt.a, tt.b); got != tt.want {
				t.Errorf("EqualOctets(%q, %q) = %v", tt.a, tt.b, got)
			}
			if got := EqualOctets(tt.a, tt.b) == (Component.DecodeLenient(tt.a) == Component.DecodeLenient(tt.b)); !got {
				t.Errorf("EqualOctets(%q, %q) disagrees with DecodeLenient", tt.a, tt.b)
			}
		})
	}
}

func TestCompareAllocs(t *testing.T) {
	long := strings.Repeat("/a%7Eb/c%2f../", 500)
	long2 := strings.ToUpper(long[:3]) + long[3:]
	urlA := "HTTP://Www.Example.COM" + long + "?q=%41#f"
	urlB := "http://www.example.com" + strings.ReplaceAll(long, "%7E", "~") + "?q=A#f"
	checks := map[string]func(){
		"Equal":       func() { Equal(long, long2) },
		"Compare":     func() { Compare(long, long2) },
		"EqualOctets": func() { EqualOctets(long, long2) },
		"EqualURL":    func() { EqualURL(urlA, urlB) },
		"Normalize":   func() { Normalize("/a/b%20c") },
		"MakeSafe":    func() { Path.MakeSafe("/a/b%20c") },
	}
	for name, f := range checks {
		t.Run(fmt.Sprint(name), func(t *testing.T) {
			if n := testing.AllocsPerRun(50, f); n != 0 {
				t.Errorf("%s: %v allocs, want 0", name, n)
			}
		})
	}
	if !EqualURL(urlA, urlB) {
		t.Error("EqualURL of the long URLs is false")
	}
}

// TestNormalizeEdges: a stray "%" one or two bytes before the end, and a
// run of escapes whose second is not in normal form.
func TestNormalizeEdges(t *testing.T) {
	for in, want := range map[string]string{
		"%2": "%252", "a%2": "a%252", "%": "%25", "%2F%2f": "%2F%2F", "%2F%41": "%2FA",
		"%2F%": "%2F%25", "%2F%2": "%2F%252", "%2F%3A%7e": "%2F%3A~", "%2F%3A": "%2F%3A",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
		if !Equal(in, want) || Compare(in, want) != 0 {
			t.Errorf("Equal/Compare(%q, %q) disagree with Normalize", in, want)
		}
	}
}

// TestASCIIFoldOnly: where the root compares names case-insensitively
// (schemes, hosts, "URL:", query names), only A–Z fold: U+212A KELVIN SIGN
// and U+017F LONG S are never "k" and "s".
func TestASCIIFoldOnly(t *testing.T) {
	if EqualURL("HTTPS://h/", "http\u017F://h/") || EqualURL("http://\u212A/", "http://k/") {
		t.Error("EqualURL folded a non-ASCII character")
	}
	if !EqualURL("HTTPS://H/", "https://h/") {
		t.Error("EqualURL did not fold ASCII")
	}
	if f := Find("see http\u017F://h/x"); len(f) != 0 {
		t.Errorf("Find read a long s as s: %+v", f)
	}
	if u, err := Unwrap("<\u212AURL:http://h/>"); err == nil && u == "http://h/" {
		t.Error("Unwrap read a Kelvin sign into URL:")
	}
	if u, err := Unwrap("<url:http://h/>"); err != nil || u != "http://h/" {
		t.Errorf("Unwrap(<url:...>) = %q, %v", u, err)
	}
	if got := RedactQuery("to\u212Aen=s&TOKEN=s", "X", "token"); got != "to\u212Aen=s&TOKEN=X" {
		t.Errorf("RedactQuery = %q", got)
	}
	if got := RedactQuery("\u017Fecret=s", "X", "secret"); got != "\u017Fecret=s" {
		t.Errorf("RedactQuery = %q", got)
	}
	if _, tag, ok := SplitCharsetTag("http:[EUC]//h/"); !ok || tag.Encoding != "EUC" {
		t.Error("SplitCharsetTag")
	}
	if _, ok := LookupEncoding("path-\u017Fegment"); ok {
		t.Error("LookupEncoding read a long s as s")
	}
}
