// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package formbench

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	ajg "github.com/ajg/form"
	playground "github.com/go-playground/form/v4"
	"github.com/gorilla/schema"

	"github.com/urlcodec/percent/form"
)

var update = flag.Bool("update", false, "rewrite the edge-case table of RESULTS.md")

// The targets of the edge cases: one Go type a row, tagged for every
// binder (go-playground/form and ajg/form read "form", gorilla/schema
// "schema").
type (
	list struct {
		A []string `form:"a" schema:"a"`
	}
	upper struct {
		A []string `form:"A" schema:"A"`
	}
	scalar struct {
		S string `form:"s" schema:"s"`
	}
	strMap struct {
		A map[string]string `form:"a" schema:"a"`
	}
	intMap struct {
		M map[int]string `form:"m" schema:"m"`
	}
	line struct {
		B string `form:"b" schema:"b"`
	}
	lines struct {
		L []line `form:"l" schema:"l"`
	}
	Inner struct {
		X string `form:"x" schema:"x"`
	}
	embedded struct {
		*Inner
	}
	when struct {
		T time.Time `form:"t" schema:"t"`
	}
	addr struct {
		IP netip.Addr `form:"ip" schema:"ip"`
	}
	small struct {
		N uint8 `form:"n" schema:"n"`
	}
	checkbox struct {
		B bool `form:"b" schema:"b"`
	}
)

// edge is one row: the query and a fresh target.
type edge struct {
	name, q string
	target  func() any
	mem     bool // report the bytes allocated
}

func edges() []edge {
	return []edge{
		{"indices out of order", "a[1]=x&a[0]=y", func() any { return new(list) }, false},
		{"a key repeated for a list", "a=1&a=2", func() any { return new(list) }, false},
		{"a key repeated for a scalar", "s=1&s=2", func() any { return new(scalar) }, false},
		{"a map, then a value at its key", "a[b]=1&a=2", func() any { return new(strMap) }, false},
		{"a value, then a map at its key", "a=2&a[b]=1", func() any { return new(strMap) }, false},
		{"a bracket that does not close (go-playground #7, #29, #45)", "a[=1", func() any { return new(strMap) }, false},
		{"text after a bracket", "a[b]c=1", func() any { return new(strMap) }, false},
		{"a list and its item (go-playground #30)", "A=1&A[1]=2", func() any { return new(upper) }, false},
		{"an index of 5000 (go-playground #2)", "l[5000].b=1", func() any { return new(lines) }, true},
		{"an index of 999999999 (CVE-2024-37298)", "l[999999999].b=1", func() any { return new(lines) }, true},
		{"an index after a dot (gorilla/schema #202)", "l.0.b=x", func() any { return new(lines) }, false},
		{"an index in brackets, a field in brackets", "l[0][b]=x", func() any { return new(lines) }, false},
		{"an embedded struct pointer (gorilla/schema #139, #211)", "x=1", func() any { return new(embedded) }, false},
		{"time.Time, a TextUnmarshaler (go-playground PR #63)", "t=2026-12-05T10:00:00Z", func() any { return new(when) }, false},
		{"netip.Addr, a TextUnmarshaler", "ip=192.0.2.1", func() any { return new(addr) }, false},
		{"a map with int keys (gorilla/schema #24, #78)", "m[1]=x&m[2]=y", func() any { return new(intMap) }, false},
		{"__proto__ as a key (CVE-2022-24999)", "a[__proto__]=1&a[b]=2", func() any { return new(strMap) }, false},
		{"a malformed escape", "s=%zz", func() any { return new(scalar) }, false},
		{"a number out of range", "n=300", func() any { return new(small) }, false},
		{"a checkbox", "b=on", func() any { return new(checkbox) }, false},
		{"100 000 pairs (CVE-2025-61726)", strings.Repeat("a=1&", 100000), func() any { return new(list) }, true},
	}
}

// A binder decodes a query into a target.
type binder struct {
	name   string
	decode func(q string, v any) error
}

var binders = []binder{
	{"percent/form", form.Unmarshal},
	{"go-playground/form v4.2.1", func(q string, v any) error {
		vs, err := url.ParseQuery(q)
		if err != nil {
			return err
		}
		return playground.NewDecoder().Decode(v, vs)
	}},
	{"gorilla/schema v1.4.1", func(q string, v any) error {
		vs, err := url.ParseQuery(q)
		if err != nil {
			return err
		}
		return sortedMulti(schema.NewDecoder().Decode(v, vs))
	}},
	{"ajg/form v1.9.0", func(q string, v any) error { return ajg.DecodeString(v, q) }},
}

// sortedMulti is err, but for a gorilla/schema MultiError, whose message
// names whichever of its errors a map ranges over first: the one of the
// least key, with the count of the others as MultiError writes it, so that
// the table does not change from run to run.
func sortedMulti(err error) error {
	m, ok := err.(schema.MultiError)
	if !ok || len(m) < 2 {
		return err
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := m[keys[0]].Error()
	if len(m) == 2 {
		return errors.New(s + " (and 1 other error)")
	}
	return fmt.Errorf("%s (and %d other errors)", s, len(m)-1)
}

// run decodes q with b into a fresh target, and describes the outcome: the
// value as JSON, the error, or the panic, with the bytes allocated when mem.
func run(b binder, e edge) string {
	v := e.target()
	var ms0, ms1 runtime.MemStats
	runtime.GC() // twice: a sync.Pool outlives one collection, and the count
	runtime.GC() // is of a cold call, whatever ran before
	runtime.ReadMemStats(&ms0)
	err, panicked := func() (err error, p any) {
		defer func() { p = recover() }()
		return b.decode(e.q, v), nil
	}()
	runtime.ReadMemStats(&ms1)
	allocated := ms1.TotalAlloc - ms0.TotalAlloc
	if e.mem {
		// The least of three cold calls: on a loaded machine the runtime
		// now and then allocates during one (a few kB), which is not the
		// binder's.
		for range 2 {
			w := e.target()
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&ms0)
			func() {
				defer func() { recover() }()
				b.decode(e.q, w)
			}()
			runtime.ReadMemStats(&ms1)
			allocated = min(allocated, ms1.TotalAlloc-ms0.TotalAlloc)
		}
	}
	var s string
	switch {
	case panicked != nil:
		s = "panic: " + fmt.Sprint(panicked)
	case err != nil:
		s = "error: " + err.Error()
	default:
		j, jerr := json.Marshal(v)
		if jerr != nil {
			j = []byte(fmt.Sprintf("%+v", v))
		}
		s = string(j)
	}
	s = cut(s, 70)
	if e.mem {
		s += fmt.Sprintf(" (%s allocated)", size(allocated))
	}
	return s
}

// size is n bytes, coarse enough that a peer's cache warming up does not
// change the table: under 4 kB, or to two digits.
func size(n uint64) string {
	switch {
	case n < 4<<10:
		return "under 4 kB"
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 100<<10:
		return fmt.Sprintf("%d kB", (n>>10)/10*10)
	}
	return fmt.Sprintf("%d kB", n>>10)
}

func cut(s string, n int) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}

// table is the edge-case table in Markdown.
func table() string {
	var b strings.Builder
	b.WriteString("| case | query | " + names() + " |\n|---|---|")
	for range binders {
		b.WriteString("---|")
	}
	b.WriteByte('\n')
	for _, e := range edges() {
		q := e.q
		if len(q) > 40 {
			q = q[:20] + "…"
		}
		fmt.Fprintf(&b, "| %s | `%s` |", e.name, q)
		for _, bd := range binders {
			// the allocations of the first run include the peers' caches
			run(bd, e)
			fmt.Fprintf(&b, " %s |", run(bd, e))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func names() string {
	var ns []string
	for _, b := range binders {
		ns = append(ns, b.name)
	}
	return strings.Join(ns, " | ")
}

const (
	beginEdges = "<!-- edge cases: go test -run TestPeers -update -->\n"
	endEdges   = "<!-- end of edge cases -->\n"
)

// TestPeers: the edge-case table of RESULTS.md is what the binders return
// today (with -update, it rewrites it), and percent's column holds what
// DESIGN promises: no panic, no dropped pair, nothing large allocated.
func TestPeers(t *testing.T) {
	got := table()
	b, err := os.ReadFile("RESULTS.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i, j := strings.Index(doc, beginEdges), strings.Index(doc, endEdges)
	if i < 0 || j < i {
		t.Fatal("RESULTS.md has no edge-case markers")
	}
	if *update {
		doc = doc[:i+len(beginEdges)] + got + doc[j:]
		if err := os.WriteFile("RESULTS.md", []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if shape(doc[i+len(beginEdges):j]) != shape(got) {
		t.Errorf("RESULTS.md's edge cases are not current (go test -run TestPeers -update):\n%s", got)
	}
}

// errorText is an error's message in a cell: the peers that walk
// url.Values (a Go map) name a different key from run to run.
var errorText = regexp.MustCompile(`error: [^|]*?( \([^)]*allocated\))? \|`)

// shape is the table with each error's message left out: what a binder
// returns, a value, an error or a panic, and what it allocates.
func shape(table string) string {
	return errorText.ReplaceAllString(table, "error$1 |")
}

// TestPercentColumn: percent's outcome of each edge, from DESIGN's rules.
func TestPercentColumn(t *testing.T) {
	want := map[string]string{
		"indices out of order":                          `{"A":["y","x"]}`,
		"a key repeated for a list":                     `{"A":["1","2"]}`,
		"a key repeated for a scalar":                   "error",
		"a map, then a value at its key":                "error",
		"a value, then a map at its key":                "error",
		"text after a bracket":                          "error",
		"a list and its item (go-playground #30)":       `{"A":["1","2"]}`,
		"an index in brackets, a field in brackets":     `{"L":[{"B":"x"}]}`,
		"an index after a dot (gorilla/schema #202)":    `{"L":[{"B":"x"}]}`,
		"a map with int keys (gorilla/schema #24, #78)": `{"M":{"1":"x","2":"y"}}`,
		"a malformed escape":                            "error",
		"a number out of range":                         "error",
		"a checkbox":                                    `{"B":true}`,
		"100 000 pairs (CVE-2025-61726)":                "error",
	}
	for _, e := range edges() {
		got := run(binders[0], e)
		if strings.HasPrefix(got, "panic") {
			t.Errorf("%s: %s", e.name, got)
		}
		if w, ok := want[e.name]; ok && !strings.HasPrefix(got, w) {
			t.Errorf("%s: %s, want %s", e.name, got, w)
		}
	}
}
