// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"math"
	"sort"
	"strings"
	"sync"
)

// Parse parses input as an absolute URL with the URL Standard's basic URL
// parser (§4.4) and no base. A failure is an [*Error]: the validation
// error that failed it and the byte of input where it was found.
func Parse(input string) (URL, error) {
	return ParseRef(input, nil)
}

// ParseRef parses input against base, as the URL constructor does with a
// base URL (§4.4): a relative reference such as "../a?b" resolves against
// it. A nil base is [Parse].
func ParseRef(input string, base *URL) (URL, error) {
	var p parser
	p.base = base // set here, not through a pointer, so that base does not escape
	buf := getBuf()
	p.init(input, nil, *buf)
	p.run()
	var u URL
	if p.fatal == nil {
		u = p.b.done(input)
	}
	putBuf(buf, p.b.buf)
	if p.fatal != nil {
		return URL{}, p.fatal
	}
	return u, nil
}

// CanParse reports whether input parses against base (nil: no base), as
// the API's URL.canParse does.
func CanParse(input string, base *URL) bool {
	var p parser
	p.base = base
	buf := getBuf()
	p.init(input, nil, *buf)
	p.run()
	putBuf(buf, p.b.buf)
	return p.fatal == nil
}

// Validate parses input against base (nil: no base) and returns every
// validation error the URL Standard names on the way, in order, each with
// the byte of input where it was found; when the parse failed, the last
// is the one that failed it. A valid URL string has none.
func Validate(input string, base *URL) []*Error {
	var errs []*Error
	var p parser
	p.base = base
	p.init(input, func(e *Error) { errs = append(errs, e) }, nil)
	p.run()
	if p.fatal != nil {
		errs = append(errs, p.fatal)
	}
	return errs
}

// MarshalText returns the serialization of u.
func (u *URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText parses b as an absolute URL, as [Parse] does.
func (u *URL) UnmarshalText(b []byte) error {
	v, err := Parse(string(b))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// bufs holds the builders' buffers between parses: a parse writes into
// one, and copies it into a string only when the URL is not its input.
var bufs = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

func getBuf() *[]byte { return bufs.Get().(*[]byte) }

// putBuf returns p to the pool with b, the buffer it grew to, unless b
// grew past 64 KiB.
func putBuf(p *[]byte, b []byte) {
	if cap(b) <= 64<<10 {
		*p = b[:0]
		bufs.Put(p)
	}
}

// The longest input the parser takes: offsets are 32-bit.
const maxInput = math.MaxInt32 / 4

// parser is the basic URL parser's state (§4.4): the input, its base, the
// builder the URL is written into, and the failure.
type parser struct {
	orig  string // the input as given
	in    string // after the C0 control or space trim and the tab and newline removal
	lead  int    // bytes trimmed from the start of orig
	clean bool   // tabs or newlines were removed
	gone  []int  // then, where each was in orig, for Validate's offsets
	base  *URL
	b     builder
	warnf func(*Error) // receives the validation errors that do not fail, or nil
	fatal *Error
}

// init trims input (§4.4 steps 1 to 3) and readies the builder, whose
// first buffer is buf.
func (p *parser) init(input string, warn func(*Error), buf []byte) {
	p.orig, p.warnf = input, warn
	p.b.reset(buf)
	if len(input) > maxInput {
		p.fatal = &Error{Offset: maxInput, Reason: "input-too-long", Fatal: true}
		return
	}
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	if (start > 0 || end < len(input)) && warn != nil {
		p.warn("invalid-URL-unit", 0)
	}
	p.lead = start
	s := input[start:end]
	// Most inputs hold no tab or newline: three vector searches find that
	// faster than a byte loop.
	if strings.IndexByte(s, '\t') < 0 && strings.IndexByte(s, '\n') < 0 && strings.IndexByte(s, '\r') < 0 {
		p.in = s
		return
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' {
			p.clean = true
			b := make([]byte, 0, len(s))
			for j := 0; j < len(s); j++ {
				if c := s[j]; c != '\t' && c != '\n' && c != '\r' {
					b = append(b, c)
				} else if warn != nil {
					p.gone = append(p.gone, start+j)
				}
			}
			if warn != nil {
				p.warnAt("invalid-URL-unit", start+i)
			}
			s = string(b)
			break
		}
	}
	p.in = s
}

// origin returns the byte of the input as given that i, an offset into
// p.in, stands for.
func (p *parser) origin(i int) int {
	j := p.lead + i
	if !p.clean {
		return j
	}
	// The bytes removed before the one i stands for: the first k such
	// that the k-th removed byte comes after it.
	k := sort.Search(len(p.gone), func(k int) bool { return p.gone[k]-k > j })
	return j + k
}

// warn reports a validation error that does not fail the parse, at i in
// p.in.
func (p *parser) warn(reason string, i int) {
	if p.warnf != nil {
		p.warnf(&Error{Offset: p.origin(i), Reason: reason})
	}
}

// warnAt reports a validation error at byte i of the input as given.
func (p *parser) warnAt(reason string, i int) {
	if p.warnf != nil {
		p.warnf(&Error{Offset: i, Reason: reason})
	}
}

// fail records the validation error that fails the parse, at i in p.in.
func (p *parser) fail(reason string, i int) {
	if p.fatal == nil {
		p.fatal = &Error{Offset: p.origin(i), Reason: reason, Fatal: true}
	}
}

// hostWarn returns the host parser's reporter for a host that starts at
// i, or nil.
func (p *parser) hostWarn(i int) func(string, int) {
	if p.warnf == nil {
		return nil
	}
	return func(reason string, at int) { p.warn(reason, i+at) }
}

// at returns the byte at i, or -1 past the end (the standard's EOF code
// point).
func (p *parser) at(i int) int {
	if i < len(p.in) {
		return int(p.in[i])
	}
	return -1
}

// schemeLen returns the length of the scheme that s starts with, when an
// ASCII letter and letters, digits, "+", "-" and "." end at a ":" (the
// scheme start and scheme states), or -1.
func schemeLen(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return -1
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return i
		case isAlpha(c) || isDigit(c) || c == '+' || c == '-' || c == '.':
		default:
			return -1
		}
	}
	return -1
}

// run is the basic URL parser from the scheme start state.
func (p *parser) run() {
	if p.fatal != nil {
		return
	}
	s := p.in
	if n := schemeLen(s); n > 0 {
		b := &p.b
		for i := 0; i < n; i++ {
			b.buf = append(b.buf, lower(s[i]))
		}
		scheme := s[:n]
		if string(b.buf) != scheme {
			scheme = string(b.buf) // upper case in the input
		}
		b.schemeDone(scheme)
		i := n + 1
		switch {
		case b.file:
			if p.at(i) != '/' || p.at(i+1) != '/' {
				p.warn("special-scheme-missing-following-solidus", i)
			}
			p.file(i)
		case b.special() && p.base != nil && p.base.Scheme() == scheme:
			// special relative or authority state
			if p.at(i) == '/' && p.at(i+1) == '/' {
				p.ignoreSlashes(i + 2)
			} else {
				p.warn("special-scheme-missing-following-solidus", i)
				p.relative(i)
			}
		case b.special():
			// special authority slashes state
			if p.at(i) == '/' && p.at(i+1) == '/' {
				i += 2
			} else {
				p.warn("special-scheme-missing-following-solidus", i)
			}
			p.ignoreSlashes(i)
		case p.at(i) == '/':
			// path or authority state
			if p.at(i+1) == '/' {
				p.authority(i + 2)
			} else {
				b.startPath()
				p.path(i+1, false)
			}
		default:
			p.opaquePath(i)
		}
		return
	}
	// no scheme state
	base := p.base
	c := p.at(0)
	switch {
	case base == nil || base.flags&opaquePath != 0 && c != '#':
		p.fail("missing-scheme-non-relative-URL", 0)
	case base.flags&opaquePath != 0:
		p.b.scheme(base.Scheme())
		p.b.u.flags |= opaquePath
		p.b.startPath()
		p.b.buf = append(p.b.buf, base.href[base.pathStart:base.queryEnd()]...)
		if base.queryStart >= 0 {
			p.b.u.queryStart = base.queryStart - base.pathStart + p.b.u.pathStart
		}
		p.b.pathDone = true
		p.fragment(1)
	case base.Scheme() == "file":
		p.b.scheme("file")
		p.file(0)
	default:
		p.b.scheme(base.Scheme())
		p.relative(0)
	}
}

// ignoreSlashes is the special authority ignore slashes state.
func (p *parser) ignoreSlashes(i int) {
	for c := p.at(i); c == '/' || c == '\\'; c = p.at(i) {
		p.warn("special-scheme-missing-following-solidus", i)
		i++
	}
	p.authority(i)
}

// relative is the relative state: the scheme written is base's.
func (p *parser) relative(i int) {
	b := &p.b
	switch c := p.at(i); {
	case c == '/':
		p.relativeSlash(i + 1)
	case c == '\\' && b.special():
		p.warn("invalid-reverse-solidus", i)
		p.relativeSlash(i + 1)
	default:
		p.fromBase(i, c, b.shorten)
	}
}

// fromBase writes base's userinfo, host, port and path, then reads on at
// i, where c stands, as the relative and file states do: a query, base's
// query and a fragment, base's query at the end; any other code point
// shortens the path (other's work) and starts the path state.
func (p *parser) fromBase(i, c int, other func()) {
	b, base := &p.b, p.base
	b.copyAuthority(base)
	b.startPath()
	b.copyPath(base)
	switch c {
	case '?':
		p.query(i + 1)
	case '#':
		p.copyQuery(base)
		p.fragment(i + 1)
	case -1:
		p.copyQuery(base)
	default:
		other()
		p.path(i, false)
	}
}

// slash reports whether "/" or "\\" stands at i, the latter a validation
// error.
func (p *parser) slash(i int) bool {
	c := p.at(i)
	if c == '\\' {
		p.warn("invalid-reverse-solidus", i)
	}
	return c == '/' || c == '\\'
}

// copyQuery writes base's query, if it is not null.
func (p *parser) copyQuery(base *URL) {
	if base.queryStart < 0 {
		return
	}
	p.b.startQuery()
	p.b.buf = append(p.b.buf, base.href[base.queryStart+1:base.queryEnd()]...)
}

// relativeSlash is the relative slash state.
func (p *parser) relativeSlash(i int) {
	b := &p.b
	c := p.at(i)
	switch {
	case b.special() && (c == '/' || c == '\\'):
		if c == '\\' {
			p.warn("invalid-reverse-solidus", i)
		}
		p.ignoreSlashes(i + 1)
	case c == '/':
		p.authority(i + 1)
	default:
		b.copyAuthority(p.base)
		b.startPath()
		p.path(i, false)
	}
}

// authorityEnd returns where the authority that starts at i ends: at the
// first "/", "?" or "#", or "\" for a special scheme, or the end.
func (p *parser) authorityEnd(i int) int {
	s := p.in
	sp := p.b.special()
	for ; i < len(s); i++ {
		switch s[i] {
		case '/', '?', '#':
			return i
		case '\\':
			if sp {
				return i
			}
		}
	}
	return i
}

// authority is the authority state, then the host and port states.
func (p *parser) authority(i int) {
	s, b := p.in, &p.b
	end := p.authorityEnd(i)
	b.startAuthority()
	host := i
	for j := end - 1; j >= i; j-- {
		if s[j] == '@' {
			host = j + 1
			break
		}
	}
	if host > i {
		// The userinfo: every "@" but the last is its own, and the first ":"
		// ends the username.
		if p.warnf != nil {
			for j := i; j < host; j++ {
				if s[j] == '@' {
					p.warn("invalid-credentials", j)
				}
			}
		}
		if host == end {
			p.fail("host-missing", end)
			return
		}
		info := s[i : host-1]
		user, pass := info, ""
		for j := 0; j < len(info); j++ {
			if info[j] == ':' {
				user, pass = info[:j], info[j+1:]
				break
			}
		}
		b.userinfo(user, pass)
	}
	p.hostPort(host, end, false)
	if p.fatal == nil {
		p.pathStart(end)
	}
}

// hostPort is the host state on in[i:end], then the port state after a
// ":" outside brackets; hostnameOnly (the hostname setter) fails at one.
func (p *parser) hostPort(i, end int, hostnameOnly bool) {
	s, b := p.in, &p.b
	colon := end
	inside := false
	for j := i; j < end; j++ {
		switch s[j] {
		case ':':
			if !inside {
				colon = j
				j = end
			}
		case '[':
			inside = true
		case ']':
			inside = false
		}
	}
	raw := s[i:colon]
	if colon < end {
		if raw == "" {
			p.fail("host-missing", colon)
			return
		}
		if hostnameOnly {
			p.fail("host-invalid-code-point", colon)
			return
		}
	} else if raw == "" && b.special() {
		p.fail("host-missing", i)
		return
	}
	if !p.host(raw, i) {
		return
	}
	if colon < end {
		p.port(colon+1, end)
	}
}

// host runs the host parser on raw, which starts at i, and writes the
// host; it reports whether it succeeded.
func (p *parser) host(raw string, i int) bool {
	b := &p.b
	buf, kind, err := appendHost(b.buf, raw, b.special(), p.hostWarn(i))
	if err != nil {
		p.fail(err.reason, i+err.at)
		return false
	}
	b.buf = buf
	b.hostDone(kind)
	return true
}

// port is the port state on in[i:end], all of which must be digits.
func (p *parser) port(i, end int) {
	v, n := readPort(p.in[i:end])
	switch {
	case n < end-i:
		p.fail("port-invalid", i+n)
	case v > 65535:
		p.fail("port-out-of-range", i)
	case n > 0:
		p.b.setPort(int32(v))
	}
}

// readPort reads the digits s starts with and returns their value
// (saturated past 65535) and how many there are.
func readPort(s string) (int, int) {
	v, n := 0, 0
	for n < len(s) && isDigit(s[n]) {
		if v <= 65535 {
			v = v*10 + int(s[n]-'0')
		}
		n++
	}
	return v, n
}

// file is the file state: the scheme written is "file".
func (p *parser) file(i int) {
	b, base := &p.b, p.base
	if p.slash(i) {
		p.fileSlash(i + 1)
		return
	}
	if base != nil && base.Scheme() == "file" {
		p.fromBase(i, p.at(i), func() {
			if !startsWithDrive(p.in[i:]) {
				b.shorten()
			} else {
				p.warn("file-invalid-Windows-drive-letter", i)
				b.buf = b.buf[:b.u.pathStart]
			}
		})
		return
	}
	b.startAuthority()
	b.hostDone(0)
	b.startPath()
	p.path(i, false)
}

// fileSlash is the file slash state.
func (p *parser) fileSlash(i int) {
	b, base := &p.b, p.base
	if p.slash(i) {
		p.fileHost(i + 1)
		return
	}
	if base != nil && base.Scheme() == "file" {
		b.copyAuthority(base)
		b.startPath()
		if !startsWithDrive(p.in[i:]) {
			bp := base.Pathname()
			if len(bp) >= 3 && isNormalizedDrive(bp[1:3]) && (len(bp) == 3 || bp[3] == '/') {
				b.buf = append(b.buf, bp[:3]...)
			}
		}
	} else {
		b.startAuthority()
		b.hostDone(0)
		b.startPath()
	}
	p.path(i, false)
}

// fileHost is the file host state.
func (p *parser) fileHost(i int) {
	b := &p.b
	end := i
	for ; end < len(p.in); end++ {
		if c := p.in[end]; c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
	}
	raw := p.in[i:end]
	b.startAuthority()
	switch {
	case isDrive(raw):
		p.warn("file-invalid-Windows-drive-letter-host", i)
		b.hostDone(0)
		b.startPath()
		p.path(i, false)
		return
	case raw == "":
		b.hostDone(0)
	default:
		if !p.host(raw, i) {
			return
		}
		if string(b.buf[b.u.hostStart:]) == "localhost" {
			b.buf = b.buf[:b.u.hostStart]
			b.u.hostEnd = b.u.hostStart
		}
	}
	p.pathStart(end)
}

// pathStart is the path start state.
func (p *parser) pathStart(i int) {
	b := &p.b
	b.startPath()
	c := p.at(i)
	switch {
	case b.special():
		if c == '\\' {
			p.warn("invalid-reverse-solidus", i)
		}
		if c == '/' || c == '\\' {
			i++
		}
		p.path(i, false)
	case c == '?':
		p.query(i + 1)
	case c == '#':
		p.fragment(i + 1)
	case c == '/':
		p.path(i+1, false)
	case c >= 0:
		p.path(i, false)
	}
}

// path is the path state from i, a segment at a time; with override (the
// pathname setter), "?" and "#" are part of the path.
func (p *parser) path(i int, override bool) {
	s, b := p.in, &p.b
	end := uint16(endSlash)
	if b.special() {
		end |= endBackslash
	}
	if !override {
		end |= endQuery
	}
	for {
		j := i
		for j < len(s) && cls[s[j]]&end == 0 {
			j++
		}
		seg := s[i:j]
		slash := j < len(s) && (s[j] == '/' || s[j] == '\\')
		if j < len(s) && s[j] == '\\' {
			p.warn("invalid-reverse-solidus", j)
		}
		switch {
		case isDoubleDot(seg):
			b.shorten()
			if !slash {
				b.buf = append(b.buf, '/')
			}
		case isSingleDot(seg):
			if !slash {
				b.buf = append(b.buf, '/')
			}
		default:
			b.buf = append(b.buf, '/')
			if b.file && int32(len(b.buf)) == b.u.pathStart+1 && isDrive(seg) {
				b.buf = append(b.buf, seg[0], ':')
			} else {
				if p.warnf != nil {
					p.validateUnits(i, j)
				}
				b.buf = appendEncoded(b.buf, seg, encPath)
			}
		}
		if !slash {
			switch p.at(j) {
			case '?':
				p.query(j + 1)
			case '#':
				p.fragment(j + 1)
			}
			return
		}
		i = j + 1
	}
}

// isSingleDot reports whether s is "." or "%2e" (§4.4).
func isSingleDot(s string) bool {
	return s == "." || len(s) == 3 && s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
}

// isDoubleDot reports whether s is "..", ".%2e", "%2e." or "%2e%2e", in
// either case.
func isDoubleDot(s string) bool {
	switch len(s) {
	case 2:
		return s == ".."
	case 4:
		return s[0] == '.' && isSingleDot(s[1:]) || s[3] == '.' && isSingleDot(s[:3])
	case 6:
		return isSingleDot(s[:3]) && isSingleDot(s[3:])
	}
	return false
}

// opaquePath is the opaque path state.
func (p *parser) opaquePath(i int) {
	s, b := p.in, &p.b
	b.u.flags |= opaquePath
	b.startPath()
	j := i
	for j < len(s) && s[j] != '?' && s[j] != '#' {
		j++
	}
	if p.warnf != nil {
		p.validateUnits(i, j)
	}
	seg := s[i:j]
	if j < len(s) && j > i && s[j-1] == ' ' {
		// A space before "?" or "#" is written %20, so that it is not
		// trimmed when the URL is parsed again.
		b.buf = appendEncoded(b.buf, seg[:len(seg)-1], encC0)
		b.buf = append(b.buf, "%20"...)
	} else {
		b.buf = appendEncoded(b.buf, seg, encC0)
	}
	b.pathDone = true
	switch p.at(j) {
	case '?':
		p.query(j + 1)
	case '#':
		p.fragment(j + 1)
	}
}

// query is the query state from i, to a "#" or the end.
func (p *parser) query(i int) {
	s := p.in
	j := i
	for j < len(s) && s[j] != '#' {
		j++
	}
	p.queryOf(i, j)
	if j < len(s) {
		p.fragment(j + 1)
	}
}

// queryOf writes in[i:j] as the query.
func (p *parser) queryOf(i, j int) {
	b := &p.b
	if p.warnf != nil {
		p.validateUnits(i, j)
	}
	set := uint16(encQuery)
	if b.special() {
		set = encSpecialQ
	}
	b.startQuery()
	b.buf = appendEncoded(b.buf, p.in[i:j], set)
}

// fragment is the fragment state from i to the end.
func (p *parser) fragment(i int) {
	b := &p.b
	if p.warnf != nil {
		p.validateUnits(i, len(p.in))
	}
	b.startFragment()
	b.buf = appendEncoded(b.buf, p.in[i:], encFragment)
}

// validateUnits reports the code points of in[i:j] that are not URL code
// points, and each "%" not followed by two hex digits (invalid-URL-unit).
func (p *parser) validateUnits(i, j int) {
	validateUnits(p.in[:j], i, func(reason string, at int) { p.warn(reason, at) })
}
