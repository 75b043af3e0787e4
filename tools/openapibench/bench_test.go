// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapibench

import (
	"net/url"
	"reflect"
	"testing"

	"github.com/oapi-codegen/runtime"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/openapi"
)

// realistic are the parameters of the speed table: a path id, a 10-item
// form array, a deepObject filter and a label list.
func realistic() []cell {
	tags := []string{"go", "url encoding", "rfc3986", "a,b", "openapi", "é", "x/y", "v1.2", "50%", "last"}
	mk := func(in openapi.In, style openapi.Style, explode bool, name string, v openapi.Value) cell {
		p := &openapi.Param{Name: name, In: in, Style: style, Explode: &explode}
		s, err := p.Encode(percentValue(v))
		if err != nil {
			panic(err)
		}
		k := v.Kind
		return cell{group: name, in: in, style: style, explode: explode, name: name, kind: k, value: v, serialized: s}
	}
	return []cell{
		mk(openapi.InPath, openapi.Simple, false, "id", openapi.Value{Kind: openapi.Primitive, String: "8f14e45f-ceea-467f-a8f0-7d9e1b2c3a4b"}),
		mk(openapi.InQuery, openapi.Form, true, "tag", openapi.Value{Kind: openapi.Array, List: tags}),
		mk(openapi.InQuery, openapi.DeepObject, true, "filter", openapi.Value{Kind: openapi.Object, Props: []percent.Pair{
			{Name: "owner", Value: "ann b"}, {Name: "since", Value: "2026-01-01"}, {Name: "status", Value: "open"}}}),
		mk(openapi.InPath, openapi.Label, true, "colors", openapi.Value{Kind: openapi.Array, List: []string{"red", "green", "blue", "cyan"}}),
	}
}

// TestRealistic: the benchmarks' inputs read back right with percent, and
// the peers' results are what the speed table compares.
func TestRealistic(t *testing.T) {
	for _, c := range realistic() {
		explode := c.explode
		p := &openapi.Param{Name: c.name, In: c.in, Style: c.style, Explode: &explode}
		v, err := decodeWith(p, &c)
		if err != nil || !reflect.DeepEqual(v, c.value) {
			t.Errorf("%s: percent decodes %q as %+v, %v", c.name, c.serialized, v, err)
		}
		if _, err := oapiDecode(&c); err != nil {
			t.Errorf("%s: oapi-codegen: %v", c.name, err)
		}
	}
}

func decodeWith(p *openapi.Param, c *cell) (openapi.Value, error) {
	if c.in == openapi.InQuery {
		v, _, err := p.DecodeQuery(c.serialized, c.kind)
		return v, err
	}
	return p.Decode(c.serialized, c.kind)
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range realistic() {
		explode := c.explode
		p := &openapi.Param{Name: c.name, In: c.in, Style: c.style, Explode: &explode}
		pv, gv := percentValue(c.value), goValue(c.value)
		b.Run(c.name+"/percent", func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]byte, 0, 512)
			for range b.N {
				buf, _ = p.AppendEncode(buf[:0], pv)
			}
		})
		b.Run(c.name+"/oapi-codegen", func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				runtime.StyleParamWithLocation(string(c.style), c.explode, c.name, location(c.in), gv)
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range realistic() {
		explode := c.explode
		p := &openapi.Param{Name: c.name, In: c.in, Style: c.style, Explode: &explode}
		b.Run(c.name+"/percent", func(b *testing.B) {
			b.ReportAllocs()
			if c.in == openapi.InQuery {
				for range b.N {
					p.DecodeQuery(c.serialized, c.kind)
				}
				return
			}
			for range b.N {
				p.Decode(c.serialized, c.kind)
			}
		})
		b.Run(c.name+"/oapi-codegen", func(b *testing.B) {
			// url.ParseQuery is counted for query parameters: the binder
			// needs the url.Values that a generated server makes.
			b.ReportAllocs()
			if c.in == openapi.InQuery {
				for range b.N {
					q, _ := url.ParseQuery(c.serialized)
					runtime.BindQueryParameter(string(c.style), c.explode, true, c.name, q, destination(c.kind))
				}
				return
			}
			opts := runtime.BindStyledParameterOptions{ParamLocation: location(c.in), Explode: c.explode}
			for range b.N {
				runtime.BindStyledParameterWithOptions(string(c.style), c.name, c.serialized, destination(c.kind), opts)
			}
		})
		b.Run(c.name+"/kin-openapi", func(b *testing.B) {
			// ValidateParameter decodes and validates against a string
			// schema: more work than decoding alone.
			b.ReportAllocs()
			for range b.N {
				kinDecode(&c)
			}
		})
	}
}
