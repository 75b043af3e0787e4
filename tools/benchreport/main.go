// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command benchreport runs the codec benchmarks (BenchmarkEncode and
// BenchmarkDecode, which measure percent and net/url on the same inputs in
// one run) several times, each time in a new process, and prints the median throughput of each and its
// ratio to net/url as a Markdown table; with -svg it also writes the ratios
// as a bar chart. Run it from the module root:
//
//	go run ./tools/benchreport -count 6 -svg bench.svg
//
// With -in FILE it reads saved "go test -bench" output instead of running
// the benchmarks. With -matrix it runs BenchmarkMatrix instead (every value
// length 0-64, 128, 1 024 and 1 MiB; clean, ~15 % escaped and non-ASCII;
// each form of the codecs beside net/url) and prints, for each cell, the
// median over the runs of net/url's time divided by percent's, taken
// inside each run:
//
//	go run ./tools/benchreport -matrix -count 5 -benchtime 20ms With -kernel avx2, ssse3 or purego it measures that path:
//
// the first two forced through PERCENT_KERNEL, the last built with -tags
// purego.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"html"
	"io"
	"log"
	"os"
	"regexp"
	"strconv"
	"strings"
)

func main() {
	count := flag.Int("count", 6, "benchmark runs (-count)")
	benchtime := flag.String("benchtime", "1s", "time per benchmark run (-benchtime)")
	in := flag.String("in", "", "read benchmark output from `FILE` instead of running the benchmarks")
	svg := flag.String("svg", "", "write the ratio chart to `FILE`")
	raw := flag.String("raw", "", "save the raw benchmark output to `FILE` (for benchstat)")
	kernel := flag.String("kernel", "", "measure with `KERNEL` forced: avx2, ssse3, or purego (the pure-Go build, -tags purego); default: the CPU's best")
	matrix := flag.Bool("matrix", false, "run BenchmarkMatrix (every length 0-64, 128, 1024, 1 MiB; clean, escaped, non-ASCII) and print the ratio to net/url of each cell")
	flag.Parse()
	if *matrix {
		if err := runMatrix(*in, *count, *benchtime, *kernel, *raw); err != nil {
			log.Fatal(err)
		}
		return
	}

	var out []byte
	var err error
	if *in != "" {
		out, err = os.ReadFile(*in)
	} else {
		out, err = runBenchmarks(*count, *benchtime, *kernel, "^Benchmark(Encode|Decode)$")
	}
	if err != nil {
		log.Fatal(err)
	}
	if *raw != "" {
		if err := os.WriteFile(*raw, out, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	res := parse(bytes.NewReader(out))
	if len(res) == 0 {
		log.Fatal("no benchmark results")
	}
	env := environment(out)
	if *kernel != "" {
		env += ", kernel " + *kernel
	}
	table(os.Stdout, res, env)
	if *svg != "" {
		if err := os.WriteFile(*svg, []byte(chart(res, env)), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// A key names one benchmark: BenchmarkEncode/mixed/append is
// {"Encode", "mixed", "append"}.
type key struct{ op, input, impl string }

type samples struct {
	mbps   []float64
	allocs []float64 // per value
}

var name = regexp.MustCompile(`^Benchmark(Encode|Decode)/([^/\s]+)/([^\s]+?)(-\d+)?$`)

// parse reads "go test -bench" lines: a name, the iteration count, then
// value and unit pairs (ns/op, MB/s, B/op, allocs/op, values/op).
func parse(r io.Reader) map[key]*samples {
	res := map[key]*samples{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 {
			continue
		}
		m := name.FindStringSubmatch(f[0])
		if m == nil {
			continue
		}
		metrics := map[string]float64{}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err == nil {
				metrics[f[i+1]] = v
			}
		}
		k := key{m[1], m[2], m[3]}
		s := res[k]
		if s == nil {
			s = &samples{}
			res[k] = s
		}
		s.mbps = append(s.mbps, metrics["MB/s"])
		if n := metrics["values/op"]; n > 0 {
			s.allocs = append(s.allocs, metrics["allocs/op"]/n)
		}
	}
	return res
}

var inputs = []string{"clean", "mixed", "nonascii", "short", "long"}

var inputNames = map[string]string{
	"clean":    "no byte to encode",
	"mixed":    "~15% to encode",
	"nonascii": "nearly all non-ASCII",
	"short":    "short (4–15 bytes)",
	"long":     "1 MiB, nothing to encode",
}

func table(w io.Writer, res map[key]*samples, env string) {
	runs := 0
	for _, s := range res {
		runs = max(runs, len(s.mbps))
	}
	fmt.Fprintf(w, "Median of %d runs; %s. MB/s of input; ratio to net/url in the same run.\n\n", runs, env)
	fmt.Fprintf(w, "| operation | input | net/url MB/s | Append* MB/s | ratio | of the copy | allocs | string MB/s | ratio | allocs |\n")
	fmt.Fprintf(w, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, op := range []string{"Encode", "Decode"} {
		for _, in := range inputs {
			base := res[key{op, in, "net-url"}]
			app := res[key{op, in, "append"}]
			str := res[key{op, in, "string"}]
			if base == nil || app == nil || str == nil {
				continue
			}
			b := median(base.mbps)
			// Of the copy: the append form over append(dst, s...) of
			// the same inputs, its floor.
			ofCopy := "—"
			if c := res[key{op, in, "copy"}]; c != nil {
				ofCopy = fmt.Sprintf("%.2f", median(app.mbps)/median(c.mbps))
			}
			fmt.Fprintf(w, "| %s | %s | %.0f | %.0f | **%.2f×** | %s | %.2f | %.0f | **%.2f×** | %.2f |\n", op, inputNames[in], b,
				median(app.mbps), median(app.mbps)/b, ofCopy, median(app.allocs),
				median(str.mbps), median(str.mbps)/b, median(str.allocs))
		}
	}
	fmt.Fprintf(w, "\nof the copy: Append* MB/s over append(dst, s...) of the same inputs in the same run. allocs: allocations per value encoded or decoded.\n")
}

func chart(res map[key]*samples, env string) string {
	type bar struct {
		label string
		ratio float64
		color string
	}
	var groups [][]bar
	var names []string
	for _, op := range []string{"Encode", "Decode"} {
		for _, in := range inputs {
			base := res[key{op, in, "net-url"}]
			if base == nil {
				continue
			}
			b := median(base.mbps)
			var g []bar
			for _, impl := range []struct{ name, label, color string }{
				{"append", "Append" + op, "#1f77b4"},
				{"string", op + " (string)", "#ff7f0e"},
			} {
				if s := res[key{op, in, impl.name}]; s != nil {
					g = append(g, bar{impl.label, median(s.mbps) / b, impl.color})
				}
			}
			groups = append(groups, g)
			names = append(names, op+", "+inputNames[in])
		}
	}
	maxRatio := 1.0
	for _, g := range groups {
		for _, b := range g {
			maxRatio = max(maxRatio, b.ratio)
		}
	}
	const (
		left, top, barH, gap, width = 230, 50, 16, 14, 460
	)
	height := top + len(groups)*(2*barH+gap) + 50
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", left+width+80, height)
	fmt.Fprintf(&s, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&s, `<text x="10" y="20" font-size="14" font-weight="bold">percent vs net/url: throughput ratio (net/url = 1×)</text>`+"\n")
	fmt.Fprintf(&s, `<text x="10" y="38" fill="#555">%s</text>`+"\n", html.EscapeString(env))
	scale := float64(width) / maxRatio
	y := top
	for i, g := range groups {
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end">%s</text>`+"\n", left-8, y+barH+4, html.EscapeString(names[i]))
		for _, b := range g {
			w := int(b.ratio * scale)
			fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>%s %.2f×</title></rect>`+"\n", left, y, w, barH-2, b.color, html.EscapeString(b.label), b.ratio)
			fmt.Fprintf(&s, `<text x="%d" y="%d">%.2f×</text>`+"\n", left+w+4, y+barH-4, b.ratio)
			y += barH
		}
		y += gap
	}
	x1 := left + int(scale)
	fmt.Fprintf(&s, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#d62728" stroke-dasharray="4 3"/>`+"\n", x1, top-4, x1, y-gap+4)
	fmt.Fprintf(&s, `<text x="%d" y="%d" fill="#d62728">net/url</text>`+"\n", x1+4, y+4)
	fmt.Fprintf(&s, `<rect x="%d" y="%d" width="12" height="12" fill="#1f77b4"/><text x="%d" y="%d">Append* into a reused buffer</text>`+"\n", left, y+16, left+16, y+26)
	fmt.Fprintf(&s, `<rect x="%d" y="%d" width="12" height="12" fill="#ff7f0e"/><text x="%d" y="%d">string API</text>`+"\n", left+220, y+16, left+236, y+26)
	s.WriteString("</svg>\n")
	return s.String()
}
