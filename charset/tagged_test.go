// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset

import (
	"errors"
	"testing"

	"github.com/urlcodec/percent"
)

func TestDecodeTaggedPath(t *testing.T) {
	got, err := DecodeTaggedPath("http:[cp1251]//h/%EC%E8%F0/a%2Fb", nil)
	if err != nil || got != "/мир/a/b" {
		t.Errorf("DecodeTaggedPath = %q, %v", got, err)
	}
	got, err = DecodeTaggedPath("http:[RU:KOI8-R]://h/%CD%C9%D2", nil)
	if err != nil || got != "/мир" {
		t.Errorf("DecodeTaggedPath with charset and encoding = %q, %v", got, err)
	}
	got, err = DecodeTaggedPath("http://h/%D0%BC", nil)
	if err != nil || got != "/м" {
		t.Errorf("untagged = %q, %v", got, err)
	}
	var fe *percent.FormatError
	if _, err := DecodeTaggedPath("http:[EUC]//h/%B0", nil); !errors.As(err, &fe) {
		t.Errorf("unknown charset: %v", err)
	}
}

// TestDecodeTaggedPathNames: a tag whose charset is known only by its two
// names joined ("windows" and "1251": windows-1251) is found.
func TestDecodeTaggedPathNames(t *testing.T) {
	got, err := DecodeTaggedPath("http:[windows:1251]//h/%EC%E8%F0", nil)
	if err != nil || got != "/мир" {
		t.Errorf("DecodeTaggedPath = %q, %v; want /мир", got, err)
	}
	if _, err := DecodeTaggedPath("http:[nosuch]//h/%EC", nil); err == nil {
		t.Errorf("DecodeTaggedPath with an unknown charset: no error")
	}
}

// TestDecodeTaggedPathOffsets: every error offset counts in u, the tag and
// the authority included.
func TestDecodeTaggedPathOffsets(t *testing.T) {
	for _, tc := range []struct {
		u    string
		want int
	}{
		{"http://host.example/a/%FF", 22},         // invalid UTF-8: the escape
		{"http:[cp1251]//host.example/a/%zz", 30}, // malformed escape
		{"http:[US-ASCII]//h/%41%80", 22},         // an octet US-ASCII does not map
		{"http:[nosuch]//h/", 5},                  // the tag
	} {
		_, err := DecodeTaggedPath(tc.u, nil)
		var off = -1
		var de *percent.DecodeError
		var ce *Error
		var fe *percent.FormatError
		switch {
		case errors.As(err, &de):
			off = de.Offset
		case errors.As(err, &ce):
			off = ce.Offset
		case errors.As(err, &fe):
			off = fe.Offset
		}
		if off != tc.want {
			t.Errorf("DecodeTaggedPath(%q): %v, offset %d; want offset %d", tc.u, err, off, tc.want)
		}
	}
}
