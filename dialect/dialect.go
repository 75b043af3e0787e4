// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package dialect holds percent-encodings that write, byte for byte, what
// another ecosystem's escaper writes: Go's net/url, ECMAScript, Python,
// Java, PHP, Ruby and the AWS SDKs. Use one when a value built in Go must
// match what a service written in another language builds or expects, as a
// signature over an escaped URL does.
//
// Each value is an ordinary [*percent.Encoding], so every method, append
// form and stream of package percent works with it and runs at that
// encoding's speed. Each value's doc names the function it copies, the
// version whose output was recorded to prove it, and the bytes it leaves
// literal; every other byte is written "%" and two upper-case hex digits,
// and text is escaped as its UTF-8 bytes. The tests compare each value with
// the real implementation: net/url live, the others through outputs recorded
// from node, python3, java, php, ruby and the AWS SDK for Go v2 over every
// byte, every pair of interesting bytes, realistic values and random text
// (testdata/dialects in the module root; tools/recorddialects records them).
//
// The dialect table (dialect/README.md) gives, for each, the decoder of that
// ecosystem and the percent call that reads what it reads.
package dialect

import (
	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/lex"
)

// The sets the dialects are built from.
var (
	alnum = percent.Alpha.Union(percent.Digit)
	// unreserved is RFC 3986 §2.3: ALPHA, DIGIT and "-._~".
	unreserved = alnum.Add("-._~")
)

// Go's net/url: compared live, in the tests and by FuzzDialects, with the
// net/url of the Go that runs them (go1.26.8 when these were written).
var (
	// GoQueryEscape writes what url.QueryEscape writes: ALPHA, DIGIT and
	// "-._~" literal, a space as "+", every other byte escaped ("+" as
	// "%2B"). Its Decode is url.QueryUnescape.
	GoQueryEscape = percent.NewEncoding(unreserved).WithSpaceAsPlus()
	// GoPathEscape writes what url.PathEscape writes: ALPHA, DIGIT,
	// "-._~" and "$&+:=@" literal; "/", ";", ",", "?" and the rest escaped.
	// Its Decode is url.PathUnescape.
	GoPathEscape = percent.NewEncoding(unreserved.Add("$&+:=@"))
	// GoEscapedPath writes what (*url.URL).EscapedPath returns for a URL
	// whose RawPath is empty, that is what URL.String writes for its Path:
	// ALPHA, DIGIT, "-._~" and "$&+,/:;=@" literal; "?" and the rest
	// escaped. One rule is beyond a set: EscapedPath returns the path "*"
	// as it is (the asterisk-form of an OPTIONS request), where this
	// encoding writes "%2A".
	GoEscapedPath = percent.NewEncoding(unreserved.Add("$&+,/:;=@"))
)

// ECMAScript (ECMA-262 §19.2.6, recorded with node v20.20.2).
var (
	// JSEncodeURIComponent writes what encodeURIComponent writes: ALPHA,
	// DIGIT and "-._~!*'()" literal, everything else escaped as UTF-8.
	// encodeURIComponent throws a URIError on a lone surrogate, which has
	// no UTF-8 form; this encoding escapes whatever bytes it is given.
	JSEncodeURIComponent = percent.NewEncoding(unreserved.Add("!*'()"))
	// JSEncodeURI writes what encodeURI writes: JSEncodeURIComponent's
	// literals and ";/?:@&=+$,#".
	JSEncodeURI = percent.NewEncoding(unreserved.Add("!*'();/?:@&=+$,#"))
)

// Python 3 (urllib.parse, recorded with Python 3.11.7).
var (
	// PythonQuote writes what urllib.parse.quote(s) writes with its default
	// safe="/": ALPHA, DIGIT, "-._~" and "/" literal (Python 3.7 and later;
	// before 3.7 "~" was escaped).
	PythonQuote = percent.NewEncoding(unreserved.Add("/"))
	// PythonQuotePlus writes what urllib.parse.quote_plus(s) writes: ALPHA,
	// DIGIT and "-._~" literal, a space as "+", "/" and "+" escaped. It is
	// the same as GoQueryEscape.
	PythonQuotePlus = percent.NewEncoding(unreserved).WithSpaceAsPlus()
)

// Java (recorded with OpenJDK 17.0.15).
var (
	// JavaURLEncoder writes what java.net.URLEncoder.encode(s,
	// StandardCharsets.UTF_8) writes: ALPHA, DIGIT and ".-*_" literal, a
	// space as "+", "~" escaped. URLEncoder writes "?" for a lone surrogate
	// (which has no UTF-8 form); this encoding escapes whatever bytes it is
	// given.
	JavaURLEncoder = percent.NewEncoding(alnum.Add(".-*_")).WithSpaceAsPlus()
)

// PHP (recorded with PHP 8.2.36).
var (
	// PHPURLEncode writes what urlencode writes: ALPHA, DIGIT and "-_."
	// literal, a space as "+", "~" escaped.
	PHPURLEncode = percent.NewEncoding(alnum.Add("-_.")).WithSpaceAsPlus()
	// PHPRawURLEncode writes what rawurlencode writes (RFC 3986, PHP 5.3
	// and later): ALPHA, DIGIT and "-._~" literal, a space as "%20".
	PHPRawURLEncode = percent.NewEncoding(unreserved)
)

// Ruby (recorded with Ruby 3.1.2, cgi 0.3.5).
var (
	// RubyCGIEscape writes what CGI.escape writes: ALPHA, DIGIT and "-._~"
	// literal, a space as "+" (cgi 0.1 and later; Ruby before 2.5 escaped
	// "~"). URI.encode_www_form_component differs: it keeps "*" and
	// escapes "~".
	RubyCGIEscape = percent.NewEncoding(unreserved).WithSpaceAsPlus()
)

// AWS Signature Version 4 (recorded with the AWS SDK for Go v2's
// smithy-go v1.28.9, httpbinding.EscapePath).
var (
	// AWSSigV4 writes SigV4's UriEncode (AWS Signature Version 4, "Create a
	// canonical request"): ALPHA, DIGIT and "-._~" literal, a space as
	// "%20", every other byte escaped, "/" too: for a query name or value,
	// or one path segment. It is httpbinding.EscapePath(s, true).
	AWSSigV4 = percent.NewEncoding(unreserved)
	// AWSSigV4Path is AWSSigV4 keeping "/" literal: for an S3 object key in
	// the canonical URI, or a greedy label such as {Key+}. It is
	// httpbinding.EscapePath(s, false).
	AWSSigV4Path = percent.NewEncoding(unreserved.Add("/"))
)

// A Named is a dialect with the name the pct command knows it by and the
// function it copies.
type Named struct {
	Name     string // lower case, such as "js-encodeuricomponent"
	Copies   string // the function, such as "encodeURIComponent (ECMAScript)"
	Encoding *percent.Encoding
}

// All returns the dialects in a fixed order (dialect/README.md's table), each with
// its name and the function it copies.
func All() []Named {
	return []Named{
		{"go-queryescape", "url.QueryEscape (Go net/url)", GoQueryEscape},
		{"go-pathescape", "url.PathEscape (Go net/url)", GoPathEscape},
		{"go-escapedpath", "(*url.URL).EscapedPath without RawPath (Go net/url)", GoEscapedPath},
		{"js-encodeuricomponent", "encodeURIComponent (ECMAScript)", JSEncodeURIComponent},
		{"js-encodeuri", "encodeURI (ECMAScript)", JSEncodeURI},
		{"python-quote", `urllib.parse.quote, safe="/" (Python 3)`, PythonQuote},
		{"python-quote-plus", "urllib.parse.quote_plus (Python 3)", PythonQuotePlus},
		{"java-urlencoder", "URLEncoder.encode(s, UTF_8) (Java)", JavaURLEncoder},
		{"php-urlencode", "urlencode (PHP)", PHPURLEncode},
		{"php-rawurlencode", "rawurlencode (PHP)", PHPRawURLEncode},
		{"ruby-cgi-escape", "CGI.escape (Ruby)", RubyCGIEscape},
		{"aws-sigv4", "SigV4 UriEncode (AWS)", AWSSigV4},
		{"aws-sigv4-path", "SigV4 UriEncode keeping / (AWS, S3 object keys)", AWSSigV4Path},
	}
}

// Lookup returns the dialect with the given name, as All lists it. Case
// and "_" for "-" are ignored.
func Lookup(name string) (*percent.Encoding, bool) {
	for _, d := range All() {
		if lex.EqualName(d.Name, name) {
			return d.Encoding, true
		}
	}
	return nil, false
}
