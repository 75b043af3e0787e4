// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"encoding"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/urlcodec/percent"
)

// The one cache of type facts: a struct type's fields as keys, found once
// and shared by Unmarshal and Marshal.

// A field is one key of a struct: its name, the path of field indices to
// it (through embedded structs), and its options.
type field struct {
	name      string
	index     []int
	typ       reflect.Type
	tagged    bool
	omitEmpty bool
	omitZero  bool
	// plain: a string, bool or number of a kind with no text methods,
	// one level down: bindStruct sets it from its one value without bind's
	// walk (BenchmarkUnmarshal/flat10 14% faster, formbench's
	// Decode/Primitives 16%).
	plain bool
	// list: a slice of such scalars (listPlain) or of pointers to them
	// (listPtrPlain), one level down: bindStruct binds it without bind's
	// walk, and its items without a walk each, and Marshal writes it
	// without a test of each item for text methods (formbench's
	// Decode/ComplexArray and Encode/ComplexArray, 24 such lists).
	list uint8
	// enc is the name as Marshal writes it (percent.Form), and badBase
	// and badNested say that it cannot stand as a base or in brackets
	// (writer.step's errors): the struct's keys are written without an
	// encoding or a test each (formbench's Encode/SimpleUser).
	enc                string
	badBase, badNested bool
}

// The lists a field may be, for field.list.
const (
	listOther = iota
	listPlain
	listPtrPlain
)

// listKind is the field.list of a field of type t.
func listKind(t reflect.Type) uint8 {
	p := reflect.PointerTo(t)
	if t.Kind() != reflect.Slice || isBytes(t) || p.Implements(textUnmarshaler) || p.Implements(textMarshaler) {
		return listOther
	}
	switch e := t.Elem(); {
	case plainKind(e):
		return listPlain
	case e.Kind() == reflect.Pointer && plainKind(e.Elem()):
		return listPtrPlain
	}
	return listOther
}

// structFacts are a struct type's keys, in the order Marshal writes them.
type structFacts struct {
	fields []field
	sigs   []uint32 // sig of each field's name, beside fields
	byName map[string]int
	// textIn: a pointer to the struct is an encoding.TextUnmarshaler, so
	// that Unmarshal gives it the text (bind asks once a type, not once a
	// value).
	textIn bool
}

// sig is a name's length and its first and last bytes: most names of
// one struct differ in it, so find compares few names in full.
func sig(name string) uint32 {
	if name == "" {
		return 0
	}
	return uint32(len(name)) | uint32(name[0])<<16 | uint32(name[len(name)-1])<<24
}

// find returns the field named name.
func (f *structFacts) find(name string) (*field, bool) {
	if f.byName != nil && len(f.fields) > 16 {
		i, ok := f.byName[name]
		if !ok {
			return nil, false
		}
		return &f.fields[i], true
	}
	g := sig(name)
	for i, h := range f.sigs {
		if h == g && f.fields[i].name == name {
			return &f.fields[i], true
		}
	}
	return nil, false
}

var factsCache sync.Map // reflect.Type → *structFacts

// factsOf returns the keys of struct type t: exported fields by their
// name, or the name their tag `form:"name,omitempty,omitzero"` gives
// ("-" leaves one out); the fields of an embedded struct (or pointer to
// one) without a tag name promoted as encoding/json promotes them: a
// shallower field hides a deeper one of its name, and of two at one
// depth, the tagged one wins, else both are left out.
func factsOf(t reflect.Type) *structFacts {
	if f, ok := factsCache.Load(t); ok {
		return f.(*structFacts)
	}
	f, _ := factsCache.LoadOrStore(t, buildFacts(t))
	return f.(*structFacts)
}

func buildFacts(t reflect.Type) *structFacts {
	type level struct {
		typ   reflect.Type
		index []int
	}
	var all []field
	visited := map[reflect.Type]bool{}
	next := []level{{typ: t}}
	for len(next) > 0 {
		cur := next
		next = nil
		count := map[string]int{}
		var found []field
		for _, l := range cur {
			if visited[l.typ] {
				continue
			}
			visited[l.typ] = true
			for i := 0; i < l.typ.NumField(); i++ {
				sf := l.typ.Field(i)
				ft := sf.Type
				if sf.Anonymous {
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("form")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				index := append(append([]int(nil), l.index...), i)
				if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
					next = append(next, level{typ: ft, index: index})
					continue
				}
				fl := field{name: name, index: index, typ: sf.Type, tagged: name != "", plain: len(index) == 1 && plainKind(sf.Type)}
				if len(index) == 1 {
					fl.list = listKind(sf.Type)
				}
				if name == "" {
					fl.name = sf.Name
				}
				fl.enc = percent.Form.Encode(fl.name)
				fl.badBase = fl.name == "" || strings.ContainsAny(fl.name, "[.")
				fl.badNested = fl.name == "" || strings.Contains(fl.name, "]")
				for opts != "" {
					var o string
					o, opts, _ = strings.Cut(opts, ",")
					switch o {
					case "omitempty":
						fl.omitEmpty = true
					case "omitzero":
						fl.omitZero = true
					}
				}
				count[fl.name]++
				found = append(found, fl)
			}
		}
		// The fields of this depth, less those a shallower one hides and
		// those that tie.
		seen := map[string]bool{}
		for _, f := range all {
			seen[f.name] = true
		}
		for _, f := range found {
			if seen[f.name] {
				continue
			}
			if count[f.name] > 1 {
				winner := -1
				for j, g := range found {
					if g.name == f.name && g.tagged {
						if winner >= 0 {
							winner = -2
							break
						}
						winner = j
					}
				}
				seen[f.name] = true
				if winner >= 0 {
					all = append(all, found[winner])
				}
				continue
			}
			all = append(all, f)
		}
	}
	// Marshal writes fields in the order of their declaration, depth
	// first, as encoding/json does.
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i].index, all[j].index
		for k := 0; k < len(a) && k < len(b); k++ {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return len(a) < len(b)
	})
	f := &structFacts{fields: all, sigs: make([]uint32, len(all)), textIn: reflect.PointerTo(t).Implements(textUnmarshaler)}
	for i, fl := range all {
		f.sigs[i] = sig(fl.name)
	}
	if len(all) > 8 {
		f.byName = make(map[string]int, len(all))
		for i, fl := range all {
			f.byName[fl.name] = i
		}
	}
	return f
}

// plainKind reports whether t is a string, bool or number that has no
// text methods: one value sets it as its kind parses, and it is written as
// its kind formats.
func plainKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		p := reflect.PointerTo(t)
		return !p.Implements(textUnmarshaler) && !p.Implements(textMarshaler)
	}
	return false
}

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
)

// isBytes reports whether t is a slice of bytes that is read and written
// as one value, its text: []byte, and any slice of a byte kind whose items
// have no text methods of their own. Given items instead (b[0]=1&b[1]=2),
// Unmarshal reads it as a list of numbers.
func isBytes(t reflect.Type) bool {
	e := t.Elem()
	return t.Kind() == reflect.Slice && e.Kind() == reflect.Uint8 &&
		!reflect.PointerTo(e).Implements(textUnmarshaler) && !e.Implements(textMarshaler)
}

// typeName names the type of rv for an error.
func typeName(rv reflect.Value) string {
	if !rv.IsValid() {
		return "nil"
	}
	return rv.Type().String()
}
