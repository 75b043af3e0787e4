// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A suiteCase is one case of the uritemplate-test suite (testdata/uritemplate):
// a template, its variables, and the acceptable expansions (none: the
// template is invalid).
type suiteCase struct {
	file, group, template string
	vars                  map[string]any
	want                  []string
}

// jsonValue reads one JSON value as Expand takes it: an object as a []Pair
// in its order, an array as a []string, an integer as an int, another
// number as its literal text.
func jsonValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		if x == '[' {
			list := []string{}
			for d.More() {
				v, err := jsonValue(d)
				if err != nil {
					return nil, err
				}
				list = append(list, fmt.Sprint(v))
			}
			_, err := d.Token()
			return list, err
		}
		pairs := []Pair{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := jsonValue(d)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, Pair{k.(string), fmt.Sprint(v)})
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

func loadSuite(t testing.TB) []suiteCase {
	t.Helper()
	var cases []suiteCase
	for _, file := range []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "uritemplate", file))
		if err != nil {
			t.Fatal(err)
		}
		var groups map[string]struct {
			Variables json.RawMessage   `json:"variables"`
			Testcases []json.RawMessage `json:"testcases"`
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatal(err)
		}
		for name, g := range groups {
			d := json.NewDecoder(strings.NewReader(string(g.Variables)))
			d.UseNumber()
			if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
				t.Fatalf("%s %s: variables: %v", file, name, err)
			}
			vars := map[string]any{}
			for d.More() {
				k, _ := d.Token()
				v, err := jsonValue(d)
				if err != nil {
					t.Fatalf("%s %s: %v", file, name, err)
				}
				vars[k.(string)] = v
			}
			for _, raw := range g.Testcases {
				var tc []json.RawMessage
				if err := json.Unmarshal(raw, &tc); err != nil || len(tc) != 2 {
					t.Fatalf("%s %s: case %s", file, name, raw)
				}
				c := suiteCase{file: file, group: name, vars: vars}
				json.Unmarshal(tc[0], &c.template)
				var one string
				if json.Unmarshal(tc[1], &one) == nil {
					c.want = []string{one}
				} else if json.Unmarshal(tc[1], &c.want) != nil && string(tc[1]) != "false" {
					t.Fatalf("%s %s: result %s", file, name, tc[1])
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// TestTemplateSuite runs every case of the uritemplate-test suite: valid
// templates expand to one of the listed results, invalid ones fail in
// ParseTemplate or, for an error that depends on a value, in Expand.
func TestTemplateSuite(t *testing.T) {
	cases := loadSuite(t)
	if len(cases) != 270 {
		t.Fatalf("%d suite cases, want 270", len(cases))
	}
	pass := 0
	for _, c := range cases {
		tpl, err := ParseTemplate(c.template)
		if c.want == nil {
			if err == nil {
				if _, err = tpl.Expand(c.vars); err == nil {
					t.Errorf("%s %s: %q is invalid, but parses and expands", c.file, c.group, c.template)
					continue
				}
			}
			var te *TemplateError
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset >= len(c.template) {
				t.Errorf("%s: %q: error %v has no offset inside the template", c.file, c.template, err)
				continue
			}
			pass++
			continue
		}
		if err != nil {
			t.Errorf("%s %s: ParseTemplate(%q): %v", c.file, c.group, c.template, err)
			continue
		}
		got, err := tpl.Expand(c.vars)
		if err != nil || !contains(c.want, got) {
			t.Errorf("%s %s: %q expands to %q, %v; want one of %q", c.file, c.group, c.template, got, err, c.want)
			continue
		}
		if tpl.String() != c.template {
			t.Errorf("String() = %q, want %q", tpl.String(), c.template)
		}
		pass++
	}
	t.Logf("%d of %d suite cases pass", pass, len(cases))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
