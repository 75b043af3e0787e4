// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"encoding"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/urlcodec/percent"
)

// An Encoder writes Go values as queries. Its zero value writes the
// canonical form. An Encoder is not changed by use and may be shared.
type Encoder struct {
	// Arrays is how a list whose items are scalars is written; a list of
	// lists, structs or maps is always written with indices, the one form
	// in which every reader groups an item's keys back together.
	Arrays ArrayFormat
}

// Marshal writes v in the canonical form. See [Encoder.Marshal].
func Marshal(v any) (string, error) {
	var e Encoder
	return e.Marshal(v)
}

// AppendMarshal appends the canonical form of v to dst. See
// [Encoder.Marshal].
func AppendMarshal(dst []byte, v any) ([]byte, error) {
	var e Encoder
	return e.AppendMarshal(dst, v)
}

// Marshal writes v, a struct or a map (or a pointer to one), as a query
// (without "?") that [Unmarshal] reads back as the same value, and that
// qs and PHP read as the same tree where both can hold it: keys in
// bracket form with the brackets escaped (a%5Bb%5D=1, as qs and PHP write
// them), names and values encoded as percent.Form encodes them, lists
// with indices (see [Encoder.Arrays]), struct fields in the order of
// their declaration (embedded structs promoted as encoding/json promotes
// them), map keys sorted.
//
// A field's tag `form:"name,omitempty,omitzero"` names it and leaves it
// out when empty (false, 0, "", a nil pointer or interface, an empty list
// or map) or zero (its IsZero method, else the zero value), as in
// encoding/json; `form:"-"` leaves it out always; a nil pointer or
// interface is never written. Scalars are written as Unmarshal reads them:
// encoding.TextMarshaler's text, strings, []byte as its bytes, bools as
// "true" or "false", integers in base 10, floats as strconv.FormatFloat
// with 'g' and the shortest precision. An empty list, map or struct
// writes nothing, and reads back as nil.
//
// A value with no form is an *Error with its key path: a NaN or infinite
// float, a key with no place in a path (empty below the top level, "[" or
// "." in a base, "]" in a nested key), a nil item of a list or map, a
// channel, function or complex number, nesting deeper than
// DefaultMaxDepth (a cycle). The top-level empty key of a map writes "=x"
// for a scalar x, which Unmarshal reads back.
func (e *Encoder) Marshal(v any) (string, error) {
	var buf [256]byte
	b, err := e.AppendMarshal(buf[:0], v)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendMarshal appends what [Encoder.Marshal] writes to dst. On an
// error it returns dst as it was given.
func (e *Encoder) AppendMarshal(dst []byte, v any) ([]byte, error) {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return dst, nil
		}
		rv = rv.Elem()
	}
	if k := rv.Kind(); k != reflect.Struct && k != reflect.Map || codecOf(rv.Type()).scalar() {
		return dst, &Error{Offset: -1, Reason: "Marshal needs a struct or a map, not " + typeName(rv)}
	}
	w := writer{arrays: e.Arrays, out: dst, start: len(dst)}
	var key [128]byte
	if err := w.write(codecOf(rv.Type()), key[:0], rv, 0); err != nil {
		return dst, err
	}
	return w.out, nil
}

// A writer writes the pairs of one value.
type writer struct {
	arrays  ArrayFormat
	out     []byte
	start   int
	inEmpty bool // writing the value of the top-level empty key
}

// top reports whether key is the empty path of the top level: the writer
// is not yet below a key.
func (w *writer) top(key []byte) bool { return len(key) == 0 && !w.inEmpty }

// write writes the pairs of v, a value of c's type, under key, the
// encoded key path so far (empty at the top), depth steps deep, by its
// shape: a scalar one pair, a pointer or interface what it holds (nil
// nothing), a struct its fields, a map its entries, a list its items.
func (w *writer) write(c *codec, key []byte, v reflect.Value, depth int) error {
	switch c.shape {
	case shapeScalar:
		return w.scalar(c, key, v)
	case shapePointer:
		if v.IsNil() {
			return nil
		}
		return w.write(c.elem, key, v.Elem(), depth)
	case shapeInterface:
		if v.IsNil() {
			return nil
		}
		return w.write(codecOf(v.Elem().Type()), key, v.Elem(), depth)
	case shapeStruct:
		return w.writeStruct(c, key, v, depth)
	case shapeMap:
		return w.writeMap(c, key, v, depth)
	case shapeList:
		if c.bytes {
			return w.scalar(c, key, v)
		}
		return w.writeList(c, key, v, depth)
	}
	return w.fail(key, "a value of type "+v.Type().String()+" has no form", nil)
}

// scalar writes one pair: key and the text of v.
func (w *writer) scalar(c *codec, key []byte, v reflect.Value) error {
	if w.top(key) {
		return w.fail(key, "Marshal needs a struct or a map", nil)
	}
	w.sep()
	w.out = append(w.out, key...)
	w.out = append(w.out, '=')
	var err error
	w.out, err = w.text(c.out, w.out, key, v)
	return err
}

// writeStruct writes the fields of v in order, each under its step.
func (w *writer) writeStruct(c *codec, key []byte, v reflect.Value, depth int) error {
	if depth > DefaultMaxDepth {
		return w.fail(key, "nested deeper than "+strconv.Itoa(DefaultMaxDepth)+" steps (a cycle?)", nil)
	}
	for i := range c.facts.fields {
		fl := &c.facts.fields[i]
		fv, ok := fieldByIndex(v, fl.index)
		if !ok || fl.omitEmpty && isEmpty(fv) || fl.omitZero && isZero(fv) {
			continue
		}
		k, err := w.fieldStep(key, fl)
		if err != nil {
			return err
		}
		if err := w.write(fl.codec, k, fv, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// fieldByIndex returns the field of v at index, or false where a nil
// embedded pointer stands on the way.
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	if len(index) == 1 {
		return v.Field(index[0]), true
	}
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return v, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// fieldStep is step for the struct field fl, from its facts.
func (w *writer) fieldStep(key []byte, fl *field) ([]byte, error) {
	switch {
	case w.top(key) && !fl.badBase:
		return append(key, fl.enc...), nil
	case !w.top(key) && !fl.badNested:
		return append(append(append(key, "%5B"...), fl.enc...), "%5D"...), nil
	}
	return w.step(key, fl.name)
}

// step returns key extended by one name: the base itself at the top, else
// "[name]" with the brackets escaped.
func (w *writer) step(key []byte, name string) ([]byte, error) {
	if name == "" {
		return nil, w.fail(key, "an empty key has no place in a path", nil)
	}
	if w.top(key) {
		if strings.ContainsAny(name, "[.") {
			return nil, w.fail(key, `a name with "[" or "." cannot be a base: `+quote(name), nil)
		}
		return percent.Form.AppendEncodeString(key, name), nil
	}
	if strings.Contains(name, "]") {
		return nil, w.fail(key, `a key with "]" cannot be nested: `+quote(name), nil)
	}
	key = append(key, "%5B"...)
	key = percent.Form.AppendEncodeString(key, name)
	return append(key, "%5D"...), nil
}

// writeMap writes the entries of map v, keys sorted by their text.
func (w *writer) writeMap(c *codec, key []byte, v reflect.Value, depth int) error {
	if depth > DefaultMaxDepth {
		return w.fail(key, "nested deeper than "+strconv.Itoa(DefaultMaxDepth)+" steps (a cycle?)", nil)
	}
	type entry struct {
		k string
		v reflect.Value
	}
	entries := make([]entry, 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		k, err := w.keyText(key, it.Key(), c.key)
		if err != nil {
			return err
		}
		entries = append(entries, entry{k, it.Value()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.k, b.k) })
	for _, en := range entries {
		if en.k == "" && w.top(key) {
			// The top-level empty key: "=x", a scalar alone (below it,
			// a key would have an empty base, which no reader agrees on).
			if err := w.emptyKey(en.v); err != nil {
				return err
			}
			continue
		}
		k, err := w.step(key, en.k)
		if err != nil {
			return err
		}
		if isNil(en.v) {
			return w.fail(k, "a nil in a map has no form", nil)
		}
		if err := w.write(c.elem, k, en.v, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// emptyKey writes the value of the top-level empty key: "=" and its text,
// as Unmarshal reads "=x" into a map's "" entry.
func (w *writer) emptyKey(v reflect.Value) error {
	v = deref(v)
	if !v.IsValid() {
		return w.fail(nil, "a nil in a map has no form", nil)
	}
	c := codecOf(v.Type())
	if c.out == noText {
		return w.fail(nil, "an empty key has no place in a path", nil)
	}
	w.inEmpty = true
	defer func() { w.inEmpty = false }()
	return w.scalar(c, nil, v)
}

// keyText returns the text of map key k.
func (w *writer) keyText(key []byte, k reflect.Value, kc *codec) (string, error) {
	if k.Kind() == reflect.String && kc.out == textStr {
		return k.String(), nil
	}
	if k.Kind() == reflect.Pointer && k.IsNil() {
		return "", w.fail(key, "a nil map key has no form", nil)
	}
	if k.Type().Implements(textMarshaler) {
		b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return "", w.fail(key, "MarshalText of a map key", err)
		}
		return string(b), nil
	}
	switch k.Kind() {
	case reflect.String:
		return k.String(), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	return "", w.fail(key, "a map with keys of type "+k.Type().String()+" has no form", nil)
}

func isNil(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return false
}

// writeList writes the items of v, a slice or array (a []byte of its own
// kind as one value): each with its index, or, where every item is a
// scalar, in the encoder's ArrayFormat.
func (w *writer) writeList(c *codec, key []byte, v reflect.Value, depth int) error {
	if depth > DefaultMaxDepth {
		return w.fail(key, "nested deeper than "+strconv.Itoa(DefaultMaxDepth)+" steps (a cycle?)", nil)
	}
	n := v.Len()
	scalars := w.arrays != Indices && n > 0 && scalarItems(c.elem, v)
	if scalars && w.arrays == Comma {
		w.sep()
		w.out = append(w.out, key...)
		w.out = append(w.out, '=')
		for i := range n {
			if i > 0 {
				w.out = append(w.out, ',')
			}
			it := deref(v.Index(i))
			if !it.IsValid() {
				return w.fail(key, "a nil item of a list has no form", nil)
			}
			var err error
			if w.out, err = w.text(codecOf(it.Type()).out, w.out, key, it); err != nil {
				return err
			}
		}
		return nil
	}
	var num [24]byte
	for i := range n {
		it := v.Index(i)
		if isNil(it) {
			return w.fail(key, "a nil item of a list has no form", nil)
		}
		k := key
		switch {
		case scalars && w.arrays == Brackets:
			k = append(k, "%5B%5D"...)
		case scalars: // Repeat
		default:
			k = append(append(append(k, "%5B"...), strconv.AppendInt(num[:0], int64(i), 10)...), "%5D"...)
		}
		if err := w.write(c.elem, k, it, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// scalarItems reports whether every item of list v, whose items' codec is
// ec, is written as one value.
func scalarItems(ec *codec, v reflect.Value) bool {
	switch ec.shape {
	case shapeInterface:
	case shapePointer:
		return ec.elem.out != noText
	default:
		return ec.out != noText
	}
	for i := range v.Len() {
		it := deref(v.Index(i))
		if !it.IsValid() || codecOf(it.Type()).out == noText {
			return false
		}
	}
	return true
}

// deref follows pointers and interfaces to the value that has a text,
// or to an invalid value at a nil.
func deref(v reflect.Value) reflect.Value {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return reflect.Value{}
		}
		if v.Kind() == reflect.Pointer && v.Type().Implements(textMarshaler) {
			return v
		}
		v = v.Elem()
	}
	return v
}

// sep writes the "&" before a pair, but the first.
func (w *writer) sep() {
	if len(w.out) > w.start {
		w.out = append(w.out, '&')
	}
}

// text appends the encoded text of v, a scalar written as t says.
func (w *writer) text(t text, dst, key []byte, v reflect.Value) ([]byte, error) {
	var num [32]byte
	switch t {
	case textStr:
		return percent.Form.AppendEncodeString(dst, v.String()), nil
	case textBytes:
		return percent.Form.AppendEncode(dst, v.Bytes()), nil
	case textBool:
		return strconv.AppendBool(dst, v.Bool()), nil
	case textInt:
		return strconv.AppendInt(dst, v.Int(), 10), nil
	case textUint:
		return strconv.AppendUint(dst, v.Uint(), 10), nil
	case textFloat:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return dst, w.fail(key, "NaN and infinite numbers have no form", nil)
		}
		return percent.Form.AppendEncode(dst, strconv.AppendFloat(num[:0], f, 'g', -1, v.Type().Bits())), nil
	case textMethod:
		// A value method, or a pointer method where v is addressable (as
		// encoding/json calls them); an unaddressable value with only a
		// pointer method is written as its kind is.
		m, ok := v.Interface().(encoding.TextMarshaler)
		if !ok && v.CanAddr() {
			m, ok = v.Addr().Interface().(encoding.TextMarshaler)
		}
		if !ok {
			if _, k, _ := kindText(v.Type()); k != noText {
				return w.text(k, dst, key, v)
			}
			break
		}
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return dst, w.fail(key, "a nil item of a list has no form", nil)
		}
		b, err := m.MarshalText()
		if err != nil {
			return dst, w.fail(key, "MarshalText", err)
		}
		return percent.Form.AppendEncode(dst, b), nil
	}
	return dst, w.fail(key, "a value of type "+v.Type().String()+" has no form", nil)
}

// fail is the *Error of the key written so far.
func (w *writer) fail(key []byte, reason string, err error) *Error {
	k, derr := percent.Form.Decode(string(key))
	if derr != nil {
		k = string(key)
	}
	return &Error{Key: k, Offset: -1, Reason: reason, Err: err}
}

// isEmpty reports whether v is empty as omitempty means it (encoding/json).
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// isZero reports whether v is zero as omitzero means it: its IsZero
// method where it has one, else the zero value.
func isZero(v reflect.Value) bool {
	if z, ok := v.Interface().(interface{ IsZero() bool }); ok {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	return v.IsZero()
}
