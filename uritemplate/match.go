// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"slices"
	"strings"

	"github.com/urlcodec/percent"
)

// Match reads uri back into the values that Expand would have been given
// to write it. It returns values only when expanding them writes uri again
// byte for byte, hex case included, and no other values write it;
// otherwise false, never a guess. So it refuses explode and prefixes, an
// expression without an operator character that is empty in uri, escapes
// Expand would not write (/users/%61dmin, %2a for %2A) and ";a=" against
// {;a}. uri is read as RFC 3986 reads it: the first "?" ends the path and
// the first "#" starts the fragment. Values of "+" and "#" expressions keep
// their escapes as they stand; the others are decoded. A variable left
// undefined is absent; the map passes straight back to Expand.
func (t *Template) Match(uri string) (map[string]any, bool) {
	m := matchState{vals: map[string]string{}, raw: map[string]bool{}}
	pos := 0
	sect := secPath
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			if !strings.HasPrefix(uri[pos:], p.lit) {
				return nil, false
			}
			pos += len(p.lit)
			sect = sect.after(p.lit)
			continue
		}
		sect = sect.of(p.op)
		end, ok := t.matchEnd(i, uri, pos, sect)
		if !ok {
			return nil, false
		}
		if !p.match(uri[pos:end], &m, sect) {
			return nil, false
		}
		pos = end
	}
	if pos != len(uri) {
		return nil, false
	}
	// A variable used twice must read the same both times: defined in
	// each, with one value (set checks that), or undefined in each.
	for _, name := range m.undef {
		if _, ok := m.vals[name]; ok {
			return nil, false
		}
	}
	vals := make(map[string]any, len(m.vals))
	for k, v := range m.vals {
		vals[k] = v
	}
	// The values must write uri again exactly: this refuses every escape
	// Expand would have written otherwise, in case or in choice.
	var buf [256]byte
	if again, err := t.AppendExpand(buf[:0], vals); err != nil || string(again) != uri {
		return nil, false
	}
	return vals, true
}

// A section is the part of a URI an expression stands in (RFC 3986 §3).
type section uint8

const (
	secPath section = iota
	secQuery
	secFragment
)

// after returns the section that follows a literal.
func (s section) after(lit string) section {
	if strings.IndexByte(lit, '#') >= 0 {
		return secFragment
	}
	if s < secQuery && strings.IndexByte(lit, '?') >= 0 {
		return secQuery
	}
	return s
}

// of returns the section an expression with operator op stands in.
func (s section) of(op *tplOp) section {
	switch op {
	case opFragment:
		return secFragment
	case opQuery, opCont:
		return max(s, secQuery)
	}
	return s
}

// ends reports whether c, in section s, ends it: "?" ends the path and "#"
// the path or query.
func (s section) ends(c byte) bool {
	return c == '?' && s == secPath || c == '#' && s < secFragment
}

// matchState is what Match has read: the values, which of them are read
// as they stand in a "+" or "#" expression, and the variables an
// expression left undefined.
type matchState struct {
	vals  map[string]string
	raw   map[string]bool
	undef []string
}

// set records a value, and reports false when the variable already has
// another. A decoded reading takes the place of one read as it stands (a
// variable in {x} and in {#x}); Match's final check that the values write
// uri again decides whether that reading is right.
func (m *matchState) set(name, v string, raw bool) bool {
	old, ok := m.vals[name]
	switch {
	case !ok:
	case old == v:
		raw = raw && m.raw[name]
	case m.raw[name] && !raw:
	case raw && !m.raw[name]:
		return true
	default:
		return false
	}
	m.vals[name] = v
	m.raw[name] = raw
	return true
}

// unset records variables that an expression leaves undefined.
func (m *matchState) unset(vars []tplVar) {
	for _, v := range vars {
		m.undef = append(m.undef, v.name)
	}
}

// matchEnd returns where the expansion of part i, which begins at pos in
// uri, ends, when that has one answer.
func (t *Template) matchEnd(i int, uri string, pos int, sect section) (int, bool) {
	p := &t.parts[i]
	op := p.op
	for _, v := range p.vars {
		if v.explode || v.prefix > 0 {
			return 0, false
		}
	}
	if op.first != "" && (pos == len(uri) || uri[pos] != op.first[0]) {
		return pos, true // every variable undefined
	}
	// What may follow: the next literal's first byte, and the operator
	// characters of the expressions before it (each may be undefined).
	rest := t.parts[i+1:]
	if len(rest) == 0 {
		return len(uri), true
	}
	if len(rest) == 1 && rest[0].op == nil {
		end := len(uri) - len(rest[0].lit)
		if end < pos || !strings.HasSuffix(uri, rest[0].lit) {
			return 0, false
		}
		return end, true
	}
	var stops [4]byte
	n := 0
	for _, q := range rest {
		if q.op == nil {
			stops[n] = q.lit[0]
			n++
			break
		}
		if q.op.first == "" || n == len(stops)-1 {
			return 0, false // an expression that may begin with anything
		}
		c := q.op.first[0]
		if op.first != "" && c == op.first[0] {
			return 0, false // {/a}{/b}: which one is "/x"?
		}
		if c == op.sep && !(op.named && q.op.named && disjoint(p.vars, q.vars)) {
			return 0, false
		}
		stops[n] = c
		n++
	}
	for _, c := range stops[:n] {
		if c != op.sep && op.holds(c) && !sect.ends(c) {
			return 0, false
		}
	}
	start := pos + len(op.first)
	end := start
	for end < len(uri) {
		c := uri[end]
		if slices.Contains(stops[:n], c) {
			if c != op.sep || !op.named || !p.claims(uri[end+1:]) {
				break
			}
		}
		end++
	}
	return end, true
}

// holds reports whether c may appear inside op's expansion, after its
// first character.
func (op *tplOp) holds(c byte) bool {
	switch {
	case percent.Unreserved.Contains(c) || c == '%' || c == op.sep:
		return true
	case op.reserved:
		return percent.Reserved.Contains(c)
	case op.named:
		return c == '='
	}
	return c == ','
}

// disjoint reports whether two expressions name different variables.
func disjoint(a, b []tplVar) bool {
	for _, x := range a {
		for _, y := range b {
			if x.name == y.name {
				return false
			}
		}
	}
	return true
}

// claims reports whether s begins with a piece "name", "name=" or
// "name=value" of one of p's variables.
func (p *tplPart) claims(s string) bool {
	for _, v := range p.vars {
		if rest, ok := strings.CutPrefix(s, v.name); ok && (rest == "" || rest[0] == '=' || rest[0] == p.op.sep) {
			return true
		}
	}
	return false
}

// match reads one expression's expansion e into m.
func (p *tplPart) match(e string, m *matchState, sect section) bool {
	op := p.op
	if e == "" {
		m.unset(p.vars)
		return op.first != "" // undefined; {var} and {+var} have no reading
	}
	e = e[len(op.first):]
	if op.named {
		k := 0
		for more := true; more; {
			var piece string
			piece, e, more = strings.Cut(e, string(op.sep))
			name, val, eq := strings.Cut(piece, "=")
			start := k
			for k < len(p.vars) && p.vars[k].name != name {
				k++ // undefined variables
			}
			m.unset(p.vars[start:k])
			if k == len(p.vars) || !eq && op.ifemp != "" {
				return false
			}
			d, ok := p.value(val, sect)
			if !ok || !m.set(name, d, op.reserved) {
				return false
			}
			k++
		}
		m.unset(p.vars[k:])
		return true
	}
	if len(p.vars) == 1 {
		d, ok := p.value(e, sect)
		return ok && m.set(p.vars[0].name, d, op.reserved)
	}
	// Several variables: their values must not be able to hold the
	// separator, and each must be present.
	if op.reserved || percent.Unreserved.Contains(op.sep) || strings.Count(e, string(op.sep)) != len(p.vars)-1 {
		return false
	}
	k := 0
	for more := true; more; {
		var piece string
		piece, e, more = strings.Cut(e, string(op.sep))
		d, ok := p.value(piece, sect)
		if !ok || !m.set(p.vars[k].name, d, op.reserved) {
			return false
		}
		k++
	}
	return true
}

// value reads one value of p's expansion, which must hold only what p's
// operator writes in its section: decoded for the unreserved operators; as
// it stands for "+" and "#", whose expansion keeps well-formed escapes.
func (p *tplPart) value(s string, sect section) (string, bool) {
	if !p.op.reserved {
		d, err := percent.Component.Decode(s)
		return d, err == nil && percent.Component.Valid(s)
	}
	for i := 0; i < len(s); i++ {
		if sect.ends(s[i]) {
			return "", false
		}
	}
	return s, reservedEnc.Valid(s)
}
