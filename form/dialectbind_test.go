// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"github.com/urlcodec/percent/form"
)

// A shipment is a value of the shapes every dialect's tree holds: scalars,
// a nested struct, lists of scalars and of structs, a map.
type shipment struct {
	ID     int               `form:"id"`
	Note   string            `form:"note,omitempty"`
	Ready  bool              `form:"ready"`
	Weight float64           `form:"weight"`
	Tags   []string          `form:"tags,omitempty"`
	To     address           `form:"to"`
	Lines  []line            `form:"lines,omitempty"`
	Meta   map[string]string `form:"meta,omitempty"`
}

type address struct {
	City string `form:"city"`
	Zip  string `form:"zip,omitempty"`
}

type line struct {
	SKU string `form:"sku"`
	Qty uint   `form:"qty"`
}

// randomShipment returns a shipment whose strings mix the bytes the
// dialects' decoders treat apart, none that a dialect renames (PHP's "."
// and space in a base name): keys are fixed, values free.
func randomShipment(r *rand.Rand) shipment {
	word := func() string {
		const a = "ab Z0é&=+%;[]#?/,"
		b := make([]rune, r.IntN(6))
		for i := range b {
			b[i] = []rune(a)[r.IntN(len([]rune(a)))]
		}
		return string(b)
	}
	s := shipment{ID: r.IntN(2000) - 1000, Note: word(), Ready: r.IntN(2) == 0, Weight: float64(r.IntN(1000)) / 8,
		To: address{City: word(), Zip: word()}}
	for range r.IntN(4) {
		s.Tags = append(s.Tags, word())
	}
	for range r.IntN(3) {
		s.Lines = append(s.Lines, line{SKU: word(), Qty: uint(r.IntN(9))})
	}
	if r.IntN(2) == 0 {
		s.Meta = map[string]string{"k" + strconv.Itoa(r.IntN(9)): word(), "x": word()}
	}
	// Marshal leaves out an empty list of scalars, an empty map, an empty
	// note: the value read back has them nil.
	if len(s.Tags) == 0 {
		s.Tags = nil
	}
	return s
}

// TestDialectBind: what Marshal writes, each dialect's original reads as
// the same tree, and binding that tree (Decoder.Dialect) gives the value
// back: qs and PHP the canonical form (lists by index), Rack the form
// with lists of scalars in brackets, as DESIGN says each reads them. The
// reference is the value written, not form's own reading.
func TestDialectBind(t *testing.T) {
	r := rand.New(rand.NewPCG(54, 1))
	n := 2000
	if testing.Short() {
		n = 300
	}
	for range n {
		want := randomShipment(r)
		for _, c := range []struct {
			d   *form.Dialect
			enc form.Encoder
		}{
			{form.QS, form.Encoder{}},
			{form.PHP, form.Encoder{}},
			{form.Rack, form.Encoder{Arrays: form.Brackets}},
		} {
			if c.d == form.Rack && len(want.Lines) > 0 {
				// Rack reads an index as a hash key, not a list: a list
				// of structs reads back as a map.
				continue
			}
			q, err := c.enc.Marshal(want)
			if err != nil {
				t.Fatal(err)
			}
			var got shipment
			d := form.Decoder{Dialect: c.d}
			if err := d.Unmarshal(q, &got); err != nil {
				t.Fatalf("%s: Unmarshal(%q): %v", c.d, q, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: Unmarshal(%q)\n got %+v\nwant %+v", c.d, q, got, want)
			}
		}
	}
}

// TestDialectBindReadings: the readings that set the dialects apart bind
// as each original reads the query, and a dialect's error or a bind error
// is an *Error with the key.
func TestDialectBindReadings(t *testing.T) {
	type v struct {
		A   []string          `form:"a"`
		AB  string            `form:"a_b"`
		M   map[string]string `form:"m"`
		N   int               `form:"n"`
		Any any               `form:"any"`
	}
	for _, c := range []struct {
		d    *form.Dialect
		q    string
		want v
	}{
		// Rack splits at ";" too; PHP and qs do not.
		{form.Rack, "a[]=x;a[]=y&n=5", v{A: []string{"x", "y"}, N: 5}},
		{form.PHP, "a[]=x;a[]=y&n=5", v{A: []string{"x;a[]=y"}, N: 5}},
		{form.QS, "n=5;x=1", v{N: 0}}, // the name is "n", its value "5;x=1": not an int... see below
		// PHP reads "." and space in a name as "_".
		{form.PHP, "a.b=1&a%20b=2", v{AB: "2"}},
		// qs reads a repeated name as a list; Rack keeps the last.
		{form.QS, "a=x&a=y", v{A: []string{"x", "y"}}},
		{form.Rack, "a=x&a=y", v{A: []string{"y"}}},
		// qs makes a list of indices under 20, a map past it.
		{form.QS, "m[30]=x&m[b]=y", v{M: map[string]string{"30": "x", "b": "y"}}},
		{form.QS, "any[0]=x&any[1]=y", v{Any: []any{"x", "y"}}},
		{form.QS, "any[k]=x", v{Any: map[string]any{"k": "x"}}},
		// Rack's name without "=" is nil: an empty value.
		{form.Rack, "n&a[]=x", v{A: []string{"x"}}},
	} {
		if c.q == "n=5;x=1" {
			var got v
			d := form.Decoder{Dialect: c.d}
			var fe *form.Error
			if err := d.Unmarshal(c.q, &got); !errors.As(err, &fe) || fe.Key != "n" || fe.Offset != 0 {
				t.Errorf("%s: Unmarshal(%q) = %v; want an *Error at key n, offset 0", c.d, c.q, err)
			}
			continue
		}
		var got v
		d := form.Decoder{Dialect: c.d}
		if err := d.Unmarshal(c.q, &got); err != nil {
			t.Errorf("%s: Unmarshal(%q): %v", c.d, c.q, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Unmarshal(%q) = %+v; want %+v", c.d, c.q, got, c.want)
		}
	}
	// A dialect's own error comes back as it is.
	var got v
	d := form.Decoder{Dialect: form.Rack}
	var fe *form.Error
	if err := d.Unmarshal("a=%zz", &got); !errors.As(err, &fe) {
		t.Errorf("Rack with a malformed escape: %v", err)
	}
	d = form.Decoder{Dialect: form.PHP}
	if err := d.Unmarshal("n=1\x00", &got); !errors.As(err, &fe) || fe.Offset != 3 {
		t.Errorf("PHP with a raw NUL: %v", err)
	}
}
