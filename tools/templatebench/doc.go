// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package templatebench compares percent's URI Templates with the Go peers
// in one run: github.com/yosida95/uritemplate/v3 and
// github.com/std-uritemplate/std-uritemplate/go/v2. It is a nested module
// so that the percent module itself depends on nothing outside the
// standard library.
//
//	go test -run Suite -v .          # each implementation on the uritemplate-test suite
//	go test -bench . -count 6 .      # expand, parse, parse and expand, match
package templatebench
