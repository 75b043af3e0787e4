// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestSetOperations(t *testing.T) {
	s := NewSet("abc")
	for c := 0; c < 256; c++ {
		want := c == 'a' || c == 'b' || c == 'c'
		if s.Contains(byte(c)) != want {
			t.Fatalf("NewSet(abc).Contains(%q) = %v", c, !want)
		}
	}
	if s.Add("d") == s || s.Add("d").Remove("d") != s || setLen(s) != 3 {
		t.Error("Add/Remove")
	}
	if got := (Set{}).AddRange('a', 'c'); got != s {
		t.Error("AddRange(a, c) != {a,b,c}")
	}
	if got := (Set{}).AddRange('z', 'a'); got != (Set{}) {
		t.Error("backwards AddRange is not empty")
	}
	if full := (Set{}).AddRange(0, 255); setLen(full) != 256 || full.Complement() != (Set{}) {
		t.Error("AddRange(0, 255)")
	}
	if s.Union(NewSet("cd")) != NewSet("abcd") || s.Union(NewSet("ab")) != s {
		t.Error("Union")
	}
	if s.Complement().Contains('a') || !s.Complement().Contains('z') || setLen(s.Complement()) != 253 {
		t.Error("Complement")
	}
	if NewSet("xa") != NewSet("ax") || (Set{}).AddRange('a', 'c') != NewSet("cba") || NewSet("a") == NewSet("b") {
		t.Error("== does not compare the bytes of sets")
	}
}

// TestPredefinedSets checks the RFC 3986 classes against the RFC's lists.
func TestPredefinedSets(t *testing.T) {
	tests := []struct {
		name string
		set  Set
		want string
	}{
		{"Alpha", Alpha, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"},
		{"Digit", Digit, "0123456789"},
		{"HexDigit", HexDigit, "0123456789ABCDEFabcdef"},
		{"Unreserved", Unreserved, unreserved},
		{"GenDelims", GenDelims, genDelims},
		{"SubDelims", SubDelims, subDelims},
		{"Reserved", Reserved, genDelims + subDelims},
		{"PChar", PChar, pchar},
		{"ExchangeSafe", ExchangeSafe, predefinedTables()[15].literal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for c := 0; c < 256; c++ {
				want := false
				for i := 0; i < len(tt.want); i++ {
					want = want || tt.want[i] == byte(c)
				}
				if tt.set.Contains(byte(c)) != want {
					t.Errorf("%s.Contains(%#02x) = %v, want %v", tt.name, c, !want, want)
				}
			}
		})
	}
}

func TestSetString(t *testing.T) {
	tests := []struct {
		set  Set
		want string
	}{
		{Set{}, "[]"},
		{Unreserved, "[-.0-9A-Z_a-z~]"},
		{ExchangeSafe, "[-!-$&-,.-;=?-~]"},
		{NewSet("ab"), "[ab]"},
		{NewSet("abc"), "[a-c]"},
		{NewSet("-"), "[-]"},
		{NewSet("\\]^"), `[\\-\^]`}, // 5C-5E: a run
		{NewSet(" \x00\xff"), `[\x00\x20\xFF]`},
		{NewSet("[-]"), `[-[\]]`},
		{Set{}.AddRange(0, 255), `[-\x00-,.-\xFF]`},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			if got := tt.set.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			back, err := ParseSet(tt.want)
			if err != nil || back != tt.set {
				t.Errorf("ParseSet(%q) = %v, %v", tt.want, back, err)
			}
		})
	}
}

// TestSetStringRoundTrip checks ParseSet(s.String()) == s on every single-
// and two-byte set and on random sets of every density.
func TestSetStringRoundTrip(t *testing.T) {
	check := func(s Set) {
		t.Helper()
		back, err := ParseSet(s.String())
		if err != nil || back != s {
			t.Fatalf("ParseSet(%q) = %q, %v", s.String(), back.String(), err)
		}
	}
	for a := 0; a < 256; a++ {
		check(NewSet(string([]byte{byte(a)})))
		for b := a + 1; b < 256; b += 7 {
			check(NewSet(string([]byte{byte(a), byte(b)})))
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		var s Set
		density := r.IntN(100)
		for c := 0; c < 256; c++ {
			if r.IntN(100) < density {
				s = s.Add(string([]byte{byte(c)}))
			}
		}
		check(s)
	}
}

func TestParseSet(t *testing.T) {
	good := []struct {
		spec string
		want Set
	}{
		{"[a-z]", Set{}.AddRange('a', 'z')},
		{"[^a-z]", Set{}.AddRange('a', 'z').Complement()},
		{"[a-]", NewSet("a-")},
		{`[\-a]`, NewSet("-a")},
		{`[\x41\x61]`, NewSet("Aa")},
		{`[\[]`, NewSet("[")},
		{`[a^]`, NewSet("a^")},
		{`[\x00-\x1f]`, Set{}.AddRange(0, 0x1F)},
	}
	for _, tt := range good {
		t.Run(tt.spec, func(t *testing.T) {
			got, err := ParseSet(tt.spec)
			if err != nil || got != tt.want {
				t.Errorf("ParseSet(%q) = %q, %v, want %q", tt.spec, got.String(), err, tt.want.String())
			}
		})
	}
	bad := []struct {
		spec   string
		offset int
	}{
		{"", 0},
		{"abc", 0},
		{"[abc", 4},
		{"[z-a]", 1},
		{`[\q]`, 1},
		{`[\x4]`, 1},
		{`[\xZZ]`, 1},
		{"[a b]", 2},
		{"[a]b", 3},
		{`[\`, 1},
	}
	for _, tt := range bad {
		t.Run(tt.spec, func(t *testing.T) {
			_, err := ParseSet(tt.spec)
			var se *FormatError
			if !errors.As(err, &se) || se.Offset != tt.offset {
				t.Errorf("ParseSet(%q) error = %v, want offset %d", tt.spec, err, tt.offset)
			}
		})
	}
}

// TestSetText: MarshalText and UnmarshalText round-trip every predefined
// set, and a bad spec leaves the Set as it was, with a *FormatError.
func TestSetText(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			text, err := tc.enc.Safe().MarshalText()
			if err != nil {
				t.Fatal(err)
			}
			var s Set
			if err := s.UnmarshalText(text); err != nil || s != tc.enc.Safe() {
				t.Fatalf("UnmarshalText(%q) = %v, %v", text, s, err)
			}
		})
	}
	s := Unreserved
	err := s.UnmarshalText([]byte("[a-"))
	var se *FormatError
	if !errors.As(err, &se) || s != Unreserved {
		t.Fatalf("UnmarshalText of a bad spec: %v, set %v", err, s)
	}
	if b, _ := Digit.AppendText([]byte("x=")); string(b) != "x=[0-9]" {
		t.Fatalf("AppendText = %q", b)
	}
}

// setLen counts the bytes of s, one Contains at a time.
func setLen(s Set) int {
	n := 0
	for c := 0; c < 256; c++ {
		if s.Contains(byte(c)) {
			n++
		}
	}
	return n
}
