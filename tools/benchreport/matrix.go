// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// runMatrix runs (or, with in, reads) BenchmarkMatrix and prints its
// table of ratios.
func runMatrix(in string, count int, benchtime, kernel, raw string) error {
	var out []byte
	var err error
	if in != "" {
		out, err = os.ReadFile(in)
	} else {
		out, err = runBenchmarks(count, benchtime, kernel, "^BenchmarkMatrix$")
	}
	if err != nil {
		return err
	}
	if raw != "" {
		if err := os.WriteFile(raw, out, 0o644); err != nil {
			return err
		}
	}
	cells, runs := parseMatrix(bytes.NewReader(out))
	if len(cells) == 0 {
		return fmt.Errorf("no BenchmarkMatrix results")
	}
	env := environment(out)
	if kernel != "" {
		env += ", kernel " + kernel
	}
	matrixTable(os.Stdout, cells, runs, env)
	return nil
}

// A cell is one operation on one kind of value of one length.
type cell struct {
	op, kind string
	n        int
}

// matrixName reads BenchmarkMatrix/op/kind/n/impl-P.
var matrixName = regexp.MustCompile(`^BenchmarkMatrix/([^/]+)/([^/]+)/(\d+)/([^/\s]+?)(-\d+)?$`)

// parseMatrix returns, for each cell, net/url's time over percent's in
// each run (a run is one pass over the matrix: the n-th result of a cell
// and implementation), and the number of runs.
func parseMatrix(r io.Reader) (map[cell][]float64, int) {
	times := map[cell]map[string][]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		m := matrixName.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[3])
		c := cell{m[1], m[2], n}
		for i := 2; i+1 < len(f); i += 2 {
			if f[i+1] == "ns/value" {
				v, err := strconv.ParseFloat(f[i], 64)
				if err == nil {
					if times[c] == nil {
						times[c] = map[string][]float64{}
					}
					times[c][m[4]] = append(times[c][m[4]], v)
				}
			}
		}
	}
	ratios := map[cell][]float64{}
	runs := 0
	for c, t := range times {
		p, u := t["percent"], t["net-url"]
		for i := 0; i < len(p) && i < len(u); i++ {
			if p[i] > 0 {
				ratios[c] = append(ratios[c], u[i]/p[i])
			}
		}
		runs = max(runs, len(ratios[c]))
	}
	return ratios, runs
}

// matrixTable writes a table per operation: a row per length, a column per
// kind, each cell the median ratio (above 1: percent is faster), with
// cells below 1 in bold and counted.
func matrixTable(w io.Writer, cells map[cell][]float64, runs int, env string) {
	var ops, kinds []string
	var lengths []int
	seenOp, seenKind, seenN := map[string]bool{}, map[string]bool{}, map[int]bool{}
	for c := range cells {
		if !seenOp[c.op] {
			seenOp[c.op] = true
			ops = append(ops, c.op)
		}
		if !seenKind[c.kind] {
			seenKind[c.kind] = true
			kinds = append(kinds, c.kind)
		}
		if !seenN[c.n] {
			seenN[c.n] = true
			lengths = append(lengths, c.n)
		}
	}
	order := map[string]int{"encode": 0, "append-encode": 1, "decode": 2, "append-decode": 3, "path-encode": 4, "stream-encode": 5, "clean": 0, "escaped": 1, "nonascii": 2}
	sort.Slice(ops, func(i, j int) bool { return order[ops[i]] < order[ops[j]] })
	sort.Slice(kinds, func(i, j int) bool { return order[kinds[i]] < order[kinds[j]] })
	sort.Ints(lengths)
	fmt.Fprintf(w, "Median of %d runs; %s. Each cell: net/url's ns per value over percent's, in the same run (above 1: percent is faster).\n", runs, env)
	for _, op := range ops {
		below := 0
		var b strings.Builder
		fmt.Fprintf(&b, "\n| %s, bytes |", op)
		for _, k := range kinds {
			fmt.Fprintf(&b, " %s |", k)
		}
		b.WriteString("\n|---:|")
		for range kinds {
			b.WriteString("---:|")
		}
		b.WriteString("\n")
		for _, n := range lengths {
			fmt.Fprintf(&b, "| %d |", n)
			for _, k := range kinds {
				rs := cells[cell{op, k, n}]
				if len(rs) == 0 {
					b.WriteString(" |")
					continue
				}
				r := median(rs)
				if r < 1 {
					below++
					fmt.Fprintf(&b, " **%.2f** |", r)
				} else {
					fmt.Fprintf(&b, " %.2f |", r)
				}
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(w, "\n%s: %d of %d cells below 1.0.\n%s", op, below, len(lengths)*len(kinds), b.String())
	}
}
