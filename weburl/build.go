// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"slices"
	"strconv"
)

// A builder writes a URL's serialization in order, component by
// component, and keeps the offsets the URL will hold: the parser writes
// into it as it reads, and so do the setters, copying the components they
// keep.
type builder struct {
	buf      []byte
	u        URL
	file     bool  // the scheme is "file"
	defPort  int32 // the scheme's default port, or -1
	pathDone bool  // the path is written (the "/." rule applied)
}

func (b *builder) reset(buf []byte) {
	*b = builder{buf: buf[:0]}
	b.u.queryStart, b.u.fragStart, b.u.port = -1, -1, -1
}

// scheme writes the scheme (already lower case) and ":".
func (b *builder) scheme(s string) {
	b.buf = append(b.buf, s...)
	b.schemeDone(s)
}

// schemeDone records the scheme just written, s, and its facts.
func (b *builder) schemeDone(s string) {
	b.buf = append(b.buf, ':')
	b.u.schemeEnd = int32(len(b.buf) - 1)
	if isSpecial(s) {
		b.u.flags |= special
	}
	b.file = s == "file"
	b.defPort = defaultPort(s)
	b.noHost()
}

func (b *builder) special() bool { return b.u.flags&special != 0 }

// noHost marks the host null, at the current end.
func (b *builder) noHost() {
	n := int32(len(b.buf))
	b.u.userEnd, b.u.hostStart, b.u.hostEnd = n, n, n
	b.u.flags &^= hasHost | hostIPv4 | hostIPv6 | hostOpaque
}

// startAuthority writes "//": a host follows, with its userinfo first.
func (b *builder) startAuthority() {
	b.buf = append(b.buf, '/', '/')
	n := int32(len(b.buf))
	b.u.userEnd, b.u.hostStart = n, n
	b.u.flags |= hasHost
}

// userinfo writes the username and password, each percent-encoded with
// the userinfo percent-encode set (§4.4, authority state), and "@" when
// either is not empty.
func (b *builder) userinfo(user, pass string) {
	b.buf = appendEncoded(b.buf, user, encUserinfo)
	b.u.userEnd = int32(len(b.buf))
	if pass != "" {
		b.buf = append(b.buf, ':')
		b.buf = appendEncoded(b.buf, pass, encUserinfo)
	}
	if int32(len(b.buf)) > b.u.hostStart {
		b.buf = append(b.buf, '@')
	}
	b.u.hostStart = int32(len(b.buf))
}

// hostDone records the host just written and its kind.
func (b *builder) hostDone(kind uint8) {
	b.u.hostEnd = int32(len(b.buf))
	b.u.flags |= kind
}

// setPort writes ":" and port unless it is null or the default.
func (b *builder) setPort(port int32) {
	if port < 0 || port == b.defPort {
		return
	}
	b.u.port = port
	b.buf = append(b.buf, ':')
	b.buf = strconv.AppendInt(b.buf, int64(port), 10)
}

// copyAuthority copies base's userinfo, host and port (the scheme written
// is base's).
func (b *builder) copyAuthority(base *URL) {
	if base.flags&hasHost == 0 {
		b.noHost()
		return
	}
	shift := int32(len(b.buf)) - (base.schemeEnd + 1)
	b.buf = append(b.buf, base.href[base.schemeEnd+1:base.pathStart]...)
	b.u.userEnd, b.u.hostStart, b.u.hostEnd = base.userEnd+shift, base.hostStart+shift, base.hostEnd+shift
	b.u.port = base.port
	b.u.flags |= base.flags & (hasHost | hostIPv4 | hostIPv6 | hostOpaque)
}

// startPath marks the start of the path at the current end.
func (b *builder) startPath() {
	b.u.pathStart = int32(len(b.buf))
}

// copyPath writes base's path (not opaque).
func (b *builder) copyPath(base *URL) {
	b.buf = append(b.buf, base.Pathname()...)
}

// shorten removes the last segment of the path (§4.1, shorten a URL's
// path), unless the path is a file URL's one normalized Windows drive
// letter.
func (b *builder) shorten() {
	p := b.buf[b.u.pathStart:]
	if len(p) == 0 {
		return
	}
	if b.file && len(p) == 3 && isNormalizedDrive(string(p[1:])) {
		return
	}
	i := len(p) - 1
	for p[i] != '/' {
		i--
	}
	b.buf = b.buf[:int(b.u.pathStart)+i]
}

// endPath ends the path: a path with no host whose first segment is
// empty and which has another is written after "/." (§4.5 step 3), so
// that it does not read back as a host.
func (b *builder) endPath() {
	if b.pathDone {
		return
	}
	b.pathDone = true
	ps := int(b.u.pathStart)
	if b.u.flags&(hasHost|opaquePath) != 0 || len(b.buf)-ps < 2 || b.buf[ps] != '/' || b.buf[ps+1] != '/' {
		return
	}
	b.buf = append(b.buf, 0, 0)
	copy(b.buf[ps+2:], b.buf[ps:])
	b.buf[ps], b.buf[ps+1] = '/', '.'
	b.u.pathStart += 2
}

// startQuery writes "?": the query's own bytes follow.
func (b *builder) startQuery() {
	b.endPath()
	b.u.queryStart = int32(len(b.buf))
	b.buf = append(b.buf, '?')
}

// startFragment writes "#": the fragment's own bytes follow.
func (b *builder) startFragment() {
	b.endPath()
	b.u.fragStart = int32(len(b.buf))
	b.buf = append(b.buf, '#')
}

// done ends the URL: its serialization is input when it has the same
// bytes (no copy), else a new string.
func (b *builder) done(input string) URL {
	b.endPath()
	u := b.u
	if string(b.buf) == input {
		u.href = input
	} else {
		u.href = string(b.buf)
	}
	return u
}

// isNormalizedDrive reports whether s is a normalized Windows drive
// letter: an ASCII letter and ":" (§4.1).
func isNormalizedDrive(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && s[1] == ':'
}

// isDrive reports whether s is a Windows drive letter: an ASCII letter
// and ":" or "|".
func isDrive(s string) bool {
	return len(s) == 2 && isAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// startsWithDrive reports whether s starts with a Windows drive letter
// followed by nothing or by "/", "\", "?" or "#" (§4.1).
func startsWithDrive(s string) bool {
	if len(s) < 2 || !isDrive(s[:2]) {
		return false
	}
	return len(s) == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#'
}

// appendEncoded appends s, UTF-8 percent-encoded with the set whose bit
// is set (§1.3): bytes of the set as "%" and two upper-case hex digits,
// "%" and every other byte as they stand, and a byte that is not part of
// a UTF-8 sequence as the encoding of U+FFFD.
func appendEncoded(dst []byte, s string, set uint16) []byte {
	i := 0
	for i < len(s) && cls[s[i]]&set == 0 {
		i++
	}
	dst = append(dst, s[:i]...)
	if i < len(s) && cap(dst)-len(dst) < 3*(len(s)-i) {
		dst = slices.Grow(dst, 3*(len(s)-i)) // once, for the longest result
	}
	for i < len(s) {
		c := s[i]
		if cls[c]&set == 0 {
			dst = append(dst, c)
			i++
			continue
		}
		if c < 0x80 {
			dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			i++
			continue
		}
		r, n := decodeRune(s[i:])
		if r == 0xFFFD && (n != 3 || s[i:i+3] != "\uFFFD") {
			dst = append(dst, "%EF%BF%BD"...)
		} else {
			for _, c := range []byte(s[i : i+n]) {
				dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			}
		}
		i += n
	}
	return dst
}

const upperHex = "0123456789ABCDEF"
