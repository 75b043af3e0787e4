// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"errors"
	"net/url"
	"testing"
)

func redirectReason(err error) string {
	var e *Error
	if err == nil {
		return ""
	}
	if !errors.As(err, &e) {
		return "not an *Error"
	}
	return e.Reason
}

// TestCheckRedirectBypasses holds CheckRedirect to the published open
// redirect bypasses, each against https://good.com/login with good.com
// allowed: each is refused, with the reason that names what the browser
// or net/url reads.
func TestCheckRedirectBypasses(t *testing.T) {
	const base = "https://good.com/login"
	for _, c := range []struct{ target, reason string }{
		{`/\evil.com`, RedirectHost},                       // a browser reads //evil.com
		{`\/evil.com`, RedirectHost},                       // the same, slashes the other way
		{`\\evil.com`, RedirectHost},                       //
		{`/\/evil.com`, RedirectHost},                      //
		{`https:evil.com`, RedirectDisagree},               // browser: a path on good.com; net/url: an opaque URL
		{`https:/evil.com`, RedirectDisagree},              // browser: /evil.com on good.com; net/url: no host
		{`https:\\evil.com`, RedirectHost},                 //
		{`//evil.com@good.com`, RedirectUserinfo},          // userinfo evil.com on good.com
		{`https://good.com@evil.com`, RedirectUserinfo},    // host evil.com, userinfo good.com
		{`https://good.com\@evil.com`, RedirectDisagree},   // browser: good.com, path /@evil.com; net/url: host evil.com
		{`https://good.com%5C@evil.com`, RedirectUserinfo}, //
		{"ht\ttps://evil.com", RedirectHost},               // a tab inside the scheme
		{"https://evil\n.com", RedirectHost},               // a newline inside the host
		{"https://go\tod.com/", RedirectDisagree},          // browser: good.com; net/url: a control character
		{"//evil。com", RedirectHost},                       // the ideographic full stop reads as "."
		{"//evil．com", RedirectHost},                       //
		{"https://０x7f.1/", RedirectHost},                  // 127.0.0.1 to a browser
		{"http://0x7f.1/", RedirectHost},                   //
		{"http://[::ffff:7f00:1]/", RedirectHost},          // 127.0.0.1 in IPv6
		{"java\nscript:alert(1)", RedirectScheme},          // a newline inside the scheme
		{"javascript:alert(1)", RedirectScheme},            //
		{" javascript:alert(1)", RedirectScheme},           // a leading space is trimmed
		{"\x01javascript:alert(1)", RedirectScheme},        // so is a leading control
		{"data:text/html,<script>", RedirectScheme},        //
		{"//evil.com", RedirectHost},                       //
		{"///evil.com", RedirectHost},                      // special: slashes are skipped
		{"https:///evil.com", RedirectHost},                //
		{"https://evil.com#@good.com", RedirectHost},       //
		{"https://evil.com?@good.com", RedirectHost},       //
		{"https://good.com.evil.com/", RedirectHost},       //
		{"https://evil.com\\.good.com/", RedirectHost},     // "\" ends the host
		{"https://good.com:8443/", ""},                     // an allowed host, another port: allowed (no port given)
		{"https://user:pass@good.com/", RedirectUserinfo},  //
		{"https://:@good.com/", ""},                        // empty userinfo is no userinfo
		{"ftp://good.com/", RedirectScheme},                //
		{"http://GOOD.COM/x", ""},                          // case does not matter
		{"/account", ""},                                   //
		{"account?next=//evil.com", ""},                    // a path on good.com
		{"https://good.com/%2F%2Fevil.com", ""},            //
		{"https://good.com%2F@evil.com", RedirectUserinfo}, //
		{"http://good.com:80@evil.com/", RedirectUserinfo}, //
		{"https://xn--gd-ija.com/", RedirectHost},          // another host
		{"https://good.com\u3002/", RedirectHost},          // browser: good.com. (another host)
		{"https://[::1]/", RedirectHost},                   //
		{"https://good.com:65536/", RedirectInvalid},       // no browser reads the port
	} {
		err := CheckRedirect(c.target, base, "good.com")
		if got := redirectReason(err); got != c.reason {
			u, _ := ParseRef(c.target, mustParse(t, base))
			nb, _ := url.Parse(base)
			nt, nerr := url.Parse(c.target)
			nr := ""
			if nerr == nil {
				nr = nb.ResolveReference(nt).String()
			}
			t.Errorf("%+q: %v (%q), want %q; browser %q, net/url %q %v", c.target, err, got, c.reason, u.Href(), nr, nerr)
		}
	}
}

func mustParse(t *testing.T, s string) *URL {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return &u
}

// TestCheckRedirectOrigin: without hosts, the base's origin (scheme, host
// and port) is the one allowed.
func TestCheckRedirectOrigin(t *testing.T) {
	const base = "https://good.com:8443/a/b"
	for _, c := range []struct{ target, reason string }{
		{"c", ""},
		{"/x?y#z", ""},
		{"https://good.com:8443/", ""},
		{"https://good.com/", RedirectHost},
		{"http://good.com:8443/", RedirectHost},
		{"//good.com:8443/x", ""},
		{"//good.com/x", RedirectHost},
	} {
		if got := redirectReason(CheckRedirect(c.target, base)); got != c.reason {
			t.Errorf("%q: %q, want %q", c.target, got, c.reason)
		}
	}
	if got := redirectReason(CheckRedirect("/x", "not a url")); got != RedirectBase {
		t.Errorf("bad base: %q", got)
	}
}

// TestCheckRedirectHosts: allowed hosts are read as hosts, with a port
// where one is given.
func TestCheckRedirectHosts(t *testing.T) {
	for _, c := range []struct {
		target string
		hosts  []string
		reason string
	}{
		{"https://xn--bcher-kva.example/", []string{"Bücher.example"}, ""},
		{"https://bücher.example/", []string{"bücher.example"}, RedirectDisagree}, // net/url keeps the Unicode host
		{"https://a.example:444/", []string{"a.example:443"}, RedirectHost},
		{"https://a.example/", []string{"a.example:443"}, ""},
		{"http://a.example/", []string{"a.example:443"}, RedirectHost},
		{"http://a.example/", []string{"a.example:80"}, ""},
		{"https://[0:0::1]:8443/", []string{"[::1]:8443"}, ""},
		{"https://127.0.0.1/", []string{"127.0.0.1"}, ""},
		{"https://2130706433/", []string{"127.0.0.1"}, RedirectDisagree},
		{"https://b.example/", []string{"a.example", "b.example"}, ""},
		{"https://b.example/", []string{"a.example/x"}, RedirectHostEntry},
	} {
		if got := redirectReason(CheckRedirect(c.target, "https://a.example/", c.hosts...)); got != c.reason {
			t.Errorf("%q with %q: %q, want %q", c.target, c.hosts, got, c.reason)
		}
	}
}
