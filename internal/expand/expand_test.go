// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package expand_test

import (
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/expand"
	"github.com/urlcodec/percent/uritemplate"
)

// TestExpr: an Expr expands as the one-expression template does, for every
// operator, value kind and explode; with reserved, as "+" writes values;
// with lit, through that Encoding; allocating nothing for the common types.
func TestExpr(t *testing.T) {
	values := []any{nil, "", "a b/c?%41", []string{"x,y", "é"}, []percent.Pair{{Name: "k;", Value: "v="}, {Name: "e", Value: ""}}, 42}
	for _, op := range []string{"", "+", "#", ".", "/", ";", "?", "&"} {
		for _, explode := range []bool{false, true} {
			star := ""
			if explode {
				star = "*"
			}
			tp, err := uritemplate.Parse("{" + op + "v" + star + "}")
			if err != nil {
				t.Fatal(err)
			}
			x, err := expand.NewExpr(op, "v", explode, false, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range values {
				want, _ := tp.Expand(map[string]any{"v": v})
				got, err := x.AppendExpand(nil, v)
				if err != nil || string(got) != want {
					t.Errorf("expand.NewExpr(%q, explode %v).AppendExpand(%v) = %q, %v; want %q", op, explode, v, got, err, want)
				}
			}
		}
	}
	x, _ := expand.NewExpr(";", "v", false, true, nil)
	if got, _ := x.AppendExpand(nil, "a/b,c%41 d"); string(got) != ";v=a/b,c%41%20d" {
		t.Errorf("reserved: %q", got)
	}
	q := percent.NewEncoding(percent.Unreserved.Union(percent.Reserved).Remove("&=+#"))
	x, _ = expand.NewExpr("?", "v", true, true, q)
	if got, _ := x.AppendExpand(nil, []string{"a&b", "c/d"}); string(got) != "?v=a%26b&v=c/d" {
		t.Errorf("reserved with lit: %q", got)
	}
	if _, err := expand.NewExpr("!", "v", false, false, nil); err == nil {
		t.Error("expand.NewExpr(!): no error")
	}
	x, _ = expand.NewExpr("?", "color", true, false, nil)
	dst := make([]byte, 0, 64)
	var list any = []string{"blue", "black", "brown"} // boxed once, as a caller's any is
	if n := testing.AllocsPerRun(100, func() { x.AppendExpand(dst[:0], list) }); n != 0 {
		t.Errorf("AppendExpand: %v allocations", n)
	}
}
