// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapibench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/oapi-codegen/runtime"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/openapi"
)

var update = flag.Bool("update", false, "rewrite RESULTS.md")

// A cell is one case: a parameter, a value and its serialization.
type cell struct {
	group      string
	in         openapi.In
	style      openapi.Style
	explode    bool
	name       string
	kind       openapi.Kind
	value      openapi.Value
	serialized string
}

// specCells are the cells of the Style Examples table that are not n/a,
// read from the openapi package's copy of the table.
func specCells(t *testing.T) []cell {
	data, err := os.ReadFile("../../openapi/testdata/style-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Name, In, Style, Kind string
			Explode               bool
			Value                 json.RawMessage
			Serialized            *string
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var cells []cell
	for _, c := range doc.Cases {
		if c.Serialized == nil {
			continue
		}
		x := cell{group: "spec", in: openapi.In(c.In), style: openapi.Style(c.Style), explode: c.Explode, name: c.Name, serialized: *c.Serialized}
		switch c.Kind {
		case "empty", "string":
			var s string
			json.Unmarshal(c.Value, &s)
			x.kind, x.value = openapi.Primitive, openapi.Value{Kind: openapi.Primitive, String: s}
		case "array":
			var l []string
			json.Unmarshal(c.Value, &l)
			x.kind, x.value = openapi.Array, openapi.Value{Kind: openapi.Array, List: l}
		default:
			var kv [][2]string
			json.Unmarshal(c.Value, &kv)
			var ps []percent.Pair
			for _, p := range kv {
				ps = append(ps, percent.Pair{Name: p[0], Value: p[1]})
			}
			x.kind, x.value = openapi.Object, openapi.Value{Kind: openapi.Object, Props: ps}
		}
		cells = append(cells, x)
	}
	return cells
}

// delimiterCells are values holding the delimiters of their styles, which
// a correct implementation escapes on writing and splits before decoding.
func delimiterCells() []cell {
	arr := func(items ...string) openapi.Value { return openapi.Value{Kind: openapi.Array, List: items} }
	prim := func(s string) openapi.Value { return openapi.Value{Kind: openapi.Primitive, String: s} }
	var cells []cell
	add := func(in openapi.In, style openapi.Style, explode bool, v openapi.Value) {
		p := &openapi.Param{Name: "p", In: in, Style: style, Explode: &explode}
		var x any = v.String
		k := openapi.Primitive
		if v.Kind == openapi.Array {
			x, k = v.List, openapi.Array
		}
		s, err := p.Encode(x)
		if err != nil {
			if in == openapi.InPath {
				// A path value percent.CheckSegments would refuse
				// ("%41" writes "%2541", double encoding): Encode
				// refuses it too, so it is no cell for the peers.
				return
			}
			panic(err)
		}
		cells = append(cells, cell{group: "delimiters", in: in, style: style, explode: explode, name: "p", kind: k, value: v, serialized: s})
	}
	for _, v := range []openapi.Value{arr("a", "b", "c,d"), arr("x;y", "z=w"), arr("a&b", "c+d"), arr("50%", "%41"), arr("é", "日本")} {
		add(openapi.InQuery, openapi.Form, false, v)
		add(openapi.InQuery, openapi.Form, true, v)
		add(openapi.InPath, openapi.Simple, false, v)
		add(openapi.InPath, openapi.Label, false, v)
		add(openapi.InPath, openapi.Matrix, true, v)
	}
	for _, v := range []openapi.Value{prim("a,b"), prim("cat%jpeg"), prim("a/b"), prim("a+b c"), prim("[x]")} {
		add(openapi.InQuery, openapi.Form, true, v)
		add(openapi.InPath, openapi.Simple, false, v)
	}
	add(openapi.InQuery, openapi.PipeDelimited, false, arr("a,b", "c"))
	add(openapi.InQuery, openapi.SpaceDelimited, false, arr("a,b", "c"))
	return cells
}

// goValue is v as Go code holds it for the peers: a string, a []string, or
// a map (which loses the order).
func goValue(v openapi.Value) any {
	switch v.Kind {
	case openapi.Array:
		return v.List
	case openapi.Object:
		m := map[string]string{}
		for _, p := range v.Props {
			m[p.Name] = p.Value
		}
		return m
	}
	return v.String
}

// percentValue is v as openapi.Param.Encode takes it, order kept.
func percentValue(v openapi.Value) any {
	switch v.Kind {
	case openapi.Array:
		return v.List
	case openapi.Object:
		return v.Props
	}
	return v.String
}

// sameValue compares a decoded value with the want, an object's
// properties as a set where the peer returns a map.
func sameValue(got any, want openapi.Value) bool {
	return reflect.DeepEqual(got, goValue(want))
}

func location(in openapi.In) runtime.ParamLocation {
	switch in {
	case openapi.InQuery:
		return runtime.ParamLocationQuery
	case openapi.InPath:
		return runtime.ParamLocationPath
	case openapi.InHeader:
		return runtime.ParamLocationHeader
	}
	return runtime.ParamLocationCookie
}

// destination is a pointer of the Go type that the peers bind kind into.
func destination(k openapi.Kind) any {
	switch k {
	case openapi.Array:
		return new([]string)
	case openapi.Object:
		return new(map[string]string)
	}
	return new(string)
}

// oapiEncode is oapi-codegen's runtime.StyleParamWithLocation.
func oapiEncode(c *cell) (string, error) {
	v := goValue(c.value)
	return runtime.StyleParamWithLocation(string(c.style), c.explode, c.name, location(c.in), v)
}

// oapiDecode is oapi-codegen's binder: BindStyledParameterWithOptions for
// path and header parameters, BindQueryParameter (over url.Values, as the
// generated servers call it) for query parameters.
func oapiDecode(c *cell) (any, error) {
	dest := destination(c.kind)
	var err error
	if c.in == openapi.InQuery {
		q, perr := url.ParseQuery(c.serialized)
		if perr != nil {
			return nil, perr
		}
		err = runtime.BindQueryParameter(string(c.style), c.explode, true, c.name, q, dest)
	} else {
		text := c.serialized
		if c.in == openapi.InCookie {
			// As a generated server does: the cookie's value, by name.
			req := httptest.NewRequest(http.MethodGet, "http://h/", nil)
			req.Header.Set("Cookie", c.serialized)
			ck, cerr := req.Cookie(c.name)
			if cerr != nil {
				return nil, cerr
			}
			text = ck.Value
		}
		err = runtime.BindStyledParameterWithOptions(string(c.style), c.name, text, dest, runtime.BindStyledParameterOptions{
			ParamLocation: location(c.in), Explode: c.explode, Required: false,
		})
	}
	return reflect.ValueOf(dest).Elem().Interface(), err
}

// kinDecode is kin-openapi's openapi3filter decoder, run by
// ValidateParameter on a request that holds the serialized text; the
// values it decodes are captured by a string format validator.
func kinDecode(c *cell) (any, error) {
	var got []string
	capture := openapi3.NewCallbackValidator(func(s string) error { got = append(got, s); return nil })
	str := &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"string"}, Format: "capture"}}
	schema := str
	switch c.kind {
	case openapi.Array:
		schema = &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"array"}, Items: str}}
	case openapi.Object:
		props := openapi3.Schemas{}
		for _, p := range c.value.Props {
			props[p.Name] = &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"string"}, Format: "capture-" + p.Name}}
		}
		schema = &openapi3.SchemaRef{Value: &openapi3.Schema{Type: &openapi3.Types{"object"}, Properties: props}}
	}
	explode := c.explode
	param := &openapi3.Parameter{Name: c.name, In: string(c.in), Style: string(c.style), Explode: &explode, Schema: schema, Required: true}
	req := httptest.NewRequest(http.MethodGet, "http://h/x", nil)
	input := &openapi3filter.RequestValidationInput{Request: req}
	switch c.in {
	case openapi.InPath:
		input.PathParams = map[string]string{c.name: c.serialized}
	case openapi.InQuery:
		req.URL.RawQuery = c.serialized
	case openapi.InHeader:
		req.Header.Set(c.name, c.serialized)
	case openapi.InCookie:
		req.Header.Set("Cookie", c.serialized)
	}
	obj := map[string]string{}
	opts := []openapi3.SchemaValidationOption{openapi3.WithStringFormatValidator("capture", capture)}
	for _, p := range c.value.Props {
		name := p.Name
		opts = append(opts, openapi3.WithStringFormatValidator("capture-"+name, openapi3.NewCallbackValidator(func(s string) error { obj[name] = s; return nil })))
	}
	input.Options = &openapi3filter.Options{SchemaValidationOptions: opts}
	if err := openapi3filter.ValidateParameter(context.Background(), input, param); err != nil {
		return nil, err
	}
	switch c.kind {
	case openapi.Array:
		if got == nil {
			got = []string{}
		}
		return got, nil
	case openapi.Object:
		return obj, nil
	}
	if len(got) != 1 {
		return nil, fmt.Errorf("%d values", len(got))
	}
	return got[0], nil
}

// verdict is one implementation's result for one cell.
func verdict(got any, err error, right bool) string {
	if err != nil {
		msg := err.Error()
		if len(msg) > 40 {
			msg = msg[:40] + "…"
		}
		return "✗ error: " + strings.ReplaceAll(msg, "|", "\\|")
	}
	if right {
		return "✓"
	}
	return "✗ " + strings.ReplaceAll(fmt.Sprintf("%q", got), "|", "\\|")
}

// TestPeers runs percent and the peers on every cell, checks percent's
// results, and writes (with -update) or checks RESULTS.md, the table the
// README cites.
func TestPeers(t *testing.T) {
	cells := append(specCells(t), delimiterCells()...)
	var b strings.Builder
	b.WriteString("# OpenAPI parameters: percent and its Go peers\n\n")
	b.WriteString("Written by `go test -run TestPeers -update` in tools/openapibench: every cell of the OpenAPI 3.2\n")
	b.WriteString("Style Examples table that is not n/a, and values holding their style's delimiters. Peers:\n")
	b.WriteString("oapi-codegen/runtime v1.9.0 (`StyleParamWithLocation`; `BindStyledParameterWithOptions` for path and\n")
	b.WriteString("header, `BindQueryParameter` over `url.Values` for query) and kin-openapi v0.153.0 (`openapi3filter`\n")
	b.WriteString("decoding, through `ValidateParameter`; a cookie's value is taken by name first, as generated servers\n")
	b.WriteString("do). Path parameters reach both peers as the raw segment (oapi-codegen's default, ValueIsUnescaped\n")
	b.WriteString("false, decodes it itself; kin-openapi leaves escapes in place, and a router that decodes first, as\n")
	b.WriteString("gorilla/mux does, would turn a \"%2C\" into a separator instead). Go maps carry no order, so a peer's\n")
	b.WriteString("object output is right when it is the spec's text for the same pairs sorted by key.\n\n")
	b.WriteString("| case | serialized | percent | oapi-codegen encode | oapi-codegen decode | kin-openapi decode |\n|---|---|---|---|---|---|\n")
	wrong := map[string]int{}
	for _, c := range cells {
		explode := c.explode
		p := &openapi.Param{Name: c.name, In: c.in, Style: c.style, Explode: &explode}
		enc, err := p.Encode(percentValue(c.value))
		var back openapi.Value
		var derr error
		if c.in == openapi.InQuery || c.in == openapi.InCookie {
			back, _, derr = p.DecodeQuery(c.serialized, c.kind)
		} else {
			back, derr = p.Decode(c.serialized, c.kind)
		}
		ok := err == nil && enc == c.serialized && derr == nil && reflect.DeepEqual(back, c.value)
		if !ok {
			t.Errorf("percent: %s %s explode=%v %v: Encode = %q, %v; Decode = %+v, %v; want %q", c.in, c.style, c.explode, c.value, enc, err, back, derr, c.serialized)
		}
		pv := "✓"
		if !ok {
			pv = "✗"
		}
		oe, oerr := oapiEncode(&c)
		oeRight := oe == c.serialized || c.kind == openapi.Object && oe == sortedSerialization(p, c.value)
		od, oderr := oapiDecode(&c)
		kd, kerr := kinDecode(&c)
		for name, r := range map[string]bool{"oapi-codegen encode": oerr == nil && oeRight, "oapi-codegen decode": oderr == nil && sameValue(od, c.value), "kin-openapi decode": kerr == nil && sameValue(kd, c.value)} {
			if !r {
				wrong[name]++
			}
		}
		label := fmt.Sprintf("%s %s %s %s", c.group, c.in, c.style, map[bool]string{true: "explode", false: "no-explode"}[c.explode])
		fmt.Fprintf(&b, "| %s %s | `%s` | %s | %s | %s | %s |\n", label, valueText(c.value), strings.ReplaceAll(c.serialized, "|", "\\|"), pv,
			verdict(oe, oerr, oeRight), verdict(od, oderr, sameValue(od, c.value)), verdict(kd, kerr, sameValue(kd, c.value)))
	}
	fmt.Fprintf(&b, "\n%d cases. Wrong or failing: percent 0", len(cells))
	names := []string{"oapi-codegen encode", "oapi-codegen decode", "kin-openapi decode"}
	for _, n := range names {
		fmt.Fprintf(&b, ", %s %d", n, wrong[n])
	}
	b.WriteString(".\n")
	if *update {
		if err := os.WriteFile("RESULTS.md", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile("RESULTS.md")
	if err != nil || string(have) != b.String() {
		t.Errorf("RESULTS.md is not what the peers return now: go test -run TestPeers -update")
	}
}

// sortedSerialization is what p writes for v with its properties sorted
// by key: the order of a Go map, all a map-based peer can keep.
func sortedSerialization(p *openapi.Param, v openapi.Value) string {
	ps := append([]percent.Pair(nil), v.Props...)
	sort.Slice(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
	s, _ := p.Encode(ps)
	return s
}

// valueText writes a value for the table.
func valueText(v openapi.Value) string {
	switch v.Kind {
	case openapi.Array:
		return strings.ReplaceAll(fmt.Sprintf("%q", v.List), "|", "\\|")
	case openapi.Object:
		var parts []string
		for _, p := range v.Props {
			parts = append(parts, p.Name+"="+p.Value)
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return strings.ReplaceAll(fmt.Sprintf("%q", v.String), "|", "\\|")
}
