// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"testing"

	"github.com/urlcodec/percent/tools/matrix"
)

// BenchmarkCell is the benchmark matrix's cells of CellLengths, named as
// BenchmarkMatrix names them: op/kind/length/impl.
func BenchmarkCell(b *testing.B) { matrix.Bench(b, CellLengths) }

// TestCellLengths: the counted lengths are lengths of the matrix.
func TestCellLengths(t *testing.T) {
	in := map[int]bool{}
	for _, n := range matrix.Lengths {
		in[n] = true
	}
	for _, n := range CellLengths {
		if !in[n] {
			t.Errorf("length %d is not in the matrix", n)
		}
	}
}
