// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
)

// Running the benchmarks, and what both reports read of their output.

// runBenchmarks builds the test binary once and runs the benchmarks count
// times, each run a separate process over every implementation, so that a
// drift in the machine's speed affects percent and net/url alike.
func runBenchmarks(count int, benchtime, kernel, bench string) ([]byte, error) {
	dir, err := os.MkdirTemp("", "benchreport")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "percent.test")
	args := []string{"test", "-c", "-o", bin}
	if kernel == "purego" {
		args = append(args, "-tags", "purego")
	}
	build := exec.Command("go", append(args, ".")...)
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return nil, err
	}
	var all []byte
	for i := 0; i < count; i++ {
		fmt.Fprintf(os.Stderr, "run %d of %d\n", i+1, count)
		cmd := exec.Command(bin, "-test.run=^$", "-test.bench="+bench,
			"-test.benchmem", "-test.benchtime="+benchtime)
		cmd.Stderr = os.Stderr
		if kernel == "avx2" || kernel == "ssse3" {
			cmd.Env = append(os.Environ(), "PERCENT_KERNEL="+kernel)
		}
		out, err := cmd.Output()
		if err != nil {
			return nil, err
		}
		all = append(all, out...)
	}
	return all, nil
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	y := append([]float64(nil), x...)
	sort.Float64s(y)
	if len(y)%2 == 1 {
		return y[len(y)/2]
	}
	return (y[len(y)/2-1] + y[len(y)/2]) / 2
}

func environment(out []byte) string {
	cpu := ""
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "cpu: ") {
			cpu = strings.TrimPrefix(l, "cpu: ")
		}
	}
	return fmt.Sprintf("%s, %s %s/%s, GOMAXPROCS %d", cpu, runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.GOMAXPROCS(0))
}
