// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dialect_test

import (
	"fmt"

	"github.com/urlcodec/percent/dialect"
)

// The same value, escaped as five ecosystems escape it.
func Example() {
	const v = "it's ~50% off (all/any)"
	fmt.Println(dialect.GoQueryEscape.Encode(v))
	fmt.Println(dialect.JSEncodeURIComponent.Encode(v))
	fmt.Println(dialect.PythonQuote.Encode(v))
	fmt.Println(dialect.JavaURLEncoder.Encode(v))
	fmt.Println(dialect.PHPURLEncode.Encode(v))
	// Output:
	// it%27s+~50%25+off+%28all%2Fany%29
	// it's%20~50%25%20off%20(all%2Fany)
	// it%27s%20~50%25%20off%20%28all/any%29
	// it%27s+%7E50%25+off+%28all%2Fany%29
	// it%27s+%7E50%25+off+%28all%2Fany%29
}

// An S3 object key in a SigV4 canonical URI keeps its slashes; a query
// value escapes them.
func Example_aws() {
	key := "photos/2024/été à Paris.jpg"
	fmt.Println("/my-bucket/" + dialect.AWSSigV4Path.Encode(key))
	fmt.Println("prefix=" + dialect.AWSSigV4.Encode("photos/2024/"))
	// Output:
	// /my-bucket/photos/2024/%C3%A9t%C3%A9%20%C3%A0%20Paris.jpg
	// prefix=photos%2F2024%2F
}

// Reading what Python's urllib.parse.unquote reads: malformed escapes kept,
// invalid UTF-8 replaced as Python replaces it.
func ExampleReplaceInvalidUTF8() {
	s := dialect.PythonQuote.DecodeLenient("caf%C3%A9 %E2%82 100%")
	fmt.Printf("%+q\n", dialect.ReplaceInvalidUTF8(s))
	// Output:
	// "caf\u00e9 \ufffd 100%"
}

func ExampleLookup() {
	e, ok := dialect.Lookup("js-encodeURIComponent")
	fmt.Println(ok, e.Encode("a b!*"))
	// Output:
	// true a%20b!*
}
