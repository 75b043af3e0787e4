// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// The reasons of CheckRedirect's errors.
const (
	RedirectBase      = "redirect-base-invalid"     // base is not an absolute URL
	RedirectInvalid   = "redirect-target-invalid"   // the browser cannot read the target
	RedirectScheme    = "redirect-scheme"           // not http or https
	RedirectUserinfo  = "redirect-userinfo"         // a username or password
	RedirectHost      = "redirect-host"             // a host that is not allowed
	RedirectDisagree  = "redirect-readers-disagree" // net/url reads another scheme, host or port
	RedirectHostEntry = "redirect-allowed-host-invalid"
)

// CheckRedirect reports whether a client may be sent to target, a
// redirect destination as the client gave it (a "next" or "return_to"
// parameter), resolved against base, the URL of the page that redirects.
// It returns nil only when target, read as a browser reads it (the URL
// Standard, [ParseRef]), has the scheme http or https, no username or
// password, and a host among hosts (none given: base's origin, scheme,
// host and port), and when net/url, reading the same target against the
// same base, finds the same scheme, host and port. Otherwise it returns
// an [*Error] whose Reason says which: RedirectScheme, RedirectUserinfo,
// RedirectHost, RedirectDisagree, or RedirectInvalid.
//
// The second reading is what makes the check hold in a Go server: a
// target that net/url and a browser read differently ("https:evil.com",
// "https://good.com\@evil.com", "http://0x7f.1/") is refused even when the
// browser's reading alone would pass, since the code that logs, proxies
// or re-checks the URL reads it with net/url. Each entry of hosts is read
// as the host of an https URL (so "Bücher.example" allows
// "xn--bcher-kva.example", and "[::1]" an IPv6 address); it may end with
// ":" and a port, which must then match too.
func CheckRedirect(target, base string, hosts ...string) error {
	b, err := Parse(base)
	if err != nil || (b.Scheme() != "http" && b.Scheme() != "https") {
		return &Error{Reason: RedirectBase, Fatal: true}
	}
	u, err := ParseRef(target, &b)
	if err != nil {
		e := err.(*Error)
		return &Error{Offset: e.Offset, Reason: RedirectInvalid, Fatal: true}
	}
	if s := u.Scheme(); s != "http" && s != "https" {
		return &Error{Reason: RedirectScheme, Fatal: true}
	}
	if u.Username() != "" || u.Password() != "" {
		return &Error{Reason: RedirectUserinfo, Fatal: true}
	}
	if len(hosts) == 0 {
		if u.Origin() != b.Origin() {
			return &Error{Reason: RedirectHost, Fatal: true}
		}
	} else {
		ok := false
		for _, h := range hosts {
			a, err := Parse("https://" + h)
			if err != nil || a.Pathname() != "/" || a.Username() != "" || a.Password() != "" {
				return &Error{Reason: RedirectHostEntry, Fatal: true}
			}
			hasPort := strings.LastIndexByte(h, ':') > strings.LastIndexByte(h, ']')
			if a.Hostname() == u.Hostname() && (!hasPort || portOf(&a) == portOf(&u)) {
				ok = true
				break
			}
		}
		if !ok {
			return &Error{Reason: RedirectHost, Fatal: true}
		}
	}
	if !netURLAgrees(&u, target, base) {
		return &Error{Reason: RedirectDisagree, Fatal: true}
	}
	return nil
}

// portOf returns u's port, or its scheme's default.
func portOf(u *URL) int {
	if u.port >= 0 {
		return int(u.port)
	}
	return int(defaultPort(u.Scheme()))
}

// netURLAgrees reports whether net/url, resolving target against base,
// reads u's scheme, host and port.
func netURLAgrees(u *URL, target, base string) bool {
	nb, err := url.Parse(base)
	if err != nil {
		return false
	}
	nt, err := url.Parse(target)
	if err != nil {
		return false
	}
	r := nb.ResolveReference(nt)
	if strings.ToLower(r.Scheme) != u.Scheme() || r.Opaque != "" {
		return false
	}
	port := portOf(u)
	if p := r.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n != port {
			return false
		}
	} else if strings.HasSuffix(r.Host, ":") || int(defaultPort(u.Scheme())) != port {
		return false
	}
	h := r.Hostname()
	switch u.HostKind() {
	case IPv6:
		a, err := netip.ParseAddr(h)
		b, err2 := netip.ParseAddr(strings.Trim(u.Hostname(), "[]"))
		return err == nil && err2 == nil && a == b && a.Zone() == "" && strings.HasPrefix(r.Host, "[")
	case IPv4:
		// net/url reads an IPv4 address as text: it agrees only on the
		// dotted decimal form the browser writes.
		return h == u.Hostname()
	}
	return strings.ToLower(h) == u.Hostname()
}
