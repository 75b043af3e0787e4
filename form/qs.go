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

// A jsv is a JavaScript value as qs builds them: a string, an array (nil
// items are holes), or an object, which may carry qs's overflow mark (a
// list past arrayLimit, and its largest index) or conflict mark (a value
// and a map merged into a list, and its largest index).
type jsv struct {
	kind  Kind // String, List (an array) or Map (an object)
	s     string
	items []*jsv

	props map[string]*jsv
	index []float64 // the keys that are array indices, as numbers
	named []string  // the other keys, in insertion order

	overflow, conflict   bool
	maxIndex, conflictAt float64
}

func jsStr(s string) *jsv        { return &jsv{kind: String, s: s} }
func jsArr(items ...*jsv) *jsv   { return &jsv{kind: List, items: items} }
func jsObj() *jsv                { return &jsv{kind: Map, props: map[string]*jsv{}} }
func (v *jsv) isObject() bool    { return v != nil && v.kind != String }
func (v *jsv) isOverflow() bool  { return v != nil && v.overflow }
func (v *jsv) get(k string) *jsv { return v.props[k] }

func (v *jsv) has(k string) bool {
	_, ok := v.props[k]
	return ok
}

// set is obj[k] = x on an object.
func (v *jsv) set(k string, x *jsv) {
	if _, ok := v.props[k]; !ok {
		if n, ok := jsArrayIndex(k); ok {
			i, _ := slices.BinarySearch(v.index, n)
			v.index = slices.Insert(v.index, i, n)
		} else {
			v.named = append(v.named, k)
		}
	}
	v.props[k] = x
}

// setIndex is arr[i] = x on an array: past its length, with holes between.
func (v *jsv) setIndex(i int, x *jsv) {
	for len(v.items) <= i {
		v.items = append(v.items, nil)
	}
	v.items[i] = x
}

// keys is Object.keys(v).
func (v *jsv) keys() []string {
	var ks []string
	if v.kind == List {
		for i, it := range v.items {
			if it != nil {
				ks = append(ks, strconv.Itoa(i))
			}
		}
		return ks
	}
	for _, n := range v.index {
		ks = append(ks, jsNumber(n))
	}
	return append(ks, v.named...)
}

// at is v[k] for an array or an object.
func (v *jsv) at(k string) *jsv {
	if v.kind == List {
		i, _ := strconv.Atoi(k)
		return v.items[i]
	}
	return v.props[k]
}

// count is qs's countElements: the items of an array that are not holes.
func (v *jsv) count() int {
	n := 0
	for _, it := range v.items {
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
	root := jsObj()
	if q == "" {
		return root.node(), nil
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
	temp := jsObj()
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
		if temp.has(key) {
			temp.set(key, qsCombine(temp.get(key), jsStr(val)))
		} else {
			temp.set(key, jsStr(val))
		}
	}
	for _, key := range temp.keys() {
		root = qsMerge(root, qsParseKeys(key, temp.get(key)))
	}
	qsCompact(root, map[*jsv]bool{})
	return root.node(), nil
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

// qsParseKeys is parseKeys: the value val under the key, or nil where qs
// drops the key.
func qsParseKeys(key string, val *jsv) *jsv {
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
		var obj *jsv
		if root == "[]" {
			if leaf.isOverflow() {
				obj = leaf
			} else {
				obj = qsCombine(jsArr(), leaf)
			}
		} else {
			obj = jsObj()
			clean := root
			if len(root) >= 2 && root[0] == '[' && root[len(root)-1] == ']' {
				clean = root[1 : len(root)-1]
			}
			n, valid := jsIntKey(clean)
			valid = valid && root != clean && n >= 0
			switch {
			case valid && n < qsArrayLimit:
				obj = jsArr()
				obj.setIndex(int(n), leaf)
			case valid:
				obj.set(jsNumber(n), leaf)
				obj.overflow, obj.maxIndex = true, n
			case clean != "__proto__":
				obj.set(clean, leaf)
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

// qsConcat is [].concat(xs...): arrays spread, holes kept.
func qsConcat(xs ...*jsv) *jsv {
	r := jsArr()
	for _, x := range xs {
		if x != nil && x.kind == List {
			r.items = append(r.items, x.items...)
		} else {
			r.items = append(r.items, x)
		}
	}
	return r
}

// qsArrayToObject is arrayToObject: the items that are not holes, by index.
func qsArrayToObject(a *jsv) *jsv {
	o := jsObj()
	for i, it := range a.items {
		if it != nil {
			o.set(strconv.Itoa(i), it)
		}
	}
	return o
}

func qsOverflow(o *jsv, max float64) *jsv {
	o.overflow, o.maxIndex = true, max
	return o
}

// qsCombine is utils.combine.
func qsCombine(a, b *jsv) *jsv {
	if a.isOverflow() {
		bs := []*jsv{b}
		if b.kind == List {
			bs = b.items
		}
		n := a.maxIndex
		for _, x := range bs {
			n++
			if x != nil {
				a.set(jsNumber(n), x)
			}
		}
		a.maxIndex = n
		return a
	}
	r := qsConcat(a, b)
	if len(r.items) > qsArrayLimit {
		return qsOverflow(qsArrayToObject(r), float64(len(r.items)-1))
	}
	return r
}

// qsMerge is utils.merge with qs.parse's options; a nil source is
// undefined.
func qsMerge(target, source *jsv) *jsv {
	if source == nil || (source.kind == String && source.s == "") {
		return target
	}
	if source.kind == String {
		switch {
		case target.kind == List:
			next := len(target.items)
			if target.count() >= qsArrayLimit {
				return qsOverflow(qsArrayToObject(qsConcat(target, source)), float64(next))
			}
			target.items = append(target.items, source)
		case target.kind == Map:
			switch {
			case target.overflow:
				target.maxIndex++
				target.set(jsNumber(target.maxIndex), source)
			case target.conflict:
				target.conflictAt++
				target.set(jsNumber(target.conflictAt), source)
			default:
				pair := jsArr(target, source)
				pair.conflict, pair.conflictAt = true, 1
				return pair
			}
		default:
			return jsArr(target, source)
		}
		return target
	}
	if target == nil || target.kind == String {
		if source.overflow {
			r := jsObj()
			r.set("0", target)
			for _, k := range source.keys() {
				r.set(jsNumber(jsParseInt(k)+1), source.get(k))
			}
			return qsOverflow(r, source.maxIndex+1)
		}
		c := qsConcat(target, source)
		if len(c.items) > qsArrayLimit {
			return qsOverflow(qsArrayToObject(c), float64(len(c.items)-1))
		}
		return c
	}
	acc := target
	if target.kind == List && source.kind != List {
		acc = qsArrayToObject(target)
		if target.conflict {
			acc.conflict, acc.conflictAt = true, float64(len(target.items)-1)
		}
	}
	if target.kind == List && source.kind == List {
		for i, item := range source.items {
			if item == nil {
				continue // forEach skips holes
			}
			if i < len(target.items) && target.items[i] != nil {
				if t := target.items[i]; t.isObject() && item.isObject() {
					target.items[i] = qsMerge(t, item)
				} else {
					target.items = append(target.items, item)
				}
			} else {
				target.setIndex(i, item)
			}
		}
		if target.count() > qsArrayLimit {
			return qsOverflow(qsArrayToObject(target), float64(len(target.items)-1))
		}
		return target
	}
	for _, key := range source.keys() {
		value := source.at(key)
		if acc.has(key) {
			acc.set(key, qsMerge(acc.get(key), value))
		} else {
			acc.set(key, value)
		}
		if source.overflow && !acc.overflow {
			max := source.maxIndex
			for _, k := range acc.keys() {
				if n, ok := jsIntKey(k); ok && n > max {
					max = n
				}
			}
			qsOverflow(acc, max)
		}
		if acc.overflow {
			if n, ok := jsIntKey(key); ok && n >= 0 && n > acc.maxIndex {
				acc.maxIndex = n
			}
		}
		if acc.conflict {
			if n, ok := jsIntKey(key); ok && n > acc.conflictAt {
				acc.conflictAt = n
			}
		}
	}
	return acc
}

// qsCompact is utils.compact: every array in v without its holes.
func qsCompact(v *jsv, seen map[*jsv]bool) {
	if !v.isObject() || seen[v] {
		return
	}
	seen[v] = true
	if v.kind == List {
		items := v.items[:0:0]
		for _, it := range v.items {
			if it != nil {
				qsCompact(it, seen)
				items = append(items, it)
			}
		}
		v.items = items
		return
	}
	for _, k := range v.keys() {
		qsCompact(v.props[k], seen)
	}
}

// node is v as a Node, an object's keys in JavaScript's order.
func (v *jsv) node() *Node {
	switch v.kind {
	case String:
		return &Node{Kind: String, Value: v.s}
	case List:
		n := &Node{Kind: List, Items: make([]*Node, 0, len(v.items))}
		for _, it := range v.items {
			n.Items = append(n.Items, it.node())
		}
		return n
	}
	n := &Node{Kind: Map}
	for _, k := range v.keys() {
		n.Members = append(n.Members, Member{k, v.props[k].node()})
	}
	return n
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
