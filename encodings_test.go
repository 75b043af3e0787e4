// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"strings"
	"testing"
)

// TestPredefinedByteTables checks every byte value of every predefined
// encoding against the set its document lists.
func TestPredefinedByteTables(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for b := 0; b < 256; b++ {
				in := string([]byte{byte(b)})
				want := fmt.Sprintf("%%%02X", b)
				switch {
				case tc.plus && b == ' ':
					want = "+"
				case tc.plus && b == '+':
					want = "%2B"
				case strings.IndexByte(tc.literal, byte(b)) >= 0:
					want = in
				}
				if got := tc.enc.Encode(in); got != want {
					t.Errorf("Encode(%q) = %q, want %q", in, got, want)
				}
				if got, err := tc.enc.Decode(want); err != nil || got != in {
					t.Errorf("Decode(%q) = %q, %v, want %q", want, got, err, in)
				}
				if literal := want == in; tc.enc.Safe().Contains(byte(b)) != literal && !(tc.plus && b == '+') {
					t.Errorf("Safe().Contains(%#02x) = %v, want %v", b, !literal, literal)
				}
			}
		})
	}
}

func TestLookupEncoding(t *testing.T) {
	want := map[string]*Encoding{
		"component": Component, "path-segment": PathSegment, "path": Path, "query": Query,
		"fragment": Fragment, "userinfo": Userinfo, "host": Host,
		"whatwg-c0-control": WHATWGC0Control, "whatwg-fragment": WHATWGFragment,
		"whatwg-query": WHATWGQuery, "whatwg-special-query": WHATWGSpecialQuery,
		"whatwg-path": WHATWGPath, "whatwg-userinfo": WHATWGUserinfo,
		"whatwg-component": WHATWGComponent, "form": Form, "exchange": Exchange,
		"fido": Fido, "fido-component": FidoComponent,
		"PATH_SEGMENT": PathSegment, "Form": Form,
	}
	for name, enc := range want {
		t.Run(fmt.Sprint(name), func(t *testing.T) {
			if got, ok := LookupEncoding(name); !ok || got != enc {
				t.Errorf("LookupEncoding(%q) = %p, %v", name, got, ok)
			}
		})
	}
	for i, bad := range []string{"", "paths", "whatwg", "url"} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if _, ok := LookupEncoding(bad); ok {
				t.Errorf("LookupEncoding(%q) found something", bad)
			}
		})
	}
	// Encodings lists each lower-case name above once, with its encoding,
	// and the caller may change the list.
	list := Encodings()
	seen := map[string]bool{}
	for _, n := range list {
		if want[n.Name] != n.Encoding || seen[n.Name] || n.Doc == "" {
			t.Errorf("Encodings: %q, %p, doc %q", n.Name, n.Encoding, n.Doc)
		}
		seen[n.Name] = true
	}
	for name := range want {
		if strings.ToLower(name) == name && !seen[name] {
			t.Errorf("Encodings does not list %q", name)
		}
	}
	list[0].Encoding = nil
	if Encodings()[0].Encoding == nil {
		t.Error("Encodings returns the package's own slice")
	}
}

func TestFidoSpecExamples(t *testing.T) {
	// FGHI URL draft §5.2: encoded forms quoted by the specification.
	tests := []struct {
		enc      *Encoding
		in, want string
	}{
		{FidoComponent, "Ru.FTN.Develop", "Ru.FTN.Develop"},
		{FidoComponent, "мир", "%D0%BC%D0%B8%D1%80"},
		{FidoComponent, "a?b=c&d@e/f", "a%3Fb%3Dc%26d%40e%2Ff"},
		{Fido, "a?b=c&d@e/f", "a?b=c&d@e/f"},
		{Fido, "area://Ru.FTN.Develop?msgid=2:5020/1 12345678", "area://Ru.FTN.Develop?msgid=2:5020/1+12345678"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := tt.enc.Encode(tt.in); got != tt.want {
				t.Errorf("Encode(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
