// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package urlbench

import (
	"net/url"
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"
	"github.com/urlcodec/percent/tools/testutil"
	"github.com/urlcodec/percent/weburl"
)

func realURLs(tb testing.TB) []string {
	return testutil.GzipLines(tb, "../../weburl/testdata/urls/kasztp.txt.gz")
}

// The three parsers, each parsing a URL and writing its serialization.
var parsers = []struct {
	name  string
	parse func(s string) (string, bool)
}{
	{"weburl", func(s string) (string, bool) {
		u, err := weburl.Parse(s)
		return u.Href(), err == nil
	}},
	{"nlnwa", func(s string) (string, bool) {
		u, err := nlnwa.Parse(s)
		if err != nil {
			return "", false
		}
		return u.Href(false), true
	}},
	{"net-url", func(s string) (string, bool) {
		u, err := url.Parse(s)
		if err != nil {
			return "", false
		}
		return u.String(), true
	}},
}

// BenchmarkParse parses and serializes the real URLs, one a run, cycling
// through the 48 010 of them so that no branch predictor learns one.
func BenchmarkParse(b *testing.B) {
	urls := realURLs(b)
	for _, p := range parsers {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for i := range b.N {
				s, _ := p.parse(urls[i%len(urls)])
				n += len(s)
			}
			_ = n
		})
	}
}

// TestConformance counts the cases of WPT's urltestdata.json each parser
// passes (href, or the failure), and for weburl requires all of them.
func TestConformance(t *testing.T) {
	var raw []any
	testutil.ReadJSON(t, "../../weburl/testdata/wpt/urltestdata.json", &raw)
	type tcase struct {
		input, base, href string
		hasBase, failure  bool
	}
	var cases []tcase
	for _, r := range raw {
		m, ok := r.(map[string]any)
		if !ok {
			continue
		}
		c := tcase{input: m["input"].(string), failure: m["failure"] == true}
		c.base, c.hasBase = m["base"].(string)
		c.href, _ = m["href"].(string)
		cases = append(cases, c)
	}
	resolve := map[string]func(in, base string, hasBase bool) (string, bool){
		"weburl": func(in, base string, hasBase bool) (string, bool) {
			var bp *weburl.URL
			if hasBase {
				bu, err := weburl.Parse(base)
				if err != nil {
					return "", false
				}
				bp = &bu
			}
			u, err := weburl.ParseRef(in, bp)
			return u.Href(), err == nil
		},
		"nlnwa": func(in, base string, hasBase bool) (string, bool) {
			var u *nlnwa.Url
			var err error
			if hasBase {
				u, err = nlnwa.ParseRef(base, in)
			} else {
				u, err = nlnwa.Parse(in)
			}
			if err != nil {
				return "", false
			}
			return u.Href(false), true
		},
		"net-url": func(in, base string, hasBase bool) (string, bool) {
			u, err := url.Parse(in)
			if err != nil {
				return "", false
			}
			if hasBase {
				bu, err := url.Parse(base)
				if err != nil {
					return "", false
				}
				u = bu.ResolveReference(u)
			}
			return u.String(), true
		},
	}
	for _, name := range []string{"weburl", "nlnwa", "net-url"} {
		pass, accepted := 0, 0
		for _, c := range cases {
			href, ok := resolve[name](c.input, c.base, c.hasBase)
			switch {
			case c.failure && ok:
				accepted++
			case c.failure || ok && href == c.href:
				pass++
			}
		}
		t.Logf("%-8s %d of %d cases; accepts %d of the must-fail inputs", name, pass, len(cases), accepted)
		if name == "weburl" && (pass != len(cases) || accepted != 0) {
			t.Errorf("weburl: %d of %d", pass, len(cases))
		}
	}
}
