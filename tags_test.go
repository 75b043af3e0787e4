// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"strings"
	"testing"
)

func TestSplitCharsetTag(t *testing.T) {
	tests := []struct {
		in, out string
		tag     CharsetTag
		ok      bool
	}{
		{"http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html", "http://www.jacme.co.jp/%B0%F5%BA%FE.html", CharsetTag{"", "EUC"}, true},
		{"http:[JIS:EUC]://h/p", "http://h/p", CharsetTag{"JIS", "EUC"}, true},
		{"http:[EUC]://h/p", "http://h/p", CharsetTag{"", "EUC"}, true},
		{"ftp:[ISO-10646,UCS-2:UTF-8]//h/", "ftp://h/", CharsetTag{"ISO-10646,UCS-2", "UTF-8"}, true},
		{"http://h/[EUC]", "http://h/[EUC]", CharsetTag{}, false},
		{"http:[]//h/", "http:[]//h/", CharsetTag{}, false},
		{"http:[a b]//h/", "http:[a b]//h/", CharsetTag{}, false},
		{"http:[:EUC]//h/", "http:[:EUC]//h/", CharsetTag{}, false},
		{"http:[EUC//h/", "http:[EUC//h/", CharsetTag{}, false},
		{"[EUC]//h/", "[EUC]//h/", CharsetTag{}, false},
		{"1http:[EUC]//h/", "1http:[EUC]//h/", CharsetTag{}, false},
		{"http:[a:b:c]//h", "http:[a:b:c]//h", CharsetTag{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			out, tag, ok := SplitCharsetTag(tt.in)
			if out != tt.out || tag != tt.tag || ok != tt.ok {
				t.Errorf("SplitCharsetTag(%q) = %q, %+v, %v", tt.in, out, tag, ok)
			}
			if ok {
				ins := tag.Insert(out)
				out2, tag2, ok2 := SplitCharsetTag(ins)
				if !ok2 || out2 != out || tag2 != tag || !strings.Contains(ins, "]:") {
					t.Errorf("Insert(%q) = %q does not split back", out, ins)
				}
			}
		})
	}
	if got := (CharsetTag{"JIS", "EUC"}).Insert("http://h/p"); got != "http:[JIS:EUC]://h/p" {
		t.Errorf("Insert = %q", got)
	}
	if got := (CharsetTag{}).Insert("http://h/p"); got != "http://h/p" {
		t.Errorf("empty Insert = %q", got)
	}
}

// TestCharsetTagSyntax: every byte a scheme may hold after its first letter
// (RFC 3986 §3.1), and the shortest tag.
func TestCharsetTagSyntax(t *testing.T) {
	for _, tc := range []struct {
		u, rest string
		tag     CharsetTag
		ok      bool
	}{
		{"svn+ssh:[EUC]//h/", "svn+ssh://h/", CharsetTag{"", "EUC"}, true},
		{"x-y.z:[JIS:EUC]:a", "x-y.z:a", CharsetTag{"JIS", "EUC"}, true},
		{"a1:[E]x", "a1:x", CharsetTag{"", "E"}, true},
		{"x:[E]", "x:", CharsetTag{"", "E"}, true},
		{"x:[]", "x:[]", CharsetTag{}, false},
		{"x_y:[E]x", "x_y:[E]x", CharsetTag{}, false},
		{"1a:[E]x", "1a:[E]x", CharsetTag{}, false},
		{"a/b:[E]x", "a/b:[E]x", CharsetTag{}, false},
		{"a b:[E]x", "a b:[E]x", CharsetTag{}, false},
		{":[E]x", ":[E]x", CharsetTag{}, false},
		{"x:[E:]", "x:[E:]", CharsetTag{}, false},
		{"x:[:E]", "x:[:E]", CharsetTag{}, false},
		{"x:[E", "x:[E", CharsetTag{}, false},
	} {
		rest, tag, ok := SplitCharsetTag(tc.u)
		if rest != tc.rest || tag != tc.tag || ok != tc.ok {
			t.Errorf("SplitCharsetTag(%q) = %q, %+v, %v; want %q, %+v, %v", tc.u, rest, tag, ok, tc.rest, tc.tag, tc.ok)
		}
		if ok {
			if back := tag.Insert(rest); back != strings.Replace(tc.u, "]", "]:", 1) && back != tc.u {
				t.Errorf("Insert(%q) = %q", rest, back)
			}
		}
	}
	for _, u := range []string{"x_y:a", "1a:a", ":a", "a"} {
		if got := (CharsetTag{Encoding: "E"}).Insert(u); got != u {
			t.Errorf("Insert(%q) = %q: no scheme there", u, got)
		}
	}
	if got := (CharsetTag{Encoding: "E"}).Insert("svn+ssh.x-y:a"); got != "svn+ssh.x-y:[E]:a" {
		t.Errorf("Insert = %q", got)
	}
}
