// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent_test

import (
	"errors"
	"fmt"

	"github.com/urlcodec/percent"
)

func Example() {
	// A value placed in a query, then read back.
	q := "name=" + percent.Component.Encode("Ann & Bob / 50%")
	fmt.Println(q)
	v, err := percent.Component.Decode(q[len("name="):])
	fmt.Println(v, err)
	// Output:
	// name=Ann%20%26%20Bob%20%2F%2050%25
	// Ann & Bob / 50% <nil>
}

func ExampleEncoding_Encode() {
	fmt.Println(percent.Path.Encode("/docs/read me.txt"))
	fmt.Println(percent.PathSegment.Encode("a/b"))
	fmt.Println(percent.Form.Encode("café au lait"))
	fmt.Println(percent.Exchange.Encode("http://host/<a b>"))
	fmt.Println(percent.Fido.Encode("area://Ru.FTN.Develop?subj=a---b c"))
	// Output:
	// /docs/read%20me.txt
	// a%2Fb
	// caf%C3%A9+au+lait
	// http://host/%3Ca%20b%3E
	// area://Ru.FTN.Develop?subj=a--%2Db+c
}

func ExampleEncoding_AppendEncode() {
	buf := make([]byte, 0, 64)
	for _, v := range []string{"a b", "c/d"} {
		buf = percent.Component.AppendEncode(buf, []byte(v))
		buf = append(buf, ';')
	}
	fmt.Println(string(buf))
	// Output: a%20b;c%2Fd;
}

func ExampleEncoding_Decode() {
	s, err := percent.Form.Decode("caf%C3%A9+au+lait")
	fmt.Println(s, err)
	_, err = percent.Component.Decode("100%")
	var de *percent.DecodeError
	if errors.As(err, &de) {
		fmt.Println("bad escape at offset", de.Offset)
	}
	fmt.Println(err)
	// Output:
	// café au lait <nil>
	// bad escape at offset 3
	// percent: malformed escape "%" at offset 3: '%' must be followed by two hex digits (write a literal '%' as %25)
}

func ExampleEncoding_DecodeLenient() {
	// The URL Standard's example.
	fmt.Println(percent.Component.DecodeLenient("%25%s%1G"))
	// Output: %%s%1G
}

func ExampleEncoding_Valid() {
	fmt.Println(percent.Query.Valid("q=a%20b&x=/y?"))
	fmt.Println(percent.Query.Valid("q=a b"))
	fmt.Println(percent.Form.Valid("q=a+b"))
	// Output:
	// true
	// false
	// false
}

func ExampleNewEncoding() {
	// Leave letters, digits and "/" literal; write lower-case hex.
	enc := percent.NewEncoding(percent.Alpha.Union(percent.Digit).Add("/")).WithLowerHex()
	fmt.Println(enc.Encode("a/b c/ä"))
	// Output: a/b%20c/%c3%a4
}

func ExampleSet_String() {
	fmt.Println(percent.Unreserved)
	fmt.Println(percent.ExchangeSafe)
	s, err := percent.ParseSet("[a-z0-9/]")
	fmt.Println(s.Contains('/'), s.Contains('A'), err)
	// Output:
	// [-.0-9A-Z_a-z~]
	// [-!-$&-,.-;=?-~]
	// true false <nil>
}
