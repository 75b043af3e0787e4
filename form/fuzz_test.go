// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"testing"

	"github.com/urlcodec/percent/form"
)

type fuzzItem struct {
	N    int               `form:"n"`
	S    string            `form:"s,omitempty"`
	Tags []string          `form:"tags"`
	M    map[string]string `form:"m"`
}

type fuzzTarget struct {
	A     string              `form:"a"`
	B     *bool               `form:"b"`
	F     float64             `form:"f"`
	Items []fuzzItem          `form:"items"`
	Arr   [3]uint16           `form:"arr"`
	Deep  map[string][]string `form:"deep"`
	Raw   []byte              `form:"raw"`
	Any   any                 `form:"any"`
}

// FuzzUnmarshal: no input panics; every failure is an *Error; a query
// read into a struct or into an interface{} writes back (Marshal) as a
// query that reads into the same value, and writes again as the same
// query (Unmarshal∘Marshal is the identity on what Unmarshal gives).
func FuzzUnmarshal(f *testing.F) {
	for _, s := range []string{
		"a=1&b=on&f=1.5&items[0][n]=2&items[0].tags[]=x&items.1.m[k]=v&arr[2]=7&deep[x][]=1&raw=%FF&any[a][0]=1",
		"a[=1", "a[b]c=1", "items[999999999][n]=1", "a=1&a=2", "any=1&any[x]=2", "?a=%zz",
		"any[0]=x&any[]=y&any[1]=z", "items[0][m][a]=1&items[0][m][b]=2", "deep[.]=1", "a%5Bb=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		var v fuzzTarget
		err := form.Unmarshal(q, &v)
		var fe *form.Error
		if err != nil && !errors.As(err, &fe) {
			t.Fatalf("%q: %v is not an *Error", q, err)
		}
		if err == nil {
			roundTrip(t, q, &v, new(fuzzTarget))
		}
		var m map[string]any
		if err := form.Unmarshal(q, &m); err != nil {
			if !errors.As(err, &fe) {
				t.Fatalf("%q: %v is not an *Error", q, err)
			}
			return
		}
		roundTrip(t, q, &m, new(map[string]any))
	})
}

// roundTrip checks that v, read from q, writes as a query that reads into
// fresh as v writes again.
func roundTrip[T any](t *testing.T, q string, v, fresh *T) {
	t.Helper()
	s, err := form.Marshal(v)
	if err != nil {
		var fe *form.Error
		if !errors.As(err, &fe) {
			t.Fatalf("%q: Marshal: %v is not an *Error", q, err)
		}
		return // a value Unmarshal can hold and Marshal cannot write: a NaN, a key with "]"
	}
	if err := form.Unmarshal(s, fresh); err != nil {
		t.Fatalf("%q: Marshal wrote %q, which does not read back: %v", q, s, err)
	}
	s2, err := form.Marshal(fresh)
	if err != nil || s2 != s {
		t.Fatalf("%q: wrote %q, read back and wrote %q (%v)", q, s, s2, err)
	}
}
