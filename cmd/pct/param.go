// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/openapi"
)

// runParam serializes an OpenAPI parameter, or with -d reads one back.
func runParam(c *ctx) error {
	args := c.fs.Args()
	if len(args) < 2 || c.opt.decode && len(args) != 2 {
		return usageError{"param takes NAME and VALUE... (with -d: NAME and TEXT)"}
	}
	p := &openapi.Param{Name: args[0], In: openapi.In(c.opt.in), Style: openapi.Style(c.opt.style), Explode: c.opt.explode, AllowReserved: c.opt.reserved}
	kind := openapi.Primitive
	switch c.opt.kind {
	case "":
		if len(args) > 2 {
			kind = openapi.Array
		}
	case "primitive":
	case "array":
		kind = openapi.Array
	case "object":
		kind = openapi.Object
	default:
		return usageError{fmt.Sprintf("-kind %q: primitive, array or object", c.opt.kind)}
	}
	if c.opt.decode {
		return paramDecode(c, p, args[1], kind)
	}
	vals := args[1:]
	var v any = vals
	switch kind {
	case openapi.Primitive:
		if len(vals) != 1 {
			return usageError{"a primitive takes one VALUE"}
		}
		v = vals[0]
	case openapi.Object:
		ps := make([]percent.Pair, 0, len(vals))
		for _, kv := range vals {
			k, val, ok := strings.Cut(kv, "=")
			if !ok {
				return usageError{fmt.Sprintf("%q is not KEY=VALUE", kv)}
			}
			ps = append(ps, percent.Pair{Name: k, Value: val})
		}
		v = ps
	}
	s, err := p.Encode(v)
	if err != nil {
		return inputError{err}
	}
	c.stdout.WriteString(s)
	c.stdout.WriteByte('\n')
	return nil
}

// paramDecode reads TEXT back and writes the value: one item a line, an
// object's properties as key, a tab, value.
func paramDecode(c *ctx, p *openapi.Param, text string, kind openapi.Kind) error {
	var v openapi.Value
	var err error
	if p.In == openapi.InQuery || p.In == openapi.InCookie {
		var ok bool
		v, ok, err = p.DecodeQuery(text, kind)
		if err == nil && !ok {
			return errNo
		}
	} else {
		v, err = p.Decode(text, kind)
	}
	if err != nil {
		return inputError{err}
	}
	switch v.Kind {
	case openapi.Primitive:
		c.stdout.WriteString(field(v.String))
		c.stdout.WriteByte('\n')
	case openapi.Array:
		for _, s := range v.List {
			c.stdout.WriteString(field(s))
			c.stdout.WriteByte('\n')
		}
	default:
		for _, kv := range v.Props {
			c.stdout.WriteString(field(kv.Name))
			c.stdout.WriteByte('\t')
			c.stdout.WriteString(field(kv.Value))
			c.stdout.WriteByte('\n')
		}
	}
	return nil
}
