// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/idna"
	"github.com/urlcodec/percent/tools/testutil"
)

// components returns the API's getters of u by their names in WPT's data.
func components(u *URL) map[string]string {
	return map[string]string{
		"href": u.Href(), "origin": u.Origin(), "protocol": u.Protocol(),
		"username": u.Username(), "password": u.Password(), "host": u.Host(),
		"hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
		"search": u.Search(), "hash": u.Hash(),
	}
}

// readJSONList reads a WPT list file: its objects, without the comment
// strings.
func readJSONList(t *testing.T, path string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, r := range testutil.JSONObjects(t, path) {
		var m map[string]any
		if err := json.Unmarshal(r, &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// runURLTests runs WPT's url-constructor tests on cases: the base parsed,
// then the input against it; every component given, or a failure.
func runURLTests(t *testing.T, cases []map[string]any) (pass int) {
	for _, c := range cases {
		input := c["input"].(string)
		var base *URL
		if b, ok := c["base"].(string); ok {
			u, err := Parse(b)
			if err != nil {
				if c["failure"] != true {
					t.Errorf("base %+q: %v", b, err)
				} else {
					pass++
				}
				continue
			}
			base = &u
		}
		u, err := ParseRef(input, base)
		if c["failure"] == true {
			if err == nil {
				t.Errorf("%+q against %v: got %q, want failure", input, c["base"], u.Href())
			} else if CanParse(input, base) {
				t.Errorf("%+q: CanParse true for a failure", input)
			} else {
				pass++
			}
			continue
		}
		if err != nil {
			t.Errorf("%+q against %v: %v, want %q", input, c["base"], err, c["href"])
			continue
		}
		ok := true
		got := components(&u)
		for k, v := range got {
			want, given := c[k].(string)
			if given && v != want {
				t.Errorf("%+q against %v: %s = %+q, want %+q", input, c["base"], k, v, want)
				ok = false
			}
		}
		if sp, given := c["searchParams"].(string); given {
			q, _ := u.Query()
			var pairs []percent.Pair
			for n, v := range percent.Form.Pairs(q) {
				pairs = append(pairs, percent.Pair{Name: n, Value: v})
			}
			if s := percent.Form.EncodeQuery(pairs); s != sp {
				t.Errorf("%+q: searchParams %q, want %q", input, s, sp)
				ok = false
			}
		}
		if ok {
			pass++
		}
	}
	return pass
}

// TestURLTestData runs every case of WPT's urltestdata.json.
func TestURLTestData(t *testing.T) {
	cases := readJSONList(t, "testdata/wpt/urltestdata.json")
	pass := runURLTests(t, cases)
	t.Logf("urltestdata.json: %d/%d", pass, len(cases))
	if len(cases) != 891 {
		t.Errorf("%d cases, want 891", len(cases))
	}
}

// TestURLTestDataJavaScriptOnly runs urltestdata-javascript-only.json:
// its inputs hold lone surrogates, which encoding/json reads as U+FFFD,
// as the URL API's USVString conversion does.
func TestURLTestDataJavaScriptOnly(t *testing.T) {
	cases := readJSONList(t, "testdata/wpt/urltestdata-javascript-only.json")
	if pass := runURLTests(t, cases); pass != len(cases) || len(cases) == 0 {
		t.Errorf("%d/%d", pass, len(cases))
	}
}

// TestSetters runs every case of WPT's setters_tests.json: the setter on
// the URL, then each expected component.
func TestSetters(t *testing.T) {
	b, err := os.ReadFile("testdata/wpt/setters_tests.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	total, pass := 0, 0
	for setter, raw := range doc {
		if setter == "comment" {
			continue
		}
		var cases []struct {
			Comment  string            `json:"comment"`
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			total++
			u, err := Parse(c.Href)
			if err != nil {
				t.Errorf("%s: %q: %v", setter, c.Href, err)
				continue
			}
			set(&u, setter, c.NewValue)
			ok := true
			got := components(&u)
			for k, want := range c.Expected {
				if got[k] != want {
					t.Errorf("%s(%+q) on %q: %s = %+q, want %+q (%s)", setter, c.NewValue, c.Href, k, got[k], want, c.Comment)
					ok = false
				}
			}
			if ok {
				pass++
			}
		}
	}
	t.Logf("setters_tests.json: %d/%d", pass, total)
	if total != 278 {
		t.Errorf("%d cases, want 278", total)
	}
}

// set calls the setter WPT names.
func set(u *URL, setter, v string) {
	switch setter {
	case "href":
		u.SetHref(v)
	case "protocol":
		u.SetProtocol(v)
	case "username":
		u.SetUsername(v)
	case "password":
		u.SetPassword(v)
	case "host":
		u.SetHost(v)
	case "hostname":
		u.SetHostname(v)
	case "port":
		u.SetPort(v)
	case "pathname":
		u.SetPathname(v)
	case "search":
		u.SetSearch(v)
	case "hash":
		u.SetHash(v)
	}
}

// TestToASCIIWPT runs WPT's toascii.json as toascii.window.js does: the
// input as the host of a URL, and through the host and hostname setters.
func TestToASCIIWPT(t *testing.T) {
	cases := readJSONList(t, "testdata/wpt/toascii.json")
	pass := 0
	for _, c := range cases {
		in := c["input"].(string)
		want, ok := c["output"].(string)
		u, err := Parse("https://" + in + "/x")
		good := true
		if !ok {
			good = err != nil
		} else {
			good = err == nil && u.Host() == want && u.Hostname() == want && u.Pathname() == "/x" && u.Href() == "https://"+want+"/x"
		}
		for _, setter := range []string{"host", "hostname"} {
			v, _ := Parse("https://x/x")
			set(&v, setter, in)
			if got := components(&v)[setter]; ok && got != want || !ok && got != "x" {
				t.Errorf("%s(%+q): %q", setter, in, got)
				good = false
			}
		}
		if !good {
			t.Errorf("%+q: %q %v, want %v", in, u.Host(), err, c["output"])
		} else {
			pass++
		}
	}
	t.Logf("toascii.json: %d/%d", pass, len(cases))
	if len(cases) != 87 {
		t.Errorf("%d cases, want 87", len(cases))
	}
}

// TestIdnaTestV2 runs WPT's IdnaTestV2.json as IdnaTestV2.window.js
// does: each input as the host of a URL, with ":", "/", "?", "#" and "\"
// percent-encoded so that they reach the host parser; the empty input,
// which a URL cannot carry as its host, is ToASCII's own (package idna).
func TestIdnaTestV2(t *testing.T) {
	cases := readJSONList(t, "../idna/testdata/wpt/IdnaTestV2.json")
	pass := 0
	for _, c := range cases {
		in := c["input"].(string)
		want, ok := c["output"].(string)
		if in == "" {
			if got, err := idna.ToASCII(in, idna.Lookup); err != nil || !ok || got != want {
				t.Errorf(`ToASCII(""): %q %v, want %v`, got, err, c["output"])
			} else {
				pass++
			}
			continue
		}
		enc := strings.NewReplacer(":", "%3A", "/", "%2F", "?", "%3F", "#", "%23", "\\", "%5C").Replace(in)
		u, err := Parse("https://" + enc + "/x")
		switch {
		case !ok && err == nil:
			t.Errorf("%+q: got %q, want failure (%v)", in, u.Host(), c["comment"])
		case ok && err != nil:
			t.Errorf("%+q: %v, want %q", in, err, want)
		case ok && u.Host() != want:
			t.Errorf("%+q: got %q, want %q", in, u.Host(), want)
		default:
			pass++
		}
	}
	t.Logf("IdnaTestV2.json: %d/%d", pass, len(cases))
	if len(cases) != 2671 {
		t.Errorf("%d cases, want 2671", len(cases))
	}
}
