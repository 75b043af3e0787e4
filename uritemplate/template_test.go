// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"errors"
	"fmt"
	"math"
	"net/netip"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/tools/uritemplatesuite"
)

// loadSuite reads the uritemplate-test suite (testdata/uritemplate).
func loadSuite(t testing.TB) []uritemplatesuite.Case {
	t.Helper()
	cases, err := uritemplatesuite.Load(filepath.Join("testdata", "uritemplate"))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestTemplateSuite runs every case of the uritemplate-test suite: valid
// templates expand to one of the listed results, invalid ones fail in
// Parse or, for an error that depends on a value, in Expand.
func TestTemplateSuite(t *testing.T) {
	cases := loadSuite(t)
	if len(cases) != 270 {
		t.Fatalf("%d suite cases, want 270", len(cases))
	}
	pass := 0
	for _, c := range cases {
		tpl, err := Parse(c.Template)
		if c.Want == nil {
			if err == nil {
				if _, err = tpl.Expand(c.Vars); err == nil {
					t.Errorf("%s %s: %q is invalid, but parses and expands", c.File, c.Group, c.Template)
					continue
				}
			}
			var te *Error
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset >= len(c.Template) {
				t.Errorf("%s: %q: error %v has no offset inside the template", c.File, c.Template, err)
				continue
			}
			pass++
			continue
		}
		if err != nil {
			t.Errorf("%s %s: Parse(%q): %v", c.File, c.Group, c.Template, err)
			continue
		}
		got, err := tpl.Expand(c.Vars)
		if err != nil || !contains(c.Want, got) {
			t.Errorf("%s %s: %q expands to %q, %v; want one of %q", c.File, c.Group, c.Template, got, err, c.Want)
			continue
		}
		if tpl.String() != c.Template {
			t.Errorf("String() = %q, want %q", tpl.String(), c.Template)
		}
		pass++
	}
	t.Logf("%d of %d suite cases pass", pass, len(cases))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestTemplateMatchSuite: Match(Expand(vars)) gives back the variables of
// every suite case it accepts, decoded, with the undefined ones absent.
func TestTemplateMatchSuite(t *testing.T) {
	accepted, total := 0, 0
	for _, c := range loadSuite(t) {
		if c.Want == nil {
			continue
		}
		tpl, err := Parse(c.Template)
		if err != nil {
			t.Fatal(err)
		}
		uri, err := tpl.Expand(c.Vars)
		if err != nil {
			t.Fatal(err)
		}
		total++
		got, ok := tpl.Match(uri)
		if !ok {
			continue
		}
		accepted++
		// Expanding what Match read writes uri again, byte for byte.
		if u, err := tpl.Expand(got); err != nil || u != uri {
			t.Errorf("%q: Match(%q) = %v, which expands to %q", c.Template, uri, got, u)
		}
		// And where every value was a string, it is those values: decoded,
		// or in a "+" or "#" expression as reserved expansion wrote them
		// (percent.ToURI is that expansion).
		scalar := true
		want := map[string]string{}
		for _, name := range tpl.Names() {
			switch v := c.Vars[name].(type) {
			case string:
				want[name] = v
			case int:
				want[name] = fmt.Sprint(v)
			case []string:
				scalar = scalar && len(v) == 0
			case []percent.Pair:
				scalar = scalar && len(v) == 0
			}
		}
		if !scalar {
			continue
		}
		for name, w := range want {
			g, ok := got[name]
			if !ok || g != w && g != percent.ToURI(w) {
				t.Errorf("%q: Match(%q) = %v, want %v", c.Template, uri, got, want)
				break
			}
		}
		if len(got) != len(want) {
			t.Errorf("%q: Match(%q) = %v, want %v", c.Template, uri, got, want)
		}
	}
	t.Logf("Match read back %d of %d expansions", accepted, total)
	if accepted < 60 {
		t.Errorf("Match read back only %d of %d suite expansions", accepted, total)
	}
}

func TestTemplateMatch(t *testing.T) {
	for _, c := range []struct {
		template, uri string
		want          map[string]string // nil: no match
	}{
		{"https://api.github.com/repos/{owner}/{repo}/issues{/number}", "https://api.github.com/repos/golang/go/issues/4013",
			map[string]string{"owner": "golang", "repo": "go", "number": "4013"}},
		{"https://api.github.com/repos/{owner}/{repo}/issues{/number}", "https://api.github.com/repos/golang/go/issues",
			map[string]string{"owner": "golang", "repo": "go"}},
		{"/repos/{owner}/{repo}/contents/{path}", "/repos/a/b/contents/dir%2Ffile%20name.txt",
			map[string]string{"owner": "a", "repo": "b", "path": "dir/file name.txt"}},
		{"/search{?q,page,per_page}", "/search?q=caf%C3%A9&per_page=50",
			map[string]string{"q": "café", "per_page": "50"}},
		{"/users{/id}{?fields}", "/users/42?fields=name%2Cemail", map[string]string{"id": "42", "fields": "name,email"}},
		{"/users{/id}{?fields}", "/users?fields=x", map[string]string{"fields": "x"}},
		{"/items{?q}{&page}", "/items?q=a&page=2", map[string]string{"q": "a", "page": "2"}},
		{"/items{?q}{&page}", "/items?q=a", map[string]string{"q": "a"}},
		{"/map{;x,y}", "/map;x=1;y", map[string]string{"x": "1", "y": ""}},
		{"{x,y}", "1024,768", map[string]string{"x": "1024", "y": "768"}},
		{"/{bucket}/{+key}", "/b/photos/2024/%C3%A9t%C3%A9.jpg", map[string]string{"bucket": "b", "key": "photos/2024/%C3%A9t%C3%A9.jpg"}},
		{"{+path}", "docs/a%20b.md", map[string]string{"path": "docs/a%20b.md"}}, // escapes kept as they stand
		// GitHub's contents API: the path ends at the first "?" (RFC 3986 §3.4).
		{"/repos/{owner}/{repo}/contents/{+path}{?ref}", "/repos/o/r/contents/src/a%20b.go?ref=main",
			map[string]string{"owner": "o", "repo": "r", "path": "src/a%20b.go", "ref": "main"}},
		{"/repos/{owner}/{repo}/contents/{+path}{?ref}", "/repos/o/r/contents/docs/README.md",
			map[string]string{"owner": "o", "repo": "r", "path": "docs/README.md"}},
		{"file:///{+path}", "file:///home/me/a%2Fb", map[string]string{"path": "home/me/a%2Fb"}}, // %2F is the value's own
		{"/files/{name}.json", "/files/a.b.json", map[string]string{"name": "a.b"}},
		{"{+base}/x", "http://h/a/x", map[string]string{"base": "http://h/a"}},
		// No single reading, or not a URI the template writes: false.
		{"{a}{b}", "xy", nil},
		{"{/a}{/b}", "/x", nil},
		{"{.a,b}", ".x.y", nil},      // "." may be in a value
		{"{+a,b}", "x,y", nil},       // "," may be in a reserved value
		{"{x,y}", "1024", nil},       // which one is defined?
		{"{var}", "", nil},           // "" or undefined
		{"/{name}/x", "/a b/x", nil}, // a space is not what {name} writes
		{"/{name}/x", "/a%zz/x", nil},
		{"/{name}", "/a/b", nil},
		{"{list*}", "a,b", nil},
		{"{var:3}", "abc", nil},
		{"/a/{b}/c", "/a/x/d", nil},
		{"{?q}", "?r=1", nil},
		{"{?q,r}", "?r=1&q=2", nil}, // not the template's order
		{"{?q}", "?q", nil},         // "?" writes "q=" for an empty value
		// Escapes Expand would not write (issue: Match accepts what Expand never writes).
		{"/users/{id}", "/users/%61dmin", nil},             // Expand writes "a"
		{"/users/{id}", "/users/%2a", nil},                 // Expand writes "%2A"
		{"{;a}", ";a=", nil},                               // Expand writes ";a" for ""
		{"{+p}", "a%2fb", map[string]string{"p": "a%2fb"}}, // a reserved value's own escape, kept
		// The path holds no "?" and no "#".
		{"{+path}{?ref}", "a?b?ref=1", nil},
		{"/{+path}", "/a#b", nil},
	} {
		tpl, err := Parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tpl.Match(c.uri)
		if c.want == nil {
			if ok {
				t.Errorf("Parse(%q).Match(%q) = %v, want no match", c.template, c.uri, got)
			}
			continue
		}
		if !ok || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("Parse(%q).Match(%q) = %v, %v; want %v", c.template, c.uri, got, ok, c.want)
		}
	}
}

// TestTemplateValues: the value model (what Go code passes: named types,
// bools, floats, pointers, TextMarshalers, slices of scalars).
func TestTemplateValues(t *testing.T) {
	tpl, err := Parse("/v{/n}{?i8,u,m*,p,l}")
	if err != nil {
		t.Fatal(err)
	}
	got, err := tpl.Expand(map[string]any{
		"n": int64(-7), "i8": int8(3), "u": uint16(65535),
		"m": map[string]string{"b": "2", "a": "1 "},                          // keys sorted
		"p": []percent.Pair{{Name: "z", Value: "ü"}, {Name: "a", Value: ""}}, // in its order
		"l": []string{"x", "y/z"},
	})
	if want := "/v/-7?i8=3&u=65535&a=1%20&b=2&p=z,%C3%BC,a,&l=x,y%2Fz"; err != nil || got != want {
		t.Errorf("Expand = %q, %v; want %q", got, err, want)
	}
	type id string
	type level int8
	addr := netip.MustParseAddr("2001:db8::1")
	var nilp *int
	seven := 7
	for _, c := range []struct {
		v    any
		want string // the expansion of {/n}, "" for undefined
	}{
		{uintptr(9), "/9"},
		{id("a b"), "/a%20b"},
		{level(-3), "/-3"},
		{true, "/true"},
		{1.5, "/1.5"},
		{float32(0.5), "/0.5"},
		{1e21, "/1e%2B21"},
		{&seven, "/7"},
		{nilp, ""},
		{addr, "/2001%3Adb8%3A%3A1"},
		{&addr, "/2001%3Adb8%3A%3A1"},
		{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), "/2026-12-01T00%3A00%3A00Z"},
		{[]int{1, 2}, "/1,2"},
		{[2]bool{true, false}, "/true,false"},
		{[]id{"x", "y"}, "/x,y"},
		{[]any{"x", 3}, "/x,3"},
		{map[id]int{"b": 2, "a": 1}, "/a,1,b,2"},
		{[]int{}, ""},
	} {
		got, err := tpl.Expand(map[string]any{"n": c.v})
		if want := "/v" + c.want; err != nil || got != want {
			t.Errorf("Expand(n=%#v) = %q, %v; want %q", c.v, got, err, want)
		}
	}
	for _, c := range []struct {
		vars map[string]any
		name string
	}{
		{map[string]any{"n": math.NaN()}, "n"},
		{map[string]any{"n": math.Inf(1)}, "n"},
		{map[string]any{"l": []any{[]string{"x"}}}, "l"},
		{map[string]any{"m": map[int]string{1: "x"}}, "m"},
		{map[string]any{"i8": struct{}{}}, "i8"},
		{map[string]any{"i8": complex(1, 2)}, "i8"},
	} {
		_, err := tpl.Expand(c.vars)
		var te *Error
		if !errors.As(err, &te) || te.Name != c.name || tpl.String()[te.Offset:te.Offset+len(c.name)] != c.name {
			t.Errorf("Expand(%v) = %v, want a *Error naming %q at its offset", c.vars, err, c.name)
		}
	}
	// Prefixes count characters, not bytes (§2.4.1).
	pt, _ := Parse("{v:2}{+v:3}")
	if got, _ := pt.Expand(map[string]any{"v": "üβcd"}); got != "%C3%BC%CE%B2%C3%BC%CE%B2c" {
		t.Errorf("prefix: %q", got)
	}
	if got := tpl.Names(); fmt.Sprint(got) != "[n i8 u m p l]" {
		t.Errorf("Names() = %v", got)
	}
}

func TestErrors(t *testing.T) {
	for _, c := range []struct {
		template string
		offset   int
	}{
		{"/a{b", 2}, {"/a}b", 2}, {"{}", 1}, {"{a,}", 3}, {"{,a}", 1}, {"{a b}", 2},
		{"{a:}", 3}, {"{a:0}", 3}, {"{a:10000}", 3}, {"{a*:2}", 3}, {"{.a.}", 3}, {"{a..b}", 3}, {"{.a}", -1},
		{"{!a}", 1}, {"{=a}", 1}, {"a b", 1}, {"a%2", 1}, {"a%zz", 1}, {"\xff", 0}, {"a\u0085", 1}, {"\uFDD0", 0}, {"\U000E0001", 0}, {"\U0001FFFE", 0},
		{"{%2x}", 1}, {"a<b", 1}, {"a\"b", 1}, {"a\\b", 1}, {"a^b", 1}, {"a`b", 1}, {"a|b", 1},
		{"ümlaut/{x}", -1}, {"\U000E1000\U000F0000", -1}, {"{a%20b}", -1}, {"'{x}'", -1},
	} {
		_, err := Parse(c.template)
		var te *Error
		if c.offset < 0 {
			if err != nil {
				t.Errorf("Parse(%q): %v", c.template, err)
			}
			continue
		}
		if !errors.As(err, &te) || te.Offset != c.offset {
			t.Errorf("Parse(%q) = %v, want a *Error at offset %d", c.template, err, c.offset)
		}
	}
	tpl, _ := Parse("ümlaut/{x}")
	if got, _ := tpl.Expand(nil); got != "%C3%BCmlaut/" {
		t.Errorf("a non-ASCII literal expands to %q", got)
	}
}

func TestTemplateAllocs(t *testing.T) {
	tpl, err := Parse("https://api.github.com/repos/{owner}/{repo}/issues{/number}{?state,labels,page}")
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]any{"owner": "golang", "repo": "go", "number": "4013", "state": "open",
		"labels": []string{"bug", "help wanted"}, "page": "2"}
	dst := make([]byte, 0, 256)
	if n := testing.AllocsPerRun(100, func() { tpl.AppendExpand(dst[:0], vars) }); n != 0 {
		t.Errorf("AppendExpand allocates %v times", n)
	}
	got, _ := tpl.AppendExpand(dst[:0], vars)
	if want := "https://api.github.com/repos/golang/go/issues/4013?state=open&labels=bug,help%20wanted&page=2"; string(got) != want {
		t.Errorf("AppendExpand = %q, want %q", got, want)
	}
}

// TestTemplateMatchRepeated: a variable used twice must read the same in
// both places (FuzzTemplate found "{0}{#0}" read two ways).
func TestTemplateMatchRepeated(t *testing.T) {
	for _, c := range []struct {
		template, uri string
		ok            bool
	}{
		{"/{x}/{x}", "/a/a", true},
		{"/{x}/{x}", "/a/b", false},
		{"{x}/{#x}", "a%25b/#a%25b", true},
		{"{x}/{#x}", "a%2500/#a%00", true}, // "a%00" in both: {#x} keeps the escape
		{"/a{/x}/b{/x}", "/a/b/1", false},  // undefined, then defined
		{"{?x}{&y}/{x}", "?y=2/1", false},  // x undefined in the query
		{"{?x}{&y}/{x}", "?x=1&y=2/1", true},
		{"{;x}/{;x}{+y}", ";x/;x=", true}, // x empty, y "=": ";x=" is never x's
	} {
		tpl, err := Parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tpl.Match(c.uri)
		if ok != c.ok {
			t.Errorf("Parse(%q).Match(%q) = %v, %v; want ok %v", c.template, c.uri, got, ok, c.ok)
		}
	}
}

// TestMatchNeverGuesses: for small templates and every assignment of a few
// values (undefined among them), a URI that two different assignments
// expand to is never matched, and a URI that one assignment writes is
// matched, if at all, as that assignment.
func TestMatchNeverGuesses(t *testing.T) {
	values := []any{nil, "", "a", "a,b", "/", "%", "a.b", "=", "?", "#", "&"}
	for _, tpl := range []string{"{a}{b}", "{a}/{b}", "{/a}{/b}", "{/a,b}", "{a,b}", "{;a,b}", "{?a,b}", "{?a}{&b}",
		"{.a}{/b}", "{+a}{b}", "{+a}/{b}", "{#a,b}", "{a}{+b}", "x{a}y{b}", "{/a}/{b}", "{;a}{;b}", "{+a}{?b}", "{a}{.b}", "{+a}{#b}", "{/a}{?b}{&a}"} {
		tp, err := Parse(tpl)
		if err != nil {
			t.Fatal(err)
		}
		names := tp.Names()
		writers := map[string][]map[string]any{}
		var assign func(k int, vars map[string]any)
		assign = func(k int, vars map[string]any) {
			if k == len(names) {
				u, err := tp.Expand(vars)
				if err != nil {
					t.Fatal(err)
				}
				c := map[string]any{}
				for n, v := range vars {
					if v != nil {
						c[n] = v
					}
				}
				writers[u] = append(writers[u], c)
				return
			}
			for _, v := range values {
				vars[names[k]] = v
				assign(k+1, vars)
			}
		}
		assign(0, map[string]any{})
		for u, ws := range writers {
			got, ok := tp.Match(u)
			distinct := map[string]bool{}
			for _, w := range ws {
				distinct[fmt.Sprint(w)] = true
			}
			switch {
			case len(distinct) > 1 && ok:
				t.Errorf("Parse(%q).Match(%q) = %v, but %d value maps write it: %v", tpl, u, got, len(distinct), ws)
			case len(distinct) == 1 && ok:
				// The writer's values: decoded, or in "+" and "#" as
				// reserved expansion writes them (percent.ToURI).
				w := ws[0]
				same := len(got) == len(w)
				for n, v := range w {
					g, _ := got[n].(string)
					same = same && (g == v || g == percent.ToURI(v.(string)))
				}
				if !same {
					t.Errorf("Parse(%q).Match(%q) = %v; the one writer is %v", tpl, u, got, w)
				}
			}
		}
	}
}

type namedString string
type namedInt int16

// TestAppendExpandScalarsAllocs: every scalar of the value model, and
// pointers to and slices of them, expand with no allocation when dst has
// room (the readers issue measured 3-4 for ints, floats, bools, named
// types, pointers and []int), and write the text strconv gives them.
func TestAppendExpandScalarsAllocs(t *testing.T) {
	s, i := "a b", 123456
	for _, c := range []struct {
		tpl  string
		v    any
		want string
	}{
		{"{x}", 123456789, "123456789"},
		{"{x}", int64(-9223372036854775808), "-9223372036854775808"},
		{"{x}", uint(18446744073709551615), "18446744073709551615"},
		{"{x}", uint8(200), "200"},
		{"{x}", 3.25, "3.25"},
		{"{x}", float32(0.1), "0.10000000149011612"},
		{"{x}", 1e21, "1e%2B21"},
		{"{+x}", 1e21, "1e+21"},
		{"{x:3}", 123456, "123"},
		{"{;x}", true, ";x=true"},
		{"{?x}", false, "?x=false"},
		{"{x}", namedString("a/b"), "a%2Fb"},
		{"{x}", namedInt(-300), "-300"},
		{"{x}", &s, "a%20b"},
		{"{x}", &i, "123456"},
		{"{x}", []int{1000, -2000, 3000}, "1000,-2000,3000"},
		{"{/x*}", []float64{1.5, 2e-7}, "/1.5/2e-07"},
		{"{;x*}", [2]bool{true, false}, ";x=true;x=false"},
		{"{?x*}", []namedInt{7, 8}, "?x=7&x=8"},
		{"{x}", []*int{&i, &i}, "123456,123456"},
	} {
		tpl, err := Parse(c.tpl)
		if err != nil {
			t.Fatal(err)
		}
		vars := map[string]any{"x": c.v}
		dst := make([]byte, 0, 128)
		got, err := tpl.AppendExpand(dst, vars)
		if err != nil || string(got) != c.want {
			t.Errorf("%s with %#v = %q, %v; want %q", c.tpl, c.v, got, err, c.want)
		}
		if n := testing.AllocsPerRun(100, func() { tpl.AppendExpand(dst[:0], vars) }); n != 0 {
			t.Errorf("%s with %T: %v allocations", c.tpl, c.v, n)
		}
	}
}

// failingText is a TextMarshaler whose MarshalText fails.
type failingText struct{}

var errFailingText = errors.New("no text")

func (failingText) MarshalText() ([]byte, error) { return nil, errFailingText }

// TestExpandTextMarshalerError: errors.Is finds a TextMarshaler's error
// through the *Error that names the variable.
func TestExpandTextMarshalerError(t *testing.T) {
	tpl, _ := Parse("{x}")
	for _, v := range []any{failingText{}, []failingText{{}}, &failingText{}} {
		_, err := tpl.Expand(map[string]any{"x": v})
		var e *Error
		if !errors.Is(err, errFailingText) || !errors.As(err, &e) || e.Name != "x" {
			t.Errorf("Expand with %T: %v; want an *Error for x wrapping the TextMarshaler's error", v, err)
		}
	}
}

// TestMatchPrefixReadings: a variable read through a prefix is read both
// as its text stands in "+" and "#" and as that text decoded, since a
// prefix counts the value's characters. Each want is checked to write the
// URI; each false has two writers, named in its comment.
func TestMatchPrefixReadings(t *testing.T) {
	for _, c := range []struct {
		template, uri string
		want          map[string]any // nil: false
	}{
		{"{#x}", "#%20", map[string]any{"x": "%20"}},         // "+" and "#" alone: as it stands
		{"{x:1}{#x}", "0#0%20", nil},                         // "0%20" and "0 "
		{"{x:1}{#x}", "%20#%20", map[string]any{"x": " "}},   // "%20" writes "%25#%20"
		{"{#x:1}{#x}", "#%20#%20", map[string]any{"x": " "}}, // "%20" begins "%"
		{"{#x:1}{#x}", "#0#0%20", nil},                       // "0%20" and "0 "
		{"{#x}{x:1}", "#0%200", nil},                         // "0%20" and "0 "
		{"{x}{#x:2}", "%20#%20", map[string]any{"x": " "}},
		{"{#x:2}{x}", "#%20%20", map[string]any{"x": " "}},
		{"{0}{#1:1}{00}", "0#%25", nil}, // 1 undefined and 00 "%", or 1 any value beginning "%"
	} {
		tpl, err := Parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		if c.want != nil {
			if u, err := tpl.Expand(c.want); err != nil || u != c.uri {
				t.Fatalf("test case: %q expands %v to %q, not %q", c.template, c.want, u, c.uri)
			}
		}
		got, ok := tpl.Match(c.uri)
		if c.want == nil && ok || c.want != nil && !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q).Match(%q) = %v, %v; want %v", c.template, c.uri, got, ok, c.want)
		}
	}
}

// TestParseRoom: Parse reserves room for the parts and variables it has
// read, not for every "{" and "," of the text, and a literal's rewriting
// for that literal, not for the rest of the template: a malformed template
// of many "{" fails at once, commas in a literal reserve nothing, and many
// non-ASCII literals take memory in proportion (before, the first three
// took megabytes and the last a gigabyte).
func TestParseRoom(t *testing.T) {
	for _, c := range []struct {
		tpl     string
		ok      bool
		perByte uint64 // the most bytes allocated per template byte; 0: 8 KiB in all
	}{
		{strings.Repeat("{", 100000), false, 0},
		{strings.Repeat(",", 100000) + "{x}", true, 0},
		{"{x}" + strings.Repeat("{,", 50000), false, 0},
		{strings.Repeat("}{", 50000), false, 0},
		{strings.Repeat("{!}", 30000), false, 0},
		{strings.Repeat("é{x}", 20000), true, 256},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Parse(c.tpl)
		runtime.ReadMemStats(&after)
		if (err == nil) != c.ok {
			t.Fatalf("Parse(%.20q...): %v", c.tpl, err)
		}
		limit := uint64(8 << 10)
		if c.perByte > 0 {
			limit = c.perByte * uint64(len(c.tpl))
		}
		if b := after.TotalAlloc - before.TotalAlloc; b > limit {
			t.Errorf("Parse(%.20q...) of %d bytes allocated %d bytes, more than %d", c.tpl, len(c.tpl), b, limit)
		}
	}
}
