// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package uritemplate implements URI Templates (RFC 6570), all four levels:
// [Parse] a template once, then [Template.Expand] it with values, or read a
// URI back into them with [Template.Match], which answers only where one
// reading exists and expanding it writes the URI again byte for byte.
//
// Values are Go values as code holds them: a string, bool, number of any
// named type or encoding.TextMarshaler (a scalar); a slice or array of
// scalars (a list); a []percent.Pair in order or a map with string keys,
// keys sorted (an associative array); nil, a nil pointer, an absent key or
// an empty list or map is undefined (§2.3). Simple expansion writes what
// percent.Component writes; "+" and "#" keep reserved characters and
// well-formed escapes, as percent's MakeSafe over unreserved and reserved
// does (§3.2.3). A literal "'" is accepted, as the uritemplate-test suite
// expects.
package uritemplate

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/expand"
)

// A Template is a URI Template (RFC 6570), parsed once and expanded many
// times: literal text and expressions such as {var}, {+path}, {/seg*} and
// {?q,page}. It implements all four levels: every operator ("+", "#", ".",
// "/", ";", "?", "&"), prefixes ({var:3}, counted in characters) and
// explode ({list*}). A Template is immutable and safe for concurrent use.
//
// Simple expansion writes what [percent.Component] writes; "+" and "#" keep
// reserved characters and well-formed escapes, as [percent.Encoding.MakeSafe] over
// unreserved and reserved does (§3.2.3): a user value with "/" or ".." in
// a reserved expansion changes the path, so use "+" only for values that
// are meant to carry URI syntax.
type Template struct {
	raw   string
	parts []tplPart
	// Room for the parts and variables of most templates, so that parsing
	// one allocates once.
	partBuf [10]tplPart
	varBuf  [12]expand.Var
}

// A tplPart is a literal (op == 0), already written as it expands, or one
// expression with its operator and variables.
type tplPart struct {
	op   *expand.Op
	lit  string
	vars []expand.Var
	off  int // where the expression's "{" is in the template
}

// isEscape reports whether s[i:], s[i] being '%', is a well-formed escape
// (RFC 3986 §2.1), by percent's own check: "%" is never literal, so three
// bytes from a "%" are valid text only as an escape.
func isEscape(s string, i int) bool {
	return i+2 < len(s) && percent.Component.Valid(s[i:i+3])
}

// A Error is a malformed template, found by Parse, or a
// value that a template cannot expand, found by Expand. Offset is the byte
// offset in the template of the offending character or variable.
type Error struct {
	Offset int
	Name   string // the variable, for an expansion error
	Reason string
	Err    error // the cause, where there is one (a TextMarshaler's error)
}

// Unwrap returns the cause, so that errors.Is and errors.As find it.
func (e *Error) Unwrap() error { return e.Err }

// Error says where in the template, which variable and what is wrong.
func (e *Error) Error() string {
	if e.Name != "" {
		return "uritemplate: variable " + strconv.Quote(e.Name) + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
	}
	return "uritemplate: offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// Parse parses a URI Template (RFC 6570 §2). A malformed template,
// such as an unclosed "{", an operator reserved for future extensions
// ("=", ",", "!", "@", "|"), a variable name outside §2.3's varname, a
// prefix outside 1–9999 or a literal character that §2.1 does not allow, is
// a *Error with its offset. Non-ASCII literal characters
// (ucschar and iprivate) are written as their percent-encoded UTF-8.
func Parse(s string) (*Template, error) {
	// The parts and variables go in the Template's own room while they
	// fit; past it, the parts grow as a slice does, and each expression's
	// variables go in the rest of a chunk twice as large as the one before.
	// So the room grows with what was read, never with what the text
	// might hold: a malformed template fails before reserving any.
	t := &Template{raw: s}
	t.parts = t.partBuf[:0]
	room := t.varBuf[:] // for the variables of the expressions to come
	chunk := len(room)
	var lit []byte // a literal that needs rewriting, else nil
	litStart := 0
	flush := func(end int) {
		if lit != nil {
			t.parts = append(t.parts, tplPart{lit: string(lit)})
		} else if end > litStart {
			t.parts = append(t.parts, tplPart{lit: s[litStart:end]})
		}
		lit = nil
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{':
			flush(i)
			end := strings.IndexByte(s[i+1:], '}')
			if end < 0 {
				return nil, &Error{Offset: i, Reason: `"{" without "}"`}
			}
			if len(room) == 0 {
				chunk *= 2
				room = make([]expand.Var, chunk)
			}
			p, err := t.parseExpression(s, i, i+1+end, room[:0])
			if err != nil {
				return nil, err
			}
			if k := len(p.vars); k <= len(room) {
				room = room[k:]
			} else {
				room = nil // the expression outgrew the chunk: a new one next
			}
			t.parts = append(t.parts, p)
			i += end + 2
			litStart = i
			continue
		case c == '%':
			if !isEscape(s, i) {
				return nil, &Error{Offset: i, Reason: `"%" not followed by two hex digits`}
			}
			if lit != nil {
				lit = append(lit, s[i:i+3]...)
			}
			i += 3
			continue
		case c < utf8.RuneSelf:
			if !templateLiteral.Contains(c) {
				why := "character not allowed in a literal"
				if c == '}' {
					why = `"}" without "{"`
				}
				return nil, &Error{Offset: i, Reason: why}
			}
			if lit != nil {
				lit = append(lit, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !ucschar(r) {
			return nil, &Error{Offset: i, Reason: "character not allowed in a literal"}
		}
		if lit == nil {
			// Room for the literal, to the next "{": its non-ASCII
			// bytes each take three.
			end := len(s)
			if k := strings.IndexByte(s[i:], '{'); k >= 0 {
				end = i + k
			}
			lit = append(make([]byte, 0, i-litStart+3*(end-i)), s[litStart:i]...)
		}
		lit = percent.Component.AppendEncodeString(lit, s[i:i+n])
		i += n
	}
	flush(len(s))
	return t, nil
}

// templateLiteral is the ASCII of RFC 6570 §2.1 literals, and "'": the
// ABNF leaves it out, but it is a sub-delim, §3.1 copies such characters,
// and the uritemplate-test suite expects it.
var templateLiteral = percent.NewSet("!#$&'()*+,-./:;=?@[]_~").Union(percent.Alpha).Union(percent.Digit)

// templateVarchar is varchar of RFC 6570 §2.3 but pct-encoded.
var templateVarchar = percent.Alpha.Union(percent.Digit).Add("_")

// ucschar reports whether r is a ucschar or iprivate (RFC 3987 §2.2), the
// non-ASCII characters a template literal may hold.
func ucschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF, 0xE000 <= r && r <= 0xFDCF, 0xFDF0 <= r && r <= 0xFFEF:
		return true
	case 0xE0000 <= r && r <= 0xE0FFF:
		return false // tags and variation selectors: neither ucschar nor iprivate
	case r >= 0x10000:
		return r&0xFFFE != 0xFFFE // not the last two of a plane
	}
	return false
}

// parseExpression parses s[start:end], an expression from "{" to before
// its "}", appending its variables to vars, which has room for them.
func (t *Template) parseExpression(s string, start, end int, vars []expand.Var) (tplPart, error) {
	p := tplPart{op: expand.Simple, off: start, vars: vars}
	i := start + 1
	if i < end {
		switch s[i] {
		case '=', ',', '!', '@', '|':
			return p, &Error{Offset: i, Reason: "operator " + strconv.Quote(s[i:i+1]) + " is reserved for future extensions"}
		}
		if op := expand.Operator(s[i : i+1]); op != nil {
			p.op = op
			i++
		}
	}
	for {
		v := expand.Var{Off: i}
		// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT /
		// "_" / pct-encoded (§2.3).
		j, dots := i, false
		for j < end {
			c := s[j]
			if templateVarchar.Contains(c) {
				j++
			} else if c == '.' {
				dots = dots || j > i && s[j-1] == '.'
				j++
			} else if c == '%' && isEscape(s[:end], j) {
				j += 3
			} else {
				break
			}
		}
		if j == i {
			if i == end {
				return p, &Error{Offset: i, Reason: "expression without a variable"}
			}
			return p, &Error{Offset: i, Reason: "character not allowed in a variable name"}
		}
		if k := strings.Index(s[i:j], ".."); dots && k >= 0 {
			return p, &Error{Offset: i + k + 1, Reason: `".." in a variable name`}
		}
		if s[i] == '.' || s[j-1] == '.' {
			at := i
			if s[i] != '.' {
				at = j - 1
			}
			return p, &Error{Offset: at, Reason: `a variable name cannot begin or end with "."`}
		}
		v.Name = s[i:j]
		i = j
		if i < end && s[i] == ':' {
			k := i + 1
			for k < end && k-i <= 5 && percent.Digit.Contains(s[k]) {
				k++
			}
			n, err := strconv.Atoi(s[i+1 : k])
			if k == i+1 || s[i+1] == '0' || k-i > 5 || err != nil || n > 9999 {
				return p, &Error{Offset: i + 1, Reason: "prefix must be 1 to 9999"}
			}
			v.Prefix = n
			i = k
		} else if i < end && s[i] == '*' {
			v.Explode = true
			i++
		}
		p.vars = append(p.vars, v)
		if i == end {
			p.vars = p.vars[:len(p.vars):len(p.vars)]
			return p, nil
		}
		if s[i] != ',' {
			return p, &Error{Offset: i, Reason: `expected "," or "}"`}
		}
		i++
	}
}

// String returns the template as it was parsed.
func (t *Template) String() string { return t.raw }

// Names returns the template's variable names, each once, in the order of
// their first use.
func (t *Template) Names() []string {
	var names []string
	for _, p := range t.parts {
		for _, v := range p.vars {
			if !slices.Contains(names, v.Name) {
				names = append(names, v.Name)
			}
		}
	}
	return names
}
