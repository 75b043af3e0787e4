// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build arm64 && !purego

package percent

// The arm64 kernels of scan_arm64.s, which scan_vec.go declares. NEON
// (ASIMD) is part of the base architecture, so there is nothing to detect;
// kernel is a variable only so that the tests can run the pure-Go loops
// too.
var kernel uint8 = kernelNEON
