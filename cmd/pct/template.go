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
	"github.com/urlcodec/percent/uritemplate"
)

// runTemplate expands a URI Template, or with -match reads a URI back
// into its values.
func runTemplate(c *ctx) error {
	args := c.fs.Args()
	if len(args) == 0 {
		return usageError{"template takes a TEMPLATE"}
	}
	// TEMPLATE is an argument, not input: a malformed one is a usage
	// error (exit 2), as a malformed NAME=VALUE is.
	t, err := uritemplate.Parse(args[0])
	if err != nil {
		if c.opt.json && strings.HasPrefix(args[0], `{"`) {
			return usageError{fmt.Sprintf("TEMPLATE %q is not a template (%v); -json reads the values from standard input", args[0], err)}
		}
		return usageError{fmt.Sprintf("TEMPLATE %q: %v", args[0], err)}
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
				c.stdout.WriteString(field(v.(string)))
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
			var after trailingData
			if errors.As(err, &after) {
				return usageError{after.Error()} // one object, as -json is used
			}
			return inputError{err}
		}
	}
	for _, a := range args[1:] {
		name, v, ok := strings.Cut(a, "=")
		if !ok || name == "" {
			return usageError{fmt.Sprintf("%q is not NAME=VALUE", a)}
		}
		name, val, err := argValue(name, v)
		if err != nil {
			return usageError{err.Error()}
		}
		if _, dup := vars[name]; dup {
			return usageError{fmt.Sprintf("%q is given twice", name)}
		}
		vars[name] = val
	}
	u, err := t.Expand(vars)
	if err != nil {
		return inputError{err}
	}
	c.stdout.WriteString(u)
	c.stdout.WriteByte('\n')
	return nil
}

// argValue reads one NAME=VALUE argument: VALUE is one string, whatever
// it holds, unless NAME ends in ":list" (VALUE is a list, split at ",") or
// ":map" (pairs KEY=VALUE, split at ","). It returns the bare name.
func argValue(name, v string) (string, any, error) {
	if base, ok := strings.CutSuffix(name, ":list"); ok {
		return base, strings.Split(v, ","), nil
	}
	base, ok := strings.CutSuffix(name, ":map")
	if !ok {
		return name, v, nil
	}
	items := strings.Split(v, ",")
	pairs := make([]percent.Pair, 0, len(items))
	for _, it := range items {
		k, val, ok := strings.Cut(it, "=")
		if !ok {
			return "", nil, fmt.Errorf("%s: %q is not KEY=VALUE", name, it)
		}
		pairs = append(pairs, percent.Pair{Name: k, Value: val})
	}
	return base, pairs, nil
}

// readJSONVars reads one JSON object of values: strings; numbers, as
// their literal text; arrays of strings; objects of strings, in their
// order; null (undefined).
func readJSONVars(r io.Reader) (map[string]any, error) {
	d := json.NewDecoder(r)
	d.UseNumber()
	vars, err := readJSONObject(d)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("standard input: the JSON ends early, at offset %d", d.InputOffset())
		}
		return nil, fmt.Errorf("standard input: %v (offset %d)", err, d.InputOffset())
	}
	// Nothing but white space may follow the object.
	if tok, err := d.Token(); err != io.EOF {
		off := d.InputOffset()
		if err == nil {
			return nil, trailingData(fmt.Sprintf("standard input: %v after the JSON object, at offset %d", tok, off))
		}
		return nil, trailingData(fmt.Sprintf("standard input: data after the JSON object, at offset %d", off))
	}
	return vars, nil
}

// trailingData is readJSONVars' error for what follows the object: -json
// takes one object, so this is a usage error.
type trailingData string

func (e trailingData) Error() string { return string(e) }

// readJSONObject reads the object itself.
func readJSONObject(d *json.Decoder) (map[string]any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	vars := map[string]any{}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil, err
		}
		name := k.(string)
		if _, dup := vars[name]; dup {
			return nil, fmt.Errorf("%q is given twice", name)
		}
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
