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

// DefaultMaxDepth is the number of steps after its base that a key may
// have ("a[b][c]" has two), as Rack 3 allows; more is an *Error.
const DefaultMaxDepth = 32

// A Decoder reads queries and form bodies into Go values. Its zero value
// has the default limits. A Decoder is not changed by use and may be
// shared.
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
// does not close, text after "]" other than "[" or ".", an empty base and
// an empty "." step are errors, never a literal name.
//
// A path is bound to the value by its type: a struct by field (the tag
// `form:"name"`, or the field's name; embedded structs promoted as
// encoding/json promotes them; pointers allocated when a key reaches
// them), a map by key (string, integer or encoding.TextUnmarshaler keys),
// a slice or array by index (the indices order the items and gaps close;
// "[]" and a value given again take the next index after the largest so
// far), and a scalar by its text: a string, []byte, a bool
// (strconv.ParseBool, or "on" as a checkbox sends it), an integer or
// float (base 10), or an encoding.TextUnmarshaler. An empty value leaves a
// number or bool zero and a pointer to one nil, as a form's empty field
// means. An interface{} takes the tree: a string, a []any for a key with
// indices, appends or repeated values, a map[string]any for one with
// names.
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
	maxPairs := d.MaxPairs
	if maxPairs == 0 {
		maxPairs = percent.DefaultMaxPairs
	}
	depth := d.MaxDepth
	if depth <= 0 {
		depth = DefaultMaxDepth
	}
	depth = min(depth, maxSteps)
	bufs, _ := bufPool.Get().(*treeBufs)
	if bufs == nil {
		bufs = new(treeBufs)
	}
	// Field by field: a composite literal is built in a temporary and
	// copied in 16-byte words over its narrower stores, a stall (in a
	// profile of Unmarshal of an empty query, 13 % of the time).
	var t tree
	t.pairs, t.nodes, t.kids = bufs.pairs, bufs.nodes, bufs.kids
	err := t.read(q, maxPairs, depth)
	if err == nil {
		s := binder{t: &t, unknown: d.DisallowUnknownKeys, maxIndex: maxIndex, comma: d.Arrays == Comma}
		if maxPairs >= 0 {
			s.maxIndex = maxPairs
		}
		err = s.bind(0, rv.Elem())
	}
	// Nothing Unmarshal returns holds a node or the slice of pairs: the
	// errors and the values bound take strings (substrings of q, or of the
	// one string of decoded parts), which never change.
	if cap(t.nodes) <= maxPooled && cap(t.pairs) <= maxPooled && cap(t.kids) <= maxPooled {
		clear(t.kids)  // all the table used: the pooled one is all zero
		clear(t.pairs) // the pool keeps no string of q alive
		bufs.pairs, bufs.nodes, bufs.kids = t.pairs[:0], t.nodes[:0], t.kids
		bufPool.Put(bufs)
	}
	return err
}

// A binder binds a tree to Go values.
type binder struct {
	t        *tree
	unknown  bool
	maxIndex int
	comma    bool // Decoder.Arrays == Comma
}

// scalar returns the one value given at node n: n itself when it is a
// value, else its one child, which must be a value.
func (s *binder) scalar(n int32) (string, int32, error) {
	nd := &s.t.nodes[n]
	if nd.kind == value {
		return s.t.text(n), n, nil
	}
	c := nd.first
	if c < 0 {
		return "", n, s.fail(n, "no value", nil)
	}
	for k := c; k >= 0; k = s.t.nodes[k].next {
		if s.t.nodes[k].kind != value {
			return "", n, s.fail(k, "a list or map where a single value stands", nil)
		}
	}
	if nd.nkids > 1 {
		return "", n, s.fail(s.t.nodes[c].next, "a key given twice where a single value stands", nil)
	}
	return s.t.text(c), c, nil
}

// hasSteps reports whether a key of node n goes on past it (n[0]=…,
// n[k]=…), rather than only holding values (n=…).
func (s *binder) hasSteps(n int32) bool {
	if s.t.nodes[n].kind == value {
		return false
	}
	for k := s.t.nodes[n].first; k >= 0; k = s.t.nodes[k].next {
		if s.t.nodes[k].kind != value {
			return true
		}
	}
	return false
}

// fail is the *Error of node n.
func (s *binder) fail(n int32, reason string, err error) *Error {
	off := 0 // the root's
	if n > 0 {
		nd := &s.t.nodes[n]
		off = s.t.where(nd.pair, nd.doff)
	}
	return s.t.errorAt(n, off, reason, err)
}

// bind binds node n (the root, a key, or a value) to v, which is settable.
func (s *binder) bind(n int32, v reflect.Value) error {
	// Pointers are allocated as the path reaches them; the first type on
	// the way whose pointer is an encoding.TextUnmarshaler takes the text.
	var facts *structFacts // v's, once v is a struct
	for {
		takesText := false
		switch {
		case v.Kind() == reflect.Struct:
			facts = factsOf(v.Type())
			takesText = facts.textIn && v.CanAddr()
		case v.Kind() != reflect.Pointer:
			takesText = v.CanAddr() && v.Addr().Type().Implements(textUnmarshaler)
		}
		if takesText {
			text, at, err := s.scalar(n)
			if err != nil {
				return err
			}
			if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text)); err != nil {
				return s.fail(at, "UnmarshalText", err)
			}
			return nil
		}
		if v.Kind() != reflect.Pointer {
			break
		}
		if v.IsNil() {
			if s.emptyNumber(n, v.Type()) {
				return nil
			}
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	if s.t.nodes[n].kind == value {
		switch v.Kind() {
		case reflect.Struct, reflect.Map, reflect.Array:
			return s.fail(n, "a value where a "+shape(v.Kind())+" stands", nil)
		case reflect.Slice:
			if !isBytes(v.Type()) {
				return s.fail(n, "a value where a list stands", nil)
			}
		}
	}
	switch v.Kind() {
	case reflect.Interface:
		// An interface that holds a non-nil pointer is filled through it,
		// as encoding/json fills it.
		if e := v.Elem(); !v.IsNil() && e.Kind() == reflect.Pointer && !e.IsNil() {
			return s.bind(n, e)
		}
		if v.NumMethod() != 0 {
			return s.fail(n, "cannot bind to interface type "+v.Type().String(), nil)
		}
		x, err := s.tree(n)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(x))
		return nil
	case reflect.Struct:
		return s.bindStruct(n, v, facts)
	case reflect.Map:
		return s.bindMap(n, v)
	case reflect.Slice:
		if isBytes(v.Type()) && !s.hasSteps(n) {
			// one value is the bytes; items (b[0]=1) are numbers
			text, _, err := s.scalar(n)
			if err != nil {
				return err
			}
			v.SetBytes([]byte(text))
			return nil
		}
		return s.bindList(n, v, listOther)
	case reflect.Array:
		return s.bindList(n, v, listOther)
	}
	text, at, err := s.scalar(n)
	if err != nil {
		return err
	}
	return s.setScalar(at, v, text)
}

// emptyNumber reports whether n is one empty value and t a pointer to a
// number or bool, which an empty value leaves nil.
func (s *binder) emptyNumber(n int32, t reflect.Type) bool {
	switch t.Elem().Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
	default:
		return false
	}
	if reflect.PointerTo(t.Elem()).Implements(textUnmarshaler) {
		return false
	}
	// n is one value, or holds one (scalar without its error, which
	// costs a walk of q to place).
	if nd := &s.t.nodes[n]; nd.kind != value {
		if nd.nkids != 1 || s.t.nodes[nd.first].kind != value {
			return false
		}
		n = nd.first
	}
	return s.t.text(n) == ""
}

// setScalar sets v, a scalar kind, from the text of value node at.
func (s *binder) setScalar(at int32, v reflect.Value, text string) error {
	switch v.Kind() {
	case reflect.String:
		v.SetString(text)
		return nil
	case reflect.Bool:
		if text == "" {
			v.SetBool(false)
			return nil
		}
		if text == "on" {
			v.SetBool(true)
			return nil
		}
		b, err := strconv.ParseBool(text)
		if err != nil {
			return s.fail(at, "not a bool", err)
		}
		v.SetBool(b)
		return nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if text == "" {
			v.SetInt(0)
			return nil
		}
		i, err := strconv.ParseInt(text, 10, v.Type().Bits())
		if err != nil && v.Type() == durationType {
			// time.ParseDuration's syntax, beside whole nanoseconds.
			var d time.Duration
			if d, err = time.ParseDuration(text); err == nil {
				i = int64(d)
			}
		}
		if err != nil {
			return s.fail(at, "not an integer of "+v.Type().String(), err)
		}
		v.SetInt(i)
		return nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if text == "" {
			v.SetUint(0)
			return nil
		}
		u, err := strconv.ParseUint(text, 10, v.Type().Bits())
		if err != nil {
			return s.fail(at, "not an integer of "+v.Type().String(), err)
		}
		v.SetUint(u)
		return nil
	case reflect.Float32, reflect.Float64:
		if text == "" {
			v.SetFloat(0)
			return nil
		}
		if !decimal(text) {
			return s.fail(at, "not a decimal number of "+v.Type().String(), nil)
		}
		f, err := strconv.ParseFloat(text, v.Type().Bits())
		if err != nil {
			return s.fail(at, "not a number of "+v.Type().String(), err)
		}
		v.SetFloat(f)
		return nil
	}
	return s.fail(at, "cannot bind to type "+v.Type().String(), nil)
}

// decimal reports whether text holds only what a decimal number is written
// with (digits, ".", "e", "E", "+", "-"): strconv.ParseFloat reads
// hexadecimal ("0x1p-2"), "NaN" and "Inf" too, which Marshal never writes.
func decimal(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case '0' <= c && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-':
		default:
			return false
		}
	}
	return true
}

var durationType = reflect.TypeFor[time.Duration]()

// bindStruct binds the named children of n to the fields of v, whose
// facts are f.
func (s *binder) bindStruct(n int32, v reflect.Value, f *structFacts) error {
	for c := s.t.nodes[n].first; c >= 0; c = s.t.nodes[c].next {
		nd := &s.t.nodes[c]
		if nd.kind != named {
			return s.fail(c, structMismatch(nd.kind), nil)
		}
		fl, ok := f.find(s.t.text(c))
		if !ok {
			if s.unknown {
				return s.fail(c, "no field of "+v.Type().String()+" has this key", nil)
			}
			continue
		}
		if fl.plain {
			text, at, err := s.scalar(c)
			if err != nil {
				return err
			}
			if err := s.setScalar(at, v.Field(fl.index[0]), text); err != nil {
				return err
			}
			continue
		}
		if fl.list != listOther {
			if err := s.bindList(c, v.Field(fl.index[0]), fl.list); err != nil {
				return err
			}
			continue
		}
		fv, err := s.fieldOf(c, v, fl.index)
		if err != nil {
			return err
		}
		if err := s.bind(c, fv); err != nil {
			return err
		}
	}
	return nil
}

func structMismatch(kind uint8) string {
	if kind == app {
		return `"[]" where a struct stands`
	}
	return "a value where a struct stands"
}

// fieldOf returns the field of v at index, allocating the embedded
// pointers on the way.
func (s *binder) fieldOf(n int32, v reflect.Value, index []int) (reflect.Value, error) {
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					return v, s.fail(n, "cannot set a nil pointer to an unexported embedded struct of "+v.Type().Elem().String(), nil)
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, nil
}

// bindMap binds the named children of n to the entries of v.
func (s *binder) bindMap(n int32, v reflect.Value) error {
	t := v.Type()
	kt, et := t.Key(), t.Elem()
	if v.IsNil() {
		v.Set(reflect.MakeMap(t))
	}
	for c := s.t.nodes[n].first; c >= 0; c = s.t.nodes[c].next {
		nd := &s.t.nodes[c]
		if nd.kind != named {
			if nd.kind == app {
				return s.fail(c, `"[]" where a map stands`, nil)
			}
			return s.fail(c, "a value where a map stands", nil)
		}
		k, err := s.mapKey(c, kt, s.t.text(c))
		if err != nil {
			return err
		}
		e := reflect.New(et).Elem()
		if err := s.bind(c, e); err != nil {
			return err
		}
		v.SetMapIndex(k, e)
	}
	return nil
}

// mapKey converts name to a key of type kt.
func (s *binder) mapKey(n int32, kt reflect.Type, name string) (reflect.Value, error) {
	if reflect.PointerTo(kt).Implements(textUnmarshaler) {
		k := reflect.New(kt)
		if err := k.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(name)); err != nil {
			return k, s.fail(n, "UnmarshalText of a map key", err)
		}
		return k.Elem(), nil
	}
	k := reflect.New(kt).Elem()
	switch kt.Kind() {
	case reflect.String:
		k.SetString(name)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := strconv.ParseInt(name, 10, kt.Bits())
		if err != nil {
			return k, s.fail(n, "not a map key of "+kt.String(), err)
		}
		if strconv.FormatInt(i, 10) != name {
			return k, s.fail(n, "a map key of "+kt.String()+" not in canonical decimal (another spelling could name the same entry)", nil)
		}
		k.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		u, err := strconv.ParseUint(name, 10, kt.Bits())
		if err != nil {
			return k, s.fail(n, "not a map key of "+kt.String(), err)
		}
		if strconv.FormatUint(u, 10) != name {
			return k, s.fail(n, "a map key of "+kt.String()+" not in canonical decimal (another spelling could name the same entry)", nil)
		}
		k.SetUint(u)
	default:
		return k, s.fail(n, "cannot bind to a map with keys of type "+kt.String(), nil)
	}
	return k, nil
}

// An item is one item of a list: its index and its node.
type item struct {
	index int
	n     int32
}

// items returns the children of n as the items of a list, ordered by
// index: a named child must be an index (at most s.maxIndex); an append
// and a value take the next index after the largest so far. An index
// given twice is an error.
func (s *binder) items(n int32, dst []item) ([]item, error) {
	next := 0
	sorted := true
	for c := s.t.nodes[n].first; c >= 0; c = s.t.nodes[c].next {
		nd := &s.t.nodes[c]
		i := next
		if nd.kind == named {
			k, ok := index(s.t.text(c))
			if !ok {
				return nil, s.fail(c, "not a list index", nil)
			}
			if k > s.maxIndex {
				return nil, s.fail(c, "index past the limit of "+strconv.Itoa(s.maxIndex), nil)
			}
			i = k
		}
		next = max(next, i+1)
		if len(dst) > 0 && i <= dst[len(dst)-1].index {
			sorted = false
		}
		dst = append(dst, item{i, c})
	}
	if !sorted {
		slices.SortStableFunc(dst, func(a, b item) int { return a.index - b.index })
	}
	for k := 1; k < len(dst); k++ {
		if dst[k].index == dst[k-1].index {
			return nil, s.fail(dst[k].n, "index given twice", nil)
		}
	}
	return dst, nil
}

// bindList binds the children of n to the items of v, a slice (made anew,
// of the items' number) or an array (an index at or past its length is an
// error; the rest is zeroed). elems is the field.list of v's type where
// it is known, else listOther.
func (s *binder) bindList(n int32, v reflect.Value, elems uint8) error {
	var buf [16]item
	items, err := s.items(n, buf[:0])
	if err != nil {
		return err
	}
	if v.Kind() == reflect.Array {
		for _, it := range items {
			if it.index >= v.Len() {
				return s.fail(it.n, "index past the array's length "+strconv.Itoa(v.Len()), nil)
			}
		}
		for k := range v.Len() {
			v.Index(k).SetZero()
		}
	}
	if s.comma && scalarList(v.Type()) {
		return s.bindCommaList(items, v)
	}
	if v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), len(items), len(items)))
	}
	for k, it := range items {
		ev := v.Index(k)
		if elems == listOther {
			if err := s.bind(it.n, ev); err != nil {
				return err
			}
			continue
		}
		// What bind does for a scalar, and for a pointer to one (an empty
		// value leaves a pointer to a number or bool nil).
		text, at, err := s.scalar(it.n)
		if err != nil {
			return err
		}
		if elems == listPtrPlain {
			et := ev.Type().Elem()
			if text == "" && et.Kind() != reflect.String {
				continue
			}
			ev.Set(reflect.New(et))
			ev = ev.Elem()
		}
		if err := s.setScalar(at, ev, text); err != nil {
			return err
		}
	}
	return nil
}

// scalarList reports whether t, a slice or array, holds scalars (or
// pointers to them): items that one text sets.
func scalarList(t reflect.Type) bool {
	e := t.Elem()
	if e.Kind() == reflect.Pointer {
		e = e.Elem()
	}
	return plainKind(e) || reflect.PointerTo(e).Implements(textUnmarshaler) ||
		e.Kind() == reflect.Slice && isBytes(e)
}

// bindCommaList binds items to v, a list of scalars, with each value
// given at the list's key split at its raw "," first: its parts take
// consecutive places (gaps close, as in bindList).
func (s *binder) bindCommaList(items []item, v reflect.Value) error {
	type part struct {
		n     int32
		raw   string // the raw part of a split value
		off   int    // where raw starts in the caller's query
		split bool
	}
	var parts []part
	for _, it := range items {
		nd := &s.t.nodes[it.n]
		if nd.kind != value {
			parts = append(parts, part{n: it.n})
			continue
		}
		raw := s.t.rawValue(nd.pair)
		off := s.t.base + s.t.where(nd.pair, -1)
		for {
			p, rest, more := strings.Cut(raw, ",")
			parts = append(parts, part{it.n, p, off, true})
			if !more {
				break
			}
			raw, off = rest, off+len(p)+1
		}
	}
	if v.Kind() == reflect.Slice {
		v.Set(reflect.MakeSlice(v.Type(), len(parts), len(parts)))
	}
	for i, p := range parts {
		if i >= v.Len() {
			return s.fail(p.n, "more items than the array's length "+strconv.Itoa(v.Len()), nil)
		}
		if !p.split {
			if err := s.bind(p.n, v.Index(i)); err != nil {
				return err
			}
			continue
		}
		text, err := percent.Form.Decode(p.raw)
		if err != nil {
			de := err.(*percent.DecodeError)
			c := *de
			c.Offset += p.off
			e := s.fail(p.n, "malformed escape "+quote(de.Escape), &c)
			e.Offset = c.Offset
			return e
		}
		if err := s.bindText(p.n, v.Index(i), text); err != nil {
			return err
		}
	}
	return nil
}

// bindText binds one text, read at value node n, to v: a scalar, a
// pointer to one (nil for an empty number or bool), or an
// encoding.TextUnmarshaler.
func (s *binder) bindText(n int32, v reflect.Value, text string) error {
	if v.Kind() == reflect.Pointer {
		et := v.Type().Elem()
		if text == "" && et.Kind() != reflect.String && !reflect.PointerTo(et).Implements(textUnmarshaler) && plainKind(et) {
			v.SetZero()
			return nil
		}
		v.Set(reflect.New(et))
		v = v.Elem()
	}
	if v.CanAddr() && v.Addr().Type().Implements(textUnmarshaler) {
		if err := v.Addr().Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(text)); err != nil {
			return s.fail(n, "UnmarshalText", err)
		}
		return nil
	}
	if v.Kind() == reflect.Slice {
		v.SetBytes([]byte(text))
		return nil
	}
	return s.setScalar(n, v, text)
}

// tree returns node n as an interface{} takes it: a value as a string; a
// key whose children are all indices, appends or values (two values, or
// any index or append) as a []any in the order of the indices; one whose
// children are all names as a map[string]any; a key with one value as
// that value.
func (s *binder) tree(n int32) (any, error) {
	nd := &s.t.nodes[n]
	if nd.kind == value {
		return s.t.text(n), nil
	}
	if nd.nkids == 1 && s.t.nodes[nd.first].kind == value {
		return s.t.text(nd.first), nil
	}
	list := n != 0
	for c := nd.first; c >= 0; c = s.t.nodes[c].next {
		if cn := &s.t.nodes[c]; cn.kind == named {
			if _, ok := index(s.t.text(c)); !ok {
				list = false
			}
		}
	}
	if list {
		var buf [16]item
		items, err := s.items(n, buf[:0])
		if err != nil {
			return nil, err
		}
		out := make([]any, len(items))
		for k, it := range items {
			if out[k], err = s.tree(it.n); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	m := make(map[string]any, nd.nkids)
	for c := nd.first; c >= 0; c = s.t.nodes[c].next {
		cn := &s.t.nodes[c]
		if cn.kind != named {
			return nil, s.fail(c, mixReason(cn.kind), nil)
		}
		x, err := s.tree(c)
		if err != nil {
			return nil, err
		}
		m[s.t.text(c)] = x
	}
	return m, nil
}

func mixReason(kind uint8) string {
	if kind == app {
		return `"[]" beside names under one key`
	}
	return "a value beside names under one key"
}

func shape(k reflect.Kind) string {
	switch k {
	case reflect.Struct:
		return "struct"
	case reflect.Map:
		return "map"
	}
	return "list"
}
