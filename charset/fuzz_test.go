// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urlcodec/percent"
)

// FuzzCharsetRoundTrip: every built-in charset round-trips what it can
// encode, decoding never panics, and every error carries an offset inside
// its input; the same for RFC 8187 ext-values and tagged paths.
func FuzzCharsetRoundTrip(f *testing.F) {
	f.Add("мир", "en")
	f.Add("£ € ü", "")
	f.Add("\x00\xff", "x")
	f.Fuzz(func(t *testing.T, s, lang string) {
		for _, cs := range All() {
			enc, err := EncodeText(percent.Query, s, cs)
			if err != nil {
				var ce *Error
				if !errors.As(err, &ce) || ce.Offset < 0 || ce.Offset >= len(s) {
					t.Fatalf("%s: EncodeText(%q): bad error %v", cs.Name(), s, err)
				}
				continue
			}
			back, err := DecodeText(percent.Query, enc, cs)
			if err != nil || back != s {
				t.Fatalf("%s: DecodeText(EncodeText(%q)) = %q, %v", cs.Name(), s, back, err)
			}
			// Decoding arbitrary text never panics and errors carry offsets.
			if _, err := DecodeText(percent.Query, s, cs); err != nil {
				var ce *Error
				var de *percent.DecodeError
				if !(errors.As(err, &ce) && ce.Offset < len(s)) && !(errors.As(err, &de) && de.Offset < len(s)) {
					t.Fatalf("%s: DecodeText(%q): bad error %v", cs.Name(), s, err)
				}
			}
		}
		if strings.Trim(lang, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" || !utf8.ValidString(s) {
			return
		}
		v, err := EncodeExtValue(s, lang)
		if err != nil {
			if utf8.ValidString(s) && badLanguageTag(lang) < 0 {
				t.Fatalf("EncodeExtValue(%q, %q): %v", s, lang, err)
			}
			return
		}
		got, gotLang, err := DecodeExtValue(v)
		if err != nil || got != s || gotLang != lang {
			t.Fatalf("DecodeExtValue(EncodeExtValue(%q, %q)) = %q, %q, %v", s, lang, got, gotLang, err)
		}
		_, _, _ = DecodeExtValue(s)
		_, _, _ = percent.SplitCharsetTag(s)
		_, _ = DecodeTaggedPath(s, nil)
	})
}
