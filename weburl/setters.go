// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

// The API's setters (§6.1): each runs the basic URL parser on its value
// with a state override, as the standard does, and writes the URL again
// from its components. A value that the standard ignores leaves the URL
// as it was, with a nil error; SetHref, which the standard makes throw,
// returns an [*Error]; the others return an *Error only to say why a value
// was ignored.

// record is a URL's components, as they stand in its serialization.
type record struct {
	scheme     string
	user, pass string
	hasHost    bool
	host       string
	hostKind   uint8
	port       int32
	path       string
	opaque     bool
	query      string
	hasQuery   bool
	frag       string
	hasFrag    bool
}

func (u *URL) record() record {
	r := record{
		scheme:   u.Scheme(),
		user:     u.Username(),
		pass:     u.Password(),
		hasHost:  u.flags&hasHost != 0,
		host:     u.Hostname(),
		hostKind: u.flags & (hostIPv4 | hostIPv6 | hostOpaque),
		port:     u.port,
		path:     u.Pathname(),
		opaque:   u.flags&opaquePath != 0,
	}
	r.query, r.hasQuery = u.Query()
	r.frag, r.hasFrag = u.Fragment()
	return r
}

// setPort sets the port, null where it is the scheme's default.
func (r *record) setPort(v int32) {
	r.port = v
	if v == defaultPort(r.scheme) {
		r.port = -1
	}
}

// build writes r as a URL.
func (r *record) build() URL {
	var b builder
	buf := getBuf()
	defer func() { putBuf(buf, b.buf) }()
	b.reset(*buf)
	b.scheme(r.scheme)
	if r.hasHost {
		b.startAuthority()
		b.buf = append(b.buf, r.user...)
		b.u.userEnd = int32(len(b.buf))
		if r.pass != "" {
			b.buf = append(b.buf, ':')
			b.buf = append(b.buf, r.pass...)
		}
		if r.user != "" || r.pass != "" {
			b.buf = append(b.buf, '@')
		}
		b.u.hostStart = int32(len(b.buf))
		b.buf = append(b.buf, r.host...)
		b.hostDone(r.hostKind)
		b.setPort(r.port)
	}
	b.startPath()
	b.buf = append(b.buf, r.path...)
	if r.opaque {
		b.u.flags |= opaquePath
		b.pathDone = true
	}
	if r.hasQuery {
		b.startQuery()
		b.buf = append(b.buf, r.query...)
	}
	if r.hasFrag {
		b.startFragment()
		b.buf = append(b.buf, r.frag...)
	}
	return b.done("")
}

// stripTabs removes ASCII tab and newline from s (§4.4 step 3, which the
// parser applies with a state override too).
func stripTabs(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' {
			b := make([]byte, 0, len(s))
			for j := 0; j < len(s); j++ {
				if c := s[j]; c != '\t' && c != '\n' && c != '\r' {
					b = append(b, c)
				}
			}
			return string(b)
		}
	}
	return s
}

// cannotHaveCredentials is the standard's "cannot have a
// username/password/port": a null or empty host, or the file scheme.
func (u *URL) cannotHaveCredentials() bool {
	return u.flags&hasHost == 0 || u.hostEnd == u.hostStart || u.Scheme() == "file"
}

// componentParser readies p on s, its builder holding u's scheme, to run
// one state of the standard with an override.
func (u *URL) componentParser(p *parser, s string) {
	p.in, p.orig = s, s
	p.b.reset(nil)
	p.b.scheme(u.Scheme())
}

// SetHref parses s as an absolute URL and, when it parses, makes u that
// URL (the href setter). On failure u is unchanged and the error is the
// parse's.
func (u *URL) SetHref(s string) error {
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// SetProtocol sets the scheme from s, which may end with ":" and anything
// after it (the protocol setter). A special scheme is not exchanged for
// one that is not, or the reverse; "file" is refused while u has
// credentials or a port, and u's scheme is kept when it is "file" and the
// host is empty. A port that is the new scheme's default becomes null.
func (u *URL) SetProtocol(s string) error {
	s = stripTabs(s) + ":"
	n := schemeLen(s)
	if n <= 0 {
		return &Error{Offset: 0, Reason: "scheme-invalid"}
	}
	b := make([]byte, n)
	for i := range b {
		b[i] = lower(s[i])
	}
	scheme := string(b)
	switch {
	case u.IsSpecial() != isSpecial(scheme):
		return &Error{Offset: 0, Reason: "scheme-special-change"}
	case (u.Username() != "" || u.Password() != "" || u.port >= 0) && scheme == "file":
		return &Error{Offset: 0, Reason: "scheme-file-with-credentials"}
	case u.Scheme() == "file" && u.hostEnd == u.hostStart:
		return &Error{Offset: 0, Reason: "scheme-file-empty-host"}
	}
	r := u.record()
	r.scheme = scheme
	r.setPort(r.port)
	*u = r.build()
	return nil
}

// SetUsername sets the username, percent-encoded with the userinfo
// percent-encode set, unless u cannot have one (a null or empty host, or
// the file scheme).
func (u *URL) SetUsername(s string) error { return u.setUserinfo(s, false) }

// SetPassword sets the password, as [URL.SetUsername] sets the username.
func (u *URL) SetPassword(s string) error { return u.setUserinfo(s, true) }

func (u *URL) setUserinfo(s string, password bool) error {
	if u.cannotHaveCredentials() {
		return &Error{Reason: "cannot-have-credentials"}
	}
	r := u.record()
	enc := string(appendEncoded(nil, s, encUserinfo))
	if password {
		r.pass = enc
	} else {
		r.user = enc
	}
	*u = r.build()
	return nil
}

// SetHost sets the host and, after a ":", the port (the host setter); a
// URL with an opaque path is unchanged.
func (u *URL) SetHost(s string) error { return u.setHost(s, false) }

// SetHostname sets the host (the hostname setter): a ":" fails it.
func (u *URL) SetHostname(s string) error { return u.setHost(s, true) }

func (u *URL) setHost(s string, hostnameOnly bool) error {
	if u.flags&opaquePath != 0 {
		return &Error{Reason: "opaque-path"}
	}
	var p parser
	u.componentParser(&p, stripTabs(s))
	r := u.record()
	in := p.in
	if u.Scheme() == "file" {
		// file host state, with the override
		end := 0
		for end < len(in) && in[end] != '/' && in[end] != '\\' && in[end] != '?' && in[end] != '#' {
			end++
		}
		raw := in[:end]
		if raw != "" {
			p.b.startAuthority()
			if !p.host(raw, 0) {
				return p.fatal
			}
			h := string(p.b.buf[p.b.u.hostStart:])
			if h == "localhost" {
				h = ""
			}
			r.host, r.hostKind = h, p.b.u.flags&(hostIPv4|hostIPv6|hostOpaque)
		} else {
			r.host, r.hostKind = "", 0
		}
		r.hasHost = true
		*u = r.build()
		return nil
	}
	// host state, with the override
	end := 0
	inside := false
	colon := -1
	for ; end < len(in); end++ {
		c := in[end]
		if c == ':' && !inside {
			colon = end
			break
		}
		if c == '/' || c == '?' || c == '#' || c == '\\' && u.IsSpecial() {
			break
		}
		if c == '[' {
			inside = true
		} else if c == ']' {
			inside = false
		}
	}
	raw := in[:end]
	if colon >= 0 {
		if raw == "" {
			return &Error{Offset: colon, Reason: "host-missing"}
		}
		if hostnameOnly {
			return &Error{Offset: colon, Reason: "host-invalid-code-point"}
		}
	} else if raw == "" {
		if u.IsSpecial() {
			return &Error{Offset: 0, Reason: "host-missing"}
		}
		if u.Username() != "" || u.Password() != "" || u.port >= 0 {
			return &Error{Offset: 0, Reason: "host-missing"}
		}
	}
	p.b.startAuthority()
	if !p.host(raw, 0) {
		return p.fatal
	}
	r.hasHost = true
	r.host, r.hostKind = string(p.b.buf[p.b.u.hostStart:]), p.b.u.flags&(hostIPv4|hostIPv6|hostOpaque)
	var err error
	if colon >= 0 {
		// port state, with the override: the digits up to anything else
		v, n := readPort(in[colon+1:])
		switch {
		case n == 0:
			err = &Error{Offset: colon + 1, Reason: "port-invalid"} // the host is set, as the standard's parser leaves it
		case v > 65535:
			err = &Error{Offset: colon + 1, Reason: "port-out-of-range"}
		default:
			r.setPort(int32(v))
		}
	}
	*u = r.build()
	return err
}

// SetPort sets the port from the digits s starts with (the port setter);
// "" makes it null. A URL that cannot have a port is unchanged.
func (u *URL) SetPort(s string) error {
	if u.cannotHaveCredentials() {
		return &Error{Reason: "cannot-have-credentials"}
	}
	r := u.record()
	if s == "" {
		r.port = -1
		*u = r.build()
		return nil
	}
	in := stripTabs(s)
	v, n := readPort(in)
	switch {
	case n == 0:
		return &Error{Offset: 0, Reason: "port-invalid"}
	case v > 65535:
		return &Error{Offset: 0, Reason: "port-out-of-range"}
	}
	r.setPort(int32(v))
	*u = r.build()
	return nil
}

// SetPathname sets the path (the pathname setter): parsed from the path
// start state with the override, so that "?" and "#" are part of it. A
// URL with an opaque path is unchanged.
func (u *URL) SetPathname(s string) error {
	if u.flags&opaquePath != 0 {
		return &Error{Reason: "opaque-path"}
	}
	var p parser
	u.componentParser(&p, stripTabs(s))
	b := &p.b
	b.startPath()
	in := p.in
	c := -1
	if in != "" {
		c = int(in[0])
	}
	switch {
	case u.IsSpecial():
		i := 0
		if c == '/' || c == '\\' {
			i = 1
		}
		p.path(i, true)
	case c == '/':
		p.path(1, true)
	case c >= 0:
		p.path(0, true)
	case u.flags&hasHost == 0:
		b.buf = append(b.buf, '/') // an empty segment
	}
	r := u.record()
	r.path = string(b.buf[b.u.pathStart:])
	*u = r.build()
	return nil
}

// SetSearch sets the query from s, less a leading "?" (the search setter);
// "" makes it null.
func (u *URL) SetSearch(s string) error {
	set := uint16(encQuery)
	if u.IsSpecial() {
		set = encSpecialQ
	}
	r := u.record()
	r.query, r.hasQuery = tail(s, '?', set)
	*u = r.build()
	return nil
}

// SetHash sets the fragment from s, less a leading "#" (the hash setter);
// "" makes it null.
func (u *URL) SetHash(s string) error {
	r := u.record()
	r.frag, r.hasFrag = tail(s, '#', encFragment)
	*u = r.build()
	return nil
}

// tail is the query or fragment that the search or hash setter makes of
// s: null for "", else s less a leading lead, without tabs and newlines,
// percent-encoded with set (the query and fragment states, with the
// override).
func tail(s string, lead byte, set uint16) (string, bool) {
	if s == "" {
		return "", false
	}
	if s[0] == lead {
		s = s[1:]
	}
	return string(appendEncoded(nil, stripTabs(s), set)), true
}
