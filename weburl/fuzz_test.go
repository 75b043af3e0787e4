// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"net/url"
	"strings"
	"testing"
)

// same reports whether u and v are the same URL: every getter, and the
// offsets behind them.
func same(u, v *URL) bool {
	return *u == *v
}

// FuzzParse parses input against a base and checks: it never panics;
// CanParse and Validate agree with ParseRef; the serialization parses to
// the same URL (the standard's idempotence); each setter leaves a URL
// whose serialization parses to it; and where CheckRedirect allows a
// target, net/url reads the allowed host too.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"http://example.com/a/../b?c#d", "HTTP://EX%41MPLE.com:80/", "file:///C:/x/../y",
		"sc:opaque ?x", "web+demo:/.//not-a-host/", "http://[::1]:8080/", "http://0x7f.1/", "https://münchen.de/",
		"//evil.com", "/\\evil.com", "https:evil.com", "\\\\x\\y", "a:\t//b@c:d@e/f", "foo://ho|st/", "?q", "#f",
		"http://a/b/c/d;p?q", "file://localhost/x", "non-spec:/..//p", "http://%30x7f.1"} {
		f.Add(s, "http://h/p/q?r#s", "pathname", "/x")
	}
	f.Fuzz(func(t *testing.T, input, base, setter, value string) {
		var b *URL
		if bu, err := Parse(base); err == nil {
			b = &bu
		}
		u, err := ParseRef(input, b)
		if CanParse(input, b) != (err == nil) {
			t.Fatalf("CanParse(%q) disagrees with ParseRef: %v", input, err)
		}
		errs := Validate(input, b)
		if (err != nil) != (len(errs) > 0 && errs[len(errs)-1].Fatal) {
			t.Fatalf("Validate(%q) = %v, ParseRef %v", input, errs, err)
		}
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("error %T", err)
			}
			return
		}
		v, err := Parse(u.Href())
		if err != nil || !same(&u, &v) {
			t.Fatalf("%q: %q parses to %q %v (%+v vs %+v)", input, u.Href(), v.Href(), err, u, v)
		}
		w := u
		set(&w, strings.ToLower(setter), value)
		x, err := Parse(w.Href())
		if err != nil || !same(&w, &x) {
			t.Fatalf("%q then %s(%q): %q parses to %q %v", input, setter, value, w.Href(), x.Href(), err)
		}
		if b != nil && b.IsSpecial() && (b.Scheme() == "http" || b.Scheme() == "https") && u.HostKind() != NoHost {
			host := u.Hostname()
			if CheckRedirect(input, b.Href(), host) == nil {
				nb, _ := url.Parse(b.Href())
				nt, err := url.Parse(input)
				if err != nil {
					t.Fatalf("CheckRedirect allowed %q, which net/url refuses: %v", input, err)
				}
				r := nb.ResolveReference(nt)
				if got := strings.ToLower(r.Hostname()); got != strings.Trim(host, "[]") && "["+got+"]" != host {
					// IPv6 compares as an address; the rest must be the same text.
					if u.HostKind() != IPv6 {
						t.Fatalf("CheckRedirect allowed %q: browser host %q, net/url %q", input, host, got)
					}
				}
			}
		}
	})
}
