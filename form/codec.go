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
	"time"

	"github.com/urlcodec/percent"
)

// The one cache of type facts: what the binder (decode.go) and the writer
// (encode.go) do with the values of a type, chosen once, when the type is
// first seen, as encoding/json chooses its typeEncoder: a bind and a write
// for every type, a setter from text for the scalars, and for a struct its
// fields, each with its type's codec.

// ArrayFormat is how an Encoder writes a list of scalars.
type ArrayFormat uint8

const (
	// Indices writes each item with its index: a%5B0%5D=x&a%5B1%5D=y
	// (qs's default; PHP's http_build_query). Every list is written so.
	Indices ArrayFormat = iota
	// Brackets writes a%5B%5D=x&a%5B%5D=y (qs's arrayFormat "brackets";
	// Rack's build_nested_query).
	Brackets
	// Repeat writes a=x&a=y (qs's arrayFormat "repeat"; net/url's
	// url.Values).
	Repeat
	// Comma writes a=x,y, each item's own "," escaped (qs's arrayFormat
	// "comma"); a reader splits the raw value at ",".
	Comma
)

// A codec is what the binder and the writer do with the values of one
// type: its shape, which picks the bind (decode.go) and the write
// (encode.go), and for a scalar how one text is read (in) and written
// (out).
type codec struct {
	shape shape
	// in reads one text, for a scalar (a string, bool or number, []byte,
	// an encoding.TextUnmarshaler); noText for every other type.
	in text
	// out writes the text of a scalar; noText otherwise.
	out text
	// emptyZero: the empty value is the zero of this type (a number or a
	// bool), so that it leaves a pointer to one nil.
	emptyZero bool
	// bytes: a []byte of its own kind, read and written as one text
	// unless given items.
	bytes bool
	// textKey: a pointer to the type is an encoding.TextUnmarshaler, so
	// that a map key of it is read by UnmarshalText.
	textKey bool
	elem    *codec // a pointer's, slice's, array's or map's element
	key     *codec // a map's key
	facts   *structFacts
	typ     reflect.Type
}

var (
	codecs sync.Map // reflect.Type → *codec: the codecs built
	// buildMu is held while codecs are built; building holds them until
	// the outermost is done, so that a type that refers to itself (type
	// T struct{ Next *T }) finds its own codec while it is built, and no
	// other goroutine sees one before it is whole.
	buildMu  sync.Mutex
	building map[reflect.Type]*codec
	depth    int
)

// codecOf returns the codec of type t.
func codecOf(t reflect.Type) *codec {
	if c, ok := codecs.Load(t); ok {
		return c.(*codec)
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	return codecLocked(t)
}

// codecLocked is codecOf with buildMu held.
func codecLocked(t reflect.Type) *codec {
	if c, ok := codecs.Load(t); ok {
		return c.(*codec)
	}
	if c := building[t]; c != nil {
		return c
	}
	if building == nil {
		building = map[reflect.Type]*codec{}
	}
	c := &codec{typ: t}
	building[t] = c
	depth++
	build(c, t)
	if depth--; depth == 0 {
		for t, c := range building {
			codecs.Store(t, c)
		}
		clear(building)
	}
	return c
}

// A shape is what a value is to the binder and the writer.
type shape uint8

const (
	shapeNone      shape = iota // a channel, function or complex number: no form
	shapeScalar                 // one text (in, out)
	shapePointer                // elem's, through the pointer
	shapeInterface              // the tree, or what it holds
	shapeStruct                 // facts' fields
	shapeMap                    // key and elem
	shapeList                   // a slice or array of elem; with bytes, a []byte
)

// A text is how a scalar's text is read or written.
type text uint8

const (
	noText       text = iota
	textStr           // a string, as it is
	textBool          // strconv.ParseBool and "on"; "true" or "false"
	textInt           // decimal
	textDuration      // decimal nanoseconds, or time.ParseDuration's syntax
	textUint          // decimal
	textFloat         // decimal; 'g' with the shortest precision
	textBytes         // a []byte, as it is
	textMethod        // UnmarshalText, MarshalText
)

var (
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
	textMarshaler   = reflect.TypeFor[encoding.TextMarshaler]()
	durationType    = reflect.TypeFor[time.Duration]()
)

// build sets c's facts for type t.
func build(c *codec, t reflect.Type) {
	p := reflect.PointerTo(t)
	textIn, textOut := p.Implements(textUnmarshaler), t.Implements(textMarshaler) || p.Implements(textMarshaler)
	c.textKey = textIn
	switch {
	case t.Kind() == reflect.Pointer:
		c.shape, c.elem = shapePointer, codecLocked(t.Elem())
		return
	case t.Kind() == reflect.Interface:
		c.shape = shapeInterface
		return
	}
	if textIn || textOut {
		// A type with text methods is read and written as one text, by
		// the method it has; without one, as its kind is.
		c.shape = shapeScalar
		c.in, c.out, _ = kindText(t)
		if textIn {
			c.in = textMethod
		}
		if textOut {
			c.out = textMethod
		}
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		c.shape, c.facts = shapeStruct, factsOf(t)
	case reflect.Map:
		c.shape, c.key, c.elem = shapeMap, codecLocked(t.Key()), codecLocked(t.Elem())
	case reflect.Slice, reflect.Array:
		c.shape, c.elem = shapeList, codecLocked(t.Elem())
		if isBytes(t) {
			// One text, or items where they are given (b[0]=1).
			c.bytes, c.in, c.out = true, textBytes, textBytes
		}
	default:
		c.in, c.out, c.emptyZero = kindText(t)
		if c.in != noText {
			c.shape = shapeScalar
		}
	}
}

// kindText returns how a scalar kind's text is read and written, and
// whether its empty value is its zero.
func kindText(t reflect.Type) (in, out text, emptyZero bool) {
	switch t.Kind() {
	case reflect.String:
		return textStr, textStr, false
	case reflect.Bool:
		return textBool, textBool, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if t == durationType {
			return textDuration, textInt, true
		}
		return textInt, textInt, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return textUint, textUint, true
	case reflect.Float32, reflect.Float64:
		return textFloat, textFloat, true
	}
	return noText, noText, false
}

// scalar reports whether c reads and writes its value as one text.
func (c *codec) scalar() bool { return c.in != noText || c.out != noText }

// A field is one key of a struct: its name, the path of field indices to
// it (through embedded structs), its type's codec, and its options.
type field struct {
	name      string
	index     []int
	codec     *codec
	tagged    bool
	omitEmpty bool
	omitZero  bool
	// enc is the name as Marshal writes it (percent.Form), and badBase
	// and badNested say that it cannot stand as a base or in brackets:
	// the struct's keys are written without an encoding or a test each.
	enc                string
	badBase, badNested bool
}

// structFacts are a struct type's keys, in the order Marshal writes them,
// and a map of them by name.
type structFacts struct {
	fields []field
	byName map[string]int
}

// find returns the field named name.
func (f *structFacts) find(name string) (*field, bool) {
	i, ok := f.byName[name]
	if !ok {
		return nil, false
	}
	return &f.fields[i], true
}

// factsOf returns the keys of struct type t: exported fields by their
// name, or the name their tag `form:"name,omitempty,omitzero"` gives
// ("-" leaves one out); the fields of an embedded struct (or pointer to
// one) without a tag name promoted as encoding/json promotes them: a
// shallower field hides a deeper one of its name, and of two at one
// depth, the tagged one wins, else both are left out.
func factsOf(t reflect.Type) *structFacts {
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
				fl := field{name: name, index: index, tagged: name != ""}
				if name == "" {
					fl.name = sf.Name
				}
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
				fl.codec = codecLocked(sf.Type)
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
	f := &structFacts{fields: all, byName: make(map[string]int, len(all))}
	for i := range all {
		fl := &all[i]
		f.byName[fl.name] = i
		fl.enc = percent.Form.Encode(fl.name)
		fl.badBase = fl.name == "" || strings.ContainsAny(fl.name, "[.")
		fl.badNested = fl.name == "" || strings.Contains(fl.name, "]")
	}
	return f
}

// isBytes reports whether t is a slice of bytes that is read and written
// as one value, its text: []byte, and any slice of a byte kind whose items
// have no text methods of their own. Given items instead (b[0]=1&b[1]=2),
// Unmarshal reads it as a list of numbers.
func isBytes(t reflect.Type) bool {
	if t.Kind() != reflect.Slice {
		return false
	}
	e := t.Elem()
	return e.Kind() == reflect.Uint8 && !reflect.PointerTo(e).Implements(textUnmarshaler) && !e.Implements(textMarshaler)
}

// typeName names the type of rv for an error.
func typeName(rv reflect.Value) string {
	if !rv.IsValid() {
		return "nil"
	}
	return rv.Type().String()
}
