// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/urlcodec/percent/form"
)

// The dialects are proven against their originals: the trees parse_str and
// Rack::Utils.parse_nested_query give, and what http_build_query and
// build_nested_query write for those trees, recorded over the inputs of
// dialectInputs in testdata/dialects (go test -run TestRecordDialects
// -record, with php and ruby-rack on the machine), and compared live where
// the interpreters are here.

var record = flag.Bool("record", false, "rewrite testdata/dialects from php and ruby")

// An original is a recorded ecosystem: its script in testdata/dialects, the
// command that runs it, and its dialect.
type original struct {
	name    string
	command []string
	dialect *form.Dialect
}

var originals = []original{
	{"qs", []string{"node", "record.js"}, form.QS},
	{"php", []string{"php", "record.php"}, form.PHP},
	{"rack", []string{"ruby", "record.rb"}, form.Rack},
}

// dialectAlphabet is the alphabet of key shapes.
const dialectAlphabet = "[].=&%+a0_ "

// dialectInputs returns the recorded inputs: hand-picked edge cases, every
// query of 1 to 3 bytes over dialectAlphabet, and random queries of 1 to 4
// pairs whose names mix the alphabet with escapes.
func dialectInputs() []string {
	in := []string{
		// the edges the ecosystems disagree on
		"a[1]=x&a[0]=y", "a[b]=1&a=2", "a=2&a[b]=1", "a[=1", "a[b]c=1", "a=1&a=2",
		"a[]=1&a[]=2", "a[][b]=1&a[][b]=2", "a[][b]=1&a[][c]=2", "a[]=1&a[b]=2",
		"a[b]=1&a[]=2", "a[0]=1&a[]=2", "a[5]=1&a[]=2", "a[-5]=1&a[]=2", "a[05]=1&a[]=2",
		"a[9223372036854775807]=1&a[]=2", "a[9223372036854775808]=1&a[]=2",
		"a.b=1", "a b=1", " a=1", "a[b.c]=1", "a[ b]=1", "a[ ]=1", "a[%09]=1", "a[%0B]=1", "a[%09%09]=1", "a[%20%20]=1", "a[b][c=1", "a[b[c]=1",
		"a]b[c]=1", "[a]=1", "[]=1", "=1", "a", "a&a[]=1", "a=&a[]=1", "a[b]=1&a[[=2",
		"a[][]=1&a[][]=2", "x=1;y=2& z=3", "a%5Bb%5D=1", "a%5bb%5d=1", "a%2Eb=1",
		"a%00b=1", "a=b%00c", "%00=1", "a%=1", "a=%", "a=%4", "a=%zz", "a%C3%A9=%C3%A9",
		"a%FF=1", "a=%FF", "a+b=c+d", "a%20b=1", "__proto__[x]=1", "a[__proto__]=1",
		"a[b][c][d][e][f][g]=1", "a[]b=1&a[]c=2", "a[][b]c=1", "a[b]]=1", "a[[b]]=1",
		"a%0A[]=1", "a[]%0A[]b=1", "a[]x%0A[]b=1", "a[][x]%0A=1", "a[][x%0Ay]=1", "a[]%0A[][x]=1&a[]%0A[][x]=2",
		"x[]%0A[y]=1", "a%0A[]%0A[]=1", "a[]b%0Ac=1", "?a=1", "a=1&&b=2", "&a=1&", "a=1=2", "a[b]=1&a[b][c]=2",
		"a[b][c]=2&a[b]=1", "a[0][b]=1&a[0][c]=2", "a[1]=1&a[0]=2&a[]=3",
		"a[]=x&a[]=y&a[0]=z", "a[b][]=1&a[b][]=2&a[c]=3",
		// a raw NUL: parse_str reads up to it
		"a=1\x00&b=2", "a\x00b=1", "\x00", "a=\x00", "a[\x00]=1", "&\x00&a=1",
	}
	// the limits: PHP's max_input_vars and max_input_nesting_level, Rack's
	// parameters, depth and key space, each at and past the limit
	in = append(in,
		strings.Repeat("a[]=1&", 1000), strings.Repeat("a[]=1&", 1001),
		strings.Repeat("&", 2000)+"a=1", "a"+strings.Repeat("[b]", 63)+"=1",
		"a"+strings.Repeat("[b]", 64)+"=1", "a"+strings.Repeat("[]", 64)+"=1",
		"a"+strings.Repeat("[b]", 98)+"=1", "a"+strings.Repeat("[b]", 99)+"=1",
		strings.Repeat("x&", 4095), strings.Repeat("x;", 4096),
		strings.Repeat("k", 65536)+"=1", strings.Repeat("k", 65537)+"=1",
		"a["+strings.Repeat("k", 40000)+"]=1&a["+strings.Repeat("j", 30000)+"]=2",
		// qs's array limit of 20, at and past it: repeats, appends, and
		// appends then a scalar
		strings.Repeat("a=x&", 20), strings.Repeat("a=x&", 21), strings.Repeat("a[]=x&", 20),
		strings.Repeat("a[]=x&", 21), strings.Repeat("a[]=x&", 19)+"a=y", strings.Repeat("a[]=x&", 20)+"a=y",
		"a=y&"+strings.Repeat("a[]=x&", 19), "a=y&"+strings.Repeat("a[]=x&", 20), "a[19]=x", "a[20]=x",
	)
	// every query of 1 to 3 bytes over the alphabet
	var all func(prefix string, n int)
	all = func(prefix string, n int) {
		if prefix != "" {
			in = append(in, prefix)
		}
		if n == 0 {
			return
		}
		for i := 0; i < len(dialectAlphabet); i++ {
			all(prefix+dialectAlphabet[i:i+1], n-1)
		}
	}
	all("", 3)
	// random queries of 1 to 4 pairs
	r := rand.New(rand.NewPCG(41, 2026))
	pieces := []string{"[", "]", ".", "%", "+", "a", "0", "_", " ", "b", "1", "[]", "[0]", "[a]",
		"%5B", "%5D", "%2E", "%20", "%00", "%C3%A9", "%FF", "%2", "%G1", "%EF%BF%BD", "%ED%A0%80", "%0A", "=", "&", ";"}
	for range 3000 {
		var b strings.Builder
		for p := range 1 + r.IntN(4) {
			if p > 0 {
				b.WriteString([]string{"&", "&", "&", ";", "& "}[r.IntN(5)])
			}
			for range 1 + r.IntN(6) {
				b.WriteString(pieces[r.IntN(len(pieces)-3)])
			}
			if r.IntN(8) > 0 {
				b.WriteByte('=')
				for range r.IntN(3) {
					b.WriteString(pieces[r.IntN(len(pieces))])
				}
			}
		}
		in = append(in, b.String())
	}
	// long queries of lists: indices about the 20-item limit, appends,
	// repeats, and values and maps at one key
	keys := []string{"a", "a[]", "a[0]", "a[1]", "a[2]", "a[5]", "a[19]", "a[20]", "a[21]", "a[25]",
		"a[100]", "a[b]", "a[0][b]", "a[][b]", "a[b][]", "a[1][]", "a[20][b]", "b", "b[]", "a[-1]"}
	vals := []string{"", "x", "1", "y"}
	for range 1500 {
		var b strings.Builder
		for p := range 5 + r.IntN(36) {
			if p > 0 {
				b.WriteByte('&')
			}
			b.WriteString(keys[r.IntN(len(keys))])
			b.WriteByte('=')
			b.WriteString(vals[r.IntN(len(vals))])
		}
		in = append(in, b.String())
	}
	return in
}

// dialectTrees returns the recorded inputs of the builders, in the
// recorders' neutral form: the empty key at every level, holding a string,
// a list or a map (http_build_query writes {"":["x"]} as "%5B0%5D=x"), and
// random trees of strings, lists, maps and nulls whose keys mix the empty
// key, integer keys and the bytes the builders escape.
func dialectTrees() []any {
	s := func(v string) any { return map[string]any{"s": hex.EncodeToString([]byte(v))} }
	l := func(items ...any) any { return map[string]any{"l": append([]any{}, items...)} }
	m := func(kv ...any) any {
		mm := []any{}
		for i := 0; i < len(kv); i += 2 {
			mm = append(mm, []any{hex.EncodeToString([]byte(kv[i].(string))), kv[i+1]})
		}
		return map[string]any{"m": mm}
	}
	trees := []any{
		m("", s("x")), m("", l(s("x"))), m("", l(s("x"), s("y"))), m("", m("a", s("b"))),
		m("", m("a", m("b", s("c")))), m("", l(l(s("x")))), m("", m("", s("x"))), m("a", m("", s("x"))),
		m("a", m("", l(s("x")))), m("a", l(m("", s("x")))), m("0", m("", s("x"))), m("", l(), "a", s("b")),
		m("", m(), "a", s("b")), m("", nil, "a", s("b")), m("a", s("1"), "", l(s("x")), "b", s("2")),
		l(m("", s("x"))), l(s("x"), m("", l(s("y")))), m("", s("")),
	}
	r := rand.New(rand.NewPCG(53, 5))
	keys := []string{"", "", "a", "b", "0", "1", "2", "10", "-1", "01", "a b", "é", "[", "]", "x.y", "%", "&="}
	vals := []string{"", "x", "a b", "&=", "é", "[]", "+"}
	var gen func(depth int) any
	gen = func(depth int) any {
		switch k := r.IntN(10); {
		case depth >= 3 || k < 4:
			return s(vals[r.IntN(len(vals))])
		case k == 4:
			return nil
		case k < 7:
			var items []any
			for range r.IntN(4) {
				items = append(items, gen(depth+1))
			}
			return l(items...)
		default:
			var kv []any
			seen := map[string]bool{}
			for range r.IntN(4) {
				key := keys[r.IntN(len(keys))]
				if !seen[key] {
					seen[key] = true
					kv = append(kv, key, gen(depth+1))
				}
			}
			return m(kv...)
		}
	}
	for range 3000 {
		var kv []any
		seen := map[string]bool{}
		for range 1 + r.IntN(4) {
			key := keys[r.IntN(len(keys))]
			if !seen[key] {
				seen[key] = true
				kv = append(kv, key, gen(1))
			}
		}
		trees = append(trees, m(kv...))
	}
	return trees
}

// treeLines returns the trees as the recorders read them, one JSON a line.
func treeLines(t *testing.T, trees []any) []string {
	var out []string
	for _, tr := range trees {
		b, err := json.Marshal(tr)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// fromNeutral is the Node of a tree in the recorders' neutral form.
func fromNeutral(v any) *form.Node {
	mm, ok := v.(map[string]any)
	if !ok {
		return &form.Node{}
	}
	if h, ok := mm["s"].(string); ok {
		b, _ := hex.DecodeString(h)
		return &form.Node{Kind: form.String, Value: string(b)}
	}
	if items, ok := mm["l"].([]any); ok {
		n := &form.Node{Kind: form.List, Items: []*form.Node{}}
		for _, it := range items {
			n.Items = append(n.Items, fromNeutral(it))
		}
		return n
	}
	n := &form.Node{Kind: form.Map}
	for _, kv := range mm["m"].([]any) {
		pair := kv.([]any)
		k, _ := hex.DecodeString(pair[0].(string))
		n.Members = append(n.Members, form.Member{Key: string(k), Value: fromNeutral(pair[1])})
	}
	return n
}

// checkBuild compares d's Build of a tree (one neutral JSON line) with
// the original's recorded line, and returns a difference or "".
func checkBuild(d *form.Dialect, tree, line string) string {
	var want result
	if err := json.Unmarshal([]byte(line), &want); err != nil {
		return fmt.Sprintf("bad record %q: %v", line, err)
	}
	var v any
	if err := json.Unmarshal([]byte(tree), &v); err != nil {
		return fmt.Sprintf("bad tree %q: %v", tree, err)
	}
	got, err := d.Build(fromNeutral(v))
	if want.BuildFail != "" {
		if err == nil {
			return fmt.Sprintf("Build(%s) = %q, want an error (%s)", tree, got, want.BuildFail)
		}
		return ""
	}
	wb, _ := hex.DecodeString(want.Build)
	if err != nil || got != string(wb) {
		return fmt.Sprintf("Build(%s) = %q, %v; the original writes %q", tree, got, err, wb)
	}
	return ""
}

// runOriginal runs o's script over the queries in dir testdata/dialects and
// returns its lines.
func runOriginal(t *testing.T, o original, queries []string) []string {
	t.Helper()
	var stdin strings.Builder
	for _, q := range queries {
		stdin.WriteString(hex.EncodeToString([]byte(q)) + "\n")
	}
	return runScript(t, o, nil, stdin.String(), len(queries))
}

// runBuilder runs o's script over trees (neutral JSON lines) with "build".
func runBuilder(t *testing.T, o original, trees []string) []string {
	t.Helper()
	return runScript(t, o, []string{"build"}, strings.Join(trees, "\n")+"\n", len(trees))
}

// runScript runs o's script with args and stdin, and returns its n lines.
func runScript(t *testing.T, o original, args []string, stdin string, n int) []string {
	t.Helper()
	cmd := exec.Command(o.command[0], append(o.command[1:], args...)...)
	cmd.Dir = filepath.Join("testdata", "dialects")
	cmd.Stdin = strings.NewReader(stdin)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v\n%s", o.name, err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%s: %d results for %d inputs", o.name, len(lines), n)
	}
	return lines
}

// haveOriginal reports whether o's interpreter, and for Rack the rack gem,
// is on this machine.
func haveOriginal(o original) bool {
	if _, err := exec.LookPath(o.command[0]); err != nil {
		return false
	}
	switch o.name {
	case "rack":
		return exec.Command("ruby", "-e", `require "rack"`).Run() == nil
	case "qs":
		cmd := exec.Command("node", "-e", `require("qs")`)
		cmd.Dir = filepath.Join("testdata", "dialects")
		return cmd.Run() == nil
	}
	return true
}

func originalVersion(t *testing.T, o original) string {
	cmd := exec.Command(o.command[0], o.command[1], "version")
	cmd.Dir = filepath.Join("testdata", "dialects")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s version: %v", o.name, err)
	}
	return strings.TrimSpace(string(out))
}

// TestRecordDialects rewrites testdata/dialects (with -record).
func TestRecordDialects(t *testing.T) {
	if !*record {
		t.Skip("rewrites testdata/dialects with -record")
	}
	in := dialectInputs()
	// one input or result a line
	write := func(name, head string, lines []string) {
		var b strings.Builder
		b.WriteString(head + "[\n")
		for i, l := range lines {
			b.WriteString(l)
			if i < len(lines)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("]")
		if head != "" {
			b.WriteString("}")
		}
		b.WriteByte('\n')
		if err := os.WriteFile(filepath.Join("testdata", "dialects", name), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var quoted []string
	for _, q := range in {
		b, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		quoted = append(quoted, string(b))
	}
	write("inputs.json", "", quoted)
	trees := treeLines(t, dialectTrees())
	write("build-trees.json", "", trees)
	for _, o := range originals {
		v, err := json.Marshal(originalVersion(t, o))
		if err != nil {
			t.Fatal(err)
		}
		write(o.name+".json", `{"version": `+string(v)+`, "results": `, runOriginal(t, o, in))
		write(o.name+"-build.json", `{"version": `+string(v)+`, "results": `, runBuilder(t, o, trees))
	}
}

// A result is one line of a recorder.
type result struct {
	Tree      any    `json:"t"`
	Build     string `json:"b"`
	BuildFail string `json:"be"`
	Err       string `json:"e"`
}

// neutral is n in the recorders' form: null, {"s": hex}, {"l": [...]} or
// {"m": [[hex key, ...], ...]}, as encoding/json decodes it.
func neutral(n *form.Node) any {
	switch n.Kind {
	case form.String:
		return map[string]any{"s": hex.EncodeToString([]byte(n.Value))}
	case form.List:
		l := []any{}
		for _, it := range n.Items {
			l = append(l, neutral(it))
		}
		return map[string]any{"l": l}
	case form.Map:
		m := []any{}
		for _, mm := range n.Members {
			m = append(m, []any{hex.EncodeToString([]byte(mm.Key)), neutral(mm.Value)})
		}
		return map[string]any{"m": m}
	}
	return nil
}

// checkDialect compares d's Parse and Build of q with the original's
// recorded line, and returns a difference or "".
func checkDialect(d *form.Dialect, q, line string) string {
	var want result
	if err := json.Unmarshal([]byte(line), &want); err != nil {
		return fmt.Sprintf("bad record %q: %v", line, err)
	}
	n, err := d.Parse(q)
	if want.Err != "" {
		if err == nil {
			return fmt.Sprintf("Parse(%q) = %s, want an error (the original: %s)", q, js(n), want.Err)
		}
		return ""
	}
	if err != nil {
		return fmt.Sprintf("Parse(%q): %v, want %v", q, err, want.Tree)
	}
	if got := neutral(n); !reflect.DeepEqual(got, want.Tree) {
		return fmt.Sprintf("Parse(%q) = %s\nthe original's tree: %s", q, js(n), jsAny(want.Tree))
	}
	b, err := d.Build(n)
	switch {
	case want.BuildFail != "":
		if err == nil {
			return fmt.Sprintf("Build(Parse(%q)) = %q, want an error (%s)", q, b, want.BuildFail)
		}
	case err != nil:
		return fmt.Sprintf("Build(Parse(%q)): %v", q, err)
	default:
		wb, _ := hex.DecodeString(want.Build)
		if b != string(wb) {
			return fmt.Sprintf("Build(Parse(%q)) = %q, the original writes %q", q, b, wb)
		}
	}
	return ""
}

func js(n *form.Node) string {
	b, err := n.MarshalJSON()
	if err != nil {
		return err.Error()
	}
	return string(b)
}

func jsAny(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestDialectsRecorded: every recorded input, read and written by each
// dialect as its original did: 0 differences.
func TestDialectsRecorded(t *testing.T) {
	var in []string
	readJSON(t, "inputs.json", &in)
	for _, o := range originals {
		var rec struct {
			Version string            `json:"version"`
			Results []json.RawMessage `json:"results"`
		}
		readJSON(t, o.name+".json", &rec)
		if len(rec.Results) != len(in) {
			t.Fatalf("%s.json: %d results for %d inputs", o.name, len(rec.Results), len(in))
		}
		diffs := 0
		for i, q := range in {
			if d := checkDialect(o.dialect, q, string(rec.Results[i])); d != "" {
				if diffs++; diffs <= 20 {
					t.Errorf("%s (%s): %s", o.name, rec.Version, d)
				}
			}
		}
		if diffs > 0 {
			t.Errorf("%s: %d differences in %d inputs", o.name, diffs, len(in))
		}
	}
}

// TestDialectsBuildRecorded: every recorded tree, written by each
// dialect's Build as its original's builder wrote it: 0 differences.
func TestDialectsBuildRecorded(t *testing.T) {
	var trees []json.RawMessage
	readJSON(t, "build-trees.json", &trees)
	for _, o := range originals {
		var rec struct {
			Version string            `json:"version"`
			Results []json.RawMessage `json:"results"`
		}
		readJSON(t, o.name+"-build.json", &rec)
		if len(rec.Results) != len(trees) {
			t.Fatalf("%s-build.json: %d results for %d trees", o.name, len(rec.Results), len(trees))
		}
		diffs := 0
		for i, tr := range trees {
			if d := checkBuild(o.dialect, string(tr), string(rec.Results[i])); d != "" {
				if diffs++; diffs <= 20 {
					t.Errorf("%s (%s): %s", o.name, rec.Version, d)
				}
			}
		}
		if diffs > 0 {
			t.Errorf("%s: %d differences in %d trees", o.name, diffs, len(trees))
		}
	}
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "dialects", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestDialectsLive runs the originals here, where they are, over the
// recorded inputs and fresh random ones.
func TestDialectsLive(t *testing.T) {
	if testing.Short() {
		t.Skip("runs php and ruby")
	}
	in := dialectInputs()
	r := rand.New(rand.NewPCG(uint64(os.Getpid()), 7))
	for range 3000 {
		var b strings.Builder
		for range 1 + r.IntN(24) {
			b.WriteString([]string{"[", "]", ".", "=", "&", ";", "%", "+", "a", "0", "_", " ", "b", "5", "%09", "%0B", "%5B", "%5D", "%0A", "[]"}[r.IntN(20)])
		}
		in = append(in, b.String())
	}
	for _, o := range originals {
		t.Run(o.name, func(t *testing.T) {
			if !haveOriginal(o) {
				t.Skipf("%s is not on this machine", o.command[0])
			}
			lines := runOriginal(t, o, in)
			diffs := 0
			for i, q := range in {
				if d := checkDialect(o.dialect, q, lines[i]); d != "" {
					if diffs++; diffs <= 20 {
						t.Error(d)
					}
				}
			}
			trees := treeLines(t, dialectTrees())
			for i, line := range runBuilder(t, o, trees) {
				if d := checkBuild(o.dialect, trees[i], line); d != "" {
					if diffs++; diffs <= 20 {
						t.Error(d)
					}
				}
			}
			if diffs > 0 {
				t.Errorf("%d differences in %d inputs (%s)", diffs, len(in), originalVersion(t, o))
			}
		})
	}
}
