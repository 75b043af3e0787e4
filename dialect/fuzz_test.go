// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package dialect

import (
	"net/url"
	"testing"
	"unicode/utf8"
)

// FuzzDialects compares the three Go dialects with net/url, encoding and
// decoding, and checks ReplaceInvalidUTF8's output.
func FuzzDialects(f *testing.F) {
	for _, s := range []string{"", "a b+c", "%", "%2", "%zz", "%41%", "*", "a/b;c,d?e", "\xff\xfe", "é€😀", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := GoQueryEscape.Encode(s), url.QueryEscape(s); got != want {
			t.Errorf("GoQueryEscape.Encode(%q) = %q, url.QueryEscape: %q", s, got, want)
		}
		if got, want := GoPathEscape.Encode(s), url.PathEscape(s); got != want {
			t.Errorf("GoPathEscape.Encode(%q) = %q, url.PathEscape: %q", s, got, want)
		}
		if s != "*" {
			if got, want := GoEscapedPath.Encode(s), escapedPath(s); got != want {
				t.Errorf("GoEscapedPath.Encode(%q) = %q, EscapedPath: %q", s, got, want)
			}
		}
		got, err := GoQueryEscape.Decode(s)
		want, werr := url.QueryUnescape(s)
		if got != want || (err != nil) != (werr != nil) {
			t.Errorf("GoQueryEscape.Decode(%q) = %q, %v; url.QueryUnescape: %q, %v", s, got, err, want, werr)
		}
		got, err = GoPathEscape.Decode(s)
		want, werr = url.PathUnescape(s)
		if got != want || (err != nil) != (werr != nil) {
			t.Errorf("GoPathEscape.Decode(%q) = %q, %v; url.PathUnescape: %q, %v", s, got, err, want, werr)
		}
		r := ReplaceInvalidUTF8(s)
		if !utf8.ValidString(r) || utf8.ValidString(s) && r != s || utf8.RuneCountInString(r) > len(s) {
			t.Errorf("ReplaceInvalidUTF8(%q) = %q", s, r)
		}
	})
}
