// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"maps"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/expand"
)

// This file holds Match's promise as a property: Match returns values
// exactly when one map of strings writes uri, and Expand(Match(u)) == u.
// The oracle, writers, finds the maps that write a URI with Parse and
// Expand alone (no code of Match's).

// writers returns up to two distinct maps of strings (a variable absent
// where undefined) that the template expands to u. It assigns the
// variables in the order they stand, each undefined or a text of u from
// where its expansion must begin (decoded where it stands in an
// expression that decodes; as it stands, where the variable stands in a
// "+" or "#" expression anywhere, as Match reads those), and keeps an
// assignment only while the template cut after the variables assigned so
// far expands to a prefix of u.
func writers(t *testing.T, tpl *Template, u string) []map[string]string {
	t.Helper()
	type occ struct {
		part, k int
	}
	var occs []occ
	decodes := map[string]bool{}  // a variable read by a decoding expression somewhere
	raws := map[string]bool{}     // a variable read by "+" or "#" somewhere
	prefixed := map[string]bool{} // a variable read through a prefix somewhere
	for i, p := range tpl.parts {
		for k, v := range p.vars {
			occs = append(occs, occ{i, k})
			prefixed[v.Name] = prefixed[v.Name] || v.Prefix > 0
			if !p.op.Reserved {
				decodes[v.Name] = true
			} else {
				raws[v.Name] = true
			}
		}
	}
	// prefixTemplate is the template's text up to occurrence j (the
	// variables of its expression before it, it included).
	prefixTemplate := func(j int) string {
		o := occs[j]
		p := tpl.parts[o.part]
		var b strings.Builder
		b.WriteString(tpl.raw[:p.off])
		b.WriteByte('{')
		if op := opChar(p.op); op != "" {
			b.WriteString(op)
		}
		for k := 0; k <= o.k; k++ {
			if k > 0 {
				b.WriteByte(',')
			}
			v := p.vars[k]
			b.WriteString(v.Name)
			if v.Prefix > 0 {
				b.WriteString(":" + strconv.Itoa(v.Prefix))
			}
			if v.Explode {
				b.WriteByte('*')
			}
		}
		b.WriteByte('}')
		return b.String()
	}
	parsed := map[string]*Template{}
	expandAll := func(src string, vals map[string]string) (string, bool) {
		pt, ok := parsed[src]
		if !ok {
			var err error
			if pt, err = Parse(src); err != nil {
				t.Fatalf("Parse(%q): %v", src, err)
			}
			parsed[src] = pt
		}
		m := map[string]any{}
		for k, v := range vals {
			m[k] = v
		}
		s, err := pt.Expand(m)
		return s, err == nil
	}
	// holdsStructural reports whether a value's text, in the expansion of
	// vals, holds the first "?" (before any "#") or the first "#" of u:
	// RFC 3986 reads them as the end of the path and the fragment's
	// start, so no value holds them.
	qi, hi := strings.IndexByte(u, '?'), strings.IndexByte(u, '#')
	if hi >= 0 && qi > hi {
		qi = -1
	}
	holdsStructural := func(vals map[string]string) bool {
		for j, o := range occs {
			p := tpl.parts[o.part]
			exprStart, _ := expandAll(tpl.raw[:p.off], vals)
			before := exprStart
			if o.k > 0 {
				before, _ = expandAll(prefixTemplate(j-1), vals)
			}
			after, _ := expandAll(prefixTemplate(j), vals)
			s0, s1 := len(before), len(after)
			if s1 == s0 {
				continue // undefined
			}
			vs := s0 + 1 // a separator
			if s0 == len(exprStart) {
				vs = s0 + len(p.op.First)
			}
			if p.op.Named {
				vs += len(p.vars[o.k].Name)
				if vs < s1 {
					vs++ // "="
				}
			}
			for _, x := range []int{qi, hi} {
				if x >= 0 && vs <= x && x < s1 {
					return true
				}
			}
		}
		return false
	}
	var found []map[string]string
	seen := map[string]bool{}
	vals := map[string]string{}
	undef := map[string]bool{}
	var rec func(j int)
	rec = func(j int) {
		if len(found) >= 2 {
			return
		}
		if j == len(occs) {
			if s, ok := expandAll(tpl.raw, vals); !ok || s != u || holdsStructural(vals) {
				return
			}
			key := mapKey(vals)
			if !seen[key] {
				seen[key] = true
				cp := map[string]string{}
				for k, v := range vals {
					cp[k] = v
				}
				found = append(found, cp)
			}
			// A prefix as long as it is: a longer value writes u too.
			for name, v := range vals {
				vals[name] = v + "x"
				if s, ok := expandAll(tpl.raw, vals); ok && s == u && !seen[mapKey(vals)] && !holdsStructural(vals) {
					seen[mapKey(vals)] = true
					found = append(found, map[string]string{name: v + "x"})
				}
				vals[name] = v
			}
			return
		}
		name := tpl.parts[occs[j].part].vars[occs[j].k].Name
		_, assigned := vals[name]
		if assigned || undef[name] {
			if s, ok := expandAll(prefixTemplate(j), vals); ok && strings.HasPrefix(u, s) {
				rec(j + 1)
			}
			return
		}
		// Undefined.
		undef[name] = true
		if s, ok := expandAll(prefixTemplate(j), vals); ok && strings.HasPrefix(u, s) {
			rec(j + 1)
		}
		delete(undef, name)
		// Defined: its text begins where the expansion so far ends, after
		// the expression's first string or separator and a name.
		before := ""
		if j > 0 {
			before, _ = expandAll(prefixTemplate(j-1), vals)
			if occs[j-1].part != occs[j].part {
				before, _ = expandAll(tpl.raw[:tpl.parts[occs[j].part].off], vals)
			}
		} else {
			before, _ = expandAll(tpl.raw[:tpl.parts[occs[j].part].off], vals)
		}
		if !strings.HasPrefix(u, before) {
			return
		}
		op := tpl.parts[occs[j].part].op
		v := tpl.parts[occs[j].part].vars[occs[j].k]
		// RFC 3986: the first "?" ends the path and the first "#" starts
		// the fragment; no value's text holds them.
		lo, hiFrom := len(before), len(before)+len(op.First)+len(name)+1
		if v.Prefix > 0 || op.Reserved && decodes[name] {
			// The value may go on past what is written here, or is
			// read whole where a later expression decodes it.
			lo, hiFrom = 0, len(u)
		}
		cands := map[string]bool{}
		for from := lo; from <= hiFrom && from <= len(u); from++ {
			for to := from; to <= len(u); to++ {
				if from <= qi && qi < to || from <= hi && hi < to {
					break
				}
				text := u[from:to]
				// "+" and "#" values are read with their escapes as
				// they stand: a text reserved expansion writes as it is.
				// (A prefix that a decoding expression reads may be the
				// prefix of such a value: proposed here too.)
				if raws[name] && expand.ReservedEnc.MakeSafe(text) == text {
					cands[text] = true
				}
				// A prefix in "+" or "#" is a value's first characters,
				// and those may be what the escapes stand for; so may a
				// value whose prefix is read.
				if !op.Reserved || decodes[name] || prefixed[name] {
					cands[percent.Component.DecodeLenient(text)] = true
				}
			}
		}
		for c := range cands {
			vals[name] = c
			if s, ok := expandAll(prefixTemplate(j), vals); ok && strings.HasPrefix(u, s) {
				rec(j + 1)
			}
			delete(vals, name)
			if len(found) >= 2 {
				return
			}
		}
	}
	rec(0)
	return found
}

// opChar is the operator character of op, "" for simple expansion.
func opChar(op *expand.Op) string {
	switch op {
	case expand.Reserved:
		return "+"
	case expand.Fragment:
		return "#"
	case expand.Label:
		return "."
	case expand.Path:
		return "/"
	case expand.Param:
		return ";"
	case expand.Query:
		return "?"
	case expand.Cont:
		return "&"
	}
	return ""
}

// mapKey writes a map in one string, keys sorted.
func mapKey(m map[string]string) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(m)) {
		b.WriteString(strconv.Quote(k) + "=" + strconv.Quote(m[k]) + ";")
	}
	return b.String()
}

// checkMatch holds Match to the oracle on u: the one writer where there is
// one, false where there are none or two; and Expand(Match(u)) == u.
func checkMatch(t *testing.T, tpl *Template, u string) (matched bool) {
	t.Helper()
	got, ok := tpl.Match(u)
	w := writers(t, tpl, u)
	if ok {
		back, err := tpl.Expand(got)
		if err != nil || back != u {
			t.Errorf("%s: Match(%q) = %v, which expands to %q", tpl.raw, u, got, back)
		}
	}
	switch {
	case len(w) == 1 && !ok:
		t.Errorf("%s: Match(%q) = false; one map writes it: %v", tpl.raw, u, w[0])
	case len(w) == 1:
		want := map[string]any{}
		for k, v := range w[0] {
			want[k] = v
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Match(%q) = %v; the one map that writes it is %v", tpl.raw, u, got, w[0])
		}
	case ok:
		t.Errorf("%s: Match(%q) = %v; but %d maps write it: %v", tpl.raw, u, got, len(w), w)
	}
	return ok
}

// TestMatchGitHub: expansions of GitHub's hypermedia templates (25 each,
// 1 100 in all; FuzzMatch goes on from there), with
// values an API gives (owners, repositories, refs such as "main" and
// "v1.2", paths with "/", queries with spaces and "+", numbers, some
// undefined), reads back exactly when one map writes it. Before the
// readers issue, starred_url matched 9 of 500 of its own expansions and
// compare_url none.
func TestMatchGitHub(t *testing.T) {
	data, err := os.ReadFile("testdata/github-hypermedia.txt")
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"octocat", "Hello-World", "main", "dev", "v1.2", "feature/x", "a.b", "1347", "docs/README.md",
		"is:open label:bug", "go+json", "c%2B%2B", "é", "x...y", "", "42"}
	r := rand.New(rand.NewPCG(6570, 39))
	templates, total, matched := 0, 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		tpl, err := Parse(line)
		if err != nil {
			t.Fatalf("Parse(%q): %v", line, err)
		}
		templates++
		n := 25
		if testing.Short() {
			n = 5
		}
		for range n {
			vals := map[string]any{}
			for _, name := range tpl.Names() {
				if r.IntN(5) > 0 {
					vals[name] = words[r.IntN(len(words))]
				}
			}
			u, err := tpl.Expand(vals)
			if err != nil {
				t.Fatal(err)
			}
			total++
			if checkMatch(t, tpl, u) {
				matched++
			}
		}
	}
	if templates != 44 || matched < total/3 {
		t.Fatalf("%d templates, %d of %d expansions matched", templates, matched, total)
	}
	t.Logf("%d templates, %d expansions: %d read back, the rest written by two maps or more", templates, total, matched)
	// The cases by name.
	for _, c := range []struct {
		tpl, uri string
		want     map[string]any // nil: false
	}{
		{"/users/{user}/starred{/owner}{/repo}", "/users/octocat/starred/golang/go", map[string]any{"user": "octocat", "owner": "golang", "repo": "go"}},
		{"/users/{user}/starred{/owner}{/repo}", "/users/octocat/starred", map[string]any{"user": "octocat"}},
		{"/users/{user}/starred{/owner}{/repo}", "/users/octocat/starred/golang", nil}, // owner, or repo?
		{"/repos/{owner}/{repo}/compare/{base}...{head}", "/repos/o/r/compare/main...dev", map[string]any{"owner": "o", "repo": "r", "base": "main", "head": "dev"}},
		{"/repos/{owner}/{repo}/compare/{base}...{head}", "/repos/o/r/compare/v1.2...v1.3", map[string]any{"owner": "o", "repo": "r", "base": "v1.2", "head": "v1.3"}},
		{"/repos/{owner}/{repo}/compare/{base}...{head}", "/repos/o/r/compare/a...b...c", nil},
		{"{;a}{;b}", ";a=x;b=y", map[string]any{"a": "x", "b": "y"}},
		{"{;a}{;b}", ";a;b", map[string]any{"a": "", "b": ""}},
		{"{?x,y}", "?y=2", map[string]any{"y": "2"}},
		{"{/b}/a/{+a}", "/a/a/b", nil}, // b=a, a=b; or a=a/b
		{"{a}{b}", "xy", nil},
		{"{x}", "", nil},
		{"{x:3}", "abc", nil},
		{"{x:3}", "ab", map[string]any{"x": "ab"}},
		{"{x:3}/{x}", "abc/abcdef", map[string]any{"x": "abcdef"}},
		{"/repos/{owner}/{repo}/contents/{+path}{?ref}", "/repos/o/r/contents/docs/a%20b.md?ref=main", map[string]any{"owner": "o", "repo": "r", "path": "docs/a%20b.md", "ref": "main"}},
	} {
		tpl, err := Parse(c.tpl)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tpl.Match(c.uri)
		if c.want == nil && ok || c.want != nil && (!ok || !reflect.DeepEqual(got, c.want)) {
			t.Errorf("%s: Match(%q) = %v, %v; want %v", c.tpl, c.uri, got, ok, c.want)
		}
		checkMatch(t, tpl, c.uri)
	}
}

// TestMatchSmallSpaces: for templates of every operator with one and two
// variables, prefixes, explode, literals between and a variable used
// twice, and every map of a small value space (each variable undefined or
// one of 11 strings holding the delimiters), Match of the expansion
// agrees with the oracle.
func TestMatchSmallSpaces(t *testing.T) {
	values := []string{"", "a", "ab", "a,b", "a.b", "a/b", "a;b", "a=b", "%", "%41", "é"}
	var templates []string
	for _, op := range []string{"", "+", "#", ".", "/", ";", "?", "&"} {
		templates = append(templates, "{"+op+"a}", "{"+op+"a,b}", "{"+op+"a}{"+op+"b}", "{"+op+"a:2}", "{"+op+"a*}",
			"{"+op+"a}x{"+op+"b}", "{a}{"+op+"b}", "{"+op+"a}/{"+op+"a}")
	}
	checked, matched := 0, 0
	for _, src := range templates {
		tpl, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q): %v", src, err)
		}
		names := tpl.Names()
		done := map[string]bool{}
		var rec func(i int, vals map[string]any)
		rec = func(i int, vals map[string]any) {
			if i == len(names) {
				u, err := tpl.Expand(vals)
				if err != nil || done[u] {
					return
				}
				done[u] = true
				checked++
				if checkMatch(t, tpl, u) {
					matched++
				}
				return
			}
			rec(i+1, vals)
			for _, v := range values {
				vals[names[i]] = v
				rec(i+1, vals)
				delete(vals, names[i])
			}
		}
		rec(0, map[string]any{})
	}
	if checked < 2000 || matched < checked/4 {
		t.Fatalf("%d URIs checked, %d matched", checked, matched)
	}
	t.Logf("%d templates, %d URIs: %d read back, the rest written by no map or by two", len(templates), checked, matched)
}

// TestMatchBudget: a long URI that many variables could split many ways
// ends within the budget, with false.
func TestMatchBudget(t *testing.T) {
	tpl, _ := Parse("{a}{b}{c}{d}x")
	if _, ok := tpl.Match(strings.Repeat("a", 5000)); ok {
		t.Fatal("matched")
	}
	tpl, _ = Parse("{a}{b}")
	if _, ok := tpl.Match(strings.Repeat("a", 5000)); ok {
		t.Fatal("matched")
	}
}

// TestMatchBudgetBytes: where values are long, the work that grows with
// them (decoding, re-encoding, the memo's keys) counts against the budget
// too, so an expansion of a template with many long values ends soon and
// holds little memory. (FuzzTemplate found one that took 17 s and
// hundreds of megabytes: testdata/fuzz/FuzzTemplate/fcaa338b159f2d7b.)
func TestMatchBudgetBytes(t *testing.T) {
	for _, c := range []struct{ tpl, val string }{
		{"{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p}" + strings.Repeat("{a}{b}", 40), strings.Repeat("x", 200)},
		{strings.Repeat("{+a}{b}", 30), strings.Repeat("x,", 100)},
		{strings.Repeat("{a:3}{+b}{#c}", 20), strings.Repeat("x/", 100)},
		{"{0}{0}", "0  0" + strings.Repeat("&", 2000)},
	} {
		tpl, err := Parse(c.tpl)
		if err != nil {
			t.Fatal(err)
		}
		vars := map[string]any{}
		for i, name := range tpl.Names() {
			if i%2 == 0 {
				vars[name] = c.val
			} else {
				vars[name] = strings.Split(c.val, "/")
			}
		}
		uri, err := tpl.Expand(vars)
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		tpl.Match(uri)
		runtime.ReadMemStats(&after)
		// Before the bytes counted, the first took 307 MB.
		if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 32 {
			t.Errorf("Parse(%.40q).Match of %d bytes allocated %d MB", c.tpl, len(uri), mb)
		}
	}
}

// TestMatchLongValues: values of tens of kilobytes, escaped, read back
// within the budget, each the value Expand was given. (Where one variable
// is read twice, each place the first read could end costs a comparison
// as long as the value, so there the values are shorter.)
func TestMatchLongValues(t *testing.T) {
	for _, c := range []struct{ tpl, val string }{
		{"{x}", strings.Repeat("é", 5000)},
		{"{x}", strings.Repeat("a", 50000)},
		{"/u/{x}/{y}{?q}", strings.Repeat("é b", 1000)},
		{"{x:3}{x}", strings.Repeat("é", 3000)},
		{"{#x:3}{+x}", strings.Repeat("é", 3000)},
		{"{;x}{x}", strings.Repeat("%", 300)},
	} {
		tpl, err := Parse(c.tpl)
		if err != nil {
			t.Fatal(err)
		}
		vars := map[string]any{}
		for _, name := range tpl.Names() {
			vars[name] = c.val
		}
		uri, err := tpl.Expand(vars)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tpl.Match(uri)
		if !ok || !reflect.DeepEqual(got, vars) {
			t.Errorf("Parse(%q).Match of %d bytes: ok %v, values equal %v", c.tpl, len(uri), ok, reflect.DeepEqual(got, vars))
		}
	}
}

// TestSafeUnits: over every text of up to five units from a set that
// holds each case (an escape reserved expansion writes, one of a byte it
// writes as it stands, one in lower case, "%25" before hex digits), the
// texts whose decoded value MakeSafe writes back as the text are exactly
// the first safeUnits of them, as safeUnits's binary search assumes.
func TestSafeUnits(t *testing.T) {
	units := []string{"a", "4", "1", "/", "%25", "%41", "%4A", "%4a", "%20", "%C3", "%2F"}
	var walk func(text string, n int)
	walk = func(text string, n int) {
		m := &matcher{uri: text + "!"}
		dec := percent.Component.DecodeLenient(text)
		want, end, broken := 0, 0, false
		for k := 1; k <= len(dec); k++ {
			if end += 1; text[end-1] == '%' {
				end += 2
			}
			ok := expand.ReservedEnc.MakeSafe(dec[:k]) == text[:end]
			if ok && broken {
				t.Fatalf("%q: the first %d units hold, a shorter text does not", text, k)
			}
			if ok {
				want = k
			} else {
				broken = true
			}
		}
		if got := m.safeUnits(0, dec); got != want {
			t.Fatalf("safeUnits(%q) = %d, want %d", text, got, want)
		}
		if n < 5 {
			for _, u := range units {
				walk(text+u, n+1)
			}
		}
	}
	walk("", 0)
}
