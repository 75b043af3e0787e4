// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"encoding"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/urlcodec/percent"
)

// A Decoder reads queries and form bodies into Go values. Its zero value
// has the default limits and form's own reading of a query. A Decoder is
// not changed by use and may be shared.
type Decoder struct {
	// MaxPairs is the number of pairs a query may hold; more is an *Error
	// that is percent.ErrTooManyPairs. Zero means percent.DefaultMaxPairs;
	// below zero, no limit. It is also the largest list index read.
	MaxPairs int
	// MaxDepth is the number of steps a key may have after its base. Zero
	// means DefaultMaxDepth; it is at most 256.
	MaxDepth int
	// DisallowUnknownKeys makes a key that names no field of a struct an
	// *Error, instead of skipping it.
	DisallowUnknownKeys bool
	// Arrays is the form lists of scalars were written in. With Comma, a
	// value given for a list of scalars (s=a%2Cb,c) is split at each raw
	// "," before its parts are decoded, so that what Encoder{Arrays:
	// Comma} writes reads back (["a,b", "c"]). The other forms need no
	// setting: Unmarshal reads indices, brackets and repeated names alike.
	Arrays ArrayFormat
	// Dialect, when set, reads the query as that dialect's original does
	// ([QS], [Rack], [PHP]) and binds the tree it gives, so that a
	// service that takes over from a Node, Rails or PHP one reads what
	// their clients send as they read it. nil: form's own reading (see
	// [Decoder.Unmarshal]); the limits above are then the dialect's own.
	Dialect *Dialect
}

// Unmarshal reads q, a raw query (with or without its "?") or an
// application/x-www-form-urlencoded body, into the value v points to,
// with a Decoder's defaults. See [Decoder.Unmarshal].
func Unmarshal(q string, v any) error {
	var d Decoder
	return d.Unmarshal(q, v)
}

// Unmarshal reads q into the value v points to.
//
// q is split into pairs at "&" (as percent.SplitQuery splits) and each
// name and value decoded as percent.Form decodes them ("+" is a space; a
// malformed escape is an *Error). A name is read as a key path: a base,
// then "[seg]" and ".seg" steps in any mix, so that items[0].price,
// items[0][price] and items.0.price are one path; "[]" appends. A "[" that
// does not close, text after "]" other than "[" or ".", an empty base
// before a step and an empty "." step are errors, never a literal name;
// the empty name alone is the top-level empty key ("=x").
//
// A path is bound to the value by its type: a struct by field (the tag
// `form:"name"`, or the field's name; embedded structs promoted as
// encoding/json promotes them; pointers allocated when a key reaches
// them), a map by key (string, integer or encoding.TextUnmarshaler keys;
// integers in canonical decimal only, so that two spellings never name one
// entry), a slice or array by index (the indices order the items and gaps
// close; "[]" and a value given again take the next index after the
// largest so far), and a scalar by its text: a string, []byte, a bool
// (strconv.ParseBool, or "on" as a checkbox sends it), an integer or
// float as Marshal writes them (decimal: "0x1p-2", "NaN" and "Inf" are
// errors), a time.Duration (time.ParseDuration's syntax, or nanoseconds),
// or an encoding.TextUnmarshaler. An empty value leaves a number or bool
// zero and a pointer to one nil, as a form's empty field means. An
// interface{} that holds a non-nil pointer is filled through it, as
// encoding/json fills it; any other takes the tree: a string, a []any for
// a key with indices, appends or repeated values, a map[string]any for one
// with names.
//
// A scalar key given twice, a scalar where a list or map stands
// ("a=2&a[b]=1"), a value its type cannot take, an index past the limit
// or an array's length, and (with DisallowUnknownKeys) a key that names no
// field, are each an *Error with the key path, the offset in q and the
// cause; nothing is dropped silently. No input allocates more than a small
// multiple of its length beyond the value's own fields: an index is
// never a length.
func (d *Decoder) Unmarshal(q string, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &Error{Offset: -1, Reason: "Unmarshal needs a non-nil pointer, not " + typeName(rv)}
	}
	b := binder{unknown: d.DisallowUnknownKeys, maxIndex: maxIndex, comma: d.Arrays == Comma}
	if d.Dialect != nil {
		root, err := d.Dialect.Parse(q)
		if err != nil {
			return err
		}
		return b.bindRoot(root, rv.Elem())
	}
	maxPairs := d.MaxPairs
	if maxPairs == 0 {
		maxPairs = percent.DefaultMaxPairs
	}
	if maxPairs >= 0 {
		b.maxIndex = maxPairs
	}
	depth := d.MaxDepth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	r := getReading()
	err := r.read(q, maxPairs, min(depth, maxSteps))
	if err == nil {
		b.r = r
		err = b.bindRoot(r.root, rv.Elem())
	}
	// Nothing Unmarshal returns holds a node or the slice of pairs: the
	// errors and the values bound take strings (substrings of q, or of the
	// one string of decoded parts), which never change.
	r.release()
	return err
}

// A binder binds a tree to Go values.
type binder struct {
	r        *reading // form's own reading, or nil for a dialect's tree
	unknown  bool
	comma    bool
	maxIndex int
	// steps and more hold the key path of the node being bound, for
	// errors: depth steps, the first in the array, the rest in more.
	steps [12]pathStep
	more  []pathStep
	depth int
}

// push adds a step to the key path.
func (b *binder) push(key string, app bool) {
	if b.depth < len(b.steps) {
		b.steps[b.depth] = pathStep{key, app}
	} else {
		b.more = append(b.more[:b.depth-len(b.steps)], pathStep{key, app})
	}
	b.depth++
}

// pop removes the last step of the key path.
func (b *binder) pop() { b.depth-- }

// step returns the key path's step i.
func (b *binder) step(i int) pathStep {
	if i < len(b.steps) {
		return b.steps[i]
	}
	return b.more[i-len(b.steps)]
}

// A pathStep is one step of a key path: a name, or an append.
type pathStep struct {
	key string
	app bool
}

// bindRoot binds the root of a tree to v.
func (b *binder) bindRoot(root *Node, v reflect.Value) error {
	return b.bind(codecOf(v.Type()), root, v)
}

// bind binds n to v, a value of c's type, by its shape.
func (b *binder) bind(c *codec, n *Node, v reflect.Value) error {
	switch c.shape {
	case shapeScalar:
		return b.bindScalar(c, n, v)
	case shapePointer:
		return b.bindPointer(c, n, v)
	case shapeInterface:
		return b.bindInterface(n, v)
	case shapeStruct:
		return b.bindStruct(c, n, v)
	case shapeMap:
		return b.bindMap(c, n, v)
	case shapeList:
		if c.bytes && !hasSteps(n) {
			return b.bindScalar(c, n, v) // one text, not items
		}
		return b.bindList(c, n, v)
	}
	return b.fail(n, false, "cannot bind to type "+v.Type().String(), nil)
}

// into binds n, the member of key under the node being bound, to v by
// c: a step of the key path, but for a value given at the node's own key.
func (b *binder) into(n *Node, key string, v reflect.Value, c *codec) error {
	if n.how == given {
		return b.bind(c, n, v)
	}
	b.push(key, n.how == appended)
	err := b.bind(c, n, v)
	b.pop()
	return err
}

// key writes the key path in bracket form: items[3][price], with "[]"
// for an append.
func (b *binder) key() string {
	var s strings.Builder
	for i := range b.depth {
		p := b.step(i)
		switch {
		case i == 0:
			s.WriteString(p.key)
		case p.app:
			s.WriteString("[]")
		default:
			s.WriteString("[" + p.key + "]")
		}
	}
	return s.String()
}

// fail is the *Error of node n, at its key step, or with value at the
// value it holds or is.
func (b *binder) fail(n *Node, value bool, reason string, err error) *Error {
	e := &Error{Key: b.key(), Offset: -1, Reason: reason, Err: err}
	switch {
	case b.r != nil && n.pair >= 0:
		e.Offset = b.r.base + b.r.where(n, value)
	case n.pair == -1 && n.off >= 0:
		e.Offset = int(n.off)
	}
	return e
}

// scalar returns the one value given at node n and the node that holds
// it: a String's text, a Null's empty one, or a map's one given value.
func (b *binder) scalar(n *Node) (string, *Node, error) {
	switch n.Kind {
	case String:
		return n.Value, n, nil
	case Null:
		return "", n, nil
	case List:
		return "", n, b.fail(n, false, "a list or map where a single value stands", nil)
	}
	var one *Node
	for _, m := range n.Members {
		c := m.Value
		if c.how != given {
			return "", n, b.failAt(c, m.Key, "a list or map where a single value stands")
		}
		if one != nil {
			return "", n, b.fail(c, true, "a key given twice where a single value stands", nil)
		}
		one = c
	}
	if one == nil {
		return "", n, b.fail(n, false, "no value", nil)
	}
	return one.Value, one, nil
}

// failAt is the *Error of member c of key, of the node being bound (of a
// value given at its key: the value's).
func (b *binder) failAt(c *Node, key, reason string) *Error {
	if c.how == given {
		return b.fail(c, true, reason, nil)
	}
	b.push(key, c.how == appended)
	e := b.fail(c, false, reason, nil)
	b.pop()
	return e
}

// empty reports whether n is one empty value: what leaves a pointer to a
// number or bool nil.
func (b *binder) empty(n *Node) bool {
	switch n.Kind {
	case String:
		return n.Value == ""
	case Null:
		return true
	case Map:
		return len(n.Members) == 1 && n.Members[0].Value.how == given && n.Members[0].Value.Value == ""
	}
	return false
}

// hasSteps reports whether a key of node n goes on past it (n[0]=…,
// n[k]=…), rather than only holding values (n=…).
func hasSteps(n *Node) bool {
	switch n.Kind {
	case List:
		return true
	case Map:
		for _, m := range n.Members {
			if m.Value.how != given {
				return true
			}
		}
	}
	return false
}

// The binds of the shapes (codec.go).

// bindScalar binds a scalar: its one text, read as c says.
func (b *binder) bindScalar(c *codec, n *Node, v reflect.Value) error {
	if c.in == noText {
		return b.fail(n, false, "cannot bind to type "+v.Type().String()+" (no UnmarshalText)", nil)
	}
	text, at, err := b.scalar(n)
	if err != nil {
		return err
	}
	return b.set(c.in, at, v, text)
}

// bindPointer binds through a pointer, allocated as the path reaches it;
// an empty value leaves a pointer to a number or bool nil.
func (b *binder) bindPointer(c *codec, n *Node, v reflect.Value) error {
	if v.IsNil() {
		if c.elem.emptyZero && b.empty(n) {
			return nil
		}
		v.Set(reflect.New(c.elem.typ))
	}
	return b.bind(c.elem, n, v.Elem())
}

// bindInterface binds an interface{}: through the non-nil pointer it
// holds, as encoding/json does, or else the tree.
func (b *binder) bindInterface(n *Node, v reflect.Value) error {
	if e := v.Elem(); !v.IsNil() && e.Kind() == reflect.Pointer && !e.IsNil() {
		return b.bind(codecOf(e.Type()), n, e)
	}
	if v.NumMethod() != 0 {
		return b.fail(n, false, "cannot bind to interface type "+v.Type().String(), nil)
	}
	x, err := b.tree(n, b.r != nil && b.depth == 0)
	if err != nil {
		return err
	}
	if x == nil {
		v.SetZero()
		return nil
	}
	v.Set(reflect.ValueOf(x))
	return nil
}

// bindStruct binds the named members of n to the fields of v.
func (b *binder) bindStruct(c *codec, n *Node, v reflect.Value) error {
	if n.Kind != Map {
		return b.fail(n, true, "a value where a struct stands", nil)
	}
	f := c.facts
	for _, m := range n.Members {
		ch := m.Value
		if ch.how != named {
			return b.failAt(ch, m.Key, mismatch(ch, "struct"))
		}
		fl, ok := f.find(m.Key)
		if !ok {
			if b.unknown {
				return b.failAt(ch, m.Key, "no field of "+v.Type().String()+" has this key")
			}
			continue
		}
		fv, err := b.fieldOf(ch, m.Key, v, fl.index)
		if err != nil {
			return err
		}
		if err := b.into(ch, m.Key, fv, fl.codec); err != nil {
			return err
		}
	}
	return nil
}

// mismatch says what stands at c where a struct or map does.
func mismatch(c *Node, what string) string {
	if c.how == appended {
		return `"[]" where a ` + what + ` stands`
	}
	return "a value where a " + what + " stands"
}

// fieldOf returns the field of v at index, allocating the embedded
// pointers on the way.
func (b *binder) fieldOf(c *Node, key string, v reflect.Value, index []int) (reflect.Value, error) {
	if len(index) == 1 {
		return v.Field(index[0]), nil
	}
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return v, b.failAt(c, key, "cannot set a nil pointer to an unexported embedded struct of "+v.Type().Elem().String())
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, nil
}

// bindMap binds the named members of n to the entries of v.
func (b *binder) bindMap(c *codec, n *Node, v reflect.Value) error {
	if n.Kind != Map {
		return b.fail(n, true, "a value where a map stands", nil)
	}
	t := c.typ
	if v.IsNil() {
		v.Set(reflect.MakeMapWithSize(t, len(n.Members)))
	}
	for _, m := range n.Members {
		ch := m.Value
		if ch.how != named {
			return b.failAt(ch, m.Key, mismatch(ch, "map"))
		}
		k, err := b.mapKey(ch, m.Key, t.Key(), c.key)
		if err != nil {
			return err
		}
		e := reflect.New(t.Elem()).Elem()
		if err := b.into(ch, m.Key, e, c.elem); err != nil {
			return err
		}
		v.SetMapIndex(k, e)
	}
	return nil
}

// mapKey converts the name of member ch to a key of type kt: by its
// UnmarshalText, as a string, or as an integer in canonical decimal.
func (b *binder) mapKey(ch *Node, name string, kt reflect.Type, kc *codec) (reflect.Value, error) {
	k := reflect.New(kt).Elem()
	switch {
	case kc.textKey && kc.shape == shapeScalar:
		if err := k.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(name)); err != nil {
			return k, b.failErr(ch, name, "UnmarshalText of a map key", err)
		}
	case kt.Kind() == reflect.String:
		k.SetString(name)
	case kt.Kind() >= reflect.Int && kt.Kind() <= reflect.Int64:
		i, err := strconv.ParseInt(name, 10, kt.Bits())
		switch {
		case err != nil:
			return k, b.failErr(ch, name, "not a map key of "+kt.String(), err)
		case strconv.FormatInt(i, 10) != name:
			return k, b.failAt(ch, name, "a map key of "+kt.String()+" not in canonical decimal (another spelling could name the same entry)")
		}
		k.SetInt(i)
	case kt.Kind() >= reflect.Uint && kt.Kind() <= reflect.Uintptr:
		u, err := strconv.ParseUint(name, 10, kt.Bits())
		switch {
		case err != nil:
			return k, b.failErr(ch, name, "not a map key of "+kt.String(), err)
		case strconv.FormatUint(u, 10) != name:
			return k, b.failAt(ch, name, "a map key of "+kt.String()+" not in canonical decimal (another spelling could name the same entry)")
		}
		k.SetUint(u)
	default:
		return k, b.failAt(ch, name, "cannot bind to a map with keys of type "+kt.String())
	}
	return k, nil
}

// failErr is failAt with a cause.
func (b *binder) failErr(c *Node, key, reason string, err error) *Error {
	e := b.failAt(c, key, reason)
	e.Err = err
	return e
}

// An item is one item of a list: its index, its node, its key (the index
// as written, or "" for an append or a given value), and self: the node
// is the list's own key holding its one value.
type item struct {
	index int
	n     *Node
	key   string
	self  bool
}

// items returns the items of n as a list's, ordered by index: a List's
// in order; a key with one value, that value; a map's named members must
// be indices (at most b.maxIndex), and an append or a given value takes
// the next index after the largest so far. An index given twice is an
// error.
func (b *binder) items(n *Node, dst []item) ([]item, error) {
	switch n.Kind {
	case String, Null:
		return append(dst, item{0, n, "", true}), nil
	case List:
		for i, it := range n.Items {
			if it == nil {
				it = &Node{pair: -1, off: -1}
			}
			dst = append(dst, item{i, it, strconv.Itoa(i), false})
		}
		return dst, nil
	}
	next, sorted := 0, true
	for _, m := range n.Members {
		c := m.Value
		i := next
		if c.how == named {
			k, ok := index(m.Key)
			if !ok {
				return nil, b.failAt(c, m.Key, "not a list index")
			}
			if k > b.maxIndex {
				return nil, b.failAt(c, m.Key, "index past the limit of "+strconv.Itoa(b.maxIndex))
			}
			i = k
		}
		next = max(next, i+1)
		if len(dst) > 0 && i <= dst[len(dst)-1].index {
			sorted = false
		}
		dst = append(dst, item{i, c, m.Key, false})
	}
	if !sorted {
		slices.SortStableFunc(dst, func(a, b item) int { return a.index - b.index })
	}
	for k := 1; k < len(dst); k++ {
		if dst[k].index == dst[k-1].index {
			return nil, b.failAt(dst[k].n, dst[k].key, "index given twice")
		}
	}
	return dst, nil
}

// bindList binds the items of n to v, a slice (made anew, of the items'
// number) or an array (zeroed, an item past its length an error). With
// Comma, a value given for a list of scalars is split at its raw "," first,
// its parts taking consecutive places.
func (b *binder) bindList(c *codec, n *Node, v reflect.Value) error {
	var buf [16]item
	items, err := b.items(n, buf[:0])
	if err != nil {
		return err
	}
	if b.comma && b.r != nil && c.elem.scalarOrPointer() {
		if items, err = b.splitComma(items); err != nil {
			return err
		}
	}
	if v.Kind() == reflect.Array {
		// An index past the array's length is an error, though the gaps
		// before it close.
		for _, it := range items {
			if !it.self && it.index >= v.Len() {
				return b.failAt(it.n, it.key, "index past the array's length "+strconv.Itoa(v.Len()))
			}
		}
		for k := range v.Len() {
			v.Index(k).SetZero()
		}
	} else {
		v.Set(reflect.MakeSlice(v.Type(), len(items), len(items)))
	}
	for k, it := range items {
		if k >= v.Len() {
			if it.self {
				return b.fail(it.n, true, "index past the array's length "+strconv.Itoa(v.Len()), nil)
			}
			return b.failAt(it.n, it.key, "index past the array's length "+strconv.Itoa(v.Len()))
		}
		if it.self {
			err = b.bind(c.elem, it.n, v.Index(k))
		} else {
			err = b.into(it.n, it.key, v.Index(k), c.elem)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// scalarOrPointer reports whether c is a scalar's, or a pointer to one's.
func (c *codec) scalarOrPointer() bool {
	if c.shape == shapePointer {
		c = c.elem
	}
	return c.in != noText
}

// splitComma splits each value given among items at its raw ",", each
// part decoded, in place of the value.
func (b *binder) splitComma(items []item) ([]item, error) {
	var out []item
	for _, it := range items {
		n := it.n
		if n.Kind != String || n.pair < 0 || n.how != given && !it.self {
			out = append(out, it)
			continue
		}
		raw, off := b.r.rawValue(n.pair)
		for {
			p, rest, more := strings.Cut(raw, ",")
			text, err := percent.Form.Decode(p)
			if err != nil {
				de := err.(*percent.DecodeError)
				c := *de
				c.Offset += b.r.base + off
				e := b.fail(n, true, "malformed escape "+quote(de.Escape), &c)
				e.Offset = c.Offset
				return nil, e
			}
			part := &Node{Kind: String, Value: text, how: given, pair: n.pair, off: -1}
			out = append(out, item{len(out), part, "", false})
			if !more {
				break
			}
			raw, off = rest, off+len(p)+1
		}
	}
	return out, nil
}

// tree returns node n as an interface{} takes it: a value as a string, a
// Null as nil; a key whose members are all indices, appends or values
// (two values, or any index or append) as a []any in the order of the
// indices; one whose members are all names as a map[string]any; a key
// with one value as that value; a List as a []any. root: n is the root
// of form's own reading, a map whatever its keys.
func (b *binder) tree(n *Node, root bool) (any, error) {
	switch n.Kind {
	case String:
		return n.Value, nil
	case Null:
		return nil, nil
	case List:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			if it == nil {
				continue
			}
			b.push(strconv.Itoa(i), false)
			x, err := b.tree(it, false)
			b.pop()
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	}
	if len(n.Members) == 1 && n.Members[0].Value.how == given {
		return n.Members[0].Value.Value, nil
	}
	list := !root
	for _, m := range n.Members {
		if m.Value.how == named {
			if _, ok := index(m.Key); !ok {
				list = false
			}
		}
	}
	if list {
		var buf [16]item
		items, err := b.items(n, buf[:0])
		if err != nil {
			return nil, err
		}
		out := make([]any, len(items))
		for k, it := range items {
			push := it.n.how != given && !it.self
			if push {
				b.push(it.key, it.n.how == appended)
			}
			x, err := b.tree(it.n, false)
			if push {
				b.pop()
			}
			if err != nil {
				return nil, err
			}
			out[k] = x
		}
		return out, nil
	}
	m := make(map[string]any, len(n.Members))
	for _, mm := range n.Members {
		c := mm.Value
		if c.how != named {
			if c.how == appended {
				return nil, b.failAt(c, mm.Key, `"[]" beside names under one key`)
			}
			return nil, b.fail(c, true, "a value beside names under one key", nil)
		}
		b.push(mm.Key, false)
		x, err := b.tree(c, false)
		b.pop()
		if err != nil {
			return nil, err
		}
		m[mm.Key] = x
	}
	return m, nil
}

// set reads text, read at node at, into v as t says. An empty text is
// the zero of a number or bool.
func (b *binder) set(t text, at *Node, v reflect.Value, text string) error {
	if text == "" && (t == textBool || t == textInt || t == textDuration || t == textUint || t == textFloat) {
		v.SetZero() // the empty value of a number or bool: its zero
		return nil
	}
	switch t {
	case textStr:
		v.SetString(text)
	case textBytes:
		v.SetBytes([]byte(text))
	case textBool:
		switch text {
		case "on": // a checkbox
			v.SetBool(true)
		default:
			x, err := strconv.ParseBool(text)
			if err != nil {
				return b.fail(at, true, "not a bool", err)
			}
			v.SetBool(x)
		}
	case textInt, textDuration:
		i, err := strconv.ParseInt(text, 10, v.Type().Bits())
		if err != nil && t == textDuration {
			// time.ParseDuration's syntax, beside whole nanoseconds.
			var d time.Duration
			if d, err = time.ParseDuration(text); err == nil {
				i = int64(d)
			}
		}
		if err != nil {
			return b.fail(at, true, "not an integer of "+v.Type().String(), err)
		}
		v.SetInt(i)
	case textUint:
		u, err := strconv.ParseUint(text, 10, v.Type().Bits())
		if err != nil {
			return b.fail(at, true, "not an integer of "+v.Type().String(), err)
		}
		v.SetUint(u)
	case textFloat:
		// Decimal only, as Marshal writes it: strconv.ParseFloat reads
		// hexadecimal ("0x1p-2"), "NaN" and "Inf" too.
		for i := 0; i < len(text); i++ {
			switch c := text[i]; {
			case '0' <= c && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-':
			default:
				return b.fail(at, true, "not a decimal number of "+v.Type().String(), nil)
			}
		}
		f, err := strconv.ParseFloat(text, v.Type().Bits())
		if err != nil {
			return b.fail(at, true, "not a number of "+v.Type().String(), err)
		}
		v.SetFloat(f)
	case textMethod:
		if !v.CanAddr() {
			return b.fail(at, true, "cannot set "+v.Type().String(), nil)
		}
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text)); err != nil {
			return b.fail(at, true, "UnmarshalText", err)
		}
	}
	return nil
}
