// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/expand"
)

// Match reads uri back into the values that Expand would have been given
// to write it. It considers values that are strings or undefined (it never
// returns a list or a map; explode changes nothing for a string), and
// returns them exactly when one such map of values writes uri, byte for
// byte, hex case included: otherwise false, never a guess.
//
// So it finds the values of every URI that one map writes: optional
// segments ({/owner}{/repo}), literals between expressions
// ({base}...{head}), several named parameters ({;a}{;b}, {?x,y}), prefixes
// whose value is shorter than the prefix. And it returns false where two
// maps write uri: {a}{b} against "xy", {/a}{/b} against "/x" (a or b?),
// {x} against "" (undefined, or empty?), {x:3} against "abc" (any value
// that begins so), {/b}/a/{+a} against "/a/a/b"; and where no map does:
// escapes Expand would not write (/users/%61dmin, %2a for %2A), ";a="
// against {;a}.
//
// uri is read as RFC 3986 reads it: the first "?" ends the path and the
// first "#" starts the fragment, so no value holds them. Values of "+" and
// "#" expressions are read with their escapes as they stand (reserved
// expansion passes well-formed escapes through, so this one reading always
// expands back byte for byte); the others are decoded. A prefix counts a
// value's characters, so where a variable is read through a prefix and no
// decoding expression reads it whole, its text in "+" and "#" is read
// decoded too: {#x:1}{#x} matches "#%20#%20" as x=" " (x="%20" would
// begin "%"), and "#0#0%20" not at all (x="0%20" or x="0 "). A variable
// left undefined is absent; the map passes straight back to Expand.
//
// Match takes time polynomial in len(uri) and memory linear in it; past a
// budget of work (two million steps, each byte it decodes, encodes or
// compares counting as one) it returns false: a URI of kilobytes that
// several variables could split many ways, none of them right, or that a
// variable read twice could end at each of its bytes.
func (t *Template) Match(uri string) (map[string]any, bool) {
	m := newMatcher(t, uri)
	if m.count(0, 0, 0, false) != 1 || m.steps > matchBudget {
		return nil, false
	}
	// Walk the one reading again, binding as it goes.
	m.extract = true
	if m.count(0, 0, 0, false) != 1 {
		return nil, false
	}
	vals := make(map[string]any, len(m.names))
	for id, b := range m.binds {
		if b.state == bound {
			vals[m.names[id]] = b.value
		}
	}
	// The values write uri again exactly (the search read them so; this
	// states it).
	var buf [256]byte
	if again, err := t.AppendExpand(buf[:0], vals); err != nil || string(again) != uri {
		return nil, false
	}
	return vals, true
}

// matchBudget bounds the work of one Match: its steps, and the bytes it
// decodes, encodes and compares along the way (some tens of milliseconds
// here).
const matchBudget = 1 << 21

// flatMax bounds the size of a matcher's flat table.
const flatMax = 1 << 20

// A matcher counts the maps of string values that write uri, up to two.
type matcher struct {
	t      *Template
	uri    string
	qi, hi int      // the first "?" (before any "#") and the first "#", or -1
	names  []string // variable names, by id
	ids    [][]int  // ids[i][k]: the id of variable k of part i
	linked [][][]int
	last   [][2]int // last[id]: the part and place of the variable's last use
	// wholeDecoded[id]: a decoding expression reads all of the variable;
	// twoReadings[id]: none does, but an expression reads a prefix of it.
	// Its whole text in "+" or "#" is then read both as it stands and
	// decoded, and either may agree with the prefixes.
	wholeDecoded, twoReadings []bool
	binds                     []binding
	memo                      map[memoKey]uint8 // counts of states whose count depends on bindings
	flat                      []uint8           // counts+1 of the others, by flatIndex (0: not known)
	maxVars                   int
	steps                     int
	extract                   bool // follow the one reading and leave its bindings in place
}

// A binding is what the reading so far says of one variable.
type binding struct {
	state uint8  // free, undef or bound
	value string // bound: the value
	// bound: read as it stands in a "+" or "#" expression. Where a decoding
	// expression reads the variable whole later on (pending), the value
	// stands for each value that reserved expansion writes as this text;
	// that read pins it.
	raw bool
	// Prefixes read where the value was free or pending: each the value's
	// first n characters, all n of them (a shorter one binds).
	cons []prefixRead
}

type prefixRead struct {
	n    int
	text string
}

const (
	free uint8 = iota
	undef
	bound
)

type memoKey struct {
	i, k, pos int
	started   bool
	sig       string // the bindings that the rest of the template reads
}

func newMatcher(t *Template, uri string) *matcher {
	m := &matcher{t: t, uri: uri, qi: -1, hi: strings.IndexByte(uri, '#'), memo: map[memoKey]uint8{}}
	if q := strings.IndexByte(uri, '?'); q >= 0 && (m.hi < 0 || q < m.hi) {
		m.qi = q
	}
	byName := map[string]int{}
	m.ids = make([][]int, len(t.parts))
	for i := range t.parts {
		for _, v := range t.parts[i].vars {
			id, ok := byName[v.Name]
			if !ok {
				id = len(m.names)
				byName[v.Name] = id
				m.names = append(m.names, v.Name)
			}
			m.ids[i] = append(m.ids[i], id)
		}
	}
	for i := range t.parts {
		m.maxVars = max(m.maxVars, len(t.parts[i].vars))
	}
	// The flat table has a cell for each state; where that is more than
	// the budget could visit, the memo holds those counts too.
	if n := len(t.parts) * m.maxVars * (len(uri) + 1) * 2; n <= flatMax {
		m.flat = make([]uint8, n)
	}
	m.binds = make([]binding, len(m.names))
	m.last = make([][2]int, len(m.names))
	m.wholeDecoded = make([]bool, len(m.names))
	m.twoReadings = make([]bool, len(m.names))
	for i := range m.ids {
		for k, id := range m.ids[i] {
			m.last[id] = [2]int{i, k}
			whole := t.parts[i].vars[k].Prefix == 0
			m.wholeDecoded[id] = m.wholeDecoded[id] || whole && !t.parts[i].op.Reserved
			m.twoReadings[id] = m.twoReadings[id] || !whole
		}
	}
	for id := range m.twoReadings {
		m.twoReadings[id] = m.twoReadings[id] && !m.wholeDecoded[id]
	}
	// linked[i][k]: the variables read both before (i, k) and at or after
	// it; the count from (i, k) depends on their bindings alone.
	m.linked = make([][][]int, len(t.parts))
	for i := range t.parts {
		m.linked[i] = make([][]int, len(t.parts[i].vars)+1)
		for k := 0; k <= len(t.parts[i].vars); k++ {
			before := map[int]bool{}
			for i2 := 0; i2 <= i; i2++ {
				for k2, id := range m.ids[i2] {
					if i2 < i || k2 < k {
						before[id] = true
					}
				}
			}
			seen := map[int]bool{}
			for i2 := i; i2 < len(t.parts); i2++ {
				for k2, id := range m.ids[i2] {
					if (i2 > i || k2 >= k) && before[id] && !seen[id] {
						seen[id] = true
						m.linked[i][k] = append(m.linked[i][k], id)
					}
				}
			}
		}
	}
	return m
}

// count returns how many readings of uri[pos:] there are, from variable k
// of part i on (started: a variable of part i was defined), up to two. With
// extract it follows the first reading whose count is one and leaves its
// bindings in place.
func (m *matcher) count(i, k, pos int, started bool) int {
	m.steps++
	if m.steps > matchBudget {
		return 2 // past the budget: no answer, so no guess
	}
	t := m.t
	if i == len(t.parts) {
		if pos != len(m.uri) {
			return 0
		}
		// One reading. (A variable read only through full-length
		// prefixes was counted as two at its last use.)
		return 1
	}
	p := &t.parts[i]
	if p.op == nil {
		if !strings.HasPrefix(m.uri[pos:], p.lit) {
			return 0
		}
		return m.count(i+1, 0, pos+len(p.lit), false)
	}
	if k == len(p.vars) {
		return m.count(i+1, 0, pos, false)
	}
	// Extracting, a reading known to be dead is skipped; the one live
	// reading is walked again to bind its values.
	if len(m.linked[i][k]) == 0 && m.flat != nil {
		// The count does not depend on the bindings: a flat table.
		f := ((i*m.maxVars+k)*(len(m.uri)+1)+pos)*2 + b2i(started)
		if c := m.flat[f]; c > 0 && (!m.extract || c == 1) {
			return int(c - 1)
		}
		c := m.branches(i, k, pos, started)
		if !m.extract {
			m.flat[f] = uint8(c + 1)
		}
		return c
	}
	key := memoKey{i: i, k: k, pos: pos, started: started, sig: m.sig(i, k)}
	if c, ok := m.memo[key]; ok && (!m.extract || c == 0) {
		return int(c)
	}
	c := m.branches(i, k, pos, started)
	if !m.extract {
		m.memo[key] = uint8(c)
	}
	return c
}

// branches is count's work at variable k of expression i: the variable
// undefined, or defined with each value whose text can stand at pos.
func (m *matcher) branches(i, k, pos int, started bool) int {
	p := &m.t.parts[i]
	op, v, id := p.op, &p.vars[k], m.ids[i][k]
	total := 0
	// Undefined.
	if old, ok := m.setUndef(id); ok {
		c := m.count(i, k+1, pos, started)
		if m.extract && c == 1 {
			return 1
		}
		m.binds[id] = old
		total += c
		if total >= 2 {
			return 2
		}
	}
	// Defined: the operator's first string or its separator, the name of a
	// named operator, then the value's text.
	at := pos
	lead := op.First
	if started {
		lead = string(op.Sep)
	}
	if !strings.HasPrefix(m.uri[at:], lead) {
		return total
	}
	at += len(lead)
	if op.Named {
		if !strings.HasPrefix(m.uri[at:], v.Name) {
			return total
		}
		at += len(v.Name)
		if op.Ifemp == "" {
			// ";name": the empty value (an "=" after it is the
			// template's: "{;x}=" writes ";x=" for x="").
			c := m.defined(i, k, id, v, "", false, at)
			if m.extract && c == 1 {
				return 1
			}
			total += c
			if total >= 2 {
				return 2
			}
		}
		if at == len(m.uri) || m.uri[at] != '=' {
			return total
		}
		at++
	}
	// A value bound already has one text: what Expand writes of it.
	if b := &m.binds[id]; b.state == bound && !m.pending(id) {
		val := b.value
		if v.Prefix > 0 {
			val = prefixOf(val, v.Prefix)
		}
		end := -1
		if op.Reserved {
			text := expand.ReservedEnc.MakeSafe(val)
			m.steps += len(text)
			if strings.HasPrefix(m.uri[at:], text) {
				end = at + len(text)
			}
		} else {
			end = m.writes(at, val)
		}
		if end < 0 || op.Named && op.Ifemp == "" && end == at ||
			at <= m.qi && m.qi < end || at <= m.hi && m.hi < end {
			return total
		}
		// The text is the value's: the binding stands as it is (defined's
		// setValue would only compare it again).
		c := m.count(i, k+1, end, true)
		if m.extract && c == 1 {
			return 1
		}
		return min(total+c, 2)
	}
	// Each end of the value's text, unit by unit: a byte or an escape.
	// Decoding, a unit is what Expand writes (an unreserved byte, or an
	// upper-case escape of another), or no longer text is either. A
	// prefix's text ends by 4*Prefix units: each character of a value is
	// at most four of them (four escaped bytes), read decoded or not.
	// Each unit decodes to one byte, so the run of units is decoded once
	// and the value of the first u units is the first u bytes of that.
	runEnd, escapes := m.run(op, at, v.Prefix)
	m.steps += runEnd - at
	var dec string // the run decoded, where it has an escape
	if escapes {
		dec = percent.Component.DecodeLenient(m.uri[at:runEnd])
	}
	escaped := false
	safe := -1 // safeUnits, once a decoded reading asks for it
	for end, units := at, 0; ; units++ {
		if m.steps++; m.steps > matchBudget {
			return 2
		}
		text := m.uri[at:end]
		// ";name=" is never written: an empty value is ";name".
		if !(op.Named && op.Ifemp == "" && text == "") {
			d := text
			if escaped && !op.Reserved {
				d = dec[:units]
			}
			c := m.defined(i, k, id, v, d, op.Reserved, end)
			if m.extract && c == 1 {
				return 1
			}
			total += c
			if total >= 2 {
				return 2
			}
			if escaped && op.Reserved && m.decodedReading(id, v, text) {
				if safe < 0 {
					safe = m.safeUnits(at, dec)
				}
				if units <= safe {
					c := m.defined(i, k, id, v, dec[:units], false, end)
					if m.extract && c == 1 {
						return 1
					}
					total += c
					if total >= 2 {
						return 2
					}
				}
			}
		}
		if end == runEnd {
			break
		}
		if m.uri[end] == '%' {
			escaped = true
			end += 3
		} else {
			end++
		}
	}
	return total
}

// writes returns the end of val's text at uri[at:] as simple expansion
// writes it (RFC 6570 §3.2.1: an unreserved byte as it stands, another as
// an upper-case escape), or -1 where uri does not go on so. It stops at
// the first byte that differs.
func (m *matcher) writes(at int, val string) int {
	const hex = "0123456789ABCDEF"
	p := at
	for i := 0; i < len(val); i++ {
		c := val[i]
		switch {
		case percent.Unreserved.Contains(c):
			if p >= len(m.uri) || m.uri[p] != c {
				m.steps += p - at
				return -1
			}
			p++
		case p+2 < len(m.uri) && m.uri[p] == '%' && m.uri[p+1] == hex[c>>4] && m.uri[p+2] == hex[c&15]:
			p += 3
		default:
			m.steps += p - at
			return -1
		}
	}
	m.steps += p - at
	return p
}

// run returns the end of the units of value text at uri[at:] (see
// branches), and whether one of them is an escape.
func (m *matcher) run(op *expand.Op, at, prefix int) (end int, escapes bool) {
	end = at
	for units := 0; prefix == 0 || units < 4*prefix; units++ {
		n := m.unit(op, end)
		if n == 0 {
			break
		}
		if n == 3 {
			if !op.Reserved && !expandsTo(m.uri[end:end+3]) {
				break
			}
			escapes = true
		}
		end += n
	}
	return end, escapes
}

// decodedReading returns the second reading of text, read in a "+" or "#"
// expression and holding an escape: dd, the value its escapes stand for, where reserved expansion
// writes that value as text too. A prefix's text has it always ({#x:1}
// against "%25": x begins with "%"); a whole value's text has it where
// the variable is read through a prefix and no decoding expression reads
// it whole ({x:1}{#x} against "0#0%20": x may be "0%20" or "0 "). A value
// bound already is checked against text itself (setValue), and a raw text
// pending (see binding) stands for this reading too, so neither has it.
func (m *matcher) decodedReading(id int, v *expand.Var, text string) bool {
	b := &m.binds[id]
	if b.state == bound && !m.pending(id) {
		return false
	}
	if v.Prefix == 0 && !m.twoReadings[id] ||
		v.Prefix > 0 && m.wholeDecoded[id] && utf8.RuneCountInString(text) < v.Prefix {
		return false
	}
	return true
}

// safeUnits returns the most units of the run at uri[at:] (dec decoded)
// whose value reserved expansion writes as their text: MakeSafe of the
// first n bytes of dec is the first n units. That holds for every n up to
// some n and for none past it: a unit breaks it (an escape of a byte
// reserved expansion writes as it stands, or of a "%" that two hex digits
// follow in dec) for good, as the units it spans stay in every longer
// text. So a binary search finds that n.
func (m *matcher) safeUnits(at int, dec string) int {
	safe := func(n int) bool {
		end := at
		for range n {
			if m.uri[end] == '%' {
				end += 3
			} else {
				end++
			}
		}
		m.steps += 2 * (end - at)
		return expand.ReservedEnc.MakeSafe(dec[:n]) == m.uri[at:end]
	}
	lo, hi := 0, len(dec) // safe(lo); the answer is in [lo, hi]
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if safe(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// pending reports whether id is bound to a raw text that a later decoding
// read of the whole value pins.
func (m *matcher) pending(id int) bool {
	b := &m.binds[id]
	return b.state == bound && b.raw && m.wholeDecoded[id]
}

// expandsTo reports whether the escape e is one that simple expansion
// writes: upper-case hex, for a byte that is not unreserved.
func expandsTo(e string) bool {
	return percent.Component.Encode(percent.Component.DecodeLenient(e)) == e
}

// defined counts the readings with variable id (v of part i) defined as d,
// its text ending at end.
func (m *matcher) defined(i, k, id int, v *expand.Var, d string, raw bool, end int) int {
	old, ok := m.setValue(id, v, d, raw)
	if !ok {
		return 0
	}
	c := m.count(i, k+1, end, true)
	if b := m.binds[id]; b.state == free && m.last[id] == [2]int{i, k} && c > 0 {
		// Read last through a prefix as long as it is: every value that
		// begins so writes uri, so no one map does.
		c = 2
	}
	if m.extract && c == 1 {
		return 1
	}
	m.binds[id] = old
	return c
}

// unit returns the length of the unit of an expansion's value text at
// uri[i:] (a byte or an escape), or 0 where no value text goes on.
func (m *matcher) unit(op *expand.Op, i int) int {
	if i >= len(m.uri) || i == m.qi || i == m.hi {
		return 0
	}
	c := m.uri[i]
	if c == '%' {
		if !isEscape(m.uri, i) {
			return 0
		}
		return 3
	}
	if percent.Unreserved.Contains(c) || op.Reserved && percent.Reserved.Contains(c) {
		return 1
	}
	return 0
}

// setUndef binds id as undefined, and returns its old binding.
func (m *matcher) setUndef(id int) (binding, bool) {
	old := m.binds[id]
	switch old.state {
	case bound:
		return old, false
	case free:
		if len(old.cons) > 0 {
			return old, false
		}
	}
	m.binds[id] = binding{state: undef}
	return old, true
}

// setValue binds id to the value d read by v (raw: as it stands in a "+"
// or "#" expression, as text; otherwise the value itself), and returns the
// old binding. A prefix read records what the value begins with, unless
// the value is shorter than the prefix. A bound value is checked against
// what Expand writes of it. A raw text pending (see binding) is pinned by
// the first decoded whole read whose value reserved expansion writes as
// that text, and which begins with each prefix read.
func (m *matcher) setValue(id int, v *expand.Var, d string, raw bool) (binding, bool) {
	old := m.binds[id]
	if old.state == undef {
		return old, false
	}
	pending := m.pending(id)
	if old.state == bound && !pending {
		// A value: what Expand writes of it.
		val := old.value
		if v.Prefix > 0 {
			val = prefixOf(val, v.Prefix)
		}
		if raw {
			m.steps += len(val)
			return old, expand.ReservedEnc.MakeSafe(val) == d
		}
		return old, val == d
	}
	if v.Prefix > 0 {
		m.steps += len(d)
		if n := utf8.RuneCountInString(d); n > v.Prefix {
			return old, false
		} else if n == v.Prefix {
			// The value begins with d: any longer value writes this too.
			// Each prefix read agrees with the others, the shorter one
			// beginning the longer.
			for _, c := range old.cons {
				if c.n <= n && prefixOf(d, c.n) != c.text || c.n > n && prefixOf(c.text, n) != d {
					return old, false
				}
			}
			nb := old
			nb.cons = append(append([]prefixRead(nil), old.cons...), prefixRead{v.Prefix, d})
			m.binds[id] = nb
			return old, true
		}
		// Shorter than the prefix: the whole value.
	}
	if pending {
		if raw {
			return old, old.value == d
		}
		m.steps += len(d)
		if expand.ReservedEnc.MakeSafe(d) != old.value || !prefixesAgree(d, old.cons) {
			return old, false
		}
		m.binds[id] = binding{state: bound, value: d}
		return old, true
	}
	// Free.
	nb := binding{state: bound, value: d, raw: raw}
	if raw && m.wholeDecoded[id] {
		nb.cons = old.cons // checked where the value is pinned
	} else if !prefixesAgree(d, old.cons) {
		return old, false
	}
	m.binds[id] = nb
	return old, true
}

// prefixesAgree reports whether the value d begins with each prefix read.
func prefixesAgree(d string, cons []prefixRead) bool {
	for _, c := range cons {
		if prefixOf(d, c.n) != c.text {
			return false
		}
	}
	return true
}

// prefixOf is the first n characters of s, as Expand counts them.
func prefixOf(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, w := utf8.DecodeRuneInString(s[i:])
		i += w
	}
	return s[:i]
}

// sig writes the bindings of the variables that the rest of the template
// reads from (i, k) and that the reading so far has bound.
func (m *matcher) sig(i, k int) string {
	ids := m.linked[i][k]
	if len(ids) == 0 {
		return ""
	}
	var b strings.Builder
	for _, id := range ids {
		x := m.binds[id]
		b.WriteByte('0' + x.state + 4*uint8(b2i(x.raw)))
		b.WriteString(x.value)
		for _, c := range x.cons {
			b.WriteByte(0)
			b.WriteString(c.text)
		}
		b.WriteByte(1)
	}
	m.steps += b.Len()
	return b.String()
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
