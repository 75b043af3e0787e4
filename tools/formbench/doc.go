// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package formbench compares package form with the Go binders of query
// strings and form bodies: go-playground/form, gorilla/schema, ajg/form and
// (writing only) google/go-querystring. It is a module of its own, so that
// the library never depends on them; its tests write the tables of
// RESULTS.md (the edge cases and CVE inputs, with what each returns) and
// its benchmarks the speed table there.
package formbench
