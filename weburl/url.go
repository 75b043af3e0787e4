// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package weburl reads URLs as browsers read them: the URL Standard's
// basic URL parser (WHATWG, as of 2026), its serializer, and the URL API's
// getters and setters, in pure Go. Go's net/url follows RFC 3986 and reads
// many strings otherwise ("https:evil.com", "/\evil.com", tabs inside a
// scheme, "０x7f.1"); a check that reads a URL one way while the browser
// reads it another is how open redirects and SSRF filters fail.
// [CheckRedirect] refuses a redirect target unless both readings agree.
//
// A [URL] holds one string, its serialization, and the offsets of its
// components in it: every getter returns a substring, and a URL already
// in its canonical form is the input string itself. Hosts go through
// package idna (UTS #46, [idna.Lookup]); IPv4 addresses are read in every
// number form the standard reads, IPv6 addresses are written compressed.
//
// The parser is written state by state after the standard (§4.4). Input
// is read as UTF-8: a byte that is not part of a UTF-8 sequence reads as
// U+FFFD, as a browser's decoder reads it (a Go string cannot hold the
// lone surrogates a JavaScript string can). Queries are UTF-8 (the
// standard's encoding override is for documents in legacy encodings).
// Package percent keeps RFC 3986's rules (percent.NormalizeURL); this
// package is the browser's.
package weburl

import "strconv"

// A URL is a URL record of the URL Standard (§4.1), held as its
// serialization and the offsets of its components. The zero URL is not a
// valid URL; obtain one from [Parse] or [ParseRef]. A URL is a value:
// copies are independent, and its methods do not change it except the
// setters.
type URL struct {
	href string
	// Offsets into href. With a host:
	//	scheme ":" "//" username [":" password] "@" host [":" port] path ["?" query] ["#" fragment]
	//	       ^schemeEnd  ^userEnd                ^hostStart ^hostEnd ^pathStart ^queryStart ^fragStart
	// Without one, userEnd, hostStart and hostEnd are schemeEnd+1, and
	// "/." may stand before the path (§4.5's serializer, step 3).
	schemeEnd  int32 // the ":" after the scheme
	userEnd    int32 // the end of the username
	hostStart  int32
	hostEnd    int32
	pathStart  int32
	queryStart int32 // the "?", or -1 when the query is null
	fragStart  int32 // the "#", or -1 when the fragment is null
	port       int32 // -1 when null
	flags      uint8
}

// URL flags.
const (
	hasHost    = 1 << iota // the host is not null
	opaquePath             // the path is opaque (a URL such as "mailto:x")
	special                // the scheme is special (ftp, file, http, https, ws, wss)
	hostIPv4
	hostIPv6
	hostOpaque // an opaque host (non-special scheme)
)

// Href returns the serialization of u (§4.5).
func (u *URL) Href() string { return u.href }

// String returns the serialization of u, as [URL.Href].
func (u *URL) String() string { return u.href }

// Protocol returns the scheme and ":", as the API's protocol getter.
func (u *URL) Protocol() string { return u.href[:u.schemeEnd+1] }

// Scheme returns the scheme, lower case, without ":".
func (u *URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the username, percent-encoded as the parser wrote it.
func (u *URL) Username() string {
	if u.flags&hasHost == 0 {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the password, percent-encoded as the parser wrote it.
func (u *URL) Password() string {
	if u.hostStart > u.userEnd+1 {
		return u.href[u.userEnd+1 : u.hostStart-1]
	}
	return ""
}

// Host returns the host and, when there is one, ":" and the port.
func (u *URL) Host() string {
	if u.flags&hasHost == 0 {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the host, serialized (§3.6): a domain, "[" an IPv6
// address "]", an IPv4 address, an opaque host, or "" for none or an empty
// host.
func (u *URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when it is null (absent or the
// scheme's default).
func (u *URL) Port() string {
	if u.port < 0 {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port, or -1 when it is null.
func (u *URL) PortNumber() int { return int(u.port) }

// Pathname returns the path, serialized: each segment after a "/", or the
// opaque path as it stands.
func (u *URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// Search returns "?" and the query, or "" when the query is null or empty.
func (u *URL) Search() string {
	if u.queryStart < 0 || u.queryEnd() == int(u.queryStart)+1 {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// Query returns the query without "?" (as it stands, percent-encoded),
// and whether it is not null.
func (u *URL) Query() (string, bool) {
	if u.queryStart < 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Hash returns "#" and the fragment, or "" when it is null or empty.
func (u *URL) Hash() string {
	if u.fragStart < 0 || int(u.fragStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragStart:]
}

// Fragment returns the fragment without "#", and whether it is not null.
func (u *URL) Fragment() (string, bool) {
	if u.fragStart < 0 {
		return "", false
	}
	return u.href[u.fragStart+1:], true
}

// HasOpaquePath reports whether u's path is opaque: a URL such as
// "mailto:x" or "data:,x" whose scheme is not followed by "/".
func (u *URL) HasOpaquePath() bool { return u.flags&opaquePath != 0 }

// IsSpecial reports whether u's scheme is special (§4.2): ftp, file,
// http, https, ws or wss.
func (u *URL) IsSpecial() bool { return u.flags&special != 0 }

// HasHost reports whether u's host is not null (it may be empty, as in
// "file:///x").
func (u *URL) HasHost() bool { return u.flags&hasHost != 0 }

// A HostKind is what a URL's host is (§3.1).
type HostKind uint8

// The kinds of host.
const (
	NoHost     HostKind = iota // null
	Domain                     // a domain (ASCII after UTS #46), or empty
	IPv4                       // an IPv4 address
	IPv6                       // an IPv6 address, written in brackets
	OpaqueHost                 // an opaque host, for a non-special scheme
)

// HostKind returns what u's host is.
func (u *URL) HostKind() HostKind {
	switch {
	case u.flags&hasHost == 0:
		return NoHost
	case u.flags&hostIPv4 != 0:
		return IPv4
	case u.flags&hostIPv6 != 0:
		return IPv6
	case u.flags&hostOpaque != 0:
		return OpaqueHost
	}
	return Domain
}

func (u *URL) pathEnd() int {
	switch {
	case u.queryStart >= 0:
		return int(u.queryStart)
	case u.fragStart >= 0:
		return int(u.fragStart)
	}
	return len(u.href)
}

func (u *URL) queryEnd() int {
	if u.fragStart >= 0 {
		return int(u.fragStart)
	}
	return len(u.href)
}

// defaultPort returns the default port of a special scheme (§4.2), or -1.
func defaultPort(scheme string) int32 {
	switch scheme {
	case "http", "ws":
		return 80
	case "https", "wss":
		return 443
	case "ftp":
		return 21
	}
	return -1
}

func isSpecial(scheme string) bool {
	switch scheme {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// An Error is a validation error of the URL Standard: the one that failed
// a parse or a setter, or one that [Validate] reports.
type Error struct {
	// Offset is the byte of the input where the error was found.
	Offset int
	// Reason is the validation error's name in the standard (§4.3), such
	// as "missing-scheme-non-relative-URL" or "host-invalid-code-point".
	Reason string
	// Fatal reports whether the error failed the parse.
	Fatal bool
}

// Error returns the reason, described where it is one of CheckRedirect's,
// and the byte of the input.
func (e *Error) Error() string {
	s := "weburl: " + e.Reason
	if d := reasonText[e.Reason]; d != "" {
		s += " (" + d + ")"
	}
	s += " at byte " + strconv.Itoa(e.Offset)
	if !e.Fatal {
		s += " (the parse went on)"
	}
	return s
}

// reasonText describes CheckRedirect's reasons in an error's message.
var reasonText = map[string]string{
	"redirect-base-invalid":         "the base is not an absolute http or https URL",
	"redirect-target-invalid":       "a browser cannot read the target",
	"redirect-scheme":               "the target's scheme is not http or https",
	"redirect-userinfo":             "the target holds a username or password",
	"redirect-host":                 "the target's host is not allowed",
	"redirect-readers-disagree":     "net/url reads another scheme, host or port than a browser",
	"redirect-allowed-host-invalid": "an allowed host is not a host",
}
