// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package ucd reads the data files of the Unicode Character Database and of
// UTS #39 (UnicodeData.txt, DerivedCoreProperties.txt, confusables.txt), for
// the generator of the Display and CheckPath tables (internal/gendisplay)
// and for the tests that check those tables.
package ucd

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// Fields returns the ";"-separated fields of each data line of the file,
// with comments ("#" to the end of the line) and a byte-order mark cut off
// and spaces trimmed.
func Fields(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimPrefix(line, "\uFEFF")
		if strings.TrimSpace(line) == "" {
			continue
		}
		parts := strings.Split(line, ";")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		out = append(out, parts)
	}
	return out, sc.Err()
}

// CodePoint reads a code point written in hex, as the files write them.
func CodePoint(s string) (rune, error) {
	v, err := strconv.ParseUint(strings.TrimSpace(s), 16, 32)
	return rune(v), err
}

// Range reads a code point or a range "lo..hi".
func Range(s string) (lo, hi rune, err error) {
	a, b, ok := strings.Cut(s, "..")
	if lo, err = CodePoint(a); err != nil || !ok {
		return lo, lo, err
	}
	hi, err = CodePoint(b)
	return lo, hi, err
}
