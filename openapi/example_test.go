// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi_test

import (
	"fmt"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/openapi"
)

// A query parameter with explode=false: a "," inside an item is escaped, and
// DecodeQuery splits the raw query before decoding, so it stays data.
func Example() {
	explode := false
	p := &openapi.Param{Name: "color", In: openapi.InQuery, Explode: &explode}
	q, _ := p.Encode([]string{"blue", "black", "a,b"})
	fmt.Println(q)
	v, ok, err := p.DecodeQuery("?page=2&"+q, openapi.Array)
	fmt.Printf("%q %v %v\n", v.List, ok, err)
	// Output:
	// color=blue,black,a%2Cb
	// ["blue" "black" "a,b"] true <nil>
}

// The styles of the Style Examples table, for one object.
func ExampleParam_Encode() {
	rgb := []percent.Pair{{Name: "R", Value: "100"}, {Name: "G", Value: "200"}}
	yes := true
	for _, p := range []openapi.Param{
		{Name: "color", In: openapi.InPath, Style: openapi.Matrix, Explode: &yes},
		{Name: "color", In: openapi.InPath, Style: openapi.Label},
		{Name: "color", In: openapi.InQuery, Style: openapi.DeepObject},
		{Name: "color", In: openapi.InQuery, Style: openapi.PipeDelimited},
		{Name: "color", In: openapi.InCookie, Style: openapi.Cookie},
	} {
		s, err := p.Encode(rgb)
		fmt.Println(s, err)
	}
	// Output:
	// ;R=100;G=200 <nil>
	// .R,100,G,200 <nil>
	// color%5BR%5D=100&color%5BG%5D=200 <nil>
	// color=R%7C100%7CG%7C200 <nil>
	// R=100; G=200 <nil>
}

// Decode reads a path segment: split at the style's delimiters first, each
// item decoded once.
func ExampleParam_Decode() {
	p := &openapi.Param{Name: "ids", In: openapi.InPath, Style: openapi.Label}
	v, err := p.Decode(".a%2Cb,c%2520d", openapi.Array)
	fmt.Printf("%q %v\n", v.List, err)
	_, err = p.Decode("a,b", openapi.Array)
	fmt.Println(err)
	// Output:
	// ["a,b" "c%20d"] <nil>
	// openapi: parameter "ids": a label value begins with "."
}
