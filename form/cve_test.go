// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"errors"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/form"
)

// The inputs of the CVEs that query readers in other ecosystems fixed by
// adding a limit: here each is an error or a bounded result, never a
// crash, a silent cut or memory out of proportion to the input.

// bytesPerRun returns the bytes f allocates, the least of a few runs.
func bytesPerRun(f func()) uint64 {
	best := ^uint64(0)
	var a, b runtime.MemStats
	for range 3 {
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		best = min(best, b.TotalAlloc-a.TotalAlloc)
	}
	return best
}

// linear fails t when reading q into a fresh *T allocates more than 64
// bytes for each byte of q (beyond a constant for small inputs).
func linear[T any](t *testing.T, d *form.Decoder, q string) error {
	t.Helper()
	var err error
	b := bytesPerRun(func() {
		var v T
		err = d.Unmarshal(q, &v)
	})
	if limit := 64*uint64(len(q)) + 16<<10; b > limit {
		t.Errorf("%.40q… (%d bytes): allocated %d bytes, over %d", q, len(q), b, limit)
	}
	return err
}

// qs CVE-2014-7191: a[1000000000]=x made qs build an array that long.
func TestCVE_2014_7191_qs_HugeIndex(t *testing.T) {
	var d form.Decoder
	var fe *form.Error
	if err := linear[struct{ A []string }](t, &d, "A[1000000000]=x"); !errors.As(err, &fe) || fe.Offset != 1 {
		t.Errorf("got %v, want an *Error at the index", err)
	}
	big := form.Decoder{MaxPairs: -1}
	if err := linear[struct{ A []string }](t, &big, "A[1000000000]=x&A[0]=y"); err != nil {
		t.Errorf("without a limit: %v", err)
	}
	if err := linear[map[string]any](t, &big, "A[1000000000]=x"); err != nil {
		t.Errorf("into any: %v", err)
	}
}

// qs CVE-2022-24999: __proto__ in a key polluted every object. Here a key
// is data: it names a map entry or no field, and touches nothing else.
func TestCVE_2022_24999_qs_Proto(t *testing.T) {
	var m map[string]any
	if err := form.Unmarshal("a[__proto__][b]=1&__proto__[x]=2&a[constructor][prototype][y]=3", &m); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"a":         map[string]any{"__proto__": map[string]any{"b": "1"}, "constructor": map[string]any{"prototype": map[string]any{"y": "3"}}},
		"__proto__": map[string]any{"x": "2"},
	}
	if !reflect.DeepEqual(m, want) {
		t.Errorf("got %v", m)
	}
	var s struct{ A map[string]string }
	if err := form.Unmarshal("A[__proto__]=1&__proto__[A]=2", &s); err != nil || len(s.A) != 1 || s.A["__proto__"] != "1" {
		t.Errorf("got %v %v", s, err)
	}
}

// qs CVE-2025-15284: a[] pushes were not counted against arrayLimit.
// Here every "[]" is a pair, and pairs have their limit.
func TestCVE_2025_15284_qs_BracketPushes(t *testing.T) {
	var d form.Decoder
	q := strings.Repeat("a[]=x&", percent.DefaultMaxPairs)
	if err := linear[struct{ A []string }](t, &d, q); err != nil {
		t.Errorf("%d pushes: %v", percent.DefaultMaxPairs, err)
	}
	if err := linear[struct{ A []string }](t, &d, q+"a[]=x"); !errors.Is(err, percent.ErrTooManyPairs) {
		t.Errorf("one push more: got %v", err)
	}
}

// qs CVE-2026-2391: a comma-separated value bypassed the list limit. A
// value here is never split at ",": it stays one string.
func TestCVE_2026_2391_qs_CommaList(t *testing.T) {
	var d form.Decoder
	q := "A=" + strings.Repeat("x,", 100000)
	var v struct{ A []string }
	if err := d.Unmarshal(q, &v); err != nil || len(v.A) != 1 || len(v.A[0]) != 200000 {
		t.Errorf("got %d items, %v", len(v.A), err)
	}
	if err := linear[struct{ A []string }](t, &d, q); err != nil {
		t.Error(err)
	}
}

// Rack CVE-2015-3225: deep nesting overflowed the stack. Depth has its
// limit, and the error says where the key goes past it.
func TestCVE_2015_3225_Rack_DeepNesting(t *testing.T) {
	var d form.Decoder
	q := "a" + strings.Repeat("[a]", 100000) + "=1"
	var fe *form.Error
	if err := linear[map[string]any](t, &d, q); !errors.As(err, &fe) || fe.Offset != 1+3*form.DefaultMaxDepth {
		t.Errorf("got %v", err)
	}
	q = "a" + strings.Repeat(".a", 100000) + "=1"
	if err := linear[map[string]any](t, &d, q); !errors.As(err, &fe) || fe.Offset != 1+2*form.DefaultMaxDepth {
		t.Errorf("dots: got %v", err)
	}
}

// Rack CVE-2025-46727: an unbounded number of parameters exhausted memory;
// Go CVE-2025-61726: the same in net/url.ParseQuery.
func TestCVE_2025_46727_Rack_CVE_2025_61726_Go_ManyPairs(t *testing.T) {
	var d form.Decoder
	q := strings.Repeat("a=1&", 1000000)
	b := bytesPerRun(func() {
		var v map[string]any
		if err := d.Unmarshal(q, &v); !errors.Is(err, percent.ErrTooManyPairs) {
			t.Errorf("got %v", err)
		}
	})
	if b > 1<<20 {
		t.Errorf("a 4 MB query over the limit allocated %d bytes", b)
	}
}

// Rack CVE-2025-59830: ";" separators slipped past params_limit. ";" is
// not a separator here (nor in the URL Standard or net/url since Go 1.17).
func TestCVE_2025_59830_Rack_Semicolons(t *testing.T) {
	var v struct{ A, B string }
	if err := form.Unmarshal("A=1;B=2", &v); err != nil || v.A != "1;B=2" || v.B != "" {
		t.Errorf("got %+v %v", v, err)
	}
}

// PHP CVE-2011-4885: many colliding keys made hashing quadratic. Keys are
// counted, and the many children of one key are found through a Go map
// (seeded at random), in time linear in their number.
func TestCVE_2011_4885_PHP_ManyKeys(t *testing.T) {
	var d form.Decoder
	var b strings.Builder
	for i := range percent.DefaultMaxPairs {
		b.WriteString("a[k")
		b.WriteString(strings.Repeat("0", i%7))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(string(rune('a' + i/26%26)))
		b.WriteString(string(rune('a' + i/676)))
		b.WriteString("]=1&")
	}
	var m map[string]map[string]string
	if err := d.Unmarshal(b.String(), &m); err != nil || len(m["a"]) != percent.DefaultMaxPairs {
		t.Errorf("got %d keys, %v", len(m["a"]), err)
	}
	if err := linear[map[string]any](t, &d, b.String()+"b=1"); !errors.Is(err, percent.ErrTooManyPairs) {
		t.Errorf("one key more: got %v", err)
	}
}
