// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !race

package percent

// raceEnabled is true under -race, where the enumerations run smaller.
const raceEnabled = false
