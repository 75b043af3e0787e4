// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package templatebench

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	stduritemplate "github.com/std-uritemplate/std-uritemplate/go/v2"
	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/tools/uritemplatesuite"
	pcttemplate "github.com/urlcodec/percent/uritemplate"
	"github.com/yosida95/uritemplate/v3"
)

// GitHub-API-style templates, as the API's hypermedia links give them, with
// realistic values.
var templates = []string{
	"https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,sort,direction,per_page,page}",
	"https://api.github.com/repos/{owner}/{repo}/contents/{+path}{?ref}",
	"https://api.github.com/users/{user}/repos{?type,sort,per_page}",
	"https://api.github.com/repos/{owner}/{repo}/git/refs{/ref}",
	"https://api.github.com/search/code{?q,sort,order,per_page,page}",
	"https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}",
	"https://api.github.com/repos/{owner}/{repo}/compare/{base}...{head}",
	"https://api.github.com/orgs/{org}/teams/{team_slug}/discussions{/discussion_number}/comments{/comment_number}{?direction}",
}

var values = map[string]any{
	"owner": "golang", "repo": "go", "state": "open", "labels": []string{"NeedsFix", "help wanted"},
	"sort": "updated", "direction": "desc", "per_page": "100", "page": "3",
	"path": "src/net/url/url.go", "ref": "release-branch.go1.26", "user": "rsc", "type": "owner",
	"q": "percent encoding in:file language:go", "order": "asc", "id": "1234567",
	"name": "pct_1.0.0_linux-arm64.tar.gz", "label": "Linux (arm64)",
	"base": "v1.2.0", "head": "feature/über-branch", "org": "urlcodec", "team_slug": "core-team",
	"discussion_number": "42", "comment_number": "7",
}

// want is each template's expansion, by RFC 6570 §3.2 worked by hand.
var want = []string{
	"https://api.github.com/repos/golang/go/issues?state=open&labels=NeedsFix,help%20wanted&sort=updated&direction=desc&per_page=100&page=3",
	"https://api.github.com/repos/golang/go/contents/src/net/url/url.go?ref=release-branch.go1.26",
	"https://api.github.com/users/rsc/repos?type=owner&sort=updated&per_page=100",
	"https://api.github.com/repos/golang/go/git/refs/release-branch.go1.26",
	"https://api.github.com/search/code?q=percent%20encoding%20in%3Afile%20language%3Ago&sort=updated&order=asc&per_page=100&page=3",
	"https://uploads.github.com/repos/golang/go/releases/1234567/assets?name=pct_1.0.0_linux-arm64.tar.gz&label=Linux%20%28arm64%29",
	"https://api.github.com/repos/golang/go/compare/v1.2.0...feature%2F%C3%BCber-branch",
	"https://api.github.com/orgs/urlcodec/teams/core-team/discussions/42/comments/7?direction=desc",
}

// yosidaValues converts values for yosida95/uritemplate.
func yosidaValues(vars map[string]any) uritemplate.Values {
	v := uritemplate.Values{}
	for name, x := range vars {
		switch x := x.(type) {
		case string:
			v.Set(name, uritemplate.String(x))
		case int:
			v.Set(name, uritemplate.String(fmt.Sprint(x)))
		case []string:
			v.Set(name, uritemplate.List(x...))
		case []percent.Pair:
			var kv []string
			for _, p := range x {
				kv = append(kv, p.Name, p.Value)
			}
			v.Set(name, uritemplate.KV(kv...))
		}
	}
	return v
}

// stdValues converts values for std-uritemplate (objects lose their order).
func stdValues(vars map[string]any) stduritemplate.Substitutions {
	v := stduritemplate.Substitutions{}
	for name, x := range vars {
		switch x := x.(type) {
		case []percent.Pair:
			m := map[string]any{}
			for _, p := range x {
				m[p.Name] = p.Value
			}
			v[name] = m
		case nil:
		default:
			v[name] = x
		}
	}
	return v
}

// TestRealistic: percent writes the expansions worked by hand; the peers'
func loadSuite(t *testing.T) []uritemplatesuite.Case {
	cases, err := uritemplatesuite.Load(filepath.Join("..", "..", "uritemplate", "testdata", "uritemplate"))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestSuite runs each implementation on the 270 cases of the
// uritemplate-test suite and reports how many fail; percent must pass all.
func TestSuite(t *testing.T) {
	cases := loadSuite(t)
	var pfail, yfail, sfail int
	for _, c := range cases {
		check := func(got string, err error) bool {
			if c.Want == nil {
				return err != nil
			}
			return err == nil && slices.Contains(c.Want, got)
		}
		tp, err := pcttemplate.Parse(c.Template)
		var got string
		if err == nil {
			got, err = tp.Expand(c.Vars)
		}
		if !check(got, err) {
			pfail++
			t.Errorf("percent: %q = %q, %v; want %q", c.Template, got, err, c.Want)
		}
		y, err := uritemplate.New(c.Template)
		got = ""
		if err == nil {
			got, err = y.Expand(yosidaValues(c.Vars))
		}
		if !check(got, err) {
			yfail++
			t.Logf("yosida95: %q = %q, %v; want %q", c.Template, got, err, c.Want)
		}
		got, err = stduritemplate.Expand(c.Template, stdValues(c.Vars))
		if !check(got, err) {
			sfail++
			t.Logf("std-uritemplate: %q = %q, %v; want %q", c.Template, got, err, c.Want)
		}
	}
	t.Logf("failing of %d: percent %d, yosida95/uritemplate v3.0.2 %d, std-uritemplate v2.0.3 %d", len(cases), pfail, yfail, sfail)
}

// Benchmarks: one operation is all eight templates.

func BenchmarkExpand(b *testing.B) {
	b.Run("percent", func(b *testing.B) {
		tps := make([]*pcttemplate.Template, len(templates))
		for i, s := range templates {
			tps[i], _ = pcttemplate.Parse(s)
		}
		buf := make([]byte, 0, 512)
		b.ReportAllocs()
		for range b.N {
			for _, tp := range tps {
				buf, _ = tp.AppendExpand(buf[:0], values)
			}
		}
	})
	b.Run("percent-string", func(b *testing.B) {
		tps := make([]*pcttemplate.Template, len(templates))
		for i, s := range templates {
			tps[i], _ = pcttemplate.Parse(s)
		}
		b.ReportAllocs()
		for range b.N {
			for _, tp := range tps {
				tp.Expand(values)
			}
		}
	})
	b.Run("yosida95", func(b *testing.B) {
		ts := make([]*uritemplate.Template, len(templates))
		for i, s := range templates {
			ts[i], _ = uritemplate.New(s)
		}
		yv := yosidaValues(values)
		b.ReportAllocs()
		for range b.N {
			for _, t := range ts {
				t.Expand(yv)
			}
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.Run("percent", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for _, s := range templates {
				pcttemplate.Parse(s)
			}
		}
	})
	b.Run("yosida95", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for _, s := range templates {
				uritemplate.New(s)
			}
		}
	})
}

// BenchmarkParseExpand: parse and expand each time, the only way
// std-uritemplate works.
func BenchmarkParseExpand(b *testing.B) {
	b.Run("percent", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			for _, s := range templates {
				tp, _ := pcttemplate.Parse(s)
				tp.Expand(values)
			}
		}
	})
	b.Run("yosida95", func(b *testing.B) {
		yv := yosidaValues(values)
		b.ReportAllocs()
		for range b.N {
			for _, s := range templates {
				t, _ := uritemplate.New(s)
				t.Expand(yv)
			}
		}
	})
	b.Run("std-uritemplate", func(b *testing.B) {
		sv := stdValues(values)
		b.ReportAllocs()
		for range b.N {
			for _, s := range templates {
				stduritemplate.Expand(s, sv)
			}
		}
	})
}

func BenchmarkMatch(b *testing.B) {
	b.Run("percent", func(b *testing.B) {
		tps := make([]*pcttemplate.Template, len(templates))
		for i, s := range templates {
			tps[i], _ = pcttemplate.Parse(s)
		}
		b.ReportAllocs()
		for range b.N {
			for i, tp := range tps {
				tp.Match(want[i])
			}
		}
	})
	b.Run("yosida95", func(b *testing.B) {
		ts := make([]*uritemplate.Template, len(templates))
		for i, s := range templates {
			ts[i], _ = uritemplate.New(s)
		}
		b.ReportAllocs()
		for range b.N {
			for i, t := range ts {
				t.Match(want[i])
			}
		}
	})
}
