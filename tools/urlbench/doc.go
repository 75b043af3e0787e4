// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package urlbench compares package weburl with the Go parsers a service
// would use instead: net/url (RFC 3986, which reads many strings
// otherwise than a browser) and github.com/nlnwa/whatwg-url, the other
// pure-Go URL Standard parser. Its tests count how many cases of WPT's
// urltestdata.json each passes; its benchmarks parse and serialize 48 010
// real URLs (weburl/testdata/urls). A module of its own, so that the
// library's module needs nothing outside the standard library.
package urlbench
