// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"io"
	"strconv"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/matrix"
)

// BenchmarkCell is the benchmark matrix's cells of CellLengths, named as
// BenchmarkMatrix names them: op/kind/length/impl.
func BenchmarkCell(b *testing.B) {
	for _, kind := range matrix.Kinds {
		for _, n := range CellLengths {
			var e *matrix.Env
			for _, o := range matrix.Ops {
				for _, im := range o.Impls {
					b.Run(o.Name+"/"+kind+"/"+strconv.Itoa(n)+"/"+im.Name, func(b *testing.B) {
						if e == nil {
							e = matrix.NewEnv(kind, n)
						}
						e.W = percent.NewEncoder(percent.Form, io.Discard)
						b.SetBytes(e.Bytes(o.Name))
						b.ResetTimer()
						for range b.N {
							im.Run(e)
						}
					})
				}
			}
		}
	}
}

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
