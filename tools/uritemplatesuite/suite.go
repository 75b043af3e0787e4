// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package uritemplatesuite reads the RFC 6570 conformance suite
// (uri-templates/uritemplate-test, kept in uritemplate/testdata/uritemplate)
// for the tests of package uritemplate and for the benchmarks against its
// peers (tools/templatebench).
package uritemplatesuite

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urlcodec/percent"
)

// Files are the suite's files, in the order they are read.
var Files = []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"}

// A Case is one case of the suite: a template, its variables as Expand
// takes them, and the acceptable expansions (none: the template is invalid).
type Case struct {
	File, Group, Template string
	Vars                  map[string]any
	Want                  []string
}

// Load reads every case of the suite's files in dir.
func Load(dir string) ([]Case, error) {
	var cases []Case
	for _, file := range Files {
		b, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return nil, err
		}
		var groups map[string]struct {
			Variables json.RawMessage   `json:"variables"`
			Testcases []json.RawMessage `json:"testcases"`
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			return nil, fmt.Errorf("%s: %v", file, err)
		}
		for name, g := range groups {
			d := json.NewDecoder(strings.NewReader(string(g.Variables)))
			d.UseNumber()
			if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
				return nil, fmt.Errorf("%s %s: variables: %v", file, name, err)
			}
			vars := map[string]any{}
			for d.More() {
				k, _ := d.Token()
				v, err := Value(d)
				if err != nil {
					return nil, fmt.Errorf("%s %s: %v", file, name, err)
				}
				vars[k.(string)] = v
			}
			for _, raw := range g.Testcases {
				var tc []json.RawMessage
				if err := json.Unmarshal(raw, &tc); err != nil || len(tc) != 2 {
					return nil, fmt.Errorf("%s %s: case %s", file, name, raw)
				}
				c := Case{File: file, Group: name, Vars: vars}
				json.Unmarshal(tc[0], &c.Template)
				var one string
				if json.Unmarshal(tc[1], &one) == nil {
					c.Want = []string{one}
				} else if json.Unmarshal(tc[1], &c.Want) != nil && string(tc[1]) != "false" {
					return nil, fmt.Errorf("%s %s: result %s", file, name, tc[1])
				}
				cases = append(cases, c)
			}
		}
	}
	return cases, nil
}

// Value reads one JSON value as Expand takes it: an object as a
// []percent.Pair in its order, an array as a []string, an integer as an
// int, another number as its literal text.
func Value(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		if x == '[' {
			list := []string{}
			for d.More() {
				v, err := Value(d)
				if err != nil {
					return nil, err
				}
				list = append(list, fmt.Sprint(v))
			}
			_, err := d.Token()
			return list, err
		}
		pairs := []percent.Pair{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := Value(d)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, percent.Pair{Name: k.(string), Value: fmt.Sprint(v)})
		}
		_, err := d.Token()
		return pairs, err
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return int(n), nil
		}
		return x.String(), nil
	}
	return tok, nil // string or nil
}
