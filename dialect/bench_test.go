// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dialect

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
)

// benchValue is a 200-byte value, about a fifth of it escaped by every
// dialect.
var benchValue = strings.Repeat("key/été = (a+b)*c ~ 100%_x-y.z ", 7)[:200]

// BenchmarkDialects: each dialect beside the percent encoding with the same
// set, and net/url, in one run: a dialect is that encoding's code.
func BenchmarkDialects(b *testing.B) {
	src := []byte(benchValue)
	dst := make([]byte, 0, 3*len(src)+1)
	run := func(name string, f func()) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for range b.N {
				f()
			}
		})
	}
	run("percent.Component", func() { dst = percent.Component.AppendEncode(dst[:0], src) })
	run("percent.Form", func() { dst = percent.Form.AppendEncode(dst[:0], src) })
	for _, d := range All() {
		e := d.Encoding
		run(d.Name, func() { dst = e.AppendEncode(dst[:0], src) })
	}
	run("net/url.QueryEscape", func() { _ = url.QueryEscape(benchValue) })
	run("net/url.PathEscape", func() { _ = url.PathEscape(benchValue) })
}
