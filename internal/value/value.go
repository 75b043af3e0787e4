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

// V is one value read by [Read].
type V struct {
	Kind   Kind
	String string
	List   []string
	Pairs  []percent.Pair
}

// An Error says why a value is not one the model takes; the caller names
// the variable.
type Error struct{ Reason string }

// Error returns the reason.
func (e *Error) Error() string { return e.Reason }

var errType = &Error{Reason: "a value must be a string, bool, number or encoding.TextMarshaler, a slice or array of them, a []percent.Pair, or a map with string keys and such values"}

var textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()

// Read classifies x. The common types (string, []string, []percent.Pair,
// the integer types, bool) take a path without reflection; every other
// kind is read with reflect. An empty list or associative array is
// Undefined (RFC 6570 §2.3).
func Read(x any) (V, error) {
	switch x := x.(type) {
	case nil:
		return V{}, nil
	case string:
		return V{Kind: Scalar, String: x}, nil
	case []string:
		if len(x) == 0 {
			return V{}, nil
		}
		return V{Kind: List, List: x}, nil
	case []percent.Pair:
		if len(x) == 0 {
			return V{}, nil
		}
		return V{Kind: Assoc, Pairs: x}, nil
	case int:
		return V{Kind: Scalar, String: strconv.Itoa(x)}, nil
	case int64:
		return V{Kind: Scalar, String: strconv.FormatInt(x, 10)}, nil
	case uint64:
		return V{Kind: Scalar, String: strconv.FormatUint(x, 10)}, nil
	case bool:
		return V{Kind: Scalar, String: strconv.FormatBool(x)}, nil
	}
	return readReflect(reflect.ValueOf(x))
}

func readReflect(rv reflect.Value) (V, error) {
	for rv.Kind() == reflect.Pointer || rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return V{}, nil
		}
		if rv.Type().Implements(textMarshaler) {
			break
		}
		rv = rv.Elem()
	}
	if s, ok, err := scalar(rv); ok || err != nil {
		return V{Kind: Scalar, String: s}, err
	}
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() || rv.Len() == 0 {
			return V{}, nil
		}
		list := make([]string, rv.Len())
		for i := range list {
			s, ok, err := scalar(deref(rv.Index(i)))
			if err != nil {
				return V{}, err
			}
			if !ok {
				return V{}, &Error{Reason: "a list item must be a scalar"}
			}
			list[i] = s
		}
		return V{Kind: List, List: list}, nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return V{}, errType
		}
		if rv.Len() == 0 {
			return V{}, nil
		}
		pairs := make([]percent.Pair, 0, rv.Len())
		for it := rv.MapRange(); it.Next(); {
			s, ok, err := scalar(deref(it.Value()))
			if err != nil {
				return V{}, err
			}
			if !ok {
				return V{}, &Error{Reason: "a map value must be a scalar"}
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
		return V{Kind: Assoc, Pairs: pairs}, nil
	}
	return V{}, errType
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
	if !rv.IsValid() {
		return "", false, nil
	}
	if rv.Type().Implements(textMarshaler) {
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			return "", false, nil
		}
		b, err := rv.Interface().(encoding.TextMarshaler).MarshalText()
		if err != nil {
			return "", true, &Error{Reason: "MarshalText: " + err.Error()}
		}
		return string(b), true, nil
	}
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), true, nil
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool()), true, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10), true, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(rv.Uint(), 10), true, nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "", true, &Error{Reason: "NaN and infinite numbers have no text"}
		}
		return strconv.FormatFloat(f, 'g', -1, 64), true, nil
	}
	return "", false, nil
}
