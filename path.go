// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urlcodec/percent/internal/lex"
)

// A PathError reports where an untrusted request path could mean other than
// it shows ([CheckPath]), or a segment that no path can hold as data
// ([JoinSegments]).
type PathError struct {
	Offset int    // byte offset where the offending escape, byte or segment starts
	Reason string // a fixed phrase per class: "dot segment", "encoded slash", ...
}

// Error says what is wrong and where.
func (e *PathError) Error() string {
	return "percent: path: " + e.Reason + " at offset " + strconv.Itoa(e.Offset)
}

// shifted returns a copy of e with its offset moved by off.
func (e *PathError) shifted(off int) error {
	c := *e
	c.Offset += off
	return &c
}

// The reasons of a PathError, one per class, in the order in which
// CheckPath ranks them where one place offends in two ways.
const (
	reasonMalformed  = "malformed escape"
	reasonDot        = "dot segment"
	reasonSlash      = "encoded slash"
	reasonBackslash  = "backslash"
	reasonControl    = "control character"
	reasonDouble     = "double encoding"
	reasonUTF8       = "invalid UTF-8"
	reasonLookalike  = "lookalike"
	reasonQuery      = "query or fragment"
	reasonEmpty      = "empty segment"
	reasonJoinDotSeg = "dot segment cannot be data"
)

// SplitPath returns the segments of the path p, decoded: p is split at each
// literal "/" only (RFC 3986 §3.3), a leading "/" starting no empty segment,
// and each segment is decoded strictly by [PathSegment] ("+" stays "+"), so
// a "/" inside a segment came from "%2F":
//
//	SplitPath("/a%2Fb/c/") == []string{"a/b", "c", ""}
//
// SplitPath("") is nil, and SplitPath("/") is one empty segment. A
// malformed escape is a [*DecodeError] whose Offset counts in p. Segments
// that need no decoding are substrings of p; the result takes one
// allocation, and one more for all the segments that are decoded.
func SplitPath(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	body := strings.TrimPrefix(p, "/")
	base := len(p) - len(body)
	segs := make([]string, 0, strings.Count(body, "/")+1)
	i := strings.IndexByte(body, '%')
	if i < 0 {
		for {
			seg, rest, more := strings.Cut(body, "/")
			segs = append(segs, seg)
			if !more {
				return segs, nil
			}
			body = rest
		}
	}
	// Decoded segments go into one buffer, made a string once.
	buf := make([]byte, 0, len(body)-i)
	type span struct{ from, to int } // in buf, or from < 0 for a substring of p
	var small [16]span
	spans := small[:0]
	off := 0
	for {
		end := strings.IndexByte(body[off:], '/')
		if end < 0 {
			end = len(body)
		} else {
			end += off
		}
		seg := body[off:end]
		if strings.IndexByte(seg, '%') < 0 {
			segs = append(segs, seg)
			spans = append(spans, span{-1, 0})
		} else {
			from := len(buf)
			var err error
			buf, err = PathSegment.AppendDecodeString(buf, seg)
			if err != nil {
				return nil, rebase(err, base+off)
			}
			segs = append(segs, "")
			spans = append(spans, span{from, len(buf)})
		}
		if end == len(body) {
			break
		}
		off = end + 1
	}
	all := string(buf)
	for k, sp := range spans {
		if sp.from >= 0 {
			segs[k] = all[sp.from:sp.to]
		}
	}
	return segs, nil
}

// JoinSegments returns the path of the segments: "/" and each segment
// encoded by [PathSegment] (a "/" inside one written %2F), joined by "/";
// JoinSegments() is "/". It is the inverse of [SplitPath] for one segment
// or more. A segment "." or ".." is a [*PathError] at the offset where it
// would have stood: RFC 3986 §5.2.4 removes dot segments and "%2E" is the
// same octet as ".", so no encoding keeps such a segment data. So is an
// empty segment other than the last: JoinSegments("", "evil.example")
// would write "//evil.example", which a URL parser reads as an authority
// (an open redirect once resolved against a base).
func JoinSegments(segs ...string) (string, error) {
	n := 1
	for _, s := range segs {
		n += encodedLen(&PathSegment.c, s, 0) + 1
	}
	b := make([]byte, 0, n)
	b = append(b, '/')
	for k, s := range segs {
		if k > 0 {
			b = append(b, '/')
		}
		if s == "." || s == ".." {
			return "", &PathError{Offset: len(b), Reason: reasonJoinDotSeg}
		}
		if s == "" && k < len(segs)-1 {
			return "", &PathError{Offset: len(b), Reason: reasonEmpty}
		}
		b = PathSegment.AppendEncodeString(b, s)
	}
	return string(b), nil
}

// CheckPath reports whether p, an untrusted request path, could mean other
// than it shows to any reader behind it (a back end, a file system, a Java
// or Windows server): nil, or a [*PathError] for the leftmost offending
// place, named by the first class it belongs to (RFC 3986 §2.1, §3.3,
// §5.2.4):
//
//   - "malformed escape";
//   - "dot segment": a segment that, decoded, with lookalikes of "." read
//     as dots, every Unicode White_Space character (U+00A0, U+3000, ...)
//     as a space, default-ignorable characters (U+200B, U+00AD, U+FEFF,
//     ...) left out, and cut at its first ";" (path parameters, which
//     Tomcat, Jetty and Spring cut) and at its first escaped "?" or "#", is
//     made of dots and spaces alone, with at least one dot: "..", "%2E",
//     ".%2e", "...", ".. " (Windows trims trailing dots and spaces),
//     "..%C2%A0" (NFKC and a Unicode trim read ".."), ".%E2%80%8B.",
//     "..;x", "..%3F", "‥";
//   - "encoded slash" (%2F);
//   - "backslash" (%5C or a raw "\", a separator on Windows and to many
//     back ends);
//   - "control character" (raw or escaped);
//   - "double encoding" (%252e, %%32%65);
//   - "invalid UTF-8" (%C0%AE), reported where the sequence begins;
//   - "lookalike" (a character that NFKC or UTS #39 folds to ".", "/" or
//     "\", raw or escaped: U+FF0F, U+2215, ...);
//   - "query or fragment" (a raw "?" or "#": pass the path alone);
//   - "empty segment" ("//" before the last).
//
// A path that passes means the same after any number of decodings, any
// dot-segment removal, any cut at ";" and any Unicode folding. Check the
// raw request target's path: r.URL.EscapedPath() is rebuilt by net/url.
// CheckPath allocates nothing when p passes.
func CheckPath(p string) error {
	if pathClean(p) {
		return nil
	}
	return checkPath(p, true)
}

// CheckPathBytes is [CheckPath] for a path held as bytes (a server that
// reads the request line into a []byte); it allocates nothing when p
// passes.
func CheckPathBytes(p []byte) error {
	if pathClean(p) {
		return nil
	}
	return checkPath(p, true)
}

// CheckSegments is [CheckPath] for a server that routes with [SplitPath]
// and never decodes the path again, where %2F is data inside a segment
// (/projects/diaspora%2Fdiaspora, /@babel%2fcore). It refuses everything
// CheckPath refuses except %2F, and it refuses a segment whose decoded
// value, split at "/", has a part that is empty ("empty segment": %2Fetc,
// a%2F%2Fb, a%2F) or a dot segment ("dot segment": ..%2F, %2e%2e%2f,
// a%2F..): code behind such a router joins a decoded segment into a file
// name or a second URL, where that "/" separates again. %5C and a raw "\"
// are "backslash" here too.
func CheckSegments(p string) error {
	if pathClean(p) {
		return nil
	}
	return checkPath(p, false)
}

// CheckSegmentsBytes is [CheckSegments] for a path held as bytes; it
// allocates nothing when p passes. Package openapi checks each path value
// it writes with it.
func CheckSegmentsBytes(p []byte) error {
	if pathClean(p) {
		return nil
	}
	return checkPath(p, false)
}

// pathClean reports whether p surely passes: it has only bytes that need no
// look, "/" and ".", no "/" before a "/", "." or space, and does not start
// with "." or a space (where a dot segment could start).
// It reads eight bytes a step (seven apart, so that every pair of
// neighbours is in one word) and decides without a call; false sends p to
// checkPath, which finds the place.
func pathClean[T bytesOrString](p T) bool {
	n := len(p)
	if n == 0 {
		return true
	}
	if n < 8 || n > 256 || p[0] == '.' || p[0] == ' ' {
		return n < 8 && p[0] != '.' && p[0] != ' ' && pathCleanShort(p)
	}
	for i := 0; ; i += 7 {
		if i > n-8 {
			i = n - 8
		}
		w := load64(p, i)
		cls := &pathOther
		if cls[byte(w)]|cls[byte(w>>8)]|cls[byte(w>>16)]|cls[byte(w>>24)]|
			cls[byte(w>>32)]|cls[byte(w>>40)]|cls[byte(w>>48)]|cls[byte(w>>56)] != 0 {
			return false
		}
		slash := equalBytes(w, '/')
		if slash&((slash|equalBytes(w, '.')|equalBytes(w, ' '))>>8) != 0 {
			return false
		}
		if i == n-8 {
			return true
		}
	}
}

// pathCleanShort is pathClean for p of 1 to 7 bytes.
func pathCleanShort[T bytesOrString](p T) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		if pathOther[c] != 0 || c == '/' && i+1 < len(p) && (p[i+1] == '/' || p[i+1] == '.' || p[i+1] == ' ') {
			return false
		}
	}
	return true
}

// checkPath is CheckPath (slashes) or CheckSegments (!slashes) for any
// path.
func checkPath[T bytesOrString](p T, slashes bool) error {
	// The first "//": an empty segment that is not the last. Anything
	// else must come before it to be the leftmost.
	limit := len(p)
	for k := 0; k+1 < len(p); k++ {
		if p[k] == '/' && p[k+1] == '/' {
			limit = k + 1
			break
		}
	}
	var u utf8State
	for i := 0; i < limit; {
		if u.need == 0 {
			// Skip the bytes that need no look; stop where a dot
			// segment could start.
			for i < limit && pathOther[p[i]] == 0 &&
				(p[i] != '.' && p[i] != ' ' || i > 0 && p[i-1] != '/') {
				i++
			}
			if i >= limit {
				break
			}
			if (i == 0 || p[i-1] == '/') && dotSegmentAt(p, i, !slashes) {
				return &PathError{Offset: i, Reason: reasonDot}
			}
		}
		c, width, place := p[i], 1, i
		escaped := false
		if c == '%' {
			v, ok := unescape(p, i)
			if !ok {
				if u.need > 0 {
					// The sequence in progress breaks here, left
					// of the "%".
					return &PathError{Offset: u.start, Reason: reasonUTF8}
				}
				if decodesToEscape(p, i+1) {
					return &PathError{Offset: i, Reason: reasonDouble}
				}
				return &PathError{Offset: i, Reason: reasonMalformed}
			}
			c, width, escaped = v, 3, true
		}
		// A UTF-8 sequence in progress takes this byte, or is broken.
		if u.need > 0 || c >= utf8.RuneSelf {
			if !u.add(c, place) {
				return &PathError{Offset: u.start, Reason: reasonUTF8}
			}
			if u.need == 0 {
				if r, _ := utf8.DecodeRune(u.buf[:u.n]); unicode.Is(pathLookalike, r) {
					return &PathError{Offset: u.start, Reason: reasonLookalike}
				}
			}
			i += width
			continue
		}
		switch {
		case c == '/' && escaped:
			if slashes {
				return &PathError{Offset: place, Reason: reasonSlash}
			}
			// CheckSegments: %2F separates parts of the decoded
			// segment, none of which may be empty or a dot segment.
			if emptyPartAround(p, place) {
				return &PathError{Offset: place, Reason: reasonEmpty}
			}
			if dotSegmentAt(p, place+3, true) {
				return &PathError{Offset: place + 3, Reason: reasonDot}
			}
		case c == '\\':
			return &PathError{Offset: place, Reason: reasonBackslash}
		case c < 0x20 || c == 0x7F:
			return &PathError{Offset: place, Reason: reasonControl}
		case c == '%' && decodesToEscape(p, i+3):
			return &PathError{Offset: place, Reason: reasonDouble}
		case (c == '?' || c == '#') && !escaped:
			return &PathError{Offset: place, Reason: reasonQuery}
		}
		i += width
	}
	if u.need > 0 {
		return &PathError{Offset: u.start, Reason: reasonUTF8}
	}
	if limit < len(p) {
		return &PathError{Offset: limit, Reason: reasonEmpty}
	}
	return nil
}

// dotSegmentAt reports whether the segment of p that starts at p[i] is a
// dot segment: decoded, with the lookalikes of pathDotFold read as dots,
// every White_Space character as a space and the default-ignorable ones
// (pathIgnorable) left out, and cut at its first ";" and at its first "?"
// or "#" that stood escaped, it is made of dots and spaces alone, with at
// least one dot. With parts, an
// escaped "/" ends the segment too (CheckSegments' parts). A malformed
// escape ends the reading: its "%" is no dot.
func dotSegmentAt[T bytesOrString](p T, i int, parts bool) bool {
	dot := false
	for i < len(p) && p[i] != '/' {
		c, w, esc := p[i], 1, false
		if c == '%' {
			v, ok := unescape(p, i)
			if !ok {
				return false
			}
			c, w, esc = v, 3, true
		}
		switch {
		case c == '.':
			dot = true
		case c == ' ', '\t' <= c && c <= '\r':
		case c == ';', esc && (c == '?' || c == '#'), parts && esc && c == '/':
			return dot
		case c >= utf8.RuneSelf:
			r, n := runeAt(p, i)
			switch {
			case unicode.Is(pathDotFold, r):
				dot = true
			case unicode.Is(pathSpace, r), unicode.Is(pathIgnorable, r):
			default:
				return false
			}
			w = n
		default:
			return false
		}
		i += w
	}
	return dot
}

// runeAt decodes the character at p[i] from its octets, each a raw byte or
// an escape, and returns it with the bytes of p it takes; utf8.RuneError
// where they are not valid UTF-8.
func runeAt[T bytesOrString](p T, i int) (rune, int) {
	var buf [utf8.UTFMax]byte
	n, start := 0, i
	for n < len(buf) && i < len(p) {
		c, w := p[i], 1
		if c == '%' {
			v, ok := unescape(p, i)
			if !ok {
				break
			}
			c, w = v, 3
		}
		if n > 0 && c&0xC0 != 0x80 {
			break
		}
		buf[n] = c
		n++
		i += w
		if utf8.FullRune(buf[:n]) {
			break
		}
	}
	r, size := utf8.DecodeRune(buf[:n])
	if r == utf8.RuneError && size <= 1 {
		return utf8.RuneError, i - start
	}
	return r, i - start
}

// emptyPartAround reports whether the escaped "/" at p[at] (three bytes)
// has an empty part on either side within its segment: it starts the
// segment or follows another escaped "/", or it ends the segment or comes
// before another escaped "/".
func emptyPartAround[T bytesOrString](p T, at int) bool {
	before := at == 0 || p[at-1] == '/' || at >= 3 && escapedSlash(p, at-3)
	after := at+3 == len(p) || p[at+3] == '/' || escapedSlash(p, at+3)
	return before || after
}

// escapedSlash reports whether p[i:] starts with %2F in either hex case.
func escapedSlash[T bytesOrString](p T, i int) bool {
	if i >= len(p) || p[i] != '%' {
		return false
	}
	v, ok := unescape(p, i)
	return ok && v == '/'
}

// decodesToEscape reports whether the two bytes that p[i:] decodes to first
// (each a raw byte or an escape) are hex digits: after a "%", the three
// make an escape once p is decoded.
func decodesToEscape[T bytesOrString](p T, i int) bool {
	for range 2 {
		if i >= len(p) {
			return false
		}
		c := p[i]
		i++
		if c == '%' {
			v, ok := unescape(p, i-1)
			if !ok {
				return false
			}
			c = v
			i += 2
		}
		if !isHexDigit(c) {
			return false
		}
	}
	return true
}

// A utf8State checks a UTF-8 sequence given one octet at a time (each from a
// raw byte or an escape).
type utf8State struct {
	buf   [4]byte
	n     int // octets so far
	need  int // octets still to come
	start int // offset in the path where the sequence starts
}

// add takes the next octet c, which stood at place, and reports whether the
// sequence so far can still be valid UTF-8.
func (u *utf8State) add(c byte, place int) bool {
	if u.need == 0 {
		size := lex.SeqLen(c)
		if size == 0 {
			u.start = place
			return false // a continuation byte, or a lead byte no sequence has
		}
		u.buf[0], u.n, u.need, u.start = c, 1, size-1, place
		return true
	}
	if c&0xC0 != 0x80 {
		return false
	}
	u.buf[u.n] = c
	u.n++
	u.need--
	if u.need == 0 {
		// Overlong forms, surrogates and code points above U+10FFFF.
		r, size := utf8.DecodeRune(u.buf[:u.n])
		return r != utf8.RuneError || size != 1
	}
	return true
}
