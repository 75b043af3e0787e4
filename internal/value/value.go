// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package value is the value model that package uritemplate and package
// openapi both take: which Go values are undefined, which are scalars,
// lists and associative arrays, and the text of each scalar (RFC 6570 §2.3
// and §2.4; OpenAPI 3.2 Parameter Object, which defers to it).
package value

import (
	"encoding"
	"math"
	"reflect"
	"slices"
	"strconv"

	"github.com/urlcodec/percent"
)

// Kind is the shape of a value.
type Kind uint8

const (
	Undefined Kind = iota // nil, an absent key, a nil pointer, an empty list or array
	Scalar                // String holds the text
	List                  // List holds the items
	Assoc                 // Pairs holds the pairs, in order (a map's keys sorted)
)

// V is one value read by [Read] or [ReadScratch].
type V struct {
	Kind   Kind
	String string
	List   []string
	Pairs  []percent.Pair
}

// Item returns item i of a list that ReadScratch returned as items: its
// text as a string, or (isText) as bytes appended to scratch, as
// ReadScratch's text is.
func Item(items reflect.Value, i int, scratch []byte) (s string, text []byte, isText bool, err error) {
	s, text, isText, ok, err := scalarTo(deref(items.Index(i)), scratch)
	if err == nil && !ok {
		err = &Error{Reason: "a list item must be a scalar"}
	}
	return s, text, isText, err
}

// An Error says why a value is not one the model takes; the caller names
// the variable. Err is the cause where there is one (a TextMarshaler's
// error).
type Error struct {
	Reason string
	Err    error
}

// Error returns the reason.
func (e *Error) Error() string { return e.Reason }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

var errType = &Error{Reason: "a value must be a string, bool, number or encoding.TextMarshaler, a slice or array of them, a []percent.Pair, or a map with string keys and such values"}

var textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()

// Read classifies x, every scalar's text a string. The common types
// (string, []string, []percent.Pair, the integer types, bool) take a path
// without reflection; every other kind is read with reflect. An empty list
// or associative array is Undefined (RFC 6570 §2.3).
func Read(x any) (V, error) {
	if v, ok := Common(x); ok {
		return v, nil
	}
	return readText(x)
}

// readText is Read for a value that is not Common: its texts made strings.
func readText(x any) (V, error) {
	v, text, items, err := ReadScratch(x, nil)
	if err != nil {
		return V{}, err
	}
	if text != nil {
		v.String = string(text)
	}
	if items.IsValid() {
		list := make([]string, items.Len())
		for i := range list {
			s, text, isText, err := Item(items, i, nil)
			if err != nil {
				return V{}, err
			}
			if isText {
				s = string(text)
			}
			list[i] = s
		}
		v.List = list
	}
	return v, nil
}

// ReadScratch is Read without allocating for scalars: a number's or a
// bool's text is appended to scratch[:0] and returned as text (V.String is
// then ""; text holds only digits, letters, "-", "." and "+", never a
// "%"), and a list of scalars other than a []string is returned as items
// (V.Kind is List, V.List nil), to be read item by item with [Item]. text
// and items are kept apart from V so that items cannot carry scratch to
// the heap, and V stays small.
func ReadScratch(x any, scratch []byte) (v V, text []byte, items reflect.Value, err error) {
	if v, ok := Common(x); ok {
		return v, nil, reflect.Value{}, nil
	}
	switch x := x.(type) {
	case int:
		return V{Kind: Scalar}, strconv.AppendInt(scratch[:0], int64(x), 10), reflect.Value{}, nil
	case int64:
		return V{Kind: Scalar}, strconv.AppendInt(scratch[:0], x, 10), reflect.Value{}, nil
	case uint64:
		return V{Kind: Scalar}, strconv.AppendUint(scratch[:0], x, 10), reflect.Value{}, nil
	case bool:
		return V{Kind: Scalar}, strconv.AppendBool(scratch[:0], x), reflect.Value{}, nil
	}
	return readReflect(reflect.ValueOf(x), scratch)
}

// Common reads the commonest values, those that need neither reflect nor
// text: nil, a string, a []string and a []percent.Pair; ok is false for
// every other. It is small enough to inline, so that a caller can try it
// before ReadScratch.
func Common(x any) (v V, ok bool) {
	switch x := x.(type) {
	case nil:
		return V{}, true
	case string:
		return V{Kind: Scalar, String: x}, true
	case []string:
		if len(x) == 0 {
			return V{}, true
		}
		return V{Kind: List, List: x}, true
	case []percent.Pair:
		if len(x) == 0 {
			return V{}, true
		}
		return V{Kind: Assoc, Pairs: x}, true
	}
	return V{}, false
}

func readReflect(rv reflect.Value, scratch []byte) (V, []byte, reflect.Value, error) {
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return V{}, nil, reflect.Value{}, nil
		}
		if rv.Type().Implements(textMarshaler) {
			break
		}
		rv = rv.Elem()
	}
	if s, text, isText, ok, err := scalarTo(rv, scratch); ok || err != nil {
		if err != nil {
			return V{}, nil, reflect.Value{}, err
		}
		if isText {
			return V{Kind: Scalar}, text, reflect.Value{}, nil
		}
		return V{Kind: Scalar, String: s}, nil, reflect.Value{}, nil
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() || rv.Len() == 0 {
			return V{}, nil, reflect.Value{}, nil
		}
		// Every item must be a scalar: checked here, so that an error
		// comes before anything is written.
		for i := range rv.Len() {
			if _, _, _, ok, err := scalarTo(deref(rv.Index(i)), scratch); err != nil || !ok {
				if err == nil {
					err = &Error{Reason: "a list item must be a scalar"}
				}
				return V{}, nil, reflect.Value{}, err
			}
		}
		return V{Kind: List}, nil, rv, nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return V{}, nil, reflect.Value{}, errType
		}
		if rv.Len() == 0 {
			return V{}, nil, reflect.Value{}, nil
		}
		pairs := make([]percent.Pair, 0, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			s, ok, err := scalar(deref(it.Value()))
			if err != nil {
				return V{}, nil, reflect.Value{}, err
			}
			if !ok {
				return V{}, nil, reflect.Value{}, &Error{Reason: "a map value must be a scalar"}
			}
			pairs = append(pairs, percent.Pair{Name: it.Key().String(), Value: s})
		}
		slices.SortFunc(pairs, func(a, b percent.Pair) int {
			switch {
			case a.Name < b.Name:
				return -1
			case a.Name > b.Name:
				return 1
			}
			return 0
		})
		return V{Kind: Assoc, Pairs: pairs}, nil, reflect.Value{}, nil
	}
	return V{}, nil, reflect.Value{}, errType
}

// deref follows pointers and interfaces to what they hold; a nil one
// stays as it is, which scalar refuses.
func deref(rv reflect.Value) reflect.Value {
	for (rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface) && !rv.IsNil() && !rv.Type().Implements(textMarshaler) {
		rv = rv.Elem()
	}
	return rv
}

// scalar returns the text of a scalar: a string, a bool, an integer or a
// float of any named type (by kind), or an encoding.TextMarshaler. ok is
// false for every other kind.
func scalar(rv reflect.Value) (s string, ok bool, err error) {
	s, text, isText, ok, err := scalarTo(rv, nil)
	if isText {
		s = string(text)
	}
	return s, ok, err
}

// scalarTo is scalar with a number's or a bool's text appended to
// scratch[:0] (isText) rather than made a string.
func scalarTo(rv reflect.Value, scratch []byte) (s string, text []byte, isText, ok bool, err error) {
	if !rv.IsValid() {
		return "", nil, false, false, nil
	}
	if rv.Type().Implements(textMarshaler) {
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return "", nil, false, false, nil
		}
		b, err := rv.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return "", nil, false, true, &Error{Reason: "MarshalText: " + err.Error(), Err: err}
		}
		return string(b), nil, false, true, nil
	}
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), nil, false, true, nil
	case reflect.Bool:
		return "", strconv.AppendBool(scratch[:0], rv.Bool()), true, true, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "", strconv.AppendInt(scratch[:0], rv.Int(), 10), true, true, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return "", strconv.AppendUint(scratch[:0], rv.Uint(), 10), true, true, nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "", nil, false, true, &Error{Reason: "NaN and infinite numbers have no text"}
		}
		return "", strconv.AppendFloat(scratch[:0], f, 'g', -1, 64), true, true, nil
	}
	return "", nil, false, false, nil
}
