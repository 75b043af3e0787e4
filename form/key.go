// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

// A step is one step of a key path after its base: a name ("[name]" or
// ".name", name[a:b] of the key), or an append ("[]").
type step struct {
	a, b int
	off  int // offset of the step's first byte ("[" or ".") in the name
	app  bool
}

// DefaultMaxDepth is the number of steps after its base that a key may
// have ("a[b][c]" has two), as Rack 3 allows; more is an *Error. Marshal
// writes no deeper.
const DefaultMaxDepth = 32

// maxSteps bounds the steps of one key; DefaultMaxDepth is the default.
const maxSteps = 256

// parseKey reads a decoded name as a key path: a base, then "[seg]" groups
// and ".seg" steps in any mix; "[]" appends. It appends the steps to dst
// and returns the base. A "[" that does not close, text after a "]" other
// than "[" or ".", an empty base before a step or an empty "." step is a
// syntax error (the empty name alone is the top-level empty key),
// reported as the offset in name of the byte at fault and a reason; more
// than maxDepth steps is an error at the step past the limit. The base is
// name[:base].
func parseKey[T string | []byte](name T, dst []step, maxDepth int) (base int, steps []step, at int, reason string) {
	steps = dst
	i := 0
	for i < len(name) && name[i] != '[' && name[i] != '.' {
		i++
	}
	base = i
	if base == 0 && len(name) > 0 {
		return 0, steps, 0, "empty name" // a step with no base; "" alone is the empty key
	}
	for i < len(name) {
		if len(steps)-len(dst) == maxDepth {
			return base, steps, i, "key nested deeper than the limit"
		}
		start := i
		switch name[i] {
		case '[':
			j := i + 1
			for j < len(name) && name[j] != ']' {
				j++
			}
			if j == len(name) {
				return base, steps, start, `"[" without "]"`
			}
			steps = append(steps, step{a: i + 1, b: j, off: start, app: j == i+1})
			i = j + 1
			if i < len(name) && name[i] != '[' && name[i] != '.' {
				return base, steps, i, `text after "]" that is not "[" or "."`
			}
		case '.':
			j := i + 1
			for j < len(name) && name[j] != '[' && name[j] != '.' {
				j++
			}
			if j == i+1 {
				return base, steps, start, `empty "." step`
			}
			steps = append(steps, step{a: i + 1, b: j, off: start})
			i = j
		}
	}
	return base, steps, -1, ""
}

// rawOffset maps offset d in the decoding of raw (as percent.Form decodes
// it, every escape well-formed) to the offset in raw of the byte that
// decodes to it.
func rawOffset(raw string, d int) int {
	i := 0
	for ; d > 0 && i < len(raw); d-- {
		if raw[i] == '%' && i+2 < len(raw) {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// index reads s as a list index: "0", or a decimal number without a
// leading zero. Anything else is not an index (false). A number past
// maxIndex reads as maxIndex+1: every limit is below it.
func index(s string) (int, bool) {
	if s == "" || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = min(n*10+int(c-'0'), maxIndex+1)
	}
	return n, true
}

// maxIndex is the largest index index reads as itself.
const maxIndex = 1 << 40
