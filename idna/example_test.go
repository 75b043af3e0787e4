// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna_test

import (
	"errors"
	"fmt"

	"github.com/urlcodec/percent/idna"
)

func ExampleToASCII() {
	for _, d := range []string{"Bücher.example", "faß.de", "日本語。ＪＰ", "xn--nxasmq6b.com"} {
		a, err := idna.ToASCII(d, idna.Lookup)
		fmt.Println(a, err)
	}
	// Output:
	// xn--bcher-kva.example <nil>
	// xn--fa-hia.de <nil>
	// xn--wgv71a119e.jp <nil>
	// xn--nxasmq6b.com <nil>
}

func ExampleToUnicode() {
	u, err := idna.ToUnicode("xn--bcher-kva.example", idna.Display)
	fmt.Println(u, err)
	// Output: bücher.example <nil>
}

func ExampleError() {
	_, err := idna.ToASCII("example.a\u200db", idna.Lookup)
	var e *idna.Error
	if errors.As(err, &e) {
		fmt.Println(e.Rule, e.Label, e.Offset)
	}
	fmt.Println(err)
	// Output:
	// C2 1 9
	// idna: label 1 at byte 9: C2: U+200D ZERO WIDTH JOINER out of context
}

func ExampleStrict() {
	// A browser reads a_b.example (Lookup); it is not a valid domain.
	_, err := idna.ToASCII("a_b.example", idna.Lookup)
	fmt.Println(err)
	_, err = idna.ToASCII("a_b.example", idna.Strict)
	fmt.Println(err)
	// Output:
	// <nil>
	// idna: label 0 at byte 1: U1: ASCII code point outside a-z, 0-9 and - (STD3)
}
