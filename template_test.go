// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A suiteCase is one case of the uritemplate-test suite (testdata/uritemplate):
// a template, its variables, and the acceptable expansions (none: the
// template is invalid).
type suiteCase struct {
	file, group, template string
	vars                  map[string]any
	want                  []string
}

// jsonValue reads one JSON value as Expand takes it: an object as a []Pair
// in its order, an array as a []string, an integer as an int, another
// number as its literal text.
func jsonValue(d *json.Decoder) (any, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		if x == '[' {
			list := []string{}
			for d.More() {
				v, err := jsonValue(d)
				if err != nil {
					return nil, err
				}
				list = append(list, fmt.Sprint(v))
			}
			_, err := d.Token()
			return list, err
		}
		pairs := []Pair{}
		for d.More() {
			k, err := d.Token()
			if err != nil {
				return nil, err
			}
			v, err := jsonValue(d)
			if err != nil {
				return nil, err
			}
			pairs = append(pairs, Pair{k.(string), fmt.Sprint(v)})
		}
		_, err := d.Token()
		return pairs, err
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return int(n), nil
		}
		return x.String(), nil
	}
	return tok, nil // string or nil
}

func loadSuite(t testing.TB) []suiteCase {
	t.Helper()
	var cases []suiteCase
	for _, file := range []string{"spec-examples.json", "spec-examples-by-section.json", "extended-tests.json", "negative-tests.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "uritemplate", file))
		if err != nil {
			t.Fatal(err)
		}
		var groups map[string]struct {
			Variables json.RawMessage   `json:"variables"`
			Testcases []json.RawMessage `json:"testcases"`
		}
		if err := json.Unmarshal(b, &groups); err != nil {
			t.Fatal(err)
		}
		for name, g := range groups {
			d := json.NewDecoder(strings.NewReader(string(g.Variables)))
			d.UseNumber()
			if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
				t.Fatalf("%s %s: variables: %v", file, name, err)
			}
			vars := map[string]any{}
			for d.More() {
				k, _ := d.Token()
				v, err := jsonValue(d)
				if err != nil {
					t.Fatalf("%s %s: %v", file, name, err)
				}
				vars[k.(string)] = v
			}
			for _, raw := range g.Testcases {
				var tc []json.RawMessage
				if err := json.Unmarshal(raw, &tc); err != nil || len(tc) != 2 {
					t.Fatalf("%s %s: case %s", file, name, raw)
				}
				c := suiteCase{file: file, group: name, vars: vars}
				json.Unmarshal(tc[0], &c.template)
				var one string
				if json.Unmarshal(tc[1], &one) == nil {
					c.want = []string{one}
				} else if json.Unmarshal(tc[1], &c.want) != nil && string(tc[1]) != "false" {
					t.Fatalf("%s %s: result %s", file, name, tc[1])
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// TestTemplateSuite runs every case of the uritemplate-test suite: valid
// templates expand to one of the listed results, invalid ones fail in
// ParseTemplate or, for an error that depends on a value, in Expand.
func TestTemplateSuite(t *testing.T) {
	cases := loadSuite(t)
	if len(cases) != 270 {
		t.Fatalf("%d suite cases, want 270", len(cases))
	}
	pass := 0
	for _, c := range cases {
		tpl, err := ParseTemplate(c.template)
		if c.want == nil {
			if err == nil {
				if _, err = tpl.Expand(c.vars); err == nil {
					t.Errorf("%s %s: %q is invalid, but parses and expands", c.file, c.group, c.template)
					continue
				}
			}
			var te *TemplateError
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset >= len(c.template) {
				t.Errorf("%s: %q: error %v has no offset inside the template", c.file, c.template, err)
				continue
			}
			pass++
			continue
		}
		if err != nil {
			t.Errorf("%s %s: ParseTemplate(%q): %v", c.file, c.group, c.template, err)
			continue
		}
		got, err := tpl.Expand(c.vars)
		if err != nil || !contains(c.want, got) {
			t.Errorf("%s %s: %q expands to %q, %v; want one of %q", c.file, c.group, c.template, got, err, c.want)
			continue
		}
		if tpl.String() != c.template {
			t.Errorf("String() = %q, want %q", tpl.String(), c.template)
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
		if c.want == nil {
			continue
		}
		tpl, err := ParseTemplate(c.template)
		if err != nil {
			t.Fatal(err)
		}
		uri, err := tpl.Expand(c.vars)
		if err != nil {
			t.Fatal(err)
		}
		total++
		got, ok := tpl.Match(uri)
		if !ok {
			continue
		}
		accepted++
		// Expanding what Match read writes uri again.
		again := map[string]any{}
		for k, v := range got {
			again[k] = v
		}
		if u, err := tpl.Expand(again); err != nil || u != uri {
			t.Errorf("%q: Match(%q) = %v, which expands to %q", c.template, uri, got, u)
		}
		// And where every value was a string, it is those values.
		want, scalar := map[string]string{}, true
		for _, name := range tpl.Names() {
			switch v := c.vars[name].(type) {
			case string:
				want[name] = v
			case int:
				want[name] = fmt.Sprint(v)
			case []string:
				scalar = scalar && len(v) == 0
			case []Pair:
				scalar = scalar && len(v) == 0
			}
		}
		if scalar && fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q: Match(%q) = %v, want %v", c.template, uri, got, want)
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
		{"/{bucket}/{+key}", "/b/photos/2024/%C3%A9t%C3%A9.jpg", map[string]string{"bucket": "b", "key": "photos/2024/été.jpg"}},
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
	} {
		tpl, err := ParseTemplate(c.template)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tpl.Match(c.uri)
		if c.want == nil {
			if ok {
				t.Errorf("ParseTemplate(%q).Match(%q) = %v, want no match", c.template, c.uri, got)
			}
			continue
		}
		if !ok || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("ParseTemplate(%q).Match(%q) = %v, %v; want %v", c.template, c.uri, got, ok, c.want)
		}
	}
}

func TestTemplateValues(t *testing.T) {
	tpl, err := ParseTemplate("/v{/n}{?i8,u,m*,p,l}")
	if err != nil {
		t.Fatal(err)
	}
	got, err := tpl.Expand(map[string]any{
		"n": int64(-7), "i8": int8(3), "u": uint16(65535),
		"m": map[string]string{"b": "2", "a": "1 "}, // keys sorted
		"p": []Pair{{"z", "ü"}, {"a", ""}},          // in its order
		"l": []string{"x", "y/z"},
	})
	if want := "/v/-7?i8=3&u=65535&a=1%20&b=2&p=z,%C3%BC,a,&l=x,y%2Fz"; err != nil || got != want {
		t.Errorf("Expand = %q, %v; want %q", got, err, want)
	}
	for _, c := range []struct {
		vars map[string]any
		name string
	}{
		{map[string]any{"n": 1.5}, "n"},
		{map[string]any{"l": []any{"x"}}, "l"},
		{map[string]any{"m": map[string]any{}}, "m"},
		{map[string]any{"i8": true}, "i8"},
	} {
		_, err := tpl.Expand(c.vars)
		var te *TemplateError
		if !errors.As(err, &te) || te.Name != c.name || tpl.String()[te.Offset:te.Offset+len(c.name)] != c.name {
			t.Errorf("Expand(%v) = %v, want a *TemplateError naming %q at its offset", c.vars, err, c.name)
		}
	}
	// Prefixes count characters, not bytes (§2.4.1).
	pt, _ := ParseTemplate("{v:2}{+v:3}")
	if got, _ := pt.Expand(map[string]any{"v": "üβcd"}); got != "%C3%BC%CE%B2%C3%BC%CE%B2c" {
		t.Errorf("prefix: %q", got)
	}
	if got := tpl.Names(); fmt.Sprint(got) != "[n i8 u m p l]" {
		t.Errorf("Names() = %v", got)
	}
}

func TestTemplateErrors(t *testing.T) {
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
		_, err := ParseTemplate(c.template)
		var te *TemplateError
		if c.offset < 0 {
			if err != nil {
				t.Errorf("ParseTemplate(%q): %v", c.template, err)
			}
			continue
		}
		if !errors.As(err, &te) || te.Offset != c.offset {
			t.Errorf("ParseTemplate(%q) = %v, want a *TemplateError at offset %d", c.template, err, c.offset)
		}
	}
	tpl, _ := ParseTemplate("ümlaut/{x}")
	if got, _ := tpl.Expand(nil); got != "%C3%BCmlaut/" {
		t.Errorf("a non-ASCII literal expands to %q", got)
	}
}

func TestTemplateAllocs(t *testing.T) {
	tpl, err := ParseTemplate("https://api.github.com/repos/{owner}/{repo}/issues{/number}{?state,labels,page}")
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
		{"{x}/{#x}", "a%2500/#a%00", false}, // "a%00" and "a\x00"
		{"/a{/x}/b{/x}", "/a/b/1", false},   // undefined, then defined
		{"{?x}{&y}/{x}", "?y=2/1", false},   // x undefined in the query
		{"{?x}{&y}/{x}", "?x=1&y=2/1", true},
	} {
		tpl, err := ParseTemplate(c.template)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := tpl.Match(c.uri)
		if ok != c.ok {
			t.Errorf("ParseTemplate(%q).Match(%q) = %v, %v; want ok %v", c.template, c.uri, got, ok, c.ok)
		}
	}
}
