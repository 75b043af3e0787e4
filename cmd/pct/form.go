// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/urlcodec/percent/form"
)

// runForm writes a JSON value as a query in form's canonical form, or with
// -d reads a query (nested keys) into JSON; with -dialect, as that
// ecosystem's parser and builder do.
func runForm(c *ctx) error {
	args := c.fs.Args()
	if len(args) != 1 {
		return usageError{"form takes one JSON value (with -d: one QUERY)"}
	}
	if c.opt.dialect != "" {
		return runFormDialect(c, args[0])
	}
	if c.opt.decode {
		var v any
		if err := form.Unmarshal(args[0], &v); err != nil {
			return inputError{err}
		}
		enc := json.NewEncoder(c.stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(v) // writes the newline
	}
	var arrays form.ArrayFormat
	switch c.opt.arrays {
	case "indices":
	case "brackets":
		arrays = form.Brackets
	case "repeat":
		arrays = form.Repeat
	case "comma":
		arrays = form.Comma
	default:
		return usageError{fmt.Sprintf("-arrays %q: indices, brackets, repeat or comma", c.opt.arrays)}
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(args[0])))
	dec.UseNumber() // a number is written as it is given
	var v any
	if err := dec.Decode(&v); err != nil {
		return inputError{fmt.Errorf("JSON: %w", err)}
	}
	if dec.More() {
		return inputError{fmt.Errorf("JSON: more than one value")}
	}
	e := form.Encoder{Arrays: arrays}
	q, err := e.Marshal(v)
	if err != nil {
		return inputError{err}
	}
	c.stdout.WriteString(q)
	c.stdout.WriteByte('\n')
	return nil
}

// runFormDialect is pct form -dialect: the tree the dialect's parser gives
// for a query as JSON, or the query its builder writes for a JSON tree.
func runFormDialect(c *ctx, arg string) error {
	var d *form.Dialect
	switch c.opt.dialect {
	case "qs":
		d = form.QS
	case "rack":
		d = form.Rack
	case "php":
		d = form.PHP
	default:
		return usageError{fmt.Sprintf("-dialect %q: qs, rack or php", c.opt.dialect)}
	}
	if c.opt.arrays != "indices" {
		return usageError{"-arrays is form's own: a dialect writes lists as its builder does"}
	}
	if c.opt.decode {
		n, err := d.Parse(arg)
		if err != nil {
			return inputError{err}
		}
		b, err := n.MarshalJSON()
		if err != nil {
			return inputError{err}
		}
		c.stdout.Write(b)
		c.stdout.WriteByte('\n')
		return nil
	}
	var n form.Node
	if err := n.UnmarshalJSON([]byte(arg)); err != nil {
		return inputError{fmt.Errorf("JSON: %w", err)}
	}
	q, err := d.Build(&n)
	if err != nil {
		return inputError{err}
	}
	c.stdout.WriteString(q)
	c.stdout.WriteByte('\n')
	return nil
}
