// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import "strings"

// Comparison works on units: a literal byte, or an escape standing for a
// byte. In the normal form of RFC 3986 §6.2.2.1–2 an escape of an unreserved
// byte is that byte, every other escape is written with upper-case hex, and a
// stray "%" (not followed by two hex digits) is the escape %25.

// isUnreserved is Unreserved as a table, for the comparison loops.
var isUnreserved = func() (t [256]bool) {
	for c := range t {
		t[c] = Unreserved.Contains(byte(c))
	}
	return t
}()

// unit returns the unit of s at i in normal form: its byte, whether it is
// written as an escape, and how many bytes of s it takes.
func unit(s string, i int) (c byte, esc bool, n int) {
	c = s[i]
	if c != '%' {
		return c, false, 1
	}
	if i+2 < len(s) {
		if h, l := unhex[s[i+1]], unhex[s[i+2]]; h|l <= 0xF {
			v := h<<4 | l
			return v, !isUnreserved[v], 3
		}
	}
	return '%', true, 1
}

// Equal reports whether a and b are the same text up to percent-encoding
// that does not change meaning (RFC 3986 §6.2.2.1–2; RFC 1630 §8): hex digits
// compare case-insensitively and an escape of an unreserved byte equals the
// byte. Everything else compares exactly: a reserved character means
// something else when escaped, so "%2F" is not "/", "%3D" is not "=" and
// "%20" is not "+". A stray "%" compares as "%25". Equal(a, b) is
// Normalize(a) == Normalize(b); it allocates nothing.
func Equal(a, b string) bool {
	return len(a) == len(b) && a == b || equalUnits(a, b, false)
}

// Compare returns an integer comparing Normalize(a) with Normalize(b)
// byte-wise: 0 exactly when [Equal](a, b), -1 when a sorts first, +1 when b
// does. It allocates nothing, so normalized URLs can be sorted and
// deduplicated without building strings.
func Compare(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] && a[i] != '%' {
			i++
			j++
			continue
		}
		ca, ea, na := unit(a, i)
		cb, eb, nb := unit(b, j)
		if ca != cb || ea != eb {
			// The first differing unit decides: compare their normal
			// forms, one byte or "%" and two upper-case hex digits.
			return compareUnits(ca, ea, cb, eb)
		}
		i += na
		j += nb
	}
	switch {
	case i < len(a):
		return +1
	case j < len(b):
		return -1
	}
	return 0
}

func compareUnits(ca byte, ea bool, cb byte, eb bool) int {
	fa, fb := ca, cb
	if ea {
		fa = '%'
	}
	if eb {
		fb = '%'
	}
	if fa == fb { // both escapes
		fa, fb = upperHex[ca>>4], upperHex[cb>>4]
		if fa == fb {
			fa, fb = upperHex[ca&15], upperHex[cb&15]
		}
	}
	if fa < fb {
		return -1
	}
	return +1
}

// Normalize returns the normal form of s for [Equal]: escapes written with
// upper-case hex, escapes of unreserved bytes (RFC 3986 §2.3) decoded, a stray
// "%" written "%25", and nothing else changed (RFC 3986 §6.2.2.1–2). It
// returns s itself when s is already normal, and is idempotent.
func Normalize(s string) string {
	i := strings.IndexByte(s, '%')
	for i >= 0 && i+2 < len(s) {
		// Find the first escape that is not in normal form.
		c, esc, _ := unit(s, i)
		if !esc || s[i+1] != upperHex[c>>4] || s[i+2] != upperHex[c&15] {
			break
		}
		k := strings.IndexByte(s[i+3:], '%')
		if k < 0 {
			return s
		}
		i += 3 + k
	}
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteString(s[:i])
	for i < len(s) {
		c, esc, n := unit(s, i)
		if esc {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		} else {
			b.WriteByte(c)
		}
		i += n
	}
	return b.String()
}

// EqualOctets reports whether a and b are the same octets once every
// well-formed escape is decoded: the comparison of Keith Moore's exchange
// format ("Wrappers for URLs", 1993: "both exchange format URLs must first
// be decoded by replacing all %XX patterns with the corresponding octet").
// A stray "%" is an octet of its own.
//
// Use it for exchange-format URLs and for data that carries no URL syntax.
// For URLs in general it is the wrong question: RFC 1630 and RFC 3986 §2.2
// give reserved characters another meaning when escaped, so that
// "a%2Fb" (one path segment) and "a/b" (two) are different resources, yet
// EqualOctets says they are equal. Use [Equal] or [EqualURL] for those.
// EqualOctets allocates nothing.
func EqualOctets(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, na := octet(a, i)
		cb, nb := octet(b, j)
		if ca != cb {
			return false
		}
		i += na
		j += nb
	}
	return i == len(a) && j == len(b)
}

// octet returns the octet of s at i, decoding a well-formed escape.
func octet(s string, i int) (byte, int) {
	if s[i] == '%' && i+2 < len(s) {
		if h, l := unhex[s[i+1]], unhex[s[i+2]]; h|l <= 0xF {
			return h<<4 | l, 3
		}
	}
	return s[i], 1
}

// MakeSafe makes s "safer" as RFC 1630 §8 puts it: it encodes every byte
// that e does not leave literal, and leaves every well-formed escape as it
// is, hex case included, so that existing escapes are never encoded twice. A
// "%" not followed by two hex digits is written "%25". With
// [Encoding.WithSpaceAsPlus] a space is written "+" and an existing "+" is
// kept (it already means a space); the FidoURL encodings also break every
// "---". MakeSafe is idempotent, [Encoding.Valid] holds for its result, and
// it returns s itself when s is already safe. For an encoding without
// "+"-for-space, e.DecodeLenient(e.MakeSafe(s)) == e.DecodeLenient(s).
//
// Typical use: Path.MakeSafe on a path a person typed, or what a URL parser
// does to the characters of a URL that may not stand literally.
func (e *Encoding) MakeSafe(s string) string {
	i := e.safePrefix(s)
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	dash := 0
	for e.noDash && dash < i && s[i-1-dash] == '-' {
		dash++ // the literal "-" run that ends the unchanged prefix
	}
	for ; i < len(s); i++ {
		c := s[i]
		switch cls := e.class[c]; {
		case c == '%':
			if i+2 < len(s) && unhex[s[i+1]]|unhex[s[i+2]] <= 0xF {
				b.WriteString(s[i : i+3])
				i += 2
			} else {
				b.WriteString("%25")
			}
		case cls == clsLiteral || c == '+' && e.plus:
			b.WriteByte(c)
		case cls == clsPlus:
			b.WriteByte('+')
		case cls == clsDash:
			if dash == 2 {
				b.WriteByte('%')
				b.WriteByte(e.hex['-'>>4])
				b.WriteByte(e.hex['-'&15])
				dash = 0
				continue
			}
			b.WriteByte('-')
			dash++
			continue
		default:
			b.WriteByte('%')
			b.WriteByte(e.hex[c>>4])
			b.WriteByte(e.hex[c&15])
		}
		dash = 0
	}
	return b.String()
}

// safePrefix returns the length of the longest prefix of s that MakeSafe
// leaves unchanged: up to the first byte that keeps s from being valid.
func (e *Encoding) safePrefix(s string) int {
	if i := firstInvalid(e, s); i >= 0 {
		return i
	}
	return len(s)
}

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
			b.WriteByte(lower(host[i]))
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

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func writeLower(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		b.WriteByte(lower(s[i]))
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
		if esc || !(Alpha.Contains(c) || i > 0 && (Digit.Contains(c) || c == '+' || c == '-' || c == '.')) {
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
// building either: the scheme and host compare case-insensitively, the rest
// as [Equal] does, and paths compare segment by segment after dot-segment
// removal. It allocates nothing.
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

// equalUnits compares a and b unit by unit in normal form, ignoring the
// case of literal ASCII letters when fold is set.
func equalUnits(a, b string, fold bool) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] && a[i] != '%' {
			i++ // the same literal byte: no need to read units
			j++
			continue
		}
		ca, ea, na := unit(a, i)
		cb, eb, nb := unit(b, j)
		if !ea && fold {
			ca = lower(ca)
		}
		if !eb && fold {
			cb = lower(cb)
		}
		if ca != cb || ea != eb {
			return false
		}
		i += na
		j += nb
	}
	return i == len(a) && j == len(b)
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
