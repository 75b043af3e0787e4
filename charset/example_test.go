// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset_test

import (
	"fmt"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/charset"
)

func ExampleLookup() {
	cs, _ := charset.Lookup("cp1251")
	s, err := charset.DecodeText(percent.Query, "%EC%E8%F0", cs)
	fmt.Println(cs.Name(), s, err)
	_, err = charset.EncodeText(percent.Query, "мирü", cs)
	fmt.Println(err)
	// Output:
	// windows-1251 мир <nil>
	// charset: windows-1251 cannot represent 'ü' (U+FC) at offset 6
}

func ExampleEncodeExtValue() {
	v, err := charset.EncodeExtValue("€ rates.pdf", "")
	if err != nil {
		panic(err)
	}
	fmt.Println("Content-Disposition: attachment; filename*=" + v)
	s, lang, err := charset.DecodeExtValue("iso-8859-1'en'%A3%20rates")
	fmt.Println(s, lang, err)
	// Output:
	// Content-Disposition: attachment; filename*=UTF-8''%E2%82%AC%20rates.pdf
	// £ rates en <nil>
}

func ExampleDecodeTaggedPath() {
	// The tag names the charset; nil looks it up with Lookup.
	p, err := charset.DecodeTaggedPath("http:[KOI8-R]//h/%CD%C9%D2.txt", nil)
	fmt.Println(p, err)
	p, err = charset.DecodeTaggedPath("http://h/%D0%BC%D0%B8%D1%80.txt", nil) // no tag: UTF-8
	fmt.Println(p, err)
	// Output:
	// /мир.txt <nil>
	// /мир.txt <nil>
}
