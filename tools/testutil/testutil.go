// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package testutil holds what the tests of several packages share.
package testutil

import (
	"encoding/json"
	"os"
	"testing"
)

// ReadJSON reads the JSON file at path into v, failing t if it cannot.
func ReadJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// AllStrings returns every string of length 0 to n over the bytes of
// alphabet, shortest first: the inputs of the exhaustive tests of
// splitters and parsers.
func AllStrings(alphabet string, n int) []string {
	out, last := []string{""}, []string{""}
	for ; n > 0; n-- {
		var next []string
		for _, s := range last {
			for i := range len(alphabet) {
				next = append(next, s+alphabet[i:i+1])
			}
		}
		out, last = append(out, next...), next
	}
	return out
}
