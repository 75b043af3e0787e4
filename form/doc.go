// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package form reads query strings and application/x-www-form-urlencoded
// bodies into Go values, and writes Go values as queries, with nested
// keys: items[0][price]=9 and items[0].price=9 bind to a field Price of
// the first item of a slice Items, in both directions.
//
// [Unmarshal] splits and decodes with the root package's one query reader
// (percent.Form.AppendParseQuery), reads every name as a key path,
// builds the tree of the whole query first, and binds it to the value
// after, so that the indices of a list order its items whatever order
// they arrive in. Every way a query can fail to fit a value is an [*Error]
// with the key path, the byte offset in the query and the cause: a scalar
// given twice, a value where a map or list stands, a malformed key or
// escape, a number a type cannot hold. Limits (pairs, depth, index) are
// errors too, never silent cuts, and no input allocates more than a small
// multiple of its own length: an index orders items and is never a length.
//
// [Marshal] writes the one canonical form that Unmarshal reads back as the
// same value, and that qs and PHP read as the same tree.
//
// The dialects [QS], [Rack] and [PHP] read a query into exactly the [Node]
// tree that qs.parse, Rack::Utils.parse_nested_query and PHP's parse_str
// give for it, and Build writes what qs.stringify, build_nested_query and
// http_build_query write: for a Go service that takes over from a Node,
// Rails or PHP one and must read what their clients send as they read it.
// Each is checked against outputs recorded from the original.
package form
