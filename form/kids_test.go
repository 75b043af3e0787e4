// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/urlcodec/percent/form"
)

// TestManyKeys: queries of many names under one key, past the first room
// of the reader's table of children and through its growth, read as
// net/url reads the same pairs: every name once, each with its value;
// names that differ in one byte stay apart, and a name written escaped
// and plain is one name, given twice.
func TestManyKeys(t *testing.T) {
	for _, n := range []int{1, 15, 16, 17, 127, 128, 129, 300, 500} { // 2n pairs, the limit 1000
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte('&')
			}
			// Names that share their length and ends, and a group of them
			// under one parent.
			fmt.Fprintf(&b, "k%04dz=v%d&g[k%04dz]=w%d", i, i, i, i)
		}
		q := b.String()
		want, err := url.ParseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := form.Unmarshal(q, &got); err != nil {
			t.Fatalf("%d names: %v", n, err)
		}
		g, _ := got["g"].(map[string]any)
		count := 0
		for k, vs := range want {
			if inner, ok := strings.CutPrefix(k, "g["); ok {
				inner = strings.TrimSuffix(inner, "]")
				if g[inner] != vs[0] {
					t.Fatalf("%d names: g[%s] = %v, want %q", n, inner, g[inner], vs[0])
				}
				count++
				continue
			}
			if got[k] != vs[0] {
				t.Fatalf("%d names: %s = %v, want %q", n, k, got[k], vs[0])
			}
			count++
		}
		if read := len(got) - 1 + len(g); read != count || count != 2*n {
			t.Fatalf("%d names: %d keys read, net/url has %d", n, read, count)
		}
	}
	// One name, plain and escaped, under a table grown past its first room.
	var b strings.Builder
	for i := range 400 {
		fmt.Fprintf(&b, "m[x%d]=1&", i)
	}
	q := b.String() + "m[x7]=1&m%5Bx%37%5D=2"
	var m map[string]map[string]string
	err := form.Unmarshal(q, &m)
	var fe *form.Error
	if !reflect.TypeOf(err).AssignableTo(reflect.TypeOf(fe)) || !strings.Contains(err.Error(), "m[x7]") {
		t.Fatalf("a name given twice: %v; want an *Error for m[x7]", err)
	}
}
