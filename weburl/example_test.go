// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl_test

import (
	"fmt"
	"net/url"

	"github.com/urlcodec/percent/weburl"
)

func ExampleParse() {
	u, err := weburl.Parse("HTTPS://EXAMPLE.com:443/a/./b/../c?q=a b#frag")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Host(), u.Pathname(), u.Search(), u.Hash())
	// Output:
	// https://example.com/a/c?q=a%20b#frag
	// example.com /a/c ?q=a%20b #frag
}

func ExampleParseRef() {
	base, _ := weburl.Parse("https://example.com/docs/guide/intro.html")
	for _, ref := range []string{"../api", "//cdn.example.com/x.js", "?page=2", `\\evil.com`} {
		u, _ := weburl.ParseRef(ref, &base)
		fmt.Println(u.Href())
	}
	// Output:
	// https://example.com/docs/api
	// https://cdn.example.com/x.js
	// https://example.com/docs/guide/intro.html?page=2
	// https://evil.com/
}

// A browser and net/url read the same string as two different URLs.
func Example_readersDisagree() {
	const s = "http://0x7f.1/admin"
	u, _ := weburl.Parse(s)
	n, _ := url.Parse(s)
	fmt.Println("browser:", u.Hostname())
	fmt.Println("net/url:", n.Hostname())
	// Output:
	// browser: 127.0.0.1
	// net/url: 0x7f.1
}

func ExampleCheckRedirect() {
	for _, target := range []string{"/account", `/\evil.com`, "https:evil.com", "//evil.com@good.com", "java\nscript:alert(1)"} {
		fmt.Printf("%q: %v\n", target, weburl.CheckRedirect(target, "https://good.com/login", "good.com"))
	}
	// Output:
	// "/account": <nil>
	// "/\\evil.com": weburl: redirect-host (the target's host is not allowed) at byte 0
	// "https:evil.com": weburl: redirect-readers-disagree (net/url reads another scheme, host or port than a browser) at byte 0
	// "//evil.com@good.com": weburl: redirect-userinfo (the target holds a username or password) at byte 0
	// "java\nscript:alert(1)": weburl: redirect-scheme (the target's scheme is not http or https) at byte 0
}

func ExampleURL_SetHost() {
	u, _ := weburl.Parse("https://example.com/path?q")
	u.SetHost("münchen.de:8443")
	fmt.Println(u.Href())
	u.SetPathname("/a b")
	u.SetSearch("")
	fmt.Println(u.Href())
	// Output:
	// https://xn--mnchen-3ya.de:8443/path?q
	// https://xn--mnchen-3ya.de:8443/a%20b
}

func ExampleValidate() {
	for _, e := range weburl.Validate("https:\\\\user@example.com/a b", nil) {
		fmt.Println(e.Reason, e.Offset)
	}
	// Output:
	// special-scheme-missing-following-solidus 6
	// special-scheme-missing-following-solidus 6
	// special-scheme-missing-following-solidus 7
	// invalid-credentials 12
	// invalid-URL-unit 26
}
