// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"testing"

	"github.com/urlcodec/percent"
)

// benchParams are realistic parameters: a path id, a 10-item form array, a
// deepObject filter and a label list (the peers' comparison is in
// tools/openapibench).
var benchParams = []struct {
	name string
	p    Param
	v    any
	kind Kind
}{
	{"id", Param{Name: "id", In: InPath}, "8f14e45f-ceea-467f-a8f0-7d9e1b2c3a4b", Primitive},
	{"tags", Param{Name: "tag", In: InQuery}, []string{"go", "url encoding", "rfc3986", "a,b", "openapi", "é", "x/y", "v1.2", "50%", "last"}, Array},
	{"filter", Param{Name: "filter", In: InQuery, Style: DeepObject}, []percent.Pair{{Name: "owner", Value: "ann b"}, {Name: "since", Value: "2026-01-01"}, {Name: "status", Value: "open"}}, Object},
	{"labels", Param{Name: "colors", In: InPath, Style: Label, Explode: explode(true)}, []string{"red", "green", "blue", "cyan"}, Array},
	// Beside them: a matrix list with escapes (named pieces of a path),
	// and 100 form-exploded items (past the 64 decoded items the decoder
	// keeps on its stack).
	{"matrix", Param{Name: "point", In: InPath, Style: Matrix}, []string{"x=1", "y 2", "z,3"}, Array},
	{"tags100", Param{Name: "tag", In: InQuery}, hundred, Array},
}

// hundred is a hundred items, every tenth with something to escape.
var hundred = func() []string {
	var items []string
	for i := range 100 {
		item := "item" + string(rune('a'+i%26))
		if i%10 == 0 {
			item += " &"
		}
		items = append(items, item)
	}
	return items
}()

func BenchmarkEncode(b *testing.B) {
	for _, c := range benchParams {
		b.Run(c.name, func(b *testing.B) {
			s, _ := c.p.Encode(c.v)
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			buf := make([]byte, 0, 256)
			for range b.N {
				buf, _ = c.p.AppendEncode(buf[:0], c.v)
			}
		})
	}
}

func BenchmarkDecode(b *testing.B) {
	for _, c := range benchParams {
		b.Run(c.name, func(b *testing.B) {
			s, _ := c.p.Encode(c.v)
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			for range b.N {
				if c.p.In == InQuery {
					c.p.DecodeQuery(s, c.kind)
				} else {
					c.p.Decode(s, c.kind)
				}
			}
		})
	}
}
