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
		{"%2%61", "%252a"}, // DESIGN.md, precise rules
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

func TestMakeSafe(t *testing.T) {
	tests := []struct {
		enc      *Encoding
		in, want string
	}{
		{Path, "/my docs/read me.txt", "/my%20docs/read%20me.txt"},
		{Path, "/a%20b/c d", "/a%20b/c%20d"}, // RFC 1630: existing escapes kept
		{Path, "/a%2fb", "/a%2fb"},           // hex case kept
		{Path, "/100%", "/100%25"},
		{Path, "/%zz%4", "/%25zz%254"},
		{Path, "/é", "/%C3%A9"},
		{Path, "/ok", "/ok"},
		{Form, "a b+c", "a+b+c"},
		{Fido, "a---b%2D--", "a--%2Db%2D--"},
		{Fido, "a--", "a--"},
		{Fido, "x---", "x--%2D"},
		{Exchange, "http://h/<a b>", "http://h/%3Ca%20b%3E"},
		{WHATWGPath, "/a b/%41?", "/a%20b/%41%3F"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := tt.enc.MakeSafe(tt.in)
			if got != tt.want {
				t.Errorf("MakeSafe(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := tt.enc.MakeSafe(got); again != got {
				t.Errorf("MakeSafe not idempotent: %q → %q", got, again)
			}
			if !tt.enc.Valid(got) {
				t.Errorf("Valid(MakeSafe(%q)) = false", tt.in)
			}
		})
	}
	s := "/already/safe%20path"
	if got := Path.MakeSafe(s); !sameString(got, s) {
		t.Error("MakeSafe of a safe string is not the string itself")
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

func FuzzEqualNormalize(f *testing.F) {
	for _, p := range equalPairs {
		f.Add(p.a, p.b)
	}
	f.Add("http://a/b/../c", "HTTP://A/c")
	f.Add("x:a/../b", "x:/b")
	f.Add("//Host.EXAMPLE/a/../b", "//host.example/a/../b")
	f.Add("//u@H:1/%2e", "//u@h:1/.")
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := Normalize(a), Normalize(b)
		if Normalize(na) != na {
			t.Fatalf("Normalize not idempotent on %q", a)
		}
		if Equal(a, b) != (na == nb) {
			t.Fatalf("Equal(%q, %q) = %v, normal forms %q %q", a, b, Equal(a, b), na, nb)
		}
		c := Compare(a, b)
		if c != strings.Compare(na, nb) || Compare(b, a) != -c {
			t.Fatalf("Compare(%q, %q) = %d, normal forms compare %d", a, b, c, strings.Compare(na, nb))
		}
		if !Equal(a, na) {
			t.Fatalf("Equal(%q, Normalize) = false", a)
		}
		ua, ub := NormalizeURL(a), NormalizeURL(b)
		if NormalizeURL(ua) != ua {
			t.Fatalf("NormalizeURL not idempotent on %q: %q → %q", a, ua, NormalizeURL(ua))
		}
		if EqualURL(a, b) != (ua == ub) {
			t.Fatalf("EqualURL(%q, %q) = %v, normal forms %q %q", a, b, EqualURL(a, b), ua, ub)
		}
		if !EqualURL(a, ua) {
			t.Fatalf("EqualURL(%q, NormalizeURL) = false (%q)", a, ua)
		}
		if EqualOctets(a, b) != (Component.DecodeLenient(a) == Component.DecodeLenient(b)) {
			t.Fatalf("EqualOctets(%q, %q) disagrees with decoding", a, b)
		}
	})
}

func FuzzMakeSafe(f *testing.F) {
	addSeeds(f)
	tables := predefinedTables()
	f.Fuzz(func(t *testing.T, s string) {
		for _, tc := range tables {
			m := tc.enc.MakeSafe(s)
			if tc.enc.MakeSafe(m) != m {
				t.Fatalf("%s: MakeSafe not idempotent on %q", tc.name, s)
			}
			if !tc.enc.Valid(m) {
				t.Fatalf("%s: Valid(MakeSafe(%q)) = false: %q", tc.name, s, m)
			}
			if !tc.plus && tc.enc.DecodeLenient(m) != tc.enc.DecodeLenient(s) {
				t.Fatalf("%s: MakeSafe(%q) = %q decodes differently", tc.name, s, m)
			}
			if tc.enc.Valid(s) && m != s {
				t.Fatalf("%s: MakeSafe changed valid %q to %q", tc.name, s, m)
			}
		}
	})
}

// TestBenchmarkPairs checks that the pairs BenchmarkCompare measures are the
// equal pairs it means them to be, so that it times the full comparison.
func TestBenchmarkPairs(t *testing.T) {
	for i, s := range genInputs("mixed", 4096, 1) {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			a := Component.Encode(s)
			b := equalVariant(a)
			if a == b && strings.ContainsAny(a, "%ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
				t.Fatalf("variant of %q is the same text", a)
			}
			if !Equal(a, b) || Compare(a, b) != 0 || !EqualOctets(a, b) {
				t.Fatalf("%q and %q are not equal", a, b)
			}
			if !EqualURL("HTTP://www.Example.COM/"+a+"/./x/../y", "http://www.example.com/"+a+"/y") {
				t.Fatalf("URLs of %q are not equal", a)
			}
		})
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

// TestMakeSafeFidoDashes: on text without "%", Fido's MakeSafe writes what
// its Encode writes, "---" rule included, for every string of "-", "a"
// and "+" up to 8 bytes.
func TestMakeSafeFidoDashes(t *testing.T) {
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		for _, e := range []*Encoding{Fido, FidoComponent} {
			if got, want := e.MakeSafe(prefix), e.Encode(prefix); got != want {
				t.Fatalf("MakeSafe(%q) = %q, Encode = %q", prefix, got, want)
			}
		}
		if n == 0 {
			return
		}
		for _, c := range []string{"-", "a", " "} {
			gen(prefix+c, n-1)
		}
	}
	gen("", 8)
	if got := Fido.MakeSafe("a---b%2D-"); got != "a--%2Db%2D-" {
		t.Errorf("MakeSafe = %q", got)
	}
}
