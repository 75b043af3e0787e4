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
// -d reads a query (nested keys) into JSON.
func runForm(c *ctx) error {
	args := c.fs.Args()
	if len(args) != 1 {
		return usageError{"form takes one JSON value (with -d: one QUERY)"}
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
