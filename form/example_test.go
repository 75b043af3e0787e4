// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"fmt"

	"github.com/urlcodec/percent/form"
)

func ExampleUnmarshal() {
	type Item struct {
		SKU string `form:"sku"`
		Qty int    `form:"qty"`
	}
	var order struct {
		ID    string   `form:"id"`
		Items []Item   `form:"items"`
		Tags  []string `form:"tags"`
	}
	// Brackets, dots and escaped brackets (as browsers send them) mix;
	// the indices order the items.
	q := "id=42&items[1][sku]=B-2&items[1].qty=1&items%5B0%5D%5Bsku%5D=A-1&items.0.qty=3&tags[]=new&tags[]=gift+wrap"
	if err := form.Unmarshal(q, &order); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%+v\n", order)
	// Output:
	// {ID:42 Items:[{SKU:A-1 Qty:3} {SKU:B-2 Qty:1}] Tags:[new gift wrap]}
}

func ExampleUnmarshal_error() {
	var v struct {
		Items []struct {
			Price int `form:"price"`
		} `form:"items"`
	}
	err := form.Unmarshal("items[0][price]=9&items[1][price]=nine", &v)
	var fe *form.Error
	if errors.As(err, &fe) {
		fmt.Println(fe.Key, fe.Offset)
	}
	fmt.Println(err)
	// Output:
	// items[1][price] 34
	// form: key "items[1][price]": not an integer of int at offset 34: strconv.ParseInt: parsing "nine": invalid syntax
}

func ExampleMarshal() {
	type Filter struct {
		Field string `form:"field"`
		Op    string `form:"op"`
		Value string `form:"value"`
	}
	q, err := form.Marshal(struct {
		Filters []Filter          `form:"filters"`
		Sort    map[string]string `form:"sort"`
		Page    int               `form:"page,omitempty"`
	}{
		Filters: []Filter{{"price", "<", "10"}},
		Sort:    map[string]string{"price": "asc"},
	})
	fmt.Println(q, err)
	// Output:
	// filters%5B0%5D%5Bfield%5D=price&filters%5B0%5D%5Bop%5D=%3C&filters%5B0%5D%5Bvalue%5D=10&sort%5Bprice%5D=asc <nil>
}

func ExampleEncoder() {
	v := map[string][]string{"color": {"red", "blue"}}
	for _, f := range []form.ArrayFormat{form.Indices, form.Brackets, form.Repeat, form.Comma} {
		e := form.Encoder{Arrays: f}
		q, _ := e.Marshal(v)
		fmt.Println(q)
	}
	// Output:
	// color%5B0%5D=red&color%5B1%5D=blue
	// color%5B%5D=red&color%5B%5D=blue
	// color=red&color=blue
	// color=red,blue
}

// The same query, as three ecosystems read it: qs makes a list of the
// repeated key and orders index keys first, PHP keeps the last value and
// reads "." as "_", Rack reads a name without "=" as null.
func ExampleDialect_Parse() {
	q := "b.c=1&a[1]=x&a[0]=y&b.c=2&flag"
	for _, d := range []*form.Dialect{form.QS, form.PHP, form.Rack} {
		n, err := d.Parse(q)
		if err != nil {
			fmt.Println(d, err)
			continue
		}
		j, _ := n.MarshalJSON()
		fmt.Printf("%s: %s\n", d, j)
	}
	// Output:
	// qs: {"b.c":["1","2"],"a":["y","x"],"flag":""}
	// php: {"b_c":"2","a":{"1":"x","0":"y"},"flag":""}
	// rack: {"b.c":"2","a":{"1":"x","0":"y"},"flag":null}
}

// A tree from JSON, written as PHP's http_build_query and Rack's
// build_nested_query write it.
func ExampleDialect_Build() {
	var n form.Node
	if err := n.UnmarshalJSON([]byte(`{"user":{"name":"Ann B","tags":["a","b"]}}`)); err != nil {
		fmt.Println(err)
		return
	}
	for _, d := range []*form.Dialect{form.PHP, form.Rack} {
		q, err := d.Build(&n)
		fmt.Printf("%s: %s %v\n", d, q, err)
	}
	// Output:
	// php: user%5Bname%5D=Ann+B&user%5Btags%5D%5B0%5D=a&user%5Btags%5D%5B1%5D=b <nil>
	// rack: user[name]=Ann+B&user[tags][]=a&user[tags][]=b <nil>
}
