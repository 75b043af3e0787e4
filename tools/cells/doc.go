// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package cells holds BenchmarkCell: cells of the benchmark matrix
// (tools/matrix) in a test binary of its own, so that arm64-icount,
// which traces the whole process under qemu, counts them in seconds: the
// module's root test binary initializes far more before any benchmark
// runs. internal/arm64count/matrix.sh counts every cell of the lengths
// CellLengths and prints the table of BENCHMARKS.md.
package cells

// CellLengths are the value lengths counted on arm64: the short values
// byte by byte where the dispatch changes (1, 4, 8, 15, 16), then 32, 64,
// 128 and 1 024. Every length of the matrix would take hours under qemu.
var CellLengths = []int{1, 2, 3, 4, 8, 12, 15, 16, 17, 24, 32, 48, 64, 128, 1024}
