// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urlcodec/percent"
)

// runTemplate expands a URI Template, or with -match reads a URI back
// into its values.
func runTemplate(c *ctx) error {
	args := c.fs.Args()
	if len(args) == 0 {
		return usageError{"template takes a TEMPLATE"}
	}
	t, err := percent.ParseTemplate(args[0])
	if err != nil {
		return inputError{err}
	}
	if c.opt.match {
		if len(args) != 2 || c.opt.json {
			return usageError{"template -match takes a TEMPLATE and a URI"}
		}
		vals, ok := t.Match(args[1])
		if !ok {
			return errNo
		}
		for _, name := range t.Names() {
			if v, ok := vals[name]; ok {
				c.stdout.WriteString(field(name))
				c.stdout.WriteByte('\t')
				c.stdout.WriteString(field(v))
				c.stdout.WriteByte('\n')
			}
		}
		return nil
	}
	vars := map[string]any{}
	if c.opt.json {
		if len(args) != 1 {
			return usageError{"template -json takes the values from standard input only"}
		}
		if vars, err = readJSONVars(c.stdin); err != nil {
			return inputError{err}
		}
	}
	for _, a := range args[1:] {
		name, v, ok := strings.Cut(a, "=")
		if !ok || name == "" {
			return usageError{fmt.Sprintf("%q is not NAME=VALUE", a)}
		}
		vars[name] = argValue(v)
	}
	u, err := t.Expand(vars)
	if err != nil {
		return inputError{err}
	}
	c.stdout.WriteString(u)
	c.stdout.WriteByte('\n')
	return nil
}

// argValue reads the VALUE of NAME=VALUE: with commas a list, and a list
// whose every item holds "=" pairs; else a string (use -json for a string
// with a comma).
func argValue(v string) any {
	if !strings.Contains(v, ",") {
		return v
	}
	items := strings.Split(v, ",")
	pairs := make([]percent.Pair, 0, len(items))
	for _, it := range items {
		k, val, ok := strings.Cut(it, "=")
		if !ok {
			return items
		}
		pairs = append(pairs, percent.Pair{Name: k, Value: val})
	}
	return pairs
}

// readJSONVars reads one JSON object of values: strings; numbers, as
// their literal text; arrays of strings; objects of strings, in their
// order; null (undefined).
func readJSONVars(r io.Reader) (map[string]any, error) {
	d := json.NewDecoder(r)
	d.UseNumber()
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("standard input is not a JSON object")
	}
	vars := map[string]any{}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		name := k.(string)
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		switch x := tok.(type) {
		case string:
			vars[name] = x
		case json.Number:
			vars[name] = x.String()
		case nil:
			vars[name] = nil
		case json.Delim:
			var list []string
			var pairs []percent.Pair
			for d.More() {
				var key string
				if x == '{' {
					kt, err := d.Token()
					if err != nil {
						return nil, err
					}
					key = kt.(string)
				}
				vt, err := d.Token()
				if err != nil {
					return nil, err
				}
				var s string
				switch v := vt.(type) {
				case string:
					s = v
				case json.Number:
					s = v.String()
				default:
					return nil, fmt.Errorf("%q: the items of a list or object must be strings or numbers", name)
				}
				if x == '{' {
					pairs = append(pairs, percent.Pair{Name: key, Value: s})
				} else {
					list = append(list, s)
				}
			}
			if _, err := d.Token(); err != nil {
				return nil, err
			}
			if x == '{' {
				vars[name] = pairs
			} else {
				vars[name] = list
			}
		default:
			return nil, fmt.Errorf("%q: a value must be a string, number, array, object or null", name)
		}
	}
	if _, err := d.Token(); err != nil {
		return nil, err
	}
	return vars, nil
}
