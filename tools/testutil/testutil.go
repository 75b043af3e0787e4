// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package testutil holds what the tests of several packages share.
package testutil

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ReadJSON reads the JSON file at path into v, failing t if it cannot.
func ReadJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// AllStrings returns every string of length 0 to n over the bytes of
// alphabet, shortest first: the inputs of the exhaustive tests of
// splitters and parsers.
func AllStrings(alphabet string, n int) []string {
	out, last := []string{""}, []string{""}
	for ; n > 0; n-- {
		var next []string
		for _, s := range last {
			for i := range len(alphabet) {
				next = append(next, s+alphabet[i:i+1])
			}
		}
		out, last = append(out, next...), next
	}
	return out
}

// JSONObjects returns the objects of the JSON list at path, less the
// strings between them (WPT's data files put comments there).
func JSONObjects(t testing.TB, path string) []json.RawMessage {
	t.Helper()
	var raw []json.RawMessage
	ReadJSON(t, path, &raw)
	var out []json.RawMessage
	for _, r := range raw {
		if len(r) > 0 && r[0] == '{' {
			out = append(out, r)
		}
	}
	return out
}

// GzipLines returns the lines of the gzip-compressed text file at path.
func GzipLines(t testing.TB, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var lines []string
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return lines
}

// NodeScript returns the command that runs node on script in dir with
// args, or nil when node, or the npm package need in dir's node_modules,
// is not on this machine.
func NodeScript(dir, script, need string, args ...string) *exec.Cmd {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil
	}
	dir, err = filepath.Abs(dir)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", need)); err != nil {
		return nil
	}
	cmd := exec.Command(node, append([]string{filepath.Join(dir, script)}, args...)...)
	cmd.Dir = dir
	return cmd
}

// RunLines runs cmd with in on its standard input and returns its
// output's lines, failing t unless it exits 0 and writes n of them.
func RunLines(t testing.TB, cmd *exec.Cmd, in []byte, n int) [][]byte {
	t.Helper()
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(lines) != n {
		t.Fatalf("%s: %d lines for %d inputs", cmd, len(lines), n)
	}
	return lines
}

// WriteGzipRecords writes header and then each record as a line of JSON
// (HTML characters unescaped) to the gzip-compressed file at path: the
// recorded outputs the live tests compare with where the original does
// not run.
func WriteGzipRecords(t testing.TB, path, header string, records []any) {
	t.Helper()
	var buf bytes.Buffer
	z, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	z.Write([]byte(strings.TrimSuffix(header, "\n") + "\n"))
	enc := json.NewEncoder(z)
	enc.SetEscapeHTML(false)
	for _, r := range records {
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A Record is a line of a recorded file: a case, and what the original
// gave for it.
type Record[C, W any] struct {
	C C `json:"c"`
	W W `json:"w"`
}

// ReadGzipRecords reads a file that WriteGzipRecords wrote with Records:
// its header line, and the cases and results in order.
func ReadGzipRecords[C, W any](t testing.TB, path string) (header string, cases []C, results []W) {
	t.Helper()
	lines := GzipLines(t, path)
	if len(lines) == 0 {
		t.Fatalf("%s: no header line", path)
	}
	for _, l := range lines[1:] {
		var r Record[C, W]
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		cases, results = append(cases, r.C), append(results, r.W)
	}
	return lines[0], cases, results
}

// ReportDiffs fails t with the first 30 of diffs, and with their count
// when there are any or when fewer than least cases were compared.
func ReportDiffs(t testing.TB, diffs []string, cases, least int, header string) {
	t.Helper()
	for i, d := range diffs {
		if i == 30 {
			break
		}
		t.Error(d)
	}
	if len(diffs) > 0 || cases < least {
		t.Errorf("%d differences in %d cases (%s)", len(diffs), cases, header)
	}
}
