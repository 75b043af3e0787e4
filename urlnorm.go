// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"math/bits"
	"strings"

	"github.com/urlcodec/percent/internal/lex"
)

// NormalizeURL returns the syntax-based normal form of a URL (RFC 3986
// §6.2.2): [Normalize], then the scheme lower-cased (§6.2.2.1), the host
// lower-cased with its escapes kept upper-case (§6.2.2.1), and dot segments
// removed from the path (§5.2.4, §6.2.2.3; "%2E" counts as "."). Dot segments
// are removed only in a URL that has a scheme: a relative reference's dots
// are resolved against a base, not removed. Where a URL without an
// authority would then begin its path with "//", "/." is written before it,
// as the URL Standard does. No scheme-based rule (§6.2.3) is applied: ports
// and empty paths stay as they are. A network-path reference ("//host/p",
// RFC 3986 §4.2) has its host lower-cased and keeps its dot segments; any
// other string without a scheme is normalized as Normalize does.
// NormalizeURL is idempotent. It keeps RFC 3986's rules: for a URL as a
// browser reads and serializes it (backslashes, IDNA hosts, IPv4 number
// forms, default ports), use package weburl.
func NormalizeURL(s string) string {
	n := Normalize(s)
	u := splitURL(n)
	if u.Scheme < 0 && !u.HasAuth {
		return n
	}
	var b strings.Builder
	b.Grow(len(n) + 2)
	if u.Scheme >= 0 {
		writeLower(&b, n[:u.Scheme])
		b.WriteByte(':')
	}
	if u.HasAuth {
		b.WriteString("//")
		b.WriteString(n[u.AuthStart:u.HostStart])
		// Lower-case the host, but not the hex digits of its escapes.
		host := n[u.HostStart:u.HostEnd]
		for i := 0; i < len(host); i++ {
			if host[i] == '%' && i+2 < len(host) {
				b.WriteString(host[i : i+3])
				i += 2
				continue
			}
			b.WriteByte(lex.Lower(host[i]))
		}
		b.WriteString(n[u.HostEnd:u.PathStart])
	}
	if u.Scheme < 0 {
		// A network-path reference keeps its dot segments: they are
		// resolved against a base.
		b.WriteString(n[u.PathStart:])
		return b.String()
	}
	path := removeDotSegments(n[u.PathStart:u.PathEnd])
	if !u.HasAuth && strings.HasPrefix(path, "//") {
		b.WriteString("/.")
	}
	b.WriteString(path)
	b.WriteString(n[u.PathEnd:])
	if r := b.String(); r != s {
		return r
	}
	return s
}

func writeLower(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		b.WriteByte(lex.Lower(s[i]))
	}
}

// splitURL finds the parts of s (lex.SplitURL). The scheme is read in
// normal form, so that an escaped letter counts as the letter ("%68ttp:" is
// "http:"); every other delimiter is reserved, and escapes never stand for
// one.
func splitURL(s string) lex.URL { return lex.SplitURL(s, normalScheme) }

// normalScheme returns the offset of the ":" that ends the scheme of s, read
// in normal form, or -1.
func normalScheme(s string) int {
	for i := 0; i < len(s); {
		c, esc, n := unit(s, i)
		if c == ':' && !esc && i > 0 {
			return i
		}
		if esc || !(lex.IsAlpha(c) || i > 0 && lex.IsSchemeByte(c)) {
			return -1
		}
		i += n
	}
	return -1
}

// removeDotSegments is remove_dot_segments of RFC 3986 §5.2.4, on a path
// in normal form: the segments that revSegments keeps, written forward.
func removeDotSegments(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	var small [16]string // most paths; a longer one grows it
	kept := small[:0]
	r := newRevSegments(in)
	for seg, ok := r.next(); ok; seg, ok = r.next() {
		kept = append(kept, seg)
	}
	out := make([]byte, 0, len(in))
	if r.leadingSlash() {
		out = append(out, '/')
	}
	for k := len(kept) - 1; k >= 0; k-- {
		out = append(out, kept[k]...)
		if k > 0 {
			out = append(out, '/')
		}
	}
	return string(out)
}

// EqualURL reports whether NormalizeURL(a) == NormalizeURL(b), without
// building either: syntax-based equivalence (RFC 3986 §6.2.2), with the
// scheme and host compared case-insensitively (§6.2.2.1), the rest as
// [Equal] does (§6.2.2.1–2), and paths segment by segment after dot-segment
// removal (§5.2.4, §6.2.2.3). It allocates nothing.
func EqualURL(a, b string) bool {
	if a == b {
		return true
	}
	ua, ub := splitURL(a), splitURL(b)
	if (ua.Scheme < 0) != (ub.Scheme < 0) || ua.HasAuth != ub.HasAuth {
		return false
	}
	if ua.Scheme < 0 {
		if !ua.HasAuth {
			return Equal(a, b)
		}
		// A network-path reference: the host folds, the rest as Equal.
		return Equal(a[ua.AuthStart:ua.HostStart], b[ub.AuthStart:ub.HostStart]) &&
			equalUnits(a[ua.HostStart:ua.HostEnd], b[ub.HostStart:ub.HostEnd], true) &&
			Equal(a[ua.HostEnd:], b[ub.HostEnd:])
	}
	if !equalUnits(a[:ua.Scheme], b[:ub.Scheme], true) ||
		!Equal(a[ua.AuthStart:ua.HostStart], b[ub.AuthStart:ub.HostStart]) ||
		!equalUnits(a[ua.HostStart:ua.HostEnd], b[ub.HostStart:ub.HostEnd], true) ||
		!Equal(a[ua.HostEnd:ua.PathStart], b[ub.HostEnd:ub.PathStart]) ||
		!Equal(a[ua.PathEnd:], b[ub.PathEnd:]) {
		return false
	}
	return equalPaths(a[ua.PathStart:ua.PathEnd], b[ub.PathStart:ub.PathEnd])
}

// equalPaths reports whether two paths are equal after dot-segment removal,
// reading the segments that removal keeps from the end backwards.
func equalPaths(a, b string) bool {
	ra, rb := newCanonSegments(a), newCanonSegments(b)
	for {
		sa, oka := ra.next()
		sb, okb := rb.next()
		if oka != okb {
			return false
		}
		if !oka {
			return ra.slash == rb.slash
		}
		if !Equal(sa, sb) {
			return false
		}
	}
}

// canonSegments reads a path's kept segments as revSegments does, in a
// form in which equal output paths read the same: a rootless output path
// that begins with an empty segment begins with "/", so that segment is
// dropped and slash set; a rootless output path that is one empty segment is
// no segment at all.
type canonSegments struct {
	r       revSegments
	pending string
	ok      bool
	n       int  // segments read
	slash   bool // the output path begins with "/"; valid at the end
}

func newCanonSegments(p string) canonSegments {
	c := canonSegments{r: newRevSegments(p)}
	c.pending, c.ok = c.r.next()
	return c
}

func (c *canonSegments) next() (string, bool) {
	if !c.ok {
		return "", false
	}
	seg := c.pending
	c.pending, c.ok = c.r.next()
	c.n++
	if !c.ok {
		// seg is the first segment of the output path.
		c.slash = c.r.leadingSlash()
		if seg == "" && !c.slash {
			c.slash = c.n > 1
			return "", false
		}
	}
	return seg, true
}

// revSegments yields, last first, the segments that remove_dot_segments
// (RFC 3986 §5.2.4) keeps of a path. The output path is "/" (if
// leadingSlash) followed by the kept segments joined with "/".
type revSegments struct {
	p       string
	end     int  // p[:end] is still to be read; -1 when done
	base    int  // 1 for an absolute path, else 0
	skip    int  // ".." segments waiting to drop a segment
	started bool // the last segment has been read
	// For a rootless path: whether the first segment that is not "." or
	// ".." was dropped, which makes the result begin with "/".
	firstDropped bool
}

func newRevSegments(p string) revSegments {
	r := revSegments{p: p, end: len(p)}
	if strings.HasPrefix(p, "/") {
		r.base = 1
	}
	if len(p) == 0 {
		r.end = -1
	}
	return r
}

func (r *revSegments) next() (string, bool) {
	for r.end >= 0 {
		start := lastSlash(r.p[r.base:r.end]) + 1 + r.base
		seg := r.p[start:r.end]
		r.end = start - 1
		if start == r.base {
			r.end = -1
		}
		d := dotSegment(seg)
		if !r.started {
			r.started = true
			if d != 0 {
				// A final "." or ".." leaves the path ending in "/".
				if d == 2 {
					r.skip++
				}
				return "", true
			}
		}
		switch {
		case d == 1:
			continue
		case d == 2:
			r.skip++
			continue
		}
		// seg is a plain segment; it is the first plain one so far, read
		// backwards, of the path.
		if r.skip > 0 {
			r.skip--
			r.firstDropped = true
			continue
		}
		r.firstDropped = false
		return seg, true
	}
	return "", false
}

// leadingSlash reports whether the output path begins with "/"; valid once
// next has returned false.
func (r *revSegments) leadingSlash() bool {
	return r.base == 1 || r.firstDropped
}

// dotSegment returns 1 for ".", 2 for "..", else 0, reading "%2E" as ".".
func dotSegment(seg string) int {
	n := 0
	for i := 0; i < len(seg); {
		c, esc, w := unit(seg, i)
		if c != '.' || esc || n == 2 {
			return 0
		}
		n++
		i += w
	}
	return n
}

// lastSlash is strings.LastIndexByte(s, '/'), eight bytes a step (the
// standard library's is a byte loop): revSegments reads paths backwards.
func lastSlash(s string) int {
	i := len(s)
	for ; i >= 8; i -= 8 {
		if m := equalBytes(load64(s, i-8), '/'); m != 0 {
			return i - 8 + (63-bits.LeadingZeros64(m))/8
		}
	}
	for i--; i >= 0; i-- {
		if s[i] == '/' {
			return i
		}
	}
	return -1
}
