// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"bufio"
	"encoding/json"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/urlcodec/percent/form"
)

// phpParse reads each query with PHP's parse_str, in one php process, and
// returns the trees as JSON values.
func phpParse(t *testing.T, qs []string) []any {
	t.Helper()
	php, err := exec.LookPath("php")
	if err != nil {
		t.Skip("php is not on this machine")
	}
	const script = `while (($l = fgets(STDIN)) !== false) { parse_str(rtrim($l, "\n"), $o); echo json_encode($o), "\n"; }`
	cmd := exec.Command(php, "-r", script)
	cmd.Stdin = strings.NewReader(strings.Join(qs, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("php: %v", err)
	}
	var trees []any
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("php printed %q: %v", sc.Text(), err)
		}
		trees = append(trees, v)
	}
	if len(trees) != len(qs) {
		t.Fatalf("php read %d queries of %d", len(trees), len(qs))
	}
	return trees
}

// Marshal's canonical form is read by PHP's parse_str as the tree that
// Unmarshal into an interface{} gives (DESIGN: "Marshal writes one
// canonical form ... that qs and PHP read as the same tree").
func TestMarshalReadByPHP(t *testing.T) {
	type Line struct {
		SKU   string   `form:"sku"`
		Qty   uint     `form:"qty"`
		Notes []string `form:"notes,omitempty"`
	}
	type Order struct {
		ID      int               `form:"id"`
		Lines   []Line            `form:"lines"`
		Labels  map[string]string `form:"labels"`
		Grid    [][]int           `form:"grid"`
		When    time.Time         `form:"when"`
		Comment string            `form:"comment"`
	}
	values := []any{
		Order{
			ID:      1,
			Lines:   []Line{{SKU: "a&b", Qty: 2, Notes: []string{"x y", "ü", "+%"}}, {SKU: "c=d", Qty: 0}},
			Labels:  map[string]string{"k one": "v", "k]": ""},
			Grid:    [][]int{{1, 2}, {3}},
			When:    time.Date(2026, 12, 5, 1, 2, 3, 0, time.UTC),
			Comment: "#?&=[]",
		},
		map[string]any{"a": []any{"1", map[string]any{"b": "2"}}, "c": map[string]any{"0": "z", "x": "y"}},
		map[string][]string{"list": {"", "", "e"}},
	}
	// "k]" cannot be nested: Marshal refuses the first value whole.
	if _, err := form.Marshal(values[0]); err == nil {
		t.Fatal(`Marshal wrote a nested key with "]"`)
	}
	o := values[0].(Order)
	delete(o.Labels, "k]")
	values[0] = o

	var qs []string
	for _, v := range values {
		for _, f := range []form.ArrayFormat{form.Indices, form.Brackets} {
			e := form.Encoder{Arrays: f}
			q, err := e.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			qs = append(qs, q)
		}
	}
	trees := phpParse(t, qs)
	for i, q := range qs {
		var ours any
		if err := form.Unmarshal(q, &ours); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		// JSON both ways, so that both trees have JSON's types.
		b, err := json.Marshal(ours)
		if err != nil {
			t.Fatal(err)
		}
		var o any
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(o, trees[i]) {
			t.Errorf("%s:\nphp  %v\nours %v", q, trees[i], o)
		}
	}
}
