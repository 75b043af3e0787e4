// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"strings"
	"testing"
)

func TestNormalizeURL(t *testing.T) {
	tests := []struct{ in, want string }{
		// RFC 3986 §6.2.2.
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"},
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		{"mailto:Joe@Example.COM", "mailto:Joe@Example.COM"}, // no host: case kept (§6.2.3 is scheme-based)
		{"http://User@Example.COM:8080/A/./B", "http://User@example.com:8080/A/B"},
		{"http://[2001:DB8::1]:80/", "http://[2001:db8::1]:80/"},
		{"http://%c3%a9XAMPLE.com/", "http://%C3%A9xample.com/"},
		{"http://example.com", "http://example.com"},
		{"http://example.com:80/", "http://example.com:80/"},
		{"http://h/a/%2E%2E/b", "http://h/b"},
		{"http://h/a/%2e/b", "http://h/a/b"},
		{"http://h/a/..?x=/../#/./", "http://h/?x=/../#/./"},
		{"foo:/a/..//b", "foo:/.//b"}, // URL Standard: /. before a path that starts with //
		{"foo:x/..//b", "foo:/.//b"},
		{"urn:a/../b", "urn:/b"},
		{"mid/content=5/../6", "mid/content=5/../6"}, // relative: dots stay
		{"../a/./b", "../a/./b"},
		{"%68ttp://H/", "http://h/"},
		{"not a url %7e", "not a url ~"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := NormalizeURL(tt.in)
			if got != tt.want {
				t.Errorf("NormalizeURL(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := NormalizeURL(got); again != got {
				t.Errorf("NormalizeURL not idempotent: %q → %q", got, again)
			}
			if !EqualURL(tt.in, tt.want) {
				t.Errorf("EqualURL(%q, %q) = false", tt.in, tt.want)
			}
		})
	}
}

// TestDotSegmentVectors uses the RFC 3986 §5.2.4 and §5.4 examples.
func TestDotSegmentVectors(t *testing.T) {
	var doc struct {
		Remove []struct{ Input, Output string } `json:"remove_dot_segments"`
		Res    []struct {
			Reference string  `json:"reference"`
			Target    string  `json:"target"`
			Merged    *string `json:"merged_uri"`
		} `json:"resolution_examples"`
	}
	readJSON(t, "testdata/rfc3986_dot_segments.json", &doc)
	for _, c := range doc.Remove {
		t.Run(c.Input, func(t *testing.T) {
			if got := removeDotSegments(c.Input); got != c.Output {
				t.Errorf("removeDotSegments(%q) = %q, want %q", c.Input, got, c.Output)
			}
			if got := NormalizeURL("s:" + c.Input); got != "s:"+c.Output {
				t.Errorf("NormalizeURL(s:%s) = %q", c.Input, got)
			}
		})
	}
	n := 0
	for i, c := range doc.Res {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if c.Merged == nil {
				return
			}
			if got := NormalizeURL(*c.Merged); got != c.Target {
				t.Errorf("NormalizeURL(%q) = %q, want %q (reference %q)", *c.Merged, got, c.Target, c.Reference)
			}
			if !EqualURL(*c.Merged, c.Target) {
				t.Errorf("EqualURL(%q, %q) = false", *c.Merged, c.Target)
			}
			n++
		})
	}
	if n != 36 || len(doc.Remove) != 2 {
		t.Fatalf("used %d resolution examples and %d removal examples", n, len(doc.Remove))
	}
}

func TestEqualURL(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/", true},
		{"http://a/b/c/./../g", "http://a/b/g", true},
		{"http://a/b%2Fc", "http://a/b/c", false},
		{"http://a/%7Euser", "http://a/~user", true},
		{"http://a/B", "http://a/b", false},
		{"http://User@a/", "http://user@a/", false},
		{"http://a:80/", "http://a/", false}, // no scheme-based rules
		{"http://example.com", "http://example.com/", false},
		{"a/./b", "a/b", false}, // relative: dots are kept
		{"x:a/../b", "x:/b", true},
		{"x:a/../b", "x:b", false},
		{"x:../b", "x:b", true},
		{"x:a/..", "x:/", true},
		{"x:.", "x:", true},
		{"x:/a//../b", "x:/a/b", true},
		{"x:/a/b/..", "x:/a/", true},
		{"x:/a/b/.", "x:/a/b/", true},
		{"foo:/a/..//b", "foo:/.//b", true},
		{"A:", "a:", true}, // scheme case without an authority
		{"Mailto:X", "mailto:X", true},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := EqualURL(tt.a, tt.b); got != tt.want {
				t.Errorf("EqualURL(%q, %q) = %v, want %v (normal forms %q, %q)", tt.a, tt.b, got, tt.want, NormalizeURL(tt.a), NormalizeURL(tt.b))
			}
			if got := NormalizeURL(tt.a) == NormalizeURL(tt.b); got != tt.want {
				t.Errorf("NormalizeURL(%q) = %q, NormalizeURL(%q) = %q", tt.a, NormalizeURL(tt.a), tt.b, NormalizeURL(tt.b))
			}
		})
	}
}

// TestNetworkPathReference: a reference that starts with "//" has an
// authority (RFC 3986 §4.2); its host is lower-cased like any other, and
// its dot segments stay (they are resolved against a base).
func TestNetworkPathReference(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"//Host.EXAMPLE/a/../b", "//host.example/a/../b"},
		{"//User@Host.Example:80/%7euser/./x?Q#F", "//User@host.example:80/~user/./x?Q#F"},
		{"//[FE80::1%25Eth0]/P", "//[fe80::1%25eth0]/P"},
		{"//H%C3%A9.EXAMPLE/", "//h%C3%A9.example/"},
		{"/Path/../x", "/Path/../x"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			if got := NormalizeURL(tc.in); got != tc.want {
				t.Fatalf("NormalizeURL(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if !EqualURL(tc.in, tc.want) {
				t.Fatalf("EqualURL(%q, %q) = false", tc.in, tc.want)
			}
		})
	}
	for i, p := range [][2]string{{"//h/a/../b", "//h/b"}, {"//h/a", "//h2/a"}, {"//h/a", "/h/a"}, {"//h/A", "//h/a"}} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if EqualURL(p[0], p[1]) {
				t.Errorf("EqualURL(%q, %q) = true", p[0], p[1])
			}
		})
	}
}

// TestNormalizeURLSchemeAndHost: every byte a scheme may hold after its
// first letter (RFC 3986 §3.1: ALPHA DIGIT + - .) and none other, the case
// bounds, an empty authority, and where an IP literal's host ends before
// its port.
func TestNormalizeURLSchemeAndHost(t *testing.T) {
	for in, want := range map[string]string{
		"svn+SSH://H/a/./b":         "svn+ssh://h/a/b",
		"X-Y.Z1://H/./a":            "x-y.z1://h/a",
		"AZ://AZ.EXAMPLE/./":        "az://az.example/",
		"a_b://H/./c":               "a_b://H/./c", // no scheme: a relative reference
		"1a://H/./c":                "1a://H/./c",
		"+a://H/./c":                "+a://H/./c",
		":a/./b":                    ":a/./b",
		"HTTP:///A/./B":             "http:///A/B",
		"HTTP://[2001:DB8::A]:80/P": "http://[2001:db8::a]:80/P",
		"HTTP://[::A]:ABC/":         "http://[::a]:ABC/",
		"HTTP://U@[::A]:B/":         "http://U@[::a]:B/",
		"HTTP://[::A]/X":            "http://[::a]/X",
		"HTTP://H:ABC/":             "http://h:ABC/",
		"@AZ://H/":                  "@AZ://H/",
	} {
		if got := NormalizeURL(in); got != want {
			t.Errorf("NormalizeURL(%q) = %q, want %q", in, got, want)
		}
		if !EqualURL(in, want) {
			t.Errorf("EqualURL(%q, %q) = false", in, want)
		}
	}
	// The port is not the host: its unreserved escapes are shown decoded.
	for in, want := range map[string]string{
		"http://[::1]:%38%30/p": "http://[::1]:80/p",
		"http://h:%38%30/p":     "http://h:80/p",
	} {
		if got := Display(in); got != want {
			t.Errorf("Display(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestEqualURLPaths: EqualURL, which compares without building strings,
// agrees with NormalizeURL on every path of up to seven of "/", "." and "a"
// (and "%2E"), with and without an authority.
func TestEqualURLPaths(t *testing.T) {
	var paths []string
	var gen func(p string, n int)
	gen = func(p string, n int) {
		paths = append(paths, p)
		if n == 0 {
			return
		}
		for _, c := range []string{"/", ".", "a", "%2E"} {
			gen(p+c, n-1)
		}
	}
	gen("", 6)
	var urls []string
	for _, p := range paths {
		urls = append(urls, "s:"+p, "s://h"+p, "S://H"+p)
	}
	for i, u := range urls {
		n := NormalizeURL(u)
		if !EqualURL(u, n) {
			t.Fatalf("EqualURL(%q, its normal form %q) = false", u, n)
		}
		for _, v := range []string{urls[(i+1)%len(urls)], urls[(i+7)%len(urls)], urls[(i*31+5)%len(urls)]} {
			if got, want := EqualURL(u, v), n == NormalizeURL(v); got != want {
				t.Fatalf("EqualURL(%q, %q) = %v; normal forms %q and %q", u, v, got, n, NormalizeURL(v))
			}
		}
	}
	for in, want := range map[string]string{
		"HTTP://:ABC/":  "http://:ABC/",
		"HTTP://H?/./":  "http://h?/./",
		"HTTP://H#/../": "http://h#/../",
	} {
		if got := NormalizeURL(in); got != want {
			t.Errorf("NormalizeURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLastSlash: lastSlash is strings.LastIndexByte(s, '/') at every
// length and position.
func TestLastSlash(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for at := -1; at < n; at++ {
			b := []byte(strings.Repeat("a", n))
			if at >= 0 {
				b[at] = '/'
				if at > 2 {
					b[at-3] = '/'
				}
			}
			if got, want := lastSlash(string(b)), strings.LastIndexByte(string(b), '/'); got != want {
				t.Fatalf("lastSlash(%q) = %d, want %d", b, got, want)
			}
		}
	}
}
