// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"math"
	"net/netip"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/form"
)

type Item struct {
	Price int      `form:"price"`
	Name  string   `form:"name,omitempty"`
	Tags  []string `form:"tags,omitempty"`
}

type Base struct {
	ID      int64 `form:"id"`
	Created time.Time
}

type Extra struct{ Note string }

type Order struct {
	Base
	*Extra
	Items  []Item            `form:"items,omitempty"`
	Codes  [2]uint8          `form:"codes"`
	Meta   map[string]string `form:"meta,omitempty"`
	Ports  map[int]bool      `form:"ports,omitempty"`
	Hosts  map[netip.Addr]string
	Addr   netip.Addr
	Limit  *int
	Ratio  float32
	Raw    []byte
	Any    any `form:"any,omitempty"`
	hidden string
	Skip   string `form:"-"`
}

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

// The three ways of writing one key path, in any mix, reach one field.
func TestKeySyntaxMix(t *testing.T) {
	for _, q := range []string{
		"items[1][price]=3&items[0][price]=2&items[1][name]=b",
		"items[1].price=3&items[0].price=2&items[1].name=b",
		"items.1.price=3&items.0.price=2&items.1[name]=b",
		"items%5B1%5D%5Bprice%5D=3&items%5B0%5D.price=2&items.1%5Bname%5D=b",
	} {
		var o Order
		if err := form.Unmarshal(q, &o); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		want := []Item{{Price: 2}, {Price: 3, Name: "b"}}
		if !reflect.DeepEqual(o.Items, want) {
			t.Errorf("%s: got %+v, want %+v", q, o.Items, want)
		}
	}
}

func TestUnmarshalTypes(t *testing.T) {
	q := "?id=-7&Created=2026-12-05T03%3A00%3A00Z&Note=hi+there&codes[1]=255&meta[a b]=%E2%82%AC" +
		"&ports[443]=on&ports[80]=false&Hosts[10.0.0.1]=x&Addr=%3A%3A1&Limit=5&Ratio=0.1&Raw=%FF%00" +
		"&any[l][]=1&any[l][]=2&any[m][k]=v&any[s]=t&hidden=no&Skip=no&unknown=1"
	var o Order
	if err := form.Unmarshal(q, &o); err != nil {
		t.Fatal(err)
	}
	five := 5
	want := Order{
		Base:  Base{ID: -7, Created: mustTime("2026-12-05T03:00:00Z")},
		Extra: &Extra{Note: "hi there"},
		Codes: [2]uint8{255, 0},
		Meta:  map[string]string{"a b": "€"},
		Ports: map[int]bool{443: true, 80: false},
		Hosts: map[netip.Addr]string{netip.MustParseAddr("10.0.0.1"): "x"},
		Addr:  netip.MustParseAddr("::1"),
		Limit: &five,
		Ratio: 0.1,
		Raw:   []byte{0xFF, 0},
		Any:   map[string]any{"l": []any{"1", "2"}, "m": map[string]any{"k": "v"}, "s": "t"},
	}
	if !reflect.DeepEqual(o, want) {
		t.Errorf("got  %+v\nwant %+v", o, want)
	}
}

// The indices of a list order its items, whatever order they come in;
// gaps close; "[]" and a repeated value take the next index after the
// largest so far (PHP's rule for a[]).
func TestListOrder(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"a[2]=z&a[0]=x&a[1]=y", []string{"x", "y", "z"}},
		{"a[9]=z&a[3]=x", []string{"x", "z"}},
		{"a[]=x&a[]=y", []string{"x", "y"}},
		{"a=x&a=y&a=z", []string{"x", "y", "z"}},
		{"a[1]=y&a[]=z&a[0]=x", []string{"x", "y", "z"}},
		{"a[5]=y&a[]=z", []string{"y", "z"}},
		{"a=x&a[5]=y&a=z", []string{"x", "y", "z"}},
	} {
		var v struct {
			A []string `form:"a"`
		}
		if err := form.Unmarshal(c.q, &v); err != nil {
			t.Errorf("%s: %v", c.q, err)
			continue
		}
		if !reflect.DeepEqual(v.A, c.want) {
			t.Errorf("%s: got %q, want %q", c.q, v.A, c.want)
		}
	}
}

// Every way a query fails to fit is an *Error with the key, the offset in
// the query (counted by hand here) and the reason; nothing is dropped.
func TestErrors(t *testing.T) {
	type S struct {
		A  string            `form:"a"`
		N  int8              `form:"n"`
		L  []string          `form:"l"`
		R  [2]string         `form:"r"`
		M  map[string]string `form:"m"`
		T  Item              `form:"t"`
		B  bool              `form:"b"`
		F  float64           `form:"f"`
		IM map[int]string    `form:"im"`
	}
	for _, c := range []struct {
		q, key string
		off    int
		reason string
	}{
		{"a[=1", "a[", 1, `"[" without "]"`},
		{"x=1&a[b]c=1", "a[b]c", 8, `text after "]"`},
		{"[a]=1", "[a]", 0, "empty name"},
		{".a=1", ".a", 0, "empty name"},
		{"a..b=1", "a..b", 1, `empty "." step`},
		{"a.=1", "a.", 1, `empty "." step`},
		{"a%5B=1", "a[", 1, `"[" without "]"`},
		{"zz=1&a%5Bb%5Dc=1", "a[b]c", 13, `text after "]"`},
		{"a=1&a=2", "a", 6, "given twice"},
		{"a=2&a[b]=1", "a[b]", 5, "a list or map where a single value stands"},
		{"a[b]=1&a=2", "a[b]", 1, "a list or map where a single value stands"},
		{"n=128", "n", 2, "not an integer of int8"},
		{"b=maybe", "b", 2, "not a bool"},
		{"f=1e999", "f", 2, "not a number"},
		{"l[x]=1", "l[x]", 1, "not a list index"},
		{"l[01]=1", "l[01]", 1, "not a list index"},
		{"l[1001]=1", "l[1001]", 1, "index past the limit"},
		{"l[999999999999999999999999]=1", "l[999999999999999999999999]", 1, "index past the limit"},
		{"l[]=1&l[0]=2", "l[0]", 7, "index given twice"},
		{"r[2]=x", "r[2]", 1, "past the array's length"},
		{"r[]=x&r[]=y&r[]=z", "r[]", 13, "past the array's length"},
		{"m=1", "m", 2, "a value where a map stands"},
		{"m[]=1", "m[]", 1, `"[]" where a map stands`},
		{"t=1", "t", 2, "a value where a struct stands"},
		{"t[]=1", "t[]", 1, `"[]" where a struct stands`},
		{"l[0][x]=1", "l[0][x]", 4, "a list or map where a single value stands"},
		{"im[x]=1", "im[x]", 2, "not a map key of int"},
		{"a=%zz", "a", 2, "malformed escape"},
		{"ok=1&%4=1", "", 5, "malformed escape"},
	} {
		var s S
		err := form.Unmarshal(c.q, &s)
		var fe *form.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: got %v, want an *Error", c.q, err)
			continue
		}
		if fe.Key != c.key || fe.Offset != c.off || !strings.Contains(fe.Reason, c.reason) {
			t.Errorf("%s: got key %q offset %d reason %q, want %q %d %q", c.q, fe.Key, fe.Offset, fe.Reason, c.key, c.off, c.reason)
		}
	}
}

func TestUnknownKeys(t *testing.T) {
	var v struct{ A string }
	if err := form.Unmarshal("A=1&B=2", &v); err != nil || v.A != "1" {
		t.Fatalf("got %v %+v", err, v)
	}
	d := form.Decoder{DisallowUnknownKeys: true}
	err := d.Unmarshal("A=1&B[x]=2", &v)
	var fe *form.Error
	if !errors.As(err, &fe) || fe.Key != "B" || fe.Offset != 4 {
		t.Fatalf("got %v", err)
	}
}

func TestLimits(t *testing.T) {
	var v map[string]any
	q := strings.Repeat("a[]=1&", percent.DefaultMaxPairs) + "b=1"
	err := form.Unmarshal(q, &v)
	var fe *form.Error
	if !errors.Is(err, percent.ErrTooManyPairs) || !errors.As(err, &fe) || fe.Offset != len(q)-3 {
		t.Errorf("pairs: got %v", err)
	}
	if err := form.Unmarshal(q[:len(q)-4], &v); err != nil {
		t.Errorf("exactly DefaultMaxPairs: %v", err)
	}
	deep := "a" + strings.Repeat("[b]", form.DefaultMaxDepth) + "=1"
	if err := form.Unmarshal(deep, &v); err != nil {
		t.Errorf("depth %d: %v", form.DefaultMaxDepth, err)
	}
	deeper := "a" + strings.Repeat("[b]", form.DefaultMaxDepth+1) + "=1"
	if err := form.Unmarshal(deeper, &v); !errors.As(err, &fe) || fe.Offset != 1+3*form.DefaultMaxDepth {
		t.Errorf("depth %d: got %v", form.DefaultMaxDepth+1, err)
	}
	d := form.Decoder{MaxPairs: 2, MaxDepth: 1}
	if err := d.Unmarshal("a=1&b=2&c=3", &v); !errors.Is(err, percent.ErrTooManyPairs) {
		t.Errorf("MaxPairs 2: got %v", err)
	}
	if err := d.Unmarshal("a[b][c]=1", &v); !errors.As(err, &fe) || fe.Offset != 4 {
		t.Errorf("MaxDepth 1: got %v", err)
	}
	var l struct{ L []int }
	if err := d.Unmarshal("L[2]=1", &l); err != nil || !reflect.DeepEqual(l.L, []int{1}) {
		t.Errorf("index 2 with MaxPairs 2: got %v %v", err, l.L)
	}
	if err := d.Unmarshal("L[3]=1", &l); !errors.As(err, &fe) {
		t.Errorf("index 3 with MaxPairs 2: got %v", err)
	}
	unlimited := form.Decoder{MaxPairs: -1}
	if err := unlimited.Unmarshal("L[999999999]=7", &l); err != nil || !reflect.DeepEqual(l.L, []int{7}) {
		t.Errorf("no limit: got %v %v", err, l.L)
	}
}

func TestUnmarshalNeedsPointer(t *testing.T) {
	var v struct{}
	for _, x := range []any{nil, v, (*struct{})(nil)} {
		var fe *form.Error
		if err := form.Unmarshal("a=1", x); !errors.As(err, &fe) {
			t.Errorf("%T: got %v", x, err)
		}
	}
}

// The empty value of a form's empty field leaves numbers zero and
// pointers to them nil.
func TestEmptyValues(t *testing.T) {
	var v struct {
		N int
		P *float64
		B *bool
		S *string
	}
	if err := form.Unmarshal("N=&P=&B=&S=", &v); err != nil {
		t.Fatal(err)
	}
	if v.N != 0 || v.P != nil || v.B != nil || v.S == nil || *v.S != "" {
		t.Errorf("got %+v", v)
	}
}

func TestMarshal(t *testing.T) {
	two := 2
	o := Order{
		Base:  Base{ID: 9, Created: mustTime("2026-12-05T03:00:00Z")},
		Items: []Item{{Price: 1, Tags: []string{"x y", "z"}}, {Price: 2, Name: "a&b=c"}},
		Codes: [2]uint8{1, 2},
		Meta:  map[string]string{"z": "1", "a": "2"},
		Ports: map[int]bool{443: true, 80: false},
		Limit: &two,
		Ratio: 0.1,
		Raw:   []byte("+"),
		Skip:  "no",
	}
	got, err := form.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	want := "id=9&Created=2026-12-05T03%3A00%3A00Z" +
		"&items%5B0%5D%5Bprice%5D=1&items%5B0%5D%5Btags%5D%5B0%5D=x+y&items%5B0%5D%5Btags%5D%5B1%5D=z" +
		"&items%5B1%5D%5Bprice%5D=2&items%5B1%5D%5Bname%5D=a%26b%3Dc" +
		"&codes%5B0%5D=1&codes%5B1%5D=2&meta%5Ba%5D=2&meta%5Bz%5D=1&ports%5B443%5D=true&ports%5B80%5D=false" +
		"&Addr=&Limit=2&Ratio=0.1&Raw=%2B"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	// net/url, an independent reader, sees the pairs in bracket form.
	vals, err := url.ParseQuery(got)
	if err != nil {
		t.Fatal(err)
	}
	if vals.Get("items[1][name]") != "a&b=c" || vals.Get("items[0][tags][0]") != "x y" || vals.Get("Raw") != "+" {
		t.Errorf("net/url reads %v", vals)
	}
	var back Order
	if err := form.Unmarshal(got, &back); err != nil {
		t.Fatal(err)
	}
	o.Skip = ""
	if !reflect.DeepEqual(back, o) {
		t.Errorf("round trip: got %+v\nwant %+v", back, o)
	}
}

func TestArrayFormats(t *testing.T) {
	v := struct {
		A []string
		B []Item
	}{A: []string{"x", "y,z"}, B: []Item{{Price: 1}}}
	for _, c := range []struct {
		f    form.ArrayFormat
		want string
	}{
		{form.Indices, "A%5B0%5D=x&A%5B1%5D=y%2Cz&B%5B0%5D%5Bprice%5D=1"},
		{form.Brackets, "A%5B%5D=x&A%5B%5D=y%2Cz&B%5B0%5D%5Bprice%5D=1"},
		{form.Repeat, "A=x&A=y%2Cz&B%5B0%5D%5Bprice%5D=1"},
		{form.Comma, "A=x,y%2Cz&B%5B0%5D%5Bprice%5D=1"},
	} {
		e := form.Encoder{Arrays: c.f}
		got, err := e.Marshal(v)
		if err != nil || got != c.want {
			t.Errorf("%d: got %q %v, want %q", c.f, got, err, c.want)
		}
	}
}

func TestMarshalErrors(t *testing.T) {
	type cyc struct{ Next *cyc }
	c := &cyc{}
	c.Next = c
	nan := struct{ F float64 }{F: 0}
	nan.F = nan.F / nan.F
	for _, c := range []struct {
		v   any
		key string
	}{
		{map[string]map[string]string{"": {"a": "x"}}, ""},
		{map[string]map[string]string{"a": {"": "x"}}, "a"},
		{map[string][]string{"": {"x"}}, ""},
		{map[string]string{"a[b": "x"}, ""},
		{map[string]string{"a.b": "x"}, ""},
		{map[string]map[string]string{"a": {"b]": "x"}}, "a"},
		{map[string][]*int{"a": {nil}}, "a"},
		{map[string]*int{"a": nil}, "a"},
		{c, "Next[Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next][Next]"},
		{nan, "F"},
		{struct{ C chan int }{make(chan int)}, "C"},
		{"a string", ""},
		{[]string{"a list"}, ""},
	} {
		_, err := form.Marshal(c.v)
		var fe *form.Error
		if !errors.As(err, &fe) || fe.Key != c.key || fe.Offset != -1 {
			t.Errorf("%T: got %v, want an *Error at key %q", c.v, err, c.key)
		}
	}
}

// A nested key is never an allocation sized by its number: an index
// orders items and is never a length (CVE-2014-7191 in qs, CVE-2024-37298
// in gorilla/schema).
func TestHugeIndexAllocatesNothingLarge(t *testing.T) {
	d := form.Decoder{MaxPairs: -1}
	var v struct{ L []string }
	q := "L[999999999]=1"
	n := testing.AllocsPerRun(10, func() {
		if err := d.Unmarshal(q, &v); err != nil {
			t.Fatal(err)
		}
	})
	if len(v.L) != 1 || n > 6 {
		t.Errorf("got %d items, %v allocations", len(v.L), n)
	}
	if b := bytesPerRun(func() { d.Unmarshal(q, &v) }); b > 2048 {
		t.Errorf("allocated %d bytes for a %d-byte query", b, len(q))
	}
}

// A []byte takes one value as its bytes, and items as numbers (as
// go-playground/form's benchmark struct writes a []uint8).
func TestBytesValueOrItems(t *testing.T) {
	var v struct {
		B []byte  `form:"b"`
		U []uint8 `form:"u"`
	}
	if err := form.Unmarshal("b=%01A&u[1]=2&u[0]=255", &v); err != nil {
		t.Fatal(err)
	}
	if string(v.B) != "\x01A" || len(v.U) != 2 || v.U[0] != 255 || v.U[1] != 2 {
		t.Errorf("got %q %v, want \"\\x01A\" [255 2]", v.B, v.U)
	}
	if err := form.Unmarshal("u[0]=256", &v); err == nil {
		t.Error("u[0]=256 into a []uint8: no error")
	}
}

// scalarLists has a field of each list kind that bindStruct binds
// without bind's walk, and one it cannot (a TextUnmarshaler item).
type scalarLists struct {
	I  []int
	PI []*int
	PS []*string
	B  []bool
	PB []*bool
	U8 []uint8 `form:"u8"` // []byte: one value is the bytes; items are numbers
	A  []netip.Addr
}

// TestScalarLists: lists of scalars and of pointers to them bind as the
// rules say (an empty value leaves a pointer to a number or bool nil, and
// a pointer to a string ""), and as the same list under a map key, which
// goes through bind's walk.
func TestScalarLists(t *testing.T) {
	q := "I=1&I[2]=3&I[1]=2&PI=&PI=7&PS=&PS=x&B=on&B=&PB=true&PB=&u8[1]=2&u8[0]=1&A=192.0.2.1"
	var v scalarLists
	if err := form.Unmarshal(q, &v); err != nil {
		t.Fatal(err)
	}
	seven, x, empty, yes := 7, "x", "", true
	want := scalarLists{
		I: []int{1, 2, 3}, PI: []*int{nil, &seven}, PS: []*string{&empty, &x},
		B: []bool{true, false}, PB: []*bool{&yes, nil}, U8: []uint8{1, 2},
		A: []netip.Addr{netip.MustParseAddr("192.0.2.1")},
	}
	if !reflect.DeepEqual(v, want) {
		t.Errorf("Unmarshal(%q) = %+v; want %+v", q, v, want)
	}
	for _, c := range []struct{ q, field string }{
		{"I=1&I=x", "I"}, {"PI=1&PI=1.5", "PI"}, {"B=maybe", "B"}, {"PB=2", "PB"},
		{"I[0]=1&I[0]=2", "I"}, {"PI[0][a]=1", "PI"}, {"I=1&I[]=2&I[x]=3", "I"}, {"u8[0]=300", "u8"},
	} {
		var s scalarLists
		err := form.Unmarshal(c.q, &s)
		var fe *form.Error
		if !errors.As(err, &fe) {
			t.Errorf("Unmarshal(%q) into the struct: %v; want an *Error", c.q, err)
			continue
		}
		if c.field != "I" {
			continue
		}
		var m map[string][]int
		merr := form.Unmarshal(c.q, &m)
		var me *form.Error
		if !errors.As(merr, &me) || fe.Offset != me.Offset || fe.Key != me.Key || fe.Reason != me.Reason {
			t.Errorf("Unmarshal(%q): struct %v; map %v", c.q, err, merr)
		}
	}
}

// TestMarshalScalarLists: lists of scalars and of pointers to them are
// written in every array format as the format says, and as the same list
// under a map key (written through value's walk of each item); a nil
// item and a NaN are errors either way.
func TestMarshalScalarLists(t *testing.T) {
	one, two, s := 1, 2, "a b"
	type lists struct {
		I  []int
		PI []*int
		PS []*string
		F  []float64
	}
	v := lists{I: []int{1, 2}, PI: []*int{&one, &two}, PS: []*string{&s}, F: []float64{0.5}}
	want := map[form.ArrayFormat]string{
		form.Indices:  "I%5B0%5D=1&I%5B1%5D=2&PI%5B0%5D=1&PI%5B1%5D=2&PS%5B0%5D=a+b&F%5B0%5D=0.5",
		form.Brackets: "I%5B%5D=1&I%5B%5D=2&PI%5B%5D=1&PI%5B%5D=2&PS%5B%5D=a+b&F%5B%5D=0.5",
		form.Repeat:   "I=1&I=2&PI=1&PI=2&PS=a+b&F=0.5",
		form.Comma:    "I=1,2&PI=1,2&PS=a+b&F=0.5",
	}
	for format, w := range want {
		e := form.Encoder{Arrays: format}
		if got, err := e.Marshal(v); err != nil || got != w {
			t.Errorf("Arrays %v: Marshal = %q, %v; want %q", format, got, err, w)
		}
		for _, c := range []struct {
			field string
			list  any
		}{
			{"PI", []*int{&one, nil, &two}},
			{"F", []float64{1, math.NaN()}},
			{"PS", []*string{&s, &s}},
		} {
			var st any
			switch l := c.list.(type) {
			case []*int:
				st = struct{ PI []*int }{l}
			case []float64:
				st = struct{ F []float64 }{l}
			case []*string:
				st = struct{ PS []*string }{l}
			}
			m := reflect.MakeMap(reflect.MapOf(reflect.TypeOf(""), reflect.TypeOf(c.list)))
			m.SetMapIndex(reflect.ValueOf(c.field), reflect.ValueOf(c.list))
			got, err := e.Marshal(st)
			mgot, merr := e.Marshal(m.Interface())
			if got != mgot || (err == nil) != (merr == nil) || err != nil && err.Error() != merr.Error() {
				t.Errorf("Arrays %v, %s %v: struct %q, %v; map %q, %v", format, c.field, c.list, got, err, mgot, merr)
			}
		}
	}
}

// TestMarshalFieldNames: a struct's keys are written encoded, a base that
// holds "[" or "." and a nested key that holds "]" are errors naming the
// key where they stand, and a plain field past the depth limit is one
// too.
func TestMarshalFieldNames(t *testing.T) {
	type inner struct {
		X string `form:"x.y z"`
	}
	v := struct {
		A  string `form:"é a+b"`
		In inner  `form:"in"`
	}{"1", inner{"2"}}
	if got, err := form.Marshal(v); err != nil || got != "%C3%A9+a%2Bb=1&in%5Bx.y+z%5D=2" {
		t.Errorf("Marshal = %q, %v", got, err)
	}
	type deep struct {
		N    int
		Next *deep
	}
	d := &deep{}
	for range 40 {
		d = &deep{N: 1, Next: d}
	}
	for _, c := range []struct {
		v   any
		key string
	}{
		{struct {
			A string `form:"a.b"`
		}{}, ""},
		{struct {
			A string `form:"a[b"`
		}{}, ""},
		{struct {
			S struct {
				B string `form:"b]"`
			}
		}{}, "S"},
		{d, strings.Repeat("Next[", 1)},
	} {
		_, err := form.Marshal(c.v)
		var fe *form.Error
		if !errors.As(err, &fe) || !strings.HasPrefix(fe.Key, c.key) {
			t.Errorf("%T: got %v, want an *Error at key %q", c.v, err, c.key)
		}
	}
}
