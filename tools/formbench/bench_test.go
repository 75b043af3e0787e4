// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package formbench

import (
	"net/url"
	"reflect"
	"testing"

	ajg "github.com/ajg/form"
	playground "github.com/go-playground/form/v4"
	"github.com/google/go-querystring/query"
	"github.com/gorilla/schema"

	"github.com/urlcodec/percent/form"
)

// The structs of go-playground/form's own benchmarks (benchmarks/
// benchmarks_test.go at v4.2.1: User, PrimitivesStruct,
// ComplexArrayStruct), with their values, and a 10-pair nested order.
type (
	User struct {
		FirstName string `form:"fname" schema:"fname" url:"fname"`
		LastName  string `form:"lname" schema:"lname" url:"lname"`
		Email     string `form:"email" schema:"email" url:"email"`
		Age       uint8  `form:"age" schema:"age" url:"age"`
	}
	Primitives struct {
		String  string
		Int     int
		Int8    int8
		Int16   int16
		Int32   int32
		Int64   int64
		Uint    uint
		Uint8   uint8
		Uint16  uint16
		Uint32  uint32
		Uint64  uint64
		Float32 float32
		Float64 float64
		Bool    bool
	}
	ComplexArray struct {
		String       []string
		StringPtr    []*string
		Int          []int
		IntPtr       []*int
		Int8         []int8
		Int8Ptr      []*int8
		Int16        []int16
		Int16Ptr     []*int16
		Int32        []int32
		Int32Ptr     []*int32
		Int64        []int64
		Int64Ptr     []*int64
		Uint         []uint
		UintPtr      []*uint
		Uint8        []uint8
		Uint8Ptr     []*uint8
		Uint16       []uint16
		Uint16Ptr    []*uint16
		Uint32       []uint32
		Uint32Ptr    []*uint32
		Uint64       []uint64
		Uint64Ptr    []*uint64
		NestedInt    [][]int
		NestedIntPtr [][]*int
	}
	Customer struct {
		Name  string `form:"name" schema:"name" url:"name"`
		Email string `form:"email" schema:"email" url:"email"`
	}
	Item struct {
		SKU string `form:"sku" schema:"sku" url:"sku"`
		Qty int    `form:"qty" schema:"qty" url:"qty"`
	}
	Order struct {
		ID       int      `form:"id" schema:"id" url:"id"`
		Status   string   `form:"status" schema:"status" url:"status"`
		Tags     []string `form:"tags" schema:"tags" url:"tags"`
		Customer Customer `form:"customer" schema:"customer" url:"customer"`
		Items    []Item   `form:"items" schema:"items" url:"items"`
	}
)

func userValues() url.Values {
	return url.Values{"fname": {"Joey"}, "lname": {"Bloggs"}, "email": {"joeybloggs@gmail.com"}, "age": {"32"}}
}

func primitivesValues() url.Values {
	return url.Values{
		"String": {"joeybloggs"}, "Int": {"1"}, "Int8": {"2"}, "Int16": {"3"}, "Int32": {"4"}, "Int64": {"5"},
		"Uint": {"1"}, "Uint8": {"2"}, "Uint16": {"3"}, "Uint32": {"4"}, "Uint64": {"5"},
		"Float32": {"1.1"}, "Float64": {"5.0"}, "Bool": {"true"},
	}
}

func complexArrayValues() url.Values {
	v := url.Values{"String": {"joeybloggs"}, "StringPtr": {"joeybloggs"},
		"Int8[0]": {"1"}, "Int8[1]": {"2"}, "Int8Ptr[0]": {"1"}, "Int8Ptr[1]": {"2"},
		"Uint8[0]": {"1"}, "Uint8[1]": {"2"}, "Uint8Ptr[0]": {"1"}, "Uint8Ptr[1]": {"2"},
		"NestedInt[0][0]": {"1"}, "NestedIntPtr[0][1]": {"1"}}
	for _, k := range []string{"Int", "IntPtr", "Int16", "Int16Ptr", "Int32", "Int32Ptr", "Int64", "Int64Ptr",
		"Uint", "UintPtr", "Uint16", "Uint16Ptr", "Uint32", "Uint32Ptr", "Uint64", "Uint64Ptr"} {
		v[k] = []string{"1", "2"}
	}
	return v
}

// The order's query in each binder's key syntax: brackets for indices and
// dots for fields (go-playground/form; percent reads every syntax), dots
// for both (gorilla/schema, ajg/form), repeated keys for gorilla's lists.
const (
	orderQuery        = "id=1042&status=open&tags[0]=new&tags[1]=priority&customer.name=Ann+B&customer.email=ann%40example.com&items[0].sku=A-1&items[0].qty=2&items[1].sku=B-7&items[1].qty=1"
	orderQueryGorilla = "id=1042&status=open&tags=new&tags=priority&customer.name=Ann+B&customer.email=ann%40example.com&items.0.sku=A-1&items.0.qty=2&items.1.sku=B-7&items.1.qty=1"
	orderQueryAJG     = "id=1042&status=open&tags.0=new&tags.1=priority&customer.name=Ann+B&customer.email=ann%40example.com&items.0.sku=A-1&items.0.qty=2&items.1.sku=B-7&items.1.qty=1"
)

func order() Order {
	return Order{ID: 1042, Status: "open", Tags: []string{"new", "priority"},
		Customer: Customer{Name: "Ann B", Email: "ann@example.com"},
		Items:    []Item{{SKU: "A-1", Qty: 2}, {SKU: "B-7", Qty: 1}}}
}

// A bench is one struct's inputs: a fresh value, the query in each
// binder's syntax, and a value to write.
type bench struct {
	name                string
	fresh               func() any
	q, qGorilla, qAJG   string
	value               any
	gorilla, ajgDecodes bool
}

func benches() []bench {
	must := func(v url.Values) string { return v.Encode() }
	u := User{FirstName: "Joey", LastName: "Bloggs", Email: "joeybloggs@gmail.com", Age: 32}
	p := Primitives{String: "joeybloggs", Int: 1, Int8: 2, Int16: 3, Int32: 4, Int64: 5, Uint: 1, Uint8: 2,
		Uint16: 3, Uint32: 4, Uint64: 5, Float32: 1.1, Float64: 5.0, Bool: true}
	var ca ComplexArray // as percent reads it: go-playground keeps the gap of NestedIntPtr[0][1] as a nil list, which percent does not write
	if err := form.Unmarshal(complexArrayValues().Encode(), &ca); err != nil {
		panic(err)
	}
	o := order()
	return []bench{
		{"SimpleUser", func() any { return new(User) }, must(userValues()), must(userValues()), must(userValues()), u, true, true},
		{"Primitives", func() any { return new(Primitives) }, must(primitivesValues()), must(primitivesValues()), must(primitivesValues()), p, true, true},
		{"ComplexArray", func() any { return new(ComplexArray) }, must(complexArrayValues()), "", "", ca, false, false},
		{"Order10", func() any { return new(Order) }, orderQuery, orderQueryGorilla, orderQueryAJG, o, true, true},
	}
}

// TestBenchInputs: each binder reads each benchmark's query as the value
// the others read (where it can read that struct at all), so that the
// speed table compares the same work.
func TestBenchInputs(t *testing.T) {
	for _, bc := range benches() {
		v := bc.fresh()
		if err := form.Unmarshal(bc.q, v); err != nil {
			t.Fatalf("%s: percent: %v", bc.name, err)
		}
		pv := bc.fresh()
		vals, _ := url.ParseQuery(bc.q)
		if err := playground.NewDecoder().Decode(pv, vals); err != nil {
			t.Fatalf("%s: go-playground: %v", bc.name, err)
		}
		if bc.name != "ComplexArray" && !reflect.DeepEqual(v, pv) {
			t.Errorf("%s: percent reads %+v, go-playground %+v", bc.name, v, pv)
		}
		if bc.name == "ComplexArray" {
			// go-playground keeps the gap of NestedIntPtr[0][1]; percent
			// closes it (DESIGN: gaps close). Every other field agrees.
			a, b := *v.(*ComplexArray), *pv.(*ComplexArray)
			a.NestedIntPtr, b.NestedIntPtr = nil, nil
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s: percent reads %+v, go-playground %+v", bc.name, a, b)
			}
		}
		if bc.gorilla {
			gv := bc.fresh()
			vals, _ := url.ParseQuery(bc.qGorilla)
			if err := schema.NewDecoder().Decode(gv, vals); err != nil || !reflect.DeepEqual(gv, v) {
				t.Errorf("%s: gorilla/schema reads %+v, %v", bc.name, gv, err)
			}
		}
		if bc.ajgDecodes {
			av := bc.fresh()
			if err := ajg.DecodeString(av, bc.qAJG); err != nil || !reflect.DeepEqual(av, v) {
				t.Errorf("%s: ajg/form reads %+v, %v", bc.name, av, err)
			}
		}
		// what percent writes reads back as the value
		s, err := form.Marshal(bc.value)
		if err != nil {
			t.Fatalf("%s: Marshal: %v", bc.name, err)
		}
		back := bc.fresh()
		if err := form.Unmarshal(s, back); err != nil || !reflect.DeepEqual(reflect.ValueOf(back).Elem().Interface(), bc.value) {
			t.Errorf("%s: Marshal wrote %q, which reads back as %+v, %v", bc.name, s, back, err)
		}
	}
}

// BenchmarkDecode: a query into a struct. go-playground/form and
// gorilla/schema decode url.Values: "values" is their own benchmark (the
// query parsed before the timer), "query" adds url.ParseQuery, the work
// percent's Unmarshal does from the raw query.
func BenchmarkDecode(b *testing.B) {
	for _, bc := range benches() {
		b.Run(bc.name+"/percent", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := form.Unmarshal(bc.q, bc.fresh()); err != nil {
					b.Fatal(err)
				}
			}
		})
		pd := playground.NewDecoder()
		vals, _ := url.ParseQuery(bc.q)
		b.Run(bc.name+"/go-playground-values", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if err := pd.Decode(bc.fresh(), vals); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bc.name+"/go-playground-query", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				vals, err := url.ParseQuery(bc.q)
				if err != nil {
					b.Fatal(err)
				}
				if err := pd.Decode(bc.fresh(), vals); err != nil {
					b.Fatal(err)
				}
			}
		})
		if bc.gorilla {
			gd := schema.NewDecoder()
			gvals, _ := url.ParseQuery(bc.qGorilla)
			b.Run(bc.name+"/gorilla-values", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if err := gd.Decode(bc.fresh(), gvals); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		if bc.ajgDecodes {
			b.Run(bc.name+"/ajg-query", func(b *testing.B) {
				b.ReportAllocs()
				for range b.N {
					if err := ajg.DecodeString(bc.fresh(), bc.qAJG); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(bc.name+"/url.ParseQuery-alone", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := url.ParseQuery(bc.q); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncode: a struct as a query. go-playground/form and
// go-querystring write url.Values: "values" is their own benchmark,
// "query" adds Values.Encode, the string percent's Marshal writes.
func BenchmarkEncode(b *testing.B) {
	for _, bc := range benches() {
		b.Run(bc.name+"/percent", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := form.Marshal(bc.value); err != nil {
					b.Fatal(err)
				}
			}
		})
		pe := playground.NewEncoder()
		b.Run(bc.name+"/go-playground-values", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := pe.Encode(bc.value); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(bc.name+"/go-playground-query", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				v, err := pe.Encode(bc.value)
				if err != nil {
					b.Fatal(err)
				}
				_ = v.Encode()
			}
		})
		b.Run(bc.name+"/go-querystring-query", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				v, err := query.Values(bc.value)
				if err != nil {
					b.Fatal(err)
				}
				_ = v.Encode()
			}
		})
		ge := schema.NewEncoder()
		b.Run(bc.name+"/gorilla-values", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				dst := map[string][]string{}
				if err := ge.Encode(bc.value, dst); err != nil {
					b.Skip(err) // gorilla/schema cannot write every struct
				}
			}
		})
		b.Run(bc.name+"/ajg-query", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := ajg.EncodeToString(bc.value); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
