// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package matrix is the benchmark matrix of the codecs: every value length
// 0–64, then 128, 1 024 and 1 MiB; clean, ~15 % escaped and non-ASCII
// values; each form of the codecs beside the net/url call that does the
// same work, or, for the append forms, what a net/url user writes to fill
// a buffer:
//
//	encode         Form.Encode            url.QueryEscape
//	append-encode  Form.AppendEncode      append(dst, url.QueryEscape(s)...)
//	decode         Form.Decode            url.QueryUnescape
//	append-decode  Form.AppendDecode      append(dst, url.QueryUnescape(s)...)
//	path-encode    PathSegment.Encode     url.PathEscape
//	stream-encode  NewEncoder(Form).Write io.WriteString(w, url.QueryEscape(s))
//
// A cell codes 4 096 values of exactly its length, distinct where the
// kind has that many (or one value of 1 MiB), so that no branch predictor
// learns them. Each side of each cell is a named function (EncodePercent,
// EncodeNetURL, ...), so that an instruction counter finds its cost by
// name. BenchmarkMatrix (in the module's root)
// times the cells, benchreport -matrix prints them, and
// tools/cells counts the instructions of a subset on arm64:
// all three read the cells from here.
package matrix

import (
	"io"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/tools/inputs"
)

// Lengths are the value lengths of the matrix.
var Lengths = func() []int {
	var ns []int
	for n := 0; n <= 64; n++ {
		ns = append(ns, n)
	}
	return append(ns, 128, 1024, 1<<20)
}()

// Kinds are the matrix's kinds of value: words and digits with nothing to
// escape, mixed text with about 15 % to escape, and non-ASCII text.
var Kinds = []string{"clean", "escaped", "nonascii"}

// Values returns values of exactly n bytes of the kind: cut from the
// benchmark inputs of that kind (inputs.Gen), joined end to end.
func Values(kind string, n int) []string {
	src := map[string]string{"clean": "clean", "escaped": "mixed", "nonascii": "nonascii"}[kind]
	count := 4096
	if n >= 1<<20 {
		count = 1
	}
	sep := map[string]string{"clean": "_", "escaped": " ", "nonascii": ""}[kind]
	text := strings.Join(inputs.Gen(src, count*n+n+256, 99), sep)
	for len(text) < count*n {
		text += text
	}
	vals := make([]string, count)
	for i := range vals {
		vals[i] = text[i*n : i*n+n]
	}
	return vals
}

// An Env is a cell's inputs: the values, as strings and bytes, encoded,
// and room and a stream for the append and stream forms.
type Env struct {
	Vals, Enc []string
	Bin, EncB [][]byte
	Buf       []byte
	W         io.Writer
}

// NewEnv returns the inputs of the cell of the kind and length n.
func NewEnv(kind string, n int) *Env {
	e := &Env{Vals: Values(kind, n)}
	for _, s := range e.Vals {
		e.Bin = append(e.Bin, []byte(s))
		x := percent.Form.Encode(s)
		e.Enc = append(e.Enc, x)
		e.EncB = append(e.EncB, []byte(x))
	}
	e.Buf = make([]byte, 0, 3*n+16)
	e.W = percent.NewEncoder(percent.Form, io.Discard)
	return e
}

// Bytes returns the bytes a run of op codes: the values', or for the
// decoders the encoded values'.
func (e *Env) Bytes(op string) int64 {
	ss := e.Vals
	if op == "decode" || op == "append-decode" {
		ss = e.Enc
	}
	n := 0
	for _, s := range ss {
		n += len(s)
	}
	return int64(n)
}

// An Impl is one side of a cell: percent's form or net/url's call.
type Impl struct {
	Name string // "percent" or "net-url"
	Run  func(e *Env)
}

// An Op is one row group of the matrix and its two sides.
type Op struct {
	Name  string
	Impls []Impl
}

// The two sides of each cell, named so that an instruction counter
// (tools/icount) finds each one's cost by its symbol.

func EncodePercent(e *Env) {
	for _, s := range e.Vals {
		_ = percent.Form.Encode(s)
	}
}

func EncodeNetURL(e *Env) {
	for _, s := range e.Vals {
		_ = url.QueryEscape(s)
	}
}

func AppendEncodePercent(e *Env) {
	buf := e.Buf // a local, as a caller keeps its buffer
	for _, s := range e.Bin {
		buf = percent.Form.AppendEncode(buf[:0], s)
	}
	e.Buf = buf
}

func AppendEncodeNetURL(e *Env) {
	buf := e.Buf
	for _, s := range e.Vals {
		buf = append(buf[:0], url.QueryEscape(s)...)
	}
	e.Buf = buf
}

func DecodePercent(e *Env) {
	for _, s := range e.Enc {
		_, _ = percent.Form.Decode(s)
	}
}

func DecodeNetURL(e *Env) {
	for _, s := range e.Enc {
		_, _ = url.QueryUnescape(s)
	}
}

func AppendDecodePercent(e *Env) {
	buf := e.Buf
	for _, s := range e.EncB {
		buf, _ = percent.Form.AppendDecode(buf[:0], s)
	}
	e.Buf = buf
}

func AppendDecodeNetURL(e *Env) {
	buf := e.Buf
	for _, s := range e.Enc {
		d, _ := url.QueryUnescape(s)
		buf = append(buf[:0], d...)
	}
	e.Buf = buf
}

func PathEncodePercent(e *Env) {
	for _, s := range e.Vals {
		_ = percent.PathSegment.Encode(s)
	}
}

func PathEncodeNetURL(e *Env) {
	for _, s := range e.Vals {
		_ = url.PathEscape(s)
	}
}

func StreamEncodePercent(e *Env) {
	for _, s := range e.Bin {
		_, _ = e.W.Write(s)
	}
}

func StreamEncodeNetURL(e *Env) {
	for _, s := range e.Vals {
		_, _ = io.WriteString(io.Discard, url.QueryEscape(s))
	}
}

// Ops are the matrix's operations.
var Ops = []Op{
	{"encode", []Impl{{"percent", EncodePercent}, {"net-url", EncodeNetURL}}},
	{"append-encode", []Impl{{"percent", AppendEncodePercent}, {"net-url", AppendEncodeNetURL}}},
	{"decode", []Impl{{"percent", DecodePercent}, {"net-url", DecodeNetURL}}},
	{"append-decode", []Impl{{"percent", AppendDecodePercent}, {"net-url", AppendDecodeNetURL}}},
	{"path-encode", []Impl{{"percent", PathEncodePercent}, {"net-url", PathEncodeNetURL}}},
	{"stream-encode", []Impl{{"percent", StreamEncodePercent}, {"net-url", StreamEncodeNetURL}}},
}

// Bench runs the cells of the lengths as sub-benchmarks of b, named
// op/kind/length/impl, each reporting its bytes, allocations and ns per
// value: BenchmarkMatrix's body, and tools/cells'.
func Bench(b *testing.B, lengths []int) {
	for _, kind := range Kinds {
		for _, n := range lengths {
			var e *Env
			for _, o := range Ops {
				for _, im := range o.Impls {
					b.Run(o.Name+"/"+kind+"/"+strconv.Itoa(n)+"/"+im.Name, func(b *testing.B) {
						if e == nil {
							e = NewEnv(kind, n)
						}
						e.W = percent.NewEncoder(percent.Form, io.Discard) // one stream, written value after value
						b.ReportAllocs()
						b.SetBytes(e.Bytes(o.Name))
						b.ResetTimer()
						for range b.N {
							im.Run(e)
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(e.Vals)), "ns/value")
					})
				}
			}
		}
	}
}
