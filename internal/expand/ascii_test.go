// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package expand

import "testing"

// TestASCIIBytes: asciiBytes holds each ASCII byte at its own index.
func TestASCIIBytes(t *testing.T) {
	if len(asciiBytes) != 0x80 {
		t.Fatalf("len(asciiBytes) = %d", len(asciiBytes))
	}
	for c := range 0x80 {
		if asciiBytes[c] != byte(c) {
			t.Fatalf("asciiBytes[%#x] = %#x", c, asciiBytes[c])
		}
	}
}
