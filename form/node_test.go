// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"encoding/json"
	"testing"

	"github.com/urlcodec/percent/form"
)

// A Node's JSON keeps its members' order, leaves HTML characters as
// JSON.stringify and JSON.generate leave them, and writes Null, empty
// lists and maps; UnmarshalJSON reads it back in order, and refuses what a
// query cannot hold.
func TestNodeJSON(t *testing.T) {
	n := &form.Node{Kind: form.Map, Members: []form.Member{
		{Key: "z", Value: &form.Node{Kind: form.String, Value: "<a&b>"}},
		{Key: "a", Value: &form.Node{Kind: form.List, Items: []*form.Node{{}, {Kind: form.String, Value: "\xff"}}}},
		{Key: "m", Value: &form.Node{Kind: form.Map}},
		{Key: "l", Value: &form.Node{Kind: form.List}},
	}}
	got, err := n.MarshalJSON()
	// JSON.stringify({z: "<a&b>", a: [null, "\ufffd"], m: {}, l: []}), in order
	const want = `{"z":"<a&b>","a":[null,"\ufffd"],"m":{},"l":[]}`
	if err != nil || string(got) != want {
		t.Fatalf("MarshalJSON = %s, %v; want %s", got, err, want)
	}
	if !json.Valid(got) {
		t.Fatalf("%s is not JSON", got)
	}
	var back form.Node
	if err := back.UnmarshalJSON(got); err != nil {
		t.Fatal(err)
	}
	// the byte that is not UTF-8 came back as U+FFFD itself, written raw
	if again, _ := back.MarshalJSON(); string(again) != "{\"z\":\"<a&b>\",\"a\":[null,\"\ufffd\"],\"m\":{},\"l\":[]}" {
		t.Errorf("read back and written again: %s", again)
	}
	if back.Get("z") == nil || back.Get("z").Value != "<a&b>" || back.Get("nope") != nil {
		t.Errorf("Get: %+v, %+v", back.Get("z"), back.Get("nope"))
	}
	for _, bad := range []string{`{"a":1}`, `[true]`, `{"a":"x","a":"y"}`, `"a" "b"`, `{`} {
		var n form.Node
		if err := n.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s): no error", bad)
		}
	}
}
