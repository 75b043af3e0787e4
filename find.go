// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"iter"
	"strings"

	"github.com/urlcodec/percent/internal/lex"
)

// A Found is a URL found in running text by [Find].
type Found struct {
	URL        string // the URL in exchange format
	Start, End int    // text[Start:End] is where it stood, in print form
}

// knownScheme reports whether Find takes name, in lower case, to start a
// bare URL, and what must follow it.
func knownScheme(name string) (after string, ok bool) {
	switch name {
	// FidoURL (FGHI URL draft §6–§7).
	case "netmail", "areafix", "echomail":
		return ":", true
	case "area", "fecho", "faqserv", "freq":
		return "://", true
	// Internet schemes in common use.
	case "http", "https", "ftp", "ftps", "sftp", "nntp", "snews", "file", "telnet", "gopher",
		"wais", "irc", "ircs", "ws", "wss", "ssh", "git", "ed2k", "ldap", "rtsp":
		return "://", true
	case "mailto", "news", "xmpp", "sip", "sips", "tel", "urn", "skype":
		return ":", true
	case "magnet":
		return ":?", true
	}
	return "", false
}

// Find returns the URLs in text, in order, with where each stood: URLs in
// print format ("<...>" or "<URL:...>", across lines: Moore 1993, RFC 3986
// Appendix C) whose content begins with "URL:" or a known scheme, and bare
// URLs, also broken with FidoURL "%%" markers (FGHI URL draft §5.2.2.5).
// The package doc says where a bare URL starts and ends.
//
// Found.URL is in exchange format (an IRI's characters escaped as
// [Exchange]'s MakeSafe escapes them), and text[Start:End] is the whole
// print form, brackets, "URL:" and "%%" breaks included, so that replacing
// it with a link works. A URL with a malformed "%%" break is not reported.
// Find is linear in the length of text, on every input, and never fails.
func Find(text string) []Found {
	var out []Found
	findEach(text, func(f Found) bool {
		out = append(out, f)
		return true
	})
	return out
}

// FindSeq yields the URLs that [Find] returns, in order, one at a time: a
// caller that stops early reads no further.
func FindSeq(text string) iter.Seq[Found] {
	return func(yield func(Found) bool) {
		findEach(text, yield)
	}
}

// findEach calls yield for each URL of text, in order, until it returns
// false.
func findEach(text string, yield func(Found) bool) {
	lines := &lineIndex{text: text}
	lineStart, seen := 0, 0 // text[seen:] has not been searched for '\n'
	for i := 0; i < len(text); {
		c := text[i]
		if c == '<' {
			if k := strings.LastIndexByte(text[seen:i], '\n'); k >= 0 {
				lineStart = seen + k + 1
			}
			seen = i
			if f, ok := findBracketed(text, i, lineStart); ok {
				if !yield(f) {
					return
				}
				i = f.End
				continue
			}
			i++
			continue
		}
		// A scheme does not start after a letter, digit, "+", "-" or ".":
		// "git+https://h/" is one (unknown) scheme, not an https URL.
		if !lex.IsAlpha(c) || i > 0 && lex.IsSchemeByte(text[i-1]) {
			i++
			continue
		}
		// A run of scheme characters: a scheme if a known one ends it.
		j := i + lex.SchemeRun(text[i:])
		f, ok, skip := findBare(lines, i, j)
		if ok {
			if !yield(f) {
				return
			}
			i = f.End
			continue
		}
		// A URL whose "%%" break is malformed is skipped whole, so that no
		// byte of text is read more than a few times.
		i = max(j, skip)
	}
}

// findBracketed reads a print-format URL at text[i] == '<', on the line
// that starts at lineStart. Where that line begins with a quote prefix (such as " MtW> " or "> > "), the
// same prefix at the start of the URL's further lines is quoting, not URL.
func findBracketed(text string, i, lineStart int) (Found, bool) {
	prefix := strings.TrimRight(text[lineStart:lineStart+quotePrefix(text[lineStart:i])], " \t")
	// The URL ends at the first ">" that is not part of a quote prefix;
	// then it is copied without the prefixes (the copy only for a URL that
	// ends, so that a text of many "<" allocates nothing).
	scan := func(b *strings.Builder) int {
		end := i + 1
		for end < len(text) && text[end] != '>' && text[end] != '<' {
			c := text[end]
			if b != nil {
				b.WriteByte(c)
			}
			end++
			if c == '\n' && prefix != "" && strings.HasPrefix(text[end:], prefix) {
				end += len(prefix)
			}
		}
		return end
	}
	end := scan(nil)
	if end >= len(text) || text[end] != '>' {
		return Found{}, false
	}
	var b strings.Builder
	b.Grow(end + 1 - i)
	b.WriteByte('<')
	scan(&b)
	b.WriteByte('>')
	u, err := Unwrap(b.String())
	if err != nil {
		return Found{}, false
	}
	// Only what is marked as a URL or starts with a known scheme: "<...>"
	// also holds mail addresses and message ids.
	inner := strings.TrimLeft(text[i+1:end], " \t\r\n")
	if !lex.HasPrefixFold(inner, "URL:") {
		k := strings.IndexByte(u, ':')
		if k <= 0 {
			return Found{}, false
		}
		var buf [16]byte
		after, ok := knownScheme(string(lex.AppendLower(buf[:0], u[:min(k, len(buf)+1)])))
		if !ok || !strings.HasPrefix(u[k:], after) {
			return Found{}, false
		}
	}
	return Found{URL: u, Start: i, End: end + 1}, true
}

// quotePrefix returns the length of the quote prefix that begins line: runs
// of white space, up to eight letters or digits (a FidoNet quoter's
// initials) and one or more ">", as in " MtW>> " or "> > ".
func quotePrefix(line string) int {
	n := 0
	for {
		j := n
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		k := j
		for k < len(line) && k-j < 8 && lex.IsAlnum(line[k]) {
			k++
		}
		if k >= len(line) || line[k] != '>' {
			return n
		}
		for k < len(line) && line[k] == '>' {
			k++
		}
		for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
			k++
		}
		n = k
	}
}

// maxTagLen is the longest charset tag that Find reads in a bare URL,
// brackets and colon included: far more than any charset name needs, and a
// bound on what Find reads of a "scheme:" that turns out to be no URL.
const maxTagLen = 64

// findBare reads a bare URL whose scheme candidate is text[i:j]. Where no
// URL is there, skip is where the search goes on (0: after the candidate).
func findBare(lines *lineIndex, i, j int) (f Found, ok bool, skip int) {
	text := lines.text
	if j >= len(text) || text[j] != ':' || j-i > 16 {
		return Found{}, false, 0
	}
	var buf [16]byte
	for k := i; k < j; k++ {
		buf[k-i] = lex.Lower(text[k])
	}
	name := string(buf[:j-i])
	after, known := knownScheme(name)
	if !known {
		return Found{}, false, 0
	}
	rule := urlEnd{bare: true, pipe: name == "ed2k"}
	// Whether a URL starts here is decided within its first bytes (the
	// scheme, a charset tag, what must follow the scheme): read only those
	// first, so that a text of many "scheme:" that start no URL is read a
	// bounded number of times. What follows the scheme is checked in the URL
	// as read, since a FidoURL break may fall inside "://" (WrapFido puts
	// only the scheme and its colon on the first line).
	r := rule
	head, stop, err := lines.scanFido(i, nil, j-i+len(after), &r)
	if err == nil && len(head) > j-i+1 && head[j-i+1] == '[' {
		r = rule
		head, stop, err = lines.scanFido(i, nil, j-i+maxTagLen+len(after), &r)
	}
	if err != nil {
		return Found{}, false, stop
	}
	prefix, ok := schemePrefix(head, j-i, after)
	if !ok {
		return Found{}, false, 0
	}
	var segs []int
	r = rule
	u, end, err := lines.scanFido(i, &segs, -1, &r)
	if err != nil {
		return Found{}, false, end
	}
	// Trailing punctuation is the sentence's, not the URL's (unbalanced
	// closing brackets ended the URL already).
	n := len(u)
	for n > prefix && strings.IndexByte(".,;:!?'*", u[n-1]) >= 0 {
		n--
	}
	// "scheme:" or "scheme://" alone is no URL ("mailto://" neither), but
	// for the one bare form FidoURL gives a meaning: "area://", "area:///"
	// and "area://?", the list of echomail areas (FGHI URL draft §7.2).
	rest := u[prefix:n]
	if after == ":" {
		rest = strings.TrimPrefix(rest, "//")
	}
	if rest == "" && name != "area" {
		// Nothing in u[prefix:] can start a URL: go on after it.
		return Found{}, false, end
	}
	// Where bytes were trimmed, the URL ends in text just after its last
	// byte, u[n-1], wherever the breaks put it: in the last run that starts
	// before it.
	if n < len(u) {
		for k := len(segs) - 2; k >= 0; k -= 2 {
			if segs[k+1] < n {
				end = segs[k] + n - segs[k+1]
				break
			}
		}
	}
	return Found{URL: Exchange.MakeSafe(u[:n]), Start: i, End: end}, true, 0
}

// schemePrefix reports whether u, whose scheme name is u[:colon], goes on
// with what its scheme needs (after, such as "://"), a charset tag (Nicol
// 1995: "http:[EUC]//h/p", "http:[JIS:EUC]://h/p") allowed between the
// colon and the rest; and how long that prefix is.
func schemePrefix(u string, colon int, after string) (int, bool) {
	k := colon + 1
	if _, n, ok := cutCharsetTag(u[k:]); ok {
		k += n
	}
	if !strings.HasPrefix(u[k:], after[1:]) {
		return 0, false
	}
	return k + len(after) - 1, true
}
