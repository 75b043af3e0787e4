// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/urlcodec/percent/form"
)

// A suiteCase is one input of another library's own test suite, with what
// the library returns for it (testdata/dialects/*-suite.jsonl).
type suiteCase struct {
	Fn   string          `json:"fn"`
	File string          `json:"file"`
	Line int             `json:"line"`
	Q    *string         `json:"q"`
	QHex *string         `json:"qhex"`
	Tree json.RawMessage `json:"tree"`
	R    json.RawMessage `json:"r"`
	Left string          `json:"left"`
}

func readSuite(t *testing.T, name string) []suiteCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "dialects", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []suiteCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var c suiteCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cs = append(cs, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cs
}

// checkSuite runs each case of a ported suite through d: a parse input as
// checkDialect checks a recorded query, a builder input (a tree) through
// Build against what the original wrote. It returns the number of cases
// run and logs those left out, by reason.
func checkSuite(t *testing.T, d *form.Dialect, cs []suiteCase) int {
	t.Helper()
	left := map[string]int{}
	run := 0
	for _, c := range cs {
		at := c.File + ":" + itoa(c.Line)
		switch {
		case c.Left != "":
			left[c.Fn+": "+c.Left]++
			continue
		case c.QHex != nil:
			q, err := hex.DecodeString(*c.QHex)
			if err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			if diff := checkDialect(d, string(q), string(c.R)); diff != "" {
				t.Errorf("%s: %s", at, diff)
			}
		case c.Q != nil:
			if diff := checkDialect(d, *c.Q, string(c.R)); diff != "" {
				t.Errorf("%s: %s", at, diff)
			}
		default:
			var n form.Node
			if err := n.UnmarshalJSON(c.Tree); err != nil {
				t.Errorf("%s: tree %s: %v", at, c.Tree, err)
				continue
			}
			var want struct {
				B string `json:"b"`
			}
			if err := json.Unmarshal(c.R, &want); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			wb, _ := hex.DecodeString(want.B)
			got, err := d.Build(&n)
			if err != nil || got != string(wb) {
				t.Errorf("%s: Build(%s) = %q, %v; the original writes %q", at, c.Tree, got, err, wb)
			}
		}
		run++
	}
	var reasons []string
	for r, n := range left {
		reasons = append(reasons, r+" ("+itoa(n)+")")
	}
	sort.Strings(reasons)
	t.Logf("%d cases run, left out: %s", run, strings.Join(reasons, "; "))
	return run
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestPortedQS: every input qs's own test/parse.js and test/stringify.js
// give qs.parse and qs.stringify with the default options (qs 6.17.1,
// collected by port-qs.js) reads and writes as qs does.
func TestPortedQS(t *testing.T) {
	if n := checkSuite(t, form.QS, readSuite(t, "qs-suite.jsonl")); n < 200 {
		t.Errorf("only %d cases of qs's suite ran", n)
	}
}

// TestPortedRack: every input Rack's own test/spec_utils.rb (2-2-stable)
// gives parse_nested_query and build_nested_query with the default parser
// reads and writes as rack 2.2.22 does (collected by port-rack.rb).
func TestPortedRack(t *testing.T) {
	if n := checkSuite(t, form.Rack, readSuite(t, "rack-suite.jsonl")); n < 100 {
		t.Errorf("only %d cases of Rack's spec ran", n)
	}
}

// TestPortedPHP: the inputs of php-src's parse_str and http_build_query
// tests that apply (port-php.php) read and write as PHP 8.2 does.
func TestPortedPHP(t *testing.T) {
	if n := checkSuite(t, form.PHP, readSuite(t, "php-suite.jsonl")); n < 33 {
		t.Errorf("only %d cases of php-src's tests ran", n)
	}
}
