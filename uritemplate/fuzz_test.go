// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"errors"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/expand"
)

// FuzzTemplate parses any template and expands it with string, list and
// pair values made from the input: it never panics, a parse error's
// offset is inside the template, Expand writes only unreserved and
// reserved characters and well-formed escapes (a URI reference), and what
// Match reads back expands to the same URI, byte for byte.
func FuzzTemplate(f *testing.F) {
	for _, s := range []string{"{var}", "{+path}/here", "{#x,hello,y}", "X{.list*}", "{/var,x}/here", "{;keys*}",
		"{?x,y,empty}", "{&keys}", "{var:3}", "/{a}/{+b}{?c,d}", "{%2x}", "{x..y}", "{a", "}", "ü{x}", "{?q}{&p}"} {
		f.Add(s, "Hello World!/ü%41%zz")
	}
	f.Fuzz(func(t *testing.T, tpl, val string) {
		tp, err := Parse(tpl)
		if err != nil {
			var te *Error
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset >= len(tpl) {
				t.Fatalf("Parse(%q): %v: no offset inside the template", tpl, err)
			}
			return
		}
		if tp.String() != tpl {
			t.Fatalf("String() = %q", tp.String())
		}
		vars := map[string]any{}
		for i, name := range tp.Names() {
			switch i % 4 {
			case 0:
				vars[name] = val
			case 1:
				vars[name] = strings.Split(val, "/")
			case 2:
				vars[name] = []percent.Pair{{Name: val, Value: val}, {Name: "k", Value: ""}}
			}
		}
		uri, err := tp.Expand(vars)
		if err != nil {
			var te *Error
			if !errors.As(err, &te) || te.Name == "" || te.Offset < 0 || te.Offset >= len(tpl) {
				t.Fatalf("Expand: %v", err)
			}
			return
		}
		if !expand.ReservedEnc.Valid(uri) {
			t.Fatalf("Parse(%q).Expand(%q) = %q: not a URI reference", tpl, val, uri)
		}
		if got, ok := tp.Match(uri); ok {
			// Byte for byte, hex case included.
			if u, err := tp.Expand(got); err != nil || u != uri {
				t.Fatalf("Parse(%q).Match(%q) = %v, which expands to %q", tpl, uri, got, u)
			}
		}
	})
}

// FuzzMatch: for any template of at most three variables and two string
// values made from the input, Match of the expansion agrees with the
// oracle (writers): the one map that writes it, or false where none or two
// do; and Match of the raw input text, as a URI, agrees too.
func FuzzMatch(f *testing.F) {
	for _, s := range []string{"/users/{user}/starred{/owner}{/repo}", "{base}...{head}", "{;a}{;b}", "{/b}/a/{+a}", "{?x,y}", "{x:3}/{x}", "{#a}x{+b}"} {
		f.Add(s, "main", "dev")
		f.Add(s, "a/b", "")
	}
	f.Fuzz(func(t *testing.T, src, a, b string) {
		tp, err := Parse(src)
		if err != nil || len(tp.Names()) > 3 || len(src) > 40 || len(a)+len(b) > 16 {
			return
		}
		vars := map[string]any{}
		for i, name := range tp.Names() {
			switch i % 3 {
			case 0:
				vars[name] = a
			case 1:
				vars[name] = b
			}
		}
		uri, err := tp.Expand(vars)
		if err != nil || len(uri) > 48 {
			return
		}
		checkMatch(t, tp, uri)
		if len(a) <= 24 {
			checkMatch(t, tp, a)
		}
	})
}
