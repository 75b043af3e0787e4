// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
)

// QS is qs.parse and qs.stringify of the npm package qs 6.17 with their
// default options (recorded with qs 6.17.1 on node v20.20.2).
//
// Parse reads as qs.parse(q) does: "%5B" and "%5D" (any case) read as
// brackets first; pairs split at "&"; a pair split at its first "]=", or
// else its first "="; names and values decoded as decodeURIComponent
// decodes them after "+" is read as a space, and kept undecoded, "+" aside,
// where it would throw (a malformed escape, bytes that are not UTF-8); a
// name given twice gathers its values in a List. A key is a base and at
// most 5 "[...]" groups (balanced brackets inside a group); the rest, from
// its next "[", is one more key, and text between groups is dropped. "[]"
// appends; an index under 20 makes a List (its gaps closed), a larger one
// a Map; a List that would pass 20 items becomes a Map by index. Where two
// pairs put a value and a Map at one key, the value and the Map become a
// List (qs's strictMerge). A name that is empty, or whose base or a group
// is the name of a property of Object.prototype (__proto__, constructor,
// toString, …), is dropped. The members of a Map are in the order
// JavaScript keeps an object's keys: keys that are array indices (0 to
// 2³²−2) first, in ascending order, then the others in the order they came.
// More than 1000 pairs, where qs reads the first 1000 and drops the rest
// (parameterLimit), are an *Error.
//
// Build writes as qs.stringify(tree) does: the brackets of a key and the
// key escaped (a%5Bb%5D=1), lists by index (a%5B0%5D=x), ALPHA, DIGIT and
// "-._~" literal and every other byte escaped (a space as "%20"), a Null
// as an empty value, empty Lists and Maps as nothing, the members of a Map
// in JavaScript's order. A JavaScript string holds UTF-16: a string that is
// not UTF-8 has no JavaScript form, and Build escapes its bytes as they
// are.
var QS = &Dialect{name: "qs", parse: parseQS, build: buildQS}

const (
	qsParameterLimit = 1000
	qsArrayLimit     = 20
	qsDepth          = 5
)

// qsProto are the own properties of Object.prototype (node v20): a key
// whose base or group names one is dropped.
var qsProto = []string{"constructor", "__defineGetter__", "__defineSetter__", "hasOwnProperty",
	"__lookupGetter__", "__lookupSetter__", "isPrototypeOf", "propertyIsEnumerable", "toString",
	"valueOf", "__proto__", "toLocaleString"}

// A qsParser reads one query into JavaScript values as qs builds them,
// each a Node: a String, a List (an array, whose nil items are holes), or
// a Map (an object, its members in the order they were set; keys gives
// JavaScript's order). An object may carry qs's overflow mark (a list
// past arrayLimit, and its largest index) or its conflict mark (a value
// and a map merged into a list, and its largest index): Node.mark and
// markAt.
type qsParser struct {
	index childIndex
	at    int // the offset of the pair read
}

// The marks of a qs object (Node.mark), each with its index in markAt.
const (
	qsOverflow = 1 << iota
	qsConflict
)

func (p *qsParser) str(s string) *Node {
	return &Node{Kind: String, Value: s, pair: -1, off: int32(p.at)}
}

func (p *qsParser) arr(items ...*Node) *Node {
	return &Node{Kind: List, Items: items, pair: -1, off: int32(p.at)}
}

func (p *qsParser) obj() *Node { return &Node{Kind: Map, pair: -1, off: int32(p.at)} }

func isObject(v *Node) bool { return v != nil && v.Kind != String }

func isOverflow(v *Node) bool { return v != nil && v.mark&qsOverflow != 0 }

// get is obj[k], nil where there is none.
func (p *qsParser) get(v *Node, k string) *Node {
	if i := p.index.find(v, k); i >= 0 {
		return v.Members[i].Value
	}
	return nil
}

func (p *qsParser) has(v *Node, k string) bool { return p.index.find(v, k) >= 0 }

// set is obj[k] = x on an object.
func (p *qsParser) set(v *Node, k string, x *Node) {
	if i := p.index.find(v, k); i >= 0 {
		v.Members[i].Value = x
		return
	}
	p.index.add(v, k, x)
}

// setIndex is arr[i] = x on an array: past its length, with holes between.
func setIndex(v *Node, i int, x *Node) {
	for len(v.Items) <= i {
		v.Items = append(v.Items, nil)
	}
	v.Items[i] = x
}

// keys is Object.keys(v): an array's indices that are not holes; an
// object's keys that are array indices, ascending, then the others in the
// order they were set.
func keys(v *Node) []string {
	var ks []string
	if v.Kind == List {
		for i, it := range v.Items {
			if it != nil {
				ks = append(ks, strconv.Itoa(i))
			}
		}
		return ks
	}
	for _, m := range jsOrder(v.Members) {
		ks = append(ks, m.Key)
	}
	return ks
}

// elem is v[k] for an array or an object.
func (p *qsParser) elem(v *Node, k string) *Node {
	if v.Kind == List {
		i, _ := strconv.Atoi(k)
		return v.Items[i]
	}
	return p.get(v, k)
}

// count is qs's countElements: the items of an array that are not holes.
func count(v *Node) int {
	n := 0
	for _, it := range v.Items {
		if it != nil {
			n++
		}
	}
	return n
}

// jsArrayIndex reports whether k is an array index (the canonical decimal
// of an integer from 0 to 2³²−2), which JavaScript orders first.
func jsArrayIndex(k string) (float64, bool) {
	if k == "" || len(k) > 10 || (k[0] == '0' && len(k) > 1) {
		return 0, false
	}
	n, err := strconv.ParseUint(k, 10, 64)
	if err != nil || n >= math.MaxUint32 {
		return 0, false
	}
	return float64(n), true
}

// jsNumber is String(n) for a number JavaScript writes without exponent
// below 1e21, and with one from there.
func jsNumber(n float64) string {
	if math.IsNaN(n) {
		return "NaN"
	}
	if math.Abs(n) < 1e21 {
		return strconv.FormatFloat(n, 'f', -1, 64)
	}
	return strconv.FormatFloat(n, 'e', -1, 64)
}

// jsParseInt is parseInt(s, 10): leading white space, a sign, the digits
// that follow; NaN without a digit.
func jsParseInt(s string) float64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == 0 {
		return math.NaN()
	}
	n, _ := strconv.ParseFloat(s[:end], 64) // digits only: out of range is ±Inf, as in JavaScript
	if neg {
		n = -n
	}
	return n
}

// jsIntKey reports whether String(parseInt(k, 10)) === k, and the number.
func jsIntKey(k string) (float64, bool) {
	n := jsParseInt(k)
	return n, !math.IsNaN(n) && jsNumber(n) == k
}

func parseQS(q string) (*Node, error) {
	p := &qsParser{index: childIndex{}}
	root := p.obj()
	if q == "" {
		return root, nil
	}
	clean := qsBrackets(q)
	parts := strings.Split(clean, "&")
	if len(parts) > qsParameterLimit {
		for i, p := range parts[qsParameterLimit:] {
			if p != "" {
				at := 0 // the offset in q of the first pair dropped
				for range qsParameterLimit + i {
					at += strings.IndexByte(q[at:], '&') + 1
				}
				return nil, &Error{Offset: at, Reason: "more than " + strconv.Itoa(qsParameterLimit) + " pairs (qs's parameterLimit: qs.parse drops the rest)"}
			}
		}
		parts = parts[:qsParameterLimit] // the rest is empty: qs drops nothing
	}
	temp := p.obj()
	p.at = 0
	for _, part := range parts {
		pos := strings.Index(part, "]=")
		if pos >= 0 {
			pos++
		} else {
			pos = strings.IndexByte(part, '=')
		}
		var key, val string
		if pos < 0 {
			key = qsDecode(part)
		} else {
			key, val = qsDecode(part[:pos]), qsDecode(part[pos+1:])
		}
		if p.has(temp, key) {
			p.set(temp, key, p.combine(p.get(temp, key), p.str(val)))
		} else {
			p.set(temp, key, p.str(val))
		}
		p.at += len(part) + 1 // the offset in the bracketed q, near enough for an error
	}
	for _, key := range keys(temp) {
		root = p.merge(root, p.parseKeys(key, p.get(temp, key)))
	}
	compact(root, map[*Node]bool{})
	return root, nil
}

// qsBrackets reads "%5B" and "%5D", in either case, as "[" and "]".
func qsBrackets(q string) string {
	if !strings.Contains(q, "%5") {
		return q
	}
	var b strings.Builder
	for i := 0; i < len(q); i++ {
		if q[i] == '%' && i+2 < len(q) && q[i+1] == '5' {
			switch q[i+2] {
			case 'B', 'b':
				b.WriteByte('[')
				i += 2
				continue
			case 'D', 'd':
				b.WriteByte(']')
				i += 2
				continue
			}
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// qsDecode is qs's decoder: "+" as a space, then decodeURIComponent, or
// the text with "+" read where decodeURIComponent throws. On a string that
// is UTF-8, as every JavaScript string is, decodeURIComponent throws where
// percent.Component's strict decoding fails (a "%" without two hex digits)
// or where its result is not UTF-8 (ECMA-262's Decode checks each escaped
// sequence, and the unescaped characters around them are whole).
func qsDecode(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return s
	}
	if d, err := percent.Component.Decode(s); err == nil && utf8.ValidString(d) {
		return d
	}
	return s
}

// parseKeys is parseKeys: the value val under the key, or nil where qs
// drops the key.
func (p *qsParser) parseKeys(key string, val *Node) *Node {
	if key == "" {
		return nil
	}
	chain, ok := qsSegments(key)
	if !ok {
		return nil
	}
	leaf := val
	for i := len(chain) - 1; i >= 0; i-- {
		root := chain[i]
		var obj *Node
		if root == "[]" {
			if isOverflow(leaf) {
				obj = leaf
			} else {
				obj = p.combine(p.arr(), leaf)
			}
		} else {
			obj = p.obj()
			clean := root
			if len(root) >= 2 && root[0] == '[' && root[len(root)-1] == ']' {
				clean = root[1 : len(root)-1]
			}
			n, valid := jsIntKey(clean)
			valid = valid && root != clean && n >= 0
			switch {
			case valid && n < qsArrayLimit:
				obj = p.arr()
				setIndex(obj, int(n), leaf)
			case valid:
				p.set(obj, jsNumber(n), leaf)
				overflow(obj, n)
			case clean != "__proto__":
				p.set(obj, clean, leaf)
			}
		}
		leaf = obj
	}
	return leaf
}

// qsSegments splits a key as splitKeyIntoSegments does, and reports false
// where qs drops it.
func qsSegments(key string) ([]string, bool) {
	var segs []string
	first := strings.IndexByte(key, '[')
	parent := key
	if first >= 0 {
		parent = key[:first]
	}
	if parent != "" {
		if slices.Contains(qsProto, parent) {
			return nil, false
		}
		segs = append(segs, parent)
	}
	open := first
	for collected := 0; open >= 0 && collected < qsDepth; collected++ {
		level, close := 1, -1
		for i := open + 1; i < len(key) && close < 0; i++ {
			switch key[i] {
			case '[':
				level++
			case ']':
				if level--; level == 0 {
					close = i
				}
			}
		}
		if close < 0 {
			return append(segs, "["+key[open:]+"]"), true
		}
		seg := key[open : close+1]
		if slices.Contains(qsProto, seg[1:len(seg)-1]) {
			return nil, false
		}
		segs = append(segs, seg)
		open = strings.IndexByte(key[close+1:], '[')
		if open >= 0 {
			open += close + 1
		}
	}
	if open >= 0 {
		segs = append(segs, "["+key[open:]+"]")
	}
	return segs, true
}

// concat is [].concat(xs...): arrays spread, holes kept.
func (p *qsParser) concat(xs ...*Node) *Node {
	r := p.arr()
	for _, x := range xs {
		if x != nil && x.Kind == List {
			r.Items = append(r.Items, x.Items...)
		} else {
			r.Items = append(r.Items, x)
		}
	}
	return r
}

// arrayToObject is arrayToObject: the items that are not holes, by index.
func (p *qsParser) arrayToObject(a *Node) *Node {
	o := p.obj()
	for i, it := range a.Items {
		if it != nil {
			p.set(o, strconv.Itoa(i), it)
		}
	}
	return o
}

// overflow marks o as an array past arrayLimit whose largest index is max.
func overflow(o *Node, max float64) *Node {
	o.mark |= qsOverflow
	o.markAt[0] = max
	return o
}

// combine is utils.combine.
func (p *qsParser) combine(a, b *Node) *Node {
	if isOverflow(a) {
		bs := []*Node{b}
		if b.Kind == List {
			bs = b.Items
		}
		n := a.markAt[0]
		for _, x := range bs {
			n++
			if x != nil {
				p.set(a, jsNumber(n), x)
			}
		}
		a.markAt[0] = n
		return a
	}
	r := p.concat(a, b)
	if len(r.Items) > qsArrayLimit {
		return overflow(p.arrayToObject(r), float64(len(r.Items)-1))
	}
	return r
}

// merge is utils.merge with qs.parse's options; a nil source is
// undefined.
func (p *qsParser) merge(target, source *Node) *Node {
	if source == nil || (source.Kind == String && source.Value == "") {
		return target
	}
	if source.Kind == String {
		switch {
		case target.Kind == List:
			next := len(target.Items)
			if count(target) >= qsArrayLimit {
				return overflow(p.arrayToObject(p.concat(target, source)), float64(next))
			}
			target.Items = append(target.Items, source)
		case target.Kind == Map:
			switch {
			case target.mark&qsOverflow != 0:
				target.markAt[0]++
				p.set(target, jsNumber(target.markAt[0]), source)
			case target.mark&qsConflict != 0:
				target.markAt[1]++
				p.set(target, jsNumber(target.markAt[1]), source)
			default:
				pair := p.arr(target, source)
				pair.mark, pair.markAt[1] = qsConflict, 1
				return pair
			}
		default:
			return p.arr(target, source)
		}
		return target
	}
	if target == nil || target.Kind == String {
		if isOverflow(source) {
			r := p.obj()
			p.set(r, "0", target)
			for _, k := range keys(source) {
				p.set(r, jsNumber(jsParseInt(k)+1), p.get(source, k))
			}
			return overflow(r, source.markAt[0]+1)
		}
		c := p.concat(target, source)
		if len(c.Items) > qsArrayLimit {
			return overflow(p.arrayToObject(c), float64(len(c.Items)-1))
		}
		return c
	}
	acc := target
	if target.Kind == List && source.Kind != List {
		acc = p.arrayToObject(target)
		if target.mark&qsConflict != 0 {
			acc.mark |= qsConflict
			acc.markAt[1] = float64(len(target.Items) - 1)
		}
	}
	if target.Kind == List && source.Kind == List {
		for i, item := range source.Items {
			if item == nil {
				continue // forEach skips holes
			}
			if i < len(target.Items) && target.Items[i] != nil {
				if t := target.Items[i]; isObject(t) && isObject(item) {
					target.Items[i] = p.merge(t, item)
				} else {
					target.Items = append(target.Items, item)
				}
			} else {
				setIndex(target, i, item)
			}
		}
		if count(target) > qsArrayLimit {
			return overflow(p.arrayToObject(target), float64(len(target.Items)-1))
		}
		return target
	}
	for _, key := range keys(source) {
		value := p.elem(source, key)
		if p.has(acc, key) {
			p.set(acc, key, p.merge(p.get(acc, key), value))
		} else {
			p.set(acc, key, value)
		}
		if isOverflow(source) && !isOverflow(acc) {
			max := source.markAt[0]
			for _, k := range keys(acc) {
				if n, ok := jsIntKey(k); ok && n > max {
					max = n
				}
			}
			overflow(acc, max)
		}
		if isOverflow(acc) {
			if n, ok := jsIntKey(key); ok && n >= 0 && n > acc.markAt[0] {
				acc.markAt[0] = n
			}
		}
		if acc.mark&qsConflict != 0 {
			if n, ok := jsIntKey(key); ok && n > acc.markAt[1] {
				acc.markAt[1] = n
			}
		}
	}
	return acc
}

// compact is utils.compact: every array in v without its holes; and every
// object's members put in JavaScript's order, as the tree qs gives has
// them.
func compact(v *Node, seen map[*Node]bool) {
	if !isObject(v) || seen[v] {
		return
	}
	seen[v] = true
	if v.Kind == List {
		items := v.Items[:0:0]
		for _, it := range v.Items {
			if it != nil {
				compact(it, seen)
				items = append(items, it)
			}
		}
		v.Items = items
		return
	}
	v.Members = jsOrder(v.Members)
	v.indexed = false // the positions moved
	for _, m := range v.Members {
		compact(m.Value, seen)
	}
}

// buildQS writes n as qs.stringify writes it.
func buildQS(n *Node) (string, error) {
	if n.kind() != Map && n.kind() != List {
		return "", nil // qs.stringify of a value that is not an object is ""
	}
	var parts []string
	err := qsStringify(&parts, n, "", 0)
	return strings.Join(parts, "&"), err
}

// qsStringify appends the pairs of v under the key prefix ("" at the top).
func qsStringify(parts *[]string, v *Node, prefix string, depth int) error {
	if depth > maxJSONDepth {
		return &Error{Key: prefix, Offset: -1, Reason: "nested too deep"}
	}
	switch v.kind() {
	case Null:
		*parts = append(*parts, percent.Component.Encode(prefix)+"=")
		return nil
	case String:
		*parts = append(*parts, percent.Component.Encode(prefix)+"="+percent.Component.Encode(v.Value))
		return nil
	case List:
		for i, it := range v.Items {
			k := strconv.Itoa(i)
			if depth > 0 {
				k = prefix + "[" + k + "]"
			}
			if err := qsStringify(parts, it, k, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	for _, m := range jsOrder(v.Members) {
		k := m.Key
		if depth > 0 {
			k = prefix + "[" + k + "]"
		}
		if err := qsStringify(parts, m.Value, k, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// jsOrder returns the members in the order JavaScript keeps an object's
// keys: array indices ascending, then the others as they stand. A key
// given twice keeps its first place and its last value, as an assignment
// does.
func jsOrder(ms []Member) []Member {
	var index, named []Member
	pos := map[string]int{}
	for _, m := range ms {
		if i, ok := pos[m.Key]; ok {
			if i >= 0 {
				index[i].Value = m.Value
			} else {
				named[-i-1].Value = m.Value
			}
			continue
		}
		if _, ok := jsArrayIndex(m.Key); ok {
			pos[m.Key] = len(index)
			index = append(index, m)
		} else {
			pos[m.Key] = -len(named) - 1
			named = append(named, m)
		}
	}
	slices.SortStableFunc(index, func(a, b Member) int {
		x, _ := jsArrayIndex(a.Key)
		y, _ := jsArrayIndex(b.Key)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
	return append(index, named...)
}
