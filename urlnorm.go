// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
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
// NormalizeURL is idempotent.
func NormalizeURL(s string) string {
	n := Normalize(s)
	u := splitURL(n)
	if u.scheme < 0 && !u.hasAuth {
		return n
	}
	var b strings.Builder
	b.Grow(len(n) + 2)
	if u.scheme >= 0 {
		writeLower(&b, n[:u.scheme])
		b.WriteByte(':')
	}
	if u.hasAuth {
		b.WriteString("//")
		b.WriteString(n[u.authStart:u.hostStart])
		// Lower-case the host, but not the hex digits of its escapes.
		host := n[u.hostStart:u.hostEnd]
		for i := 0; i < len(host); i++ {
			if host[i] == '%' && i+2 < len(host) {
				b.WriteString(host[i : i+3])
				i += 2
				continue
			}
			b.WriteByte(lex.Lower(host[i]))
		}
		b.WriteString(n[u.hostEnd:u.pathStart])
	}
	if u.scheme < 0 {
		// A network-path reference keeps its dot segments: they are
		// resolved against a base.
		b.WriteString(n[u.pathStart:])
		return b.String()
	}
	path := removeDotSegments(n[u.pathStart:u.pathEnd])
	if !u.hasAuth && strings.HasPrefix(path, "//") {
		b.WriteString("/.")
	}
	b.WriteString(path)
	b.WriteString(n[u.pathEnd:])
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

// urlParts holds the offsets of a URL's parts (RFC 3986 §3) in a string;
// scheme is -1 when the string has no scheme.
type urlParts struct {
	scheme             int // offset of the ':' after the scheme
	hasAuth            bool
	authStart          int // after "//"
	hostStart, hostEnd int // the host, after userinfo "@", before ":" port
	pathStart, pathEnd int // the path, before "?" or "#"
}

// splitURL finds the parts of s. The scheme is read in normal form, so that
// an escaped letter counts as the letter ("%68ttp:" is "http:"); every other
// delimiter is reserved, and escapes never stand for one.
func splitURL(s string) urlParts {
	u := urlParts{scheme: -1}
	i := 0
	for i < len(s) {
		c, esc, n := unit(s, i)
		if c == ':' && !esc && i > 0 {
			u.scheme = i
			break
		}
		if esc || !(lex.IsAlpha(c) || i > 0 && lex.IsSchemeByte(c)) {
			break
		}
		i += n
	}
	if u.scheme < 0 {
		// A network-path reference (RFC 3986 §4.2) has an authority too.
		if strings.HasPrefix(s, "//") {
			u.splitAfterScheme(s, 0)
		}
		return u
	}
	u.splitAfterScheme(s, u.scheme+1)
	return u
}

// splitAfterScheme finds the authority and path of s that begin at i.
func (u *urlParts) splitAfterScheme(s string, i int) {
	u.pathStart = i
	// Without an authority its parts are empty, at the start of the path.
	u.authStart, u.hostStart, u.hostEnd = i, i, i
	if strings.HasPrefix(s[i:], "//") {
		u.hasAuth = true
		u.authStart = i + 2
		end := len(s)
		if k := strings.IndexAny(s[u.authStart:], "/?#"); k >= 0 {
			end = u.authStart + k
		}
		auth := s[u.authStart:end]
		u.hostStart = u.authStart + strings.LastIndexByte(auth, '@') + 1
		u.hostEnd = end
		host := s[u.hostStart:end]
		if strings.HasPrefix(host, "[") {
			if k := strings.IndexByte(host, ']'); k >= 0 {
				if p := strings.IndexByte(host[k:], ':'); p >= 0 {
					u.hostEnd = u.hostStart + k + p
				}
			}
		} else if k := strings.IndexByte(host, ':'); k >= 0 {
			u.hostEnd = u.hostStart + k
		}
		u.pathStart = end
	}
	u.pathEnd = len(s)
	if k := strings.IndexAny(s[u.pathStart:], "?#"); k >= 0 {
		u.pathEnd = u.pathStart + k
	}
}

// removeDotSegments is remove_dot_segments of RFC 3986 §5.2.4, on a path
// in normal form.
func removeDotSegments(in string) string {
	if !strings.Contains(in, ".") {
		return in
	}
	out := make([]byte, 0, len(in))
	for len(in) > 0 {
		switch {
		case strings.HasPrefix(in, "../"): // A
			in = in[3:]
		case strings.HasPrefix(in, "./"): // A
			in = in[2:]
		case strings.HasPrefix(in, "/./"): // B
			in = in[2:]
		case in == "/.": // B
			in = "/"
		case strings.HasPrefix(in, "/../"): // C
			in = in[3:]
			out = out[:lastSlash(out)]
		case in == "/..": // C
			in = "/"
			out = out[:lastSlash(out)]
		case in == "." || in == "..": // D
			in = ""
		default: // E
			k := strings.IndexByte(in[1:], '/')
			if k < 0 {
				k = len(in)
			} else {
				k++
			}
			out = append(out, in[:k]...)
			in = in[k:]
		}
	}
	return string(out)
}

// lastSlash returns where the last segment of out, with its "/", begins.
func lastSlash(out []byte) int {
	for i := len(out) - 1; i >= 0; i-- {
		if out[i] == '/' {
			return i
		}
	}
	return 0
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
	if (ua.scheme < 0) != (ub.scheme < 0) || ua.hasAuth != ub.hasAuth {
		return false
	}
	if ua.scheme < 0 {
		if !ua.hasAuth {
			return Equal(a, b)
		}
		// A network-path reference: the host folds, the rest as Equal.
		return Equal(a[ua.authStart:ua.hostStart], b[ub.authStart:ub.hostStart]) &&
			equalUnits(a[ua.hostStart:ua.hostEnd], b[ub.hostStart:ub.hostEnd], true) &&
			Equal(a[ua.hostEnd:], b[ub.hostEnd:])
	}
	if !equalUnits(a[:ua.scheme], b[:ub.scheme], true) ||
		!Equal(a[ua.authStart:ua.hostStart], b[ub.authStart:ub.hostStart]) ||
		!equalUnits(a[ua.hostStart:ua.hostEnd], b[ub.hostStart:ub.hostEnd], true) ||
		!Equal(a[ua.hostEnd:ua.pathStart], b[ub.hostEnd:ub.pathStart]) ||
		!Equal(a[ua.pathEnd:], b[ub.pathEnd:]) {
		return false
	}
	return equalPaths(a[ua.pathStart:ua.pathEnd], b[ub.pathStart:ub.pathEnd])
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
		start := strings.LastIndexByte(r.p[r.base:r.end], '/') + 1 + r.base
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
