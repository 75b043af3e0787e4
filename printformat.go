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

// Wrap returns u in print format (Moore, "Wrappers for URLs", 1993, rule 3;
// RFC 3986 Appendix C): "<" + u + ">", broken with "\n" into lines of at
// most width bytes, brackets included, never inside a %XX escape, and
// preferably after "/", "?", "&" or ";" or before ".". A width <= 0, or a
// URL that fits, gives one line; where width is too small, a line holds the
// smallest piece that cannot be broken. A u that begins with "URL:" is
// written "<URL:" + u + ">". What it writes is [Exchange]'s MakeSafe of u,
// so Unwrap(Wrap(u, w)) == Exchange.MakeSafe(u) for every u and width.
func Wrap(u string, width int) string {
	u = Exchange.MakeSafe(u)
	open := "<"
	if len(u) >= 4 && lex.EqualFold(u[:4], "URL:") {
		// Unwrap would take u's own "URL:" for the marker: write the
		// marker before it.
		open = "<URL:"
	}
	t := open + u + ">"
	if width <= 0 || len(t) <= width {
		return t
	}
	first := len(open) + 1         // no break inside the marker or before u's first byte
	canBreak := func(k int) bool { // between t[k-1] and t[k]
		return k >= first && k <= len(t)-2 && t[k-1] != '%' && t[k-2] != '%'
	}
	return breakLines(t, width, 0, 0, canBreak, "\n")
}

// breakLines breaks t into lines joined by sep. Each line may hold width
// bytes, less head on every line but the first (the marker that begins a
// continued line) and less tail on every line but the last (the marker that
// ends one), and breaks only where canBreak allows.
func breakLines(t string, width, head, tail int, canBreak func(int) bool, sep string) string {
	var b strings.Builder
	b.Grow(len(t) + len(t)/max(width, 1)*len(sep) + len(sep))
	start := 0
	for first := true; ; first = false {
		room := width - tail
		if !first {
			room -= head
		}
		if len(t)-start <= room+tail {
			b.WriteString(t[start:])
			return b.String()
		}
		// The last break that fits, preferring a natural one in the
		// second half of the line; else the first break there is.
		k, natural := -1, -1
		for j := start + 1; j <= start+room && j < len(t); j++ {
			if canBreak(j) {
				k = j
				if c := t[j-1]; c == '/' || c == '?' || c == '&' || c == ';' || t[j] == '.' {
					natural = j
				}
			}
		}
		if natural > start+room/2 {
			k = natural
		}
		if k < 0 {
			for j := max(start+room, start) + 1; j < len(t); j++ {
				if canBreak(j) {
					k = j
					break
				}
			}
			if k < 0 {
				b.WriteString(t[start:])
				return b.String()
			}
		}
		b.WriteString(t[start:k])
		b.WriteString(sep)
		start = k
	}
}

// Unwrap returns the exchange-format URL of p, which is in print format
// ("<" URL ">" or "<URL:" URL ">", with any white space and line breaks
// inside and around) or in exchange format (Moore 1993, rule 3: "remove the
// enclosing '<' and '>' characters and delete any internal white-space and
// line-breaks"; RFC 3986 Appendix C). Bytes outside 21–7E hex that remain,
// such as the letters of a pasted IRI, are encoded as [Exchange]'s
// MakeSafe does, so the result is always exchange format: Unwrap(Wrap(u, w))
// is Exchange.MakeSafe(u) for every u, "" too ("<>" is ""). A "<" without
// its ">", text after the ">", a "<" or ">" inside, or no URL at all is a
// [*FormatError] at the offending byte.
func Unwrap(p string) (string, error) {
	start, end := 0, len(p)
	for start < end && lex.IsSpace(p[start]) {
		start++
	}
	for end > start && lex.IsSpace(p[end-1]) {
		end--
	}
	bracketed := false
	if start < end && p[start] == '<' {
		closer := strings.LastIndexByte(p[start:end], '>')
		if closer < 0 {
			return "", &FormatError{Offset: start, Msg: `"<" without its ">"`}
		}
		if closer += start; closer != end-1 {
			after := closer + 1
			for lex.IsSpace(p[after]) {
				after++
			}
			return "", &FormatError{Offset: after, Msg: `text after '>'`}
		}
		bracketed = true
		start++
		end--
		for start < end && lex.IsSpace(p[start]) {
			start++
		}
		if end-start >= 4 && lex.EqualFold(p[start:start+4], "URL:") {
			start += 4
		}
	}
	var b strings.Builder
	b.Grow(end - start)
	for i := start; i < end; i++ {
		switch c := p[i]; {
		case c == '<' || c == '>':
			return "", &FormatError{Offset: i, Msg: strconv.Quote(string(c)) + " inside a URL"}
		case !lex.IsSpace(c):
			b.WriteByte(c)
		}
	}
	if b.Len() == 0 && !bracketed {
		return "", &FormatError{Offset: start, Msg: "empty URL"}
	}
	return Exchange.MakeSafe(b.String()), nil
}

// WrapFido breaks u over lines the FidoURL way (FGHI URL draft §5.2.2.5):
// each broken line ends with "%%", the next begins with "%%", and every line,
// markers included, holds at most width bytes. The first line holds the
// whole scheme and its colon; no break stands next to a "%" of the URL (no
// "%%%"), though one may fall between the two hex digits of an escape, as
// the draft's own example does. A width <= 0, or a URL that fits, gives one
// line. What it writes is [Fido]'s MakeSafe of u (a charset tag after the
// scheme kept as it is), so UnwrapFido(WrapFido(u, w)) == Fido.MakeSafe(u)
// for every u that starts with a scheme.
func WrapFido(u string, width int) string {
	// A charset tag (Nicol 1995) is written as it is: its brackets are
	// syntax, not data.
	if colon := strings.IndexByte(u, ':'); colon > 0 && lex.ValidScheme(u[:colon]) {
		if _, n, ok := cutCharsetTag(u[colon+1:]); ok {
			u = u[:colon+1+n] + Fido.MakeSafe(u[colon+1+n:])
		} else {
			u = Fido.MakeSafe(u)
		}
	} else {
		u = Fido.MakeSafe(u)
	}
	if width <= 0 || len(u) <= width {
		return u
	}
	colon := strings.IndexByte(u, ':')
	canBreak := func(k int) bool { // between u[k-1] and u[k]
		return k > colon && k > 0 && k < len(u) && u[k-1] != '%' && u[k] != '%'
	}
	return breakLines(u, width, 2, 2, canBreak, "%%\n%%")
}

// UnwrapFido reads the URL at the start of text, after any white space,
// following the FidoURL line-break rule (FGHI URL draft §5.2.2.5): at "%%"
// it skips the rest of the line, the line break, any further line breaks
// and whatever decoration stands before the next "%%" (quote prefixes such
// as "MtW>> ", frame characters), and that "%%", and goes on. Lines may end
// in "\n" or "\r\n". The URL ends at white space, at `"`, "<" or ">", or at
// a byte outside 21–7E hex other than a non-ASCII letter, mark or digit
// (Unicode L, M, N: an IRI, read as [Find] reads it). The result is in
// exchange format ([Exchange]'s MakeSafe: such characters escaped), so
// UnwrapFido(text[f.Start:f.End]) == f.URL for a URL f that Find found
// bare. A "%%%" (the draft's "mistakes"), or a break that is never
// resumed, is a [*FormatError].
func UnwrapFido(text string) (string, error) {
	i := 0
	for i < len(text) && lex.IsSpace(text[i]) {
		i++
	}
	u, _, err := (&lineIndex{text: text}).scanFido(i, nil, -1, &urlEnd{iri: true})
	if err != nil {
		return "", err
	}
	if u == "" {
		return "", &FormatError{Offset: i, Msg: "no URL"}
	}
	return Exchange.MakeSafe(u), nil
}

// urlByte reports whether c can stand in a bare URL in running text.
func urlByte(c byte) bool {
	return c > 0x20 && c < 0x7F && c != '<' && c != '>' && c != '"'
}

// A lineIndex finds line ends and "%%" markers in a text, remembering the
// last of each that it found, so that the searches of the URLs found in
// one text read each byte a bounded number of times (Find is linear).
type lineIndex struct {
	text       string
	nl, marker nextIndex // "\n" and "%%"
}

// A nextIndex remembers one search of a text: at is the first occurrence
// of its separator at or after from (len(text) where there is none), so a
// search from anywhere in [from, at] has the same answer.
type nextIndex struct {
	from, at int
	ok       bool
}

// find returns the offset of the first sep in text at or after j, or
// len(text).
func (n *nextIndex) find(text string, j int, sep string) int {
	if n.ok && j >= n.from && j <= n.at {
		return n.at
	}
	n.from, n.ok, n.at = j, true, len(text)
	if k := strings.Index(text[j:], sep); k >= 0 {
		n.at = j + k
	}
	return n.at
}

// A urlEnd holds what ends a URL beyond [urlByte]'s bytes. Its zero value
// adds nothing (UnwrapFido's rule); Find sets bare.
type urlEnd struct {
	iri   bool   // continues through non-ASCII L, M and N characters
	bare  bool   // Find's bare URL (iri too): ends at '`', at '|' unless pipe, at a closer that closes nothing
	pipe  bool   // '|' belongs to the URL (ed2k)
	depth [3]int // with bare: open "(", "[", "{" less their closers so far
}

// step returns the length of the piece of URL at text[i] (one byte, or a
// whole non-ASCII character of a bare URL), or 0 where the URL ends there.
func (r *urlEnd) step(text string, i int) int {
	c := text[i]
	if c >= utf8.RuneSelf {
		if !r.bare && !r.iri {
			return 0
		}
		ch, n := utf8.DecodeRuneInString(text[i:])
		if ch == utf8.RuneError && n == 1 || !unicode.In(ch, unicode.L, unicode.M, unicode.N) {
			return 0
		}
		return n
	}
	if !urlByte(c) {
		return 0
	}
	if r.bare {
		switch c {
		case '`':
			return 0
		case '|':
			if !r.pipe {
				return 0
			}
		case '(', '[', '{':
			r.depth[bracketIndex(c)]++
		case ')', ']', '}':
			k := bracketIndex(c)
			if r.depth[k] == 0 {
				return 0
			}
			r.depth[k]--
		}
	}
	return 1
}

// bracketIndex returns 0, 1 or 2 for the brackets (), [] and {}.
func bracketIndex(c byte) int {
	switch c {
	case '(', ')':
		return 0
	case '[', ']':
		return 1
	}
	return 2
}

// scanFido reads a URL with FidoURL "%%" breaks from text[i:] and returns it
// with the breaks removed and the offset where it ends in text (on an error,
// where the reading stopped). It stops after limit bytes of URL where limit
// is not negative; r says where the URL ends.
//
// Where segs is not nil, it receives two ints for each run of the URL
// between breaks, the run's offset in text and then in the URL, so that a
// position in the URL can be mapped back to the text.
func (x *lineIndex) scanFido(i int, segs *[]int, limit int, r *urlEnd) (string, int, error) {
	text := x.text
	// A URL without breaks is a substring of text: the builder is used
	// from the second run on.
	var b strings.Builder
	first, firstEnd, runs := i, i, 0
	read := func() int { // bytes of URL so far
		if runs <= 1 {
			return firstEnd - first
		}
		return b.Len()
	}
	for i < len(text) {
		run, before := i, read()
		for i < len(text) && (limit < 0 || before+i-run < limit) && !(text[i] == '%' && i+1 < len(text) && text[i+1] == '%') {
			n := r.step(text, i)
			if n == 0 {
				break
			}
			i += n
		}
		if segs != nil {
			*segs = append(*segs, run, before)
		}
		runs++
		switch runs {
		case 1:
			firstEnd = i
		case 2:
			b.Grow(firstEnd - first + i - run)
			b.WriteString(text[first:firstEnd])
			fallthrough
		default:
			b.WriteString(text[run:i])
		}
		if i >= len(text) || text[i] != '%' || limit >= 0 && read() >= limit {
			break
		}
		// A "%%" that pauses the URL.
		if i+2 < len(text) && text[i+2] == '%' {
			return "", i, &FormatError{Offset: i, Msg: `"%%%" in a broken URL (a URL must not break next to its own "%")`}
		}
		j := x.nl.find(text, i+2, "\n")
		k := x.marker.find(text, j, "%%")
		if k >= len(text) {
			return "", i + 2, &FormatError{Offset: i, Msg: `"%%" break with no "%%" on a later line`}
		}
		i = k + 2
		if i < len(text) && text[i] == '%' {
			return "", i, &FormatError{Offset: i - 2, Msg: `"%%%" in a broken URL (a URL must not break next to its own "%")`}
		}
	}
	if runs <= 1 {
		return text[first:firstEnd], i, nil
	}
	return b.String(), i, nil
}
