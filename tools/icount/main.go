// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command icount counts the instructions each cell of the benchmark matrix
// (tools/matrix) executes per value, for percent and for net/url, and
// prints the table BENCHMARKS.md gives: per op, kind and length, the
// instructions a value of each side and net/url's over percent's (above
// 1: percent executes fewer). Counts do not move with the machine's noise.
//
//   - amd64: valgrind's callgrind runs the cells' test binary
//     (tools/cells) on each side of each cell alone and counts the
//     instructions inside that side's function (matrix.EncodePercent,
//     matrix.EncodeNetURL, ...: --toggle-collect), so that neither the
//     set-up nor the runtime's own threads count: the same count on every
//     run. It counts runs and twice as many, and takes the difference. The binary is built with an overlay of the runtime's vDSO table
//     (valgrind 3.19 stops at the vDSO clock) and runs with
//     GODEBUG=cpu.rdtscp=off, as ../shared/tools/amd64-icount does.
//   - arm64: tools/cells/arm64-icount (qemu-user) counts each cell.
//
// Usage, from the module root:
//
//	go run ./tools/icount [-arch amd64|arm64] [-tags purego] [-lengths 1,2,...] [-ops encode,...] [-kinds clean,...]
//
// It needs valgrind (amd64) or qemu-user-static (arm64), from Debian.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
)

var (
	arch     = flag.String("arch", runtime.GOARCH, "amd64 (callgrind) or arm64 (qemu-user)")
	tags     = flag.String("tags", "", "build tags (purego)")
	lengths  = flag.String("lengths", "1,2,3,4,8,12,15,16,17,24,32,48,64,128,1024", "value lengths")
	ops      = flag.String("ops", "encode,append-encode,decode,append-decode,path-encode,stream-encode", "operations")
	kinds    = flag.String("kinds", "clean,escaped,nonascii", "kinds of value")
	nFlag    = flag.Int("n", 2, "the fewest runs of a cell")
	jobsFlag = flag.Int("j", 1, "counts run at once (amd64): more than one lets the runtime's time-driven work into the counts of allocating cells")
)

// sides are the two functions of each op in tools/matrix.
var sides = map[string][2]string{
	"encode":        {"EncodePercent", "EncodeNetURL"},
	"append-encode": {"AppendEncodePercent", "AppendEncodeNetURL"},
	"decode":        {"DecodePercent", "DecodeNetURL"},
	"append-decode": {"AppendDecodePercent", "AppendDecodeNetURL"},
	"path-encode":   {"PathEncodePercent", "PathEncodeNetURL"},
	"stream-encode": {"StreamEncodePercent", "StreamEncodeNetURL"},
}

// values is how many values a cell of length n codes (tools/matrix).
func values(n int) int {
	if n >= 1<<20 {
		return 1
	}
	return 4096
}

type cell struct {
	op, kind string
	n        int
}

func main() {
	log.SetFlags(0)
	flag.Parse()
	var cells []cell
	for _, op := range split(*ops) {
		if _, ok := sides[op]; !ok {
			log.Fatalf("unknown op %q", op)
		}
		for _, k := range split(*kinds) {
			for _, l := range split(*lengths) {
				v, err := strconv.Atoi(l)
				if err != nil {
					log.Fatal(err)
				}
				cells = append(cells, cell{op, k, v})
			}
		}
	}
	var counts map[cell][2]float64
	switch *arch {
	case "amd64":
		counts = countAMD64(cells)
	case "arm64":
		counts = countARM64(cells)
	default:
		log.Fatalf("unknown arch %q", *arch)
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "op\tkind\tlength\tpercent\tnet/url\tratio\t\n")
	for _, c := range cells {
		v := counts[c]
		fmt.Fprintf(w, "%s\t%s\t%d\t%.1f\t%.1f\t%.2f\t\n", c.op, c.kind, c.n, v[0], v[1], v[1]/v[0])
	}
	w.Flush()
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// countAMD64 counts each side of each cell with cachegrind, as
// ../shared/tools/amd64-icount does: the whole process runs the one
// sub-benchmark with -test.benchtime Nx and 3Nx, and the difference of the
// two counts is 2N runs of the cell (start-up, the inputs' set-up and the
// benchmark's first run of one iteration drop out).
func countAMD64(cells []cell) map[cell][2]float64 {
	work, err := os.MkdirTemp("", "icount")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)
	goroot := strings.TrimSpace(string(must(exec.Command("go", "env", "GOROOT").Output())))
	src := filepath.Join(goroot, "src", "runtime", "vdso_linux_amd64.go")
	var vdso bytes.Buffer
	in := false
	for _, l := range strings.Split(string(must(os.ReadFile(src))), "\n") {
		if strings.HasPrefix(l, "var vdsoSymbolKeys = []vdsoSymbolKey{") {
			in = true
		} else if in && l == "}" {
			in = false
		} else if in && strings.Contains(l, `{"__vdso_`) {
			continue
		}
		vdso.WriteString(l + "\n")
	}
	must(0, os.WriteFile(filepath.Join(work, "vdso.go"), vdso.Bytes(), 0o644))
	must(0, os.WriteFile(filepath.Join(work, "overlay.json"), []byte(fmt.Sprintf(`{"Replace":{%q:%q}}`, src, filepath.Join(work, "vdso.go"))), 0o644))
	bin := filepath.Join(work, "cells.test")
	args := []string{"test", "-c", "-o", bin, "-overlay", filepath.Join(work, "overlay.json")}
	if *tags != "" {
		args = append(args, "-tags", *tags)
	}
	build := exec.Command("go", append(args, "./tools/cells")...)
	build.Stderr = os.Stderr
	must(0, build.Run())

	type job struct {
		c    cell
		side int
	}
	out := map[cell][2]float64{}
	var mu sync.Mutex
	jobs := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < *jobsFlag; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				impl := [2]string{"percent", "net-url"}[j.side]
				re := fmt.Sprintf("^BenchmarkCell$/^%s$/^%s$/^%d$/^%s$", j.c.op, j.c.kind, j.c.n, impl)
				// Two counts, of runs and 2*runs. Whether callgrind counts
				// the benchmark's first call (b.N = 1) varies with how the
				// binary was compiled: the reading (runs+1 calls, or runs)
				// under which the two counts agree is taken, and the
				// longer count divided by its calls. (Their difference
				// would not need the choice, but an allocating cell's heap
				// grows by steps, which a difference of two counts turns
				// into noise.)
				runs := runsOf(j.c.n)
				fn := sides[j.c.op][j.side]
				a := callgrind(bin, work, re, fn, runs)
				b := callgrind(bin, work, re, fn, 2*runs)
				with := math.Abs(a/float64(runs+1)-b/float64(2*runs+1)) / b
				without := math.Abs(a/float64(runs)-b/float64(2*runs)) / b
				calls := float64(2*runs + 1)
				if without < with {
					calls = float64(2 * runs)
				}
				v := b / calls / float64(values(j.c.n))
				mu.Lock()
				r := out[j.c]
				r[j.side] = v
				out[j.c] = r
				mu.Unlock()
			}
		}()
	}
	for i, c := range cells {
		jobs <- job{c, 0}
		jobs <- job{c, 1}
		if i%20 == 19 {
			fmt.Fprintf(os.Stderr, "counted %d of %d cells\n", i+1, len(cells))
		}
	}
	close(jobs)
	wg.Wait()
	return out
}

// runsOf returns the runs of a cell of length n: enough that the
// emulation is short for the long cells and the set-up run is a small part
// of the short ones.
func runsOf(n int) int {
	return max(*nFlag, min(16, 1024/max(n, 1)))
}

// callgrind runs bin under callgrind with the one benchmark of re, runs
// times, and returns the instructions executed inside fn, the side's
// function in tools/matrix (--toggle-collect: the benchmark's set-up, the
// runtime's other threads and the process around it are not counted).
func callgrind(bin, work, re, fn string, runs int) float64 {
	f, err := os.CreateTemp(work, "cg.*.out")
	if err != nil {
		log.Fatal(err)
	}
	f.Close()
	defer os.Remove(f.Name())
	cmd := exec.Command("valgrind", "--tool=callgrind", "--toggle-collect=*/tools/matrix."+fn, "--callgrind-out-file="+f.Name(), bin,
		"-test.run", "^$", "-test.bench", re, "-test.benchtime", strconv.Itoa(runs)+"x")
	cmd.Env = append(os.Environ(), "GOGC=off", "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("callgrind %s: %v\n%s", re, err, stderr.String())
	}
	for _, l := range strings.Split(stderr.String(), "\n") {
		// "==123== Collected : 3796850"
		if _, rest, ok := strings.Cut(l, "Collected :"); ok {
			v, err := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			if err != nil {
				log.Fatalf("callgrind %s: %q", re, l)
			}
			if v == 0 {
				log.Fatalf("callgrind %s: nothing collected in %s", re, fn)
			}
			return v
		}
	}
	log.Fatalf("callgrind %s: no count", re)
	return 0
}

// countARM64 counts each cell with arm64-icount under qemu-user.
func countARM64(cells []cell) map[cell][2]float64 {
	out := map[cell][2]float64{}
	var names []string
	for _, c := range cells {
		for _, impl := range []string{"percent", "net-url"} {
			names = append(names, fmt.Sprintf("^BenchmarkCell$/^%s$/^%s$/^%d$/^%s$", c.op, c.kind, c.n, impl))
		}
	}
	sort.Strings(names)
	args := []string{}
	if *tags != "" {
		args = append(args, "-tags", *tags)
	}
	args = append(args, "tools/cells")
	cmd := exec.Command("tools/cells/arm64-icount", append(args, names...)...)
	cmd.Stderr = os.Stderr
	res := must(cmd.Output())
	per := map[string]float64{}
	for _, l := range strings.Split(string(res), "\n") {
		f := strings.Fields(l)
		if len(f) >= 2 {
			if v, err := strconv.ParseFloat(f[1], 64); err == nil {
				per[f[0]] = v
			}
		}
	}
	for _, c := range cells {
		var v [2]float64
		for s, impl := range []string{"percent", "net-url"} {
			v[s] = per[fmt.Sprintf("^BenchmarkCell$/^%s$/^%s$/^%d$/^%s$", c.op, c.kind, c.n, impl)] / float64(values(c.n))
		}
		out[c] = v
	}
	return out
}

func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}
