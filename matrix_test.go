// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"io"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// The benchmark matrix: every value length 0–64, then 128, 1 024 and 1 MiB;
// clean, ~15 % escaped and non-ASCII values; each form of the codecs beside
// the net/url call that does the same work, in one process, so that
// benchreport -matrix can give the ratio of each cell:
//
//	encode         Form.Encode            url.QueryEscape
//	append-encode  Form.AppendEncode      url.QueryEscape
//	decode         Form.Decode            url.QueryUnescape
//	append-decode  Form.AppendDecode      url.QueryUnescape
//	path-encode    PathSegment.Encode     url.PathEscape
//	stream-encode  NewEncoder(Form).Write url.QueryEscape
//
// A cell codes a set of values of exactly its length (at least 64 values
// and 4 KiB, or one value of 1 MiB) and reports ns per value.

// matrixLengths are the value lengths of the matrix.
var matrixLengths = func() []int {
	var ns []int
	for n := 0; n <= 64; n++ {
		ns = append(ns, n)
	}
	return append(ns, 128, 1024, 1<<20)
}()

// matrixKinds are the matrix's kinds of value: words and digits with
// nothing to escape, mixed text with about 15 % to escape, and
// non-ASCII text.
var matrixKinds = []string{"clean", "escaped", "nonascii"}

// matrixValues returns values of exactly n bytes of the kind: cut from
// the benchmark inputs of that kind (genInputs), joined end to end.
func matrixValues(kind string, n int) []string {
	src := map[string]string{"clean": "clean", "escaped": "mixed", "nonascii": "nonascii"}[kind]
	count := 64
	if n > 0 && count*n < 4096 {
		count = (4096 + n - 1) / n
	}
	if n >= 1<<20 {
		count = 1
	}
	sep := map[string]string{"clean": "_", "escaped": " ", "nonascii": ""}[kind]
	text := strings.Join(genInputs(src, count*n+n+256, 99), sep)
	for len(text) < count*n {
		text += text
	}
	vals := make([]string, count)
	for i := range vals {
		vals[i] = text[i*n : i*n+n]
	}
	return vals
}

// BenchmarkMatrix is the matrix above, percent and net/url cell by cell.
func BenchmarkMatrix(b *testing.B) {
	// A cell's inputs: the values, as strings and bytes, encoded, and
	// room and a stream for the append and stream forms.
	type env struct {
		vals, enc []string
		bin, encb [][]byte
		buf       []byte
		w         io.Writer
	}
	type impl struct {
		name string
		run  func(e *env)
	}
	ops := []struct {
		op    string
		impls []impl
	}{
		{"encode", []impl{
			{"percent", func(e *env) {
				for _, s := range e.vals {
					_ = Form.Encode(s)
				}
			}},
			{"net-url", func(e *env) {
				for _, s := range e.vals {
					_ = url.QueryEscape(s)
				}
			}},
		}},
		{"append-encode", []impl{
			{"percent", func(e *env) {
				for _, s := range e.bin {
					e.buf = Form.AppendEncode(e.buf[:0], s)
				}
			}},
			{"net-url", func(e *env) {
				for _, s := range e.vals {
					_ = url.QueryEscape(s)
				}
			}},
		}},
		{"decode", []impl{
			{"percent", func(e *env) {
				for _, s := range e.enc {
					_, _ = Form.Decode(s)
				}
			}},
			{"net-url", func(e *env) {
				for _, s := range e.enc {
					_, _ = url.QueryUnescape(s)
				}
			}},
		}},
		{"append-decode", []impl{
			{"percent", func(e *env) {
				for _, s := range e.encb {
					e.buf, _ = Form.AppendDecode(e.buf[:0], s)
				}
			}},
			{"net-url", func(e *env) {
				for _, s := range e.enc {
					_, _ = url.QueryUnescape(s)
				}
			}},
		}},
		{"path-encode", []impl{
			{"percent", func(e *env) {
				for _, s := range e.vals {
					_ = PathSegment.Encode(s)
				}
			}},
			{"net-url", func(e *env) {
				for _, s := range e.vals {
					_ = url.PathEscape(s)
				}
			}},
		}},
		{"stream-encode", []impl{
			{"percent", func(e *env) {
				for _, s := range e.bin {
					_, _ = e.w.Write(s)
				}
			}},
			{"net-url", func(e *env) {
				for _, s := range e.vals {
					_, _ = io.WriteString(io.Discard, url.QueryEscape(s))
				}
			}},
		}},
	}
	for _, kind := range matrixKinds {
		for _, n := range matrixLengths {
			var e env
			setup := func() {
				if e.vals != nil {
					return
				}
				e.vals = matrixValues(kind, n)
				for _, s := range e.vals {
					e.bin = append(e.bin, []byte(s))
					x := Form.Encode(s)
					e.enc = append(e.enc, x)
					e.encb = append(e.encb, []byte(x))
				}
				e.buf = make([]byte, 0, 3*n+16)
			}
			for _, o := range ops {
				for _, im := range o.impls {
					b.Run(o.op+"/"+kind+"/"+strconv.Itoa(n)+"/"+im.name, func(b *testing.B) {
						setup()
						e.w = NewEncoder(Form, io.Discard) // one stream, written value after value
						b.ReportAllocs()
						if o.op == "decode" || o.op == "append-decode" {
							b.SetBytes(totalLen(e.enc))
						} else {
							b.SetBytes(totalLen(e.vals))
						}
						b.ResetTimer()
						for range b.N {
							im.run(&e)
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(e.vals)), "ns/value")
					})
				}
			}
		}
	}
}

// TestMatrixValues: every cell's values have exactly its length, of its
// kind (the escaped kind needs escapes, the clean none, the non-ASCII has
// bytes past 7F), and each cell's two implementations agree on them, so
// that a ratio compares the same work.
func TestMatrixValues(t *testing.T) {
	for _, kind := range matrixKinds {
		for _, n := range []int{0, 1, 7, 16, 64, 1024} {
			vals := matrixValues(kind, n)
			if len(vals) < 1 {
				t.Fatalf("%s/%d: no values", kind, n)
			}
			escapes, high := 0, 0
			for _, s := range vals {
				if len(s) != n {
					t.Fatalf("%s/%d: a value of %d bytes", kind, n, len(s))
				}
				if got, want := Form.Encode(s), url.QueryEscape(s); got != want {
					t.Fatalf("%s/%d: Form.Encode(%q) = %q, url.QueryEscape %q", kind, n, s, got, want)
				}
				if got, want := PathSegment.Encode(s), url.PathEscape(s); got != want && !strings.ContainsAny(s, "!$&'()*+,;=:@") {
					t.Fatalf("%s/%d: PathSegment.Encode(%q) = %q, url.PathEscape %q", kind, n, s, got, want)
				}
				escapes += len(Form.Encode(s)) - len(s)
				for i := 0; i < len(s); i++ {
					if s[i] >= 0x80 {
						high++
					}
				}
			}
			switch {
			case n >= 16 && kind == "clean" && escapes != 0,
				n >= 64 && kind == "escaped" && escapes == 0,
				n >= 16 && kind == "nonascii" && high < len(vals)*n/2:
				t.Errorf("%s/%d: %d escape bytes, %d bytes past 7F: not of the kind", kind, n, escapes, high)
			}
		}
	}
}
