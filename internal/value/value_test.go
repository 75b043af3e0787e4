// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package value

import (
	"math"
	"net/netip"
	"reflect"
	"testing"
	"time"

	"github.com/urlcodec/percent"
)

type (
	name  string
	count uint8
)

// TestRead: the value model's kinds and texts.
func TestRead(t *testing.T) {
	seven := 7
	var nilp *int
	addr := netip.MustParseAddr("192.0.2.1")
	for _, c := range []struct {
		in   any
		want V
	}{
		{nil, V{}}, {nilp, V{}}, {[]string{}, V{}}, {map[string]int{}, V{}}, {[]percent.Pair{}, V{}},
		{"x", V{Kind: Scalar, String: "x"}}, {name("n"), V{Kind: Scalar, String: "n"}}, {count(9), V{Kind: Scalar, String: "9"}},
		{-3, V{Kind: Scalar, String: "-3"}}, {uint64(math.MaxUint64), V{Kind: Scalar, String: "18446744073709551615"}},
		{true, V{Kind: Scalar, String: "true"}}, {2.5, V{Kind: Scalar, String: "2.5"}}, {1e21, V{Kind: Scalar, String: "1e+21"}},
		{&seven, V{Kind: Scalar, String: "7"}}, {addr, V{Kind: Scalar, String: "192.0.2.1"}}, {&addr, V{Kind: Scalar, String: "192.0.2.1"}},
		{time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), V{Kind: Scalar, String: "2026-01-02T03:04:05Z"}},
		{[]int{1, 2}, V{Kind: List, List: []string{"1", "2"}}}, {[2]name{"a", "b"}, V{Kind: List, List: []string{"a", "b"}}},
		{[]any{"a", 1, &seven}, V{Kind: List, List: []string{"a", "1", "7"}}},
		{map[name]bool{"b": true, "a": false}, V{Kind: Assoc, Pairs: []percent.Pair{{Name: "a", Value: "false"}, {Name: "b", Value: "true"}}}},
		{[]percent.Pair{{Name: "z", Value: "1"}, {Name: "a", Value: "2"}}, V{Kind: Assoc, Pairs: []percent.Pair{{Name: "z", Value: "1"}, {Name: "a", Value: "2"}}}},
	} {
		got, err := Read(c.in)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Read(%#v) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []any{math.NaN(), math.Inf(-1), struct{}{}, complex(1, 1), []any{[]int{1}}, map[int]string{1: "x"}, map[string][]int{"a": {1}}, []*int{nil}} {
		if got, err := Read(bad); err == nil {
			t.Errorf("Read(%#v) = %+v; want an error", bad, got)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Read("x") }); n != 0 {
		t.Errorf("Read of a string: %v allocations", n)
	}
}
