// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Template is a URI Template (RFC 6570), parsed once and expanded many
// times: literal text and expressions such as {var}, {+path}, {/seg*} and
// {?q,page}. It implements all four levels: every operator ("+", "#", ".",
// "/", ";", "?", "&"), prefixes ({var:3}, counted in characters) and
// explode ({list*}). A Template is immutable and safe for concurrent use.
//
// Simple expansion writes what [Component] writes; "+" and "#" keep
// reserved characters and well-formed escapes, as [Encoding.MakeSafe] over
// unreserved and reserved does (§3.2.3): a user value with "/" or ".." in
// a reserved expansion changes the path, so use "+" only for values that
// are meant to carry URI syntax.
type Template struct {
	raw   string
	parts []tplPart
	// Room for the parts and variables of most templates, so that parsing
	// one allocates once.
	partBuf [10]tplPart
	varBuf  [12]tplVar
}

// A tplPart is a literal (op == 0), already written as it expands, or one
// expression with its operator and variables.
type tplPart struct {
	op   *tplOp
	lit  string
	vars []tplVar
	off  int // where the expression's "{" is in the template
}

type tplVar struct {
	name    string
	prefix  int // 0 for none
	explode bool
	off     int // where the variable's name begins in the template
}

// A tplOp is one row of RFC 6570 Appendix A's table.
type tplOp struct {
	first    string
	sep      byte
	named    bool
	ifemp    string
	reserved bool // allow unreserved and reserved (U+R), else unreserved (U)
}

var (
	opSimple   = &tplOp{"", ',', false, "", false}
	opReserved = &tplOp{"", ',', false, "", true}
	opFragment = &tplOp{"#", ',', false, "", true}
	opLabel    = &tplOp{".", '.', false, "", false}
	opPath     = &tplOp{"/", '/', false, "", false}
	opParam    = &tplOp{";", ';', true, "", false}
	opQuery    = &tplOp{"?", '&', true, "=", false}
	opCont     = &tplOp{"&", '&', true, "=", false}
)

// templateReserved encodes a reserved expansion's value between its
// escapes: unreserved and reserved literal (RFC 6570 §3.2.3).
var templateReserved = &tabTemplateReserved

// A TemplateError is a malformed template, found by ParseTemplate, or a
// value that a template cannot expand, found by Expand. Offset is the byte
// offset in the template of the offending character or variable.
type TemplateError struct {
	Offset int
	Name   string // the variable, for an expansion error
	Reason string
}

func (e *TemplateError) Error() string {
	if e.Name != "" {
		return "percent: template: variable " + strconv.Quote(e.Name) + " at offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
	}
	return "percent: template: offset " + strconv.Itoa(e.Offset) + ": " + e.Reason
}

// ParseTemplate parses a URI Template (RFC 6570 §2). A malformed template,
// such as an unclosed "{", an operator reserved for future extensions
// ("=", ",", "!", "@", "|"), a variable name outside §2.3's varname, a
// prefix outside 1–9999 or a literal character that §2.1 does not allow, is
// a *TemplateError with its offset. Non-ASCII literal characters
// (ucschar and iprivate) are written as their percent-encoded UTF-8.
func ParseTemplate(s string) (*Template, error) {
	// The parts and variables go in the Template's own room when they fit
	// (the most the template can hold: a literal around each expression
	// but between "}{" and at the start, a variable per comma).
	t := &Template{raw: s}
	exprs := strings.Count(s, "{")
	t.parts = t.partBuf[:0]
	n := 2*exprs + 1 - strings.Count(s, "}{")
	if strings.HasPrefix(s, "{") {
		n--
	}
	if n > len(t.partBuf) {
		t.parts = make([]tplPart, 0, n)
	}
	vars := t.varBuf[:0]
	if n := exprs + strings.Count(s, ","); n > len(t.varBuf) {
		vars = make([]tplVar, 0, n)
	}
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
				return nil, &TemplateError{Offset: i, Reason: `"{" without "}"`}
			}
			p, err := t.parseExpression(s, i, i+1+end, vars[len(vars):])
			if err != nil {
				return nil, err
			}
			vars = vars[:len(vars)+len(p.vars)]
			t.parts = append(t.parts, p)
			i += end + 2
			litStart = i
			continue
		case c == '%':
			if !isEscape(s, i) {
				return nil, &TemplateError{Offset: i, Reason: `"%" not followed by two hex digits`}
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
				return nil, &TemplateError{Offset: i, Reason: why}
			}
			if lit != nil {
				lit = append(lit, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !ucschar(r) {
			return nil, &TemplateError{Offset: i, Reason: "character not allowed in a literal"}
		}
		if lit == nil {
			lit = append(make([]byte, 0, len(s)-litStart+16), s[litStart:i]...)
		}
		lit = Component.AppendEncodeString(lit, s[i:i+n])
		i += n
	}
	flush(len(s))
	return t, nil
}

// templateLiteral is the ASCII of RFC 6570 §2.1 literals, and "'": the
// ABNF leaves it out, but it is a sub-delim, §3.1 copies such characters,
// and the uritemplate-test suite expects it.
var templateLiteral = NewSet("!#$&'()*+,-./:;=?@[]_~").Union(Alpha).Union(Digit)

// templateVarchar is varchar of RFC 6570 §2.3 but pct-encoded.
var templateVarchar = Alpha.Union(Digit).Add("_")

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
func (t *Template) parseExpression(s string, start, end int, vars []tplVar) (tplPart, error) {
	p := tplPart{op: opSimple, off: start, vars: vars}
	i := start + 1
	if i < end {
		switch s[i] {
		case '+':
			p.op = opReserved
		case '#':
			p.op = opFragment
		case '.':
			p.op = opLabel
		case '/':
			p.op = opPath
		case ';':
			p.op = opParam
		case '?':
			p.op = opQuery
		case '&':
			p.op = opCont
		case '=', ',', '!', '@', '|':
			return p, &TemplateError{Offset: i, Reason: "operator " + strconv.Quote(s[i:i+1]) + " is reserved for future extensions"}
		}
		if p.op != opSimple {
			i++
		}
	}
	for {
		v := tplVar{off: i}
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
				return p, &TemplateError{Offset: i, Reason: "expression without a variable"}
			}
			return p, &TemplateError{Offset: i, Reason: "character not allowed in a variable name"}
		}
		if k := strings.Index(s[i:j], ".."); dots && k >= 0 {
			return p, &TemplateError{Offset: i + k + 1, Reason: `".." in a variable name`}
		}
		if s[i] == '.' || s[j-1] == '.' {
			at := i
			if s[i] != '.' {
				at = j - 1
			}
			return p, &TemplateError{Offset: at, Reason: `a variable name cannot begin or end with "."`}
		}
		v.name = s[i:j]
		i = j
		if i < end && s[i] == ':' {
			k := i + 1
			for k < end && k-i <= 5 && Digit.Contains(s[k]) {
				k++
			}
			n, err := strconv.Atoi(s[i+1 : k])
			if k == i+1 || s[i+1] == '0' || k-i > 5 || err != nil || n > 9999 {
				return p, &TemplateError{Offset: i + 1, Reason: "prefix must be 1 to 9999"}
			}
			v.prefix = n
			i = k
		} else if i < end && s[i] == '*' {
			v.explode = true
			i++
		}
		p.vars = append(p.vars, v)
		if i == end {
			p.vars = p.vars[:len(p.vars):len(p.vars)]
			return p, nil
		}
		if s[i] != ',' {
			return p, &TemplateError{Offset: i, Reason: `expected "," or "}"`}
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
			if !slices.Contains(names, v.name) {
				names = append(names, v.name)
			}
		}
	}
	return names
}

// Expand expands the template with the values of vars (RFC 6570 §3): a
// string; a []string (a list); a []Pair (an associative array, in its
// order) or a map[string]string (one, keys sorted); or a Go integer. A
// variable that is absent, nil, or an empty list or array is undefined
// and expands to nothing. Any other type, or a prefix on a list or array,
// is a *TemplateError naming the variable.
func (t *Template) Expand(vars map[string]any) (string, error) {
	var buf [256]byte
	b, err := t.AppendExpand(buf[:0], vars)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendExpand appends the expansion of the template with vars to dst (see
// [Template.Expand]) and returns the extended buffer. It allocates nothing
// when dst has room and every value is a string or a []string.
func (t *Template) AppendExpand(dst []byte, vars map[string]any) ([]byte, error) {
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			dst = append(dst, p.lit...)
			continue
		}
		var err error
		if dst, err = p.expand(dst, vars); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// expand appends one expression, by RFC 6570 Appendix A.
func (p *tplPart) expand(dst []byte, vars map[string]any) ([]byte, error) {
	op := p.op
	first := true
	for k := range p.vars {
		v := &p.vars[k]
		val := vars[v.name]
		var num [20]byte
		switch x := val.(type) {
		case nil:
			continue
		case string:
			dst = op.start(dst, &first)
			dst = op.str(dst, v, x)
		case []string:
			if len(x) == 0 {
				continue
			}
			if v.prefix > 0 {
				return dst, v.err("a prefix applies to a string, not a list")
			}
			dst = op.start(dst, &first)
			if !v.explode {
				dst = op.name(dst, v.name, false)
				for j, s := range x {
					if j > 0 {
						dst = append(dst, ',')
					}
					dst = op.encode(dst, s)
				}
				continue
			}
			for j, s := range x {
				if j > 0 {
					dst = append(dst, op.sep)
				}
				if op.named {
					dst = op.name(dst, v.name, s == "")
				}
				dst = op.encode(dst, s)
			}
		case []Pair:
			if len(x) == 0 {
				continue
			}
			if v.prefix > 0 {
				return dst, v.err("a prefix applies to a string, not an associative array")
			}
			dst = op.start(dst, &first)
			dst = op.pairs(dst, v, len(x), func(j int) (string, string) { return x[j].Name, x[j].Value })
		case map[string]string:
			if len(x) == 0 {
				continue
			}
			if v.prefix > 0 {
				return dst, v.err("a prefix applies to a string, not an associative array")
			}
			keys := make([]string, 0, len(x))
			for key := range x {
				keys = append(keys, key)
			}
			slices.Sort(keys)
			dst = op.start(dst, &first)
			dst = op.pairs(dst, v, len(keys), func(j int) (string, string) { return keys[j], x[keys[j]] })
		case int:
			dst = op.start(dst, &first)
			dst = op.str(dst, v, string(strconv.AppendInt(num[:0], int64(x), 10)))
		case int8, int16, int32, int64:
			dst = op.start(dst, &first)
			dst = op.str(dst, v, string(strconv.AppendInt(num[:0], signed(x), 10)))
		case uint, uint8, uint16, uint32, uint64:
			dst = op.start(dst, &first)
			dst = op.str(dst, v, string(strconv.AppendUint(num[:0], unsigned(x), 10)))
		default:
			return dst, v.err("a value must be a string, []string, []Pair, map[string]string or an integer")
		}
	}
	return dst, nil
}

func signed(x any) int64 {
	switch x := x.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	}
	return x.(int64)
}

func unsigned(x any) uint64 {
	switch x := x.(type) {
	case uint:
		return uint64(x)
	case uint8:
		return uint64(x)
	case uint16:
		return uint64(x)
	case uint32:
		return uint64(x)
	}
	return x.(uint64)
}

func (v *tplVar) err(why string) error {
	return &TemplateError{Offset: v.off, Name: v.name, Reason: why}
}

// start writes the operator's first string before the first defined
// variable, and its separator before every other.
func (op *tplOp) start(dst []byte, first *bool) []byte {
	if *first {
		*first = false
		return append(dst, op.first...)
	}
	return append(dst, op.sep)
}

// name writes a named operator's "name=" (or the name and ifemp for an
// empty value); nothing for the others.
func (op *tplOp) name(dst []byte, name string, empty bool) []byte {
	if !op.named {
		return dst
	}
	dst = append(dst, name...)
	if empty {
		return append(dst, op.ifemp...)
	}
	return append(dst, '=')
}

// str writes a string value, its prefix applied first (§2.4.1: counted in
// characters).
func (op *tplOp) str(dst []byte, v *tplVar, s string) []byte {
	dst = op.name(dst, v.name, s == "")
	if v.prefix > 0 {
		n, i := 0, 0
		for i < len(s) && n < v.prefix {
			_, w := utf8.DecodeRuneInString(s[i:])
			i += w
			n++
		}
		s = s[:i]
	}
	return op.encode(dst, s)
}

// pairs writes n name-value pairs.
func (op *tplOp) pairs(dst []byte, v *tplVar, n int, pair func(int) (string, string)) []byte {
	if !v.explode {
		dst = op.name(dst, v.name, false)
		for j := range n {
			key, val := pair(j)
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = op.encode(dst, key)
			dst = append(dst, ',')
			dst = op.encode(dst, val)
		}
		return dst
	}
	for j := range n {
		key, val := pair(j)
		if j > 0 {
			dst = append(dst, op.sep)
		}
		dst = op.encode(dst, key)
		if op.named && val == "" {
			dst = append(dst, op.ifemp...)
			continue
		}
		dst = append(dst, '=')
		dst = op.encode(dst, val)
	}
	return dst
}

// encode writes a value: with [Component] for the unreserved operators;
// for "+" and "#", with unreserved and reserved literal and every
// well-formed escape kept as it is, a "%" that begins none written "%25"
// (what Encoding.MakeSafe does).
func (op *tplOp) encode(dst []byte, s string) []byte {
	if !op.reserved {
		return Component.AppendEncodeString(dst, s)
	}
	return templateReserved.appendSafe(dst, s)
}

// Match reads uri back into the values that Expand would have been given
// to write it, decoded, and reports whether it could. It reads back only
// what has one reading, and otherwise returns false, never a guess:
//
//   - the template has no explode and no prefix (their values cannot be
//     told from their separators);
//   - each expression ends where a character that its expansion cannot hold
//     begins what follows: a literal, the next expression's operator
//     ("{/id}{?fields}"), or the end; an expression that ends the template,
//     or comes before its final literal, takes what is left;
//   - an expression without an operator character ({var}, {+var}) is not
//     empty in uri, since "" and undefined expand alike;
//   - several variables in one expression are told apart by name (";",
//     "?", "&"), or by a separator that their values cannot hold ("," in
//     {x,y}, "/" in {/x,y}) with every variable present;
//   - each value is well formed: only the characters its operator writes,
//     and escapes of two hex digits;
//   - a variable used more than once reads the same everywhere (one value,
//     or undefined in each place).
//
// A variable that uri leaves undefined is absent from the map. Values are
// decoded. In a "+" or "#" expression, which passes a value's escapes
// through, an escape of an unreserved or reserved character can only be
// the value's own, and is kept (with upper-case hex), as is a "%25" before
// two hex digits; the others are decoded. Expanding the values Match returns writes uri again. It is
// the reverse used for routing and for matching resource URIs against
// templates.
func (t *Template) Match(uri string) (map[string]string, bool) {
	m := matchState{vals: map[string]string{}}
	pos := 0
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			if !strings.HasPrefix(uri[pos:], p.lit) {
				return nil, false
			}
			pos += len(p.lit)
			continue
		}
		end, ok := t.matchEnd(i, uri, pos)
		if !ok {
			return nil, false
		}
		if !p.match(uri[pos:end], &m) {
			return nil, false
		}
		pos = end
	}
	// A variable used twice must read the same both times: defined in
	// each, with one value (set checks that), or undefined in each.
	for _, name := range m.undef {
		if _, ok := m.vals[name]; ok {
			return nil, false
		}
	}
	return m.vals, pos == len(uri)
}

// matchState is what Match has read: the values, and the variables an
// expression left undefined.
type matchState struct {
	vals  map[string]string
	undef []string
}

// set records a value, and reports false when the variable already has
// another.
func (m *matchState) set(name, v string) bool {
	if old, ok := m.vals[name]; ok && old != v {
		return false
	}
	m.vals[name] = v
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
func (t *Template) matchEnd(i int, uri string, pos int) (int, bool) {
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
		if c != op.sep && op.holds(c) {
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
	case Unreserved.Contains(c) || c == '%' || c == op.sep:
		return true
	case op.reserved:
		return Reserved.Contains(c)
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
func (p *tplPart) match(e string, m *matchState) bool {
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
			d, ok := p.value(val)
			if !ok || !m.set(name, d) {
				return false
			}
			k++
		}
		m.unset(p.vars[k:])
		return true
	}
	if len(p.vars) == 1 {
		d, ok := p.value(e)
		return ok && m.set(p.vars[0].name, d)
	}
	// Several variables: their values must not be able to hold the
	// separator, and each must be present.
	if op.reserved || Unreserved.Contains(op.sep) || strings.Count(e, string(op.sep)) != len(p.vars)-1 {
		return false
	}
	k := 0
	for more := true; more; {
		var piece string
		piece, e, more = strings.Cut(e, string(op.sep))
		d, ok := p.value(piece)
		if !ok || !m.set(p.vars[k].name, d) {
			return false
		}
		k++
	}
	return true
}

// value decodes one value of p's expansion, which must hold only what
// p's operator writes.
func (p *tplPart) value(s string) (string, bool) {
	enc := Component
	if p.op.reserved {
		enc = templateReserved
	}
	if !enc.Valid(s) {
		return "", false
	}
	if !p.op.reserved {
		d, err := enc.Decode(s)
		return d, err == nil
	}
	// "%25" is the expansion's own where the value's "%" began no escape;
	// before two hex digits it is the value's.
	var b strings.Builder
	for {
		k := strings.Index(s, "%25")
		if k < 0 {
			k = len(s)
		}
		d, err := enc.DecodeExcept(s[:k], templateKept)
		if err != nil {
			return "", false
		}
		if k == len(s) && b.Len() == 0 {
			return d, true
		}
		b.WriteString(d)
		if k == len(s) {
			return b.String(), true
		}
		if k+4 < len(s) && isHexDigit(s[k+3]) && isHexDigit(s[k+4]) {
			var esc [3]byte
			b.Write(appendEscape(esc[:0], '%', upperHex))
		} else {
			b.WriteByte('%')
		}
		s = s[k+3:]
	}
}

// templateKept are the bytes whose escapes a reserved expansion never
// writes, since it writes them literally: an escape of one of them in a
// "+" or "#" expansion is the value's own, and Match keeps it.
var templateKept = Unreserved.Union(Reserved)
