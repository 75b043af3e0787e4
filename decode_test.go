// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		escape string
	}{
		{"%", 0, "%"},
		{"%4", 0, "%4"},
		{"%zz", 0, "%zz"},
		{"100%", 3, "%"},
		{"a%4g", 1, "%4g"},
		{"%41%", 3, "%"},
		{"ok%2", 2, "%2"},
		{"%%41", 0, "%%4"},
		{"é%G0", 2, "%G0"},
		{strings.Repeat("x", 300) + "%x", 300, "%x"},
		{strings.Repeat("%41", 400) + "%4", 1200, "%4"},
		{strings.Repeat("a", decodeChunk-1) + "%zz" + strings.Repeat("b", 10), decodeChunk - 1, "%zz"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Component.Decode(tt.in)
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Errorf("Decode(%.20q): error %v is not a *DecodeError", tt.in, err)
				return
			}
			if de.Offset != tt.offset || de.Escape != tt.escape {
				t.Errorf("Decode(%.20q): offset %d escape %q, want %d %q", tt.in, de.Offset, de.Escape, tt.offset, tt.escape)
			}
			if !strings.Contains(de.Error(), "offset") || !strings.Contains(de.Error(), tt.escape) {
				t.Errorf("error text %q does not say where and what", de.Error())
			}
			// The append form reports the same offset, relative to src.
			_, err = Component.AppendDecode([]byte("prefix"), []byte(tt.in))
			if !errors.As(err, &de) || de.Offset != tt.offset {
				t.Errorf("AppendDecode(%.20q): %v", tt.in, err)
			}
			if Component.Valid(tt.in) {
				t.Errorf("Valid(%.20q) = true", tt.in)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	tests := []struct {
		enc      *Encoding
		in, want string
	}{
		{Component, "", ""},
		{Component, "abc", "abc"},
		{Component, "%41%42%43", "ABC"},
		{Component, "%e2%82%ac%E2%82%AC", "€€"},
		{Component, "a+b", "a+b"},
		{Form, "a+b%2B", "a b+"},
		{Form, "+++", "   "},
		{Fido, "area://Ru.FTN.Develop?msgid=2:5020/1+12345678", "area://Ru.FTN.Develop?msgid=2:5020/1 12345678"},
		{Component, "%00%FF", "\x00\xff"},
		{Component, "%2525", "%25"},
		{Component, "a b<>", "a b<>"}, // Decode is strict about escapes only
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := tt.enc.Decode(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Decode(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestDecodeLenient(t *testing.T) {
	tests := []struct{ in, want string }{
		{"%25%s%1G", "%%s%1G"}, // URL Standard §1.3, percent-decode example
		{"%", "%"},
		{"%4", "%4"},
		{"100%", "100%"},
		{"%%41", "%A"},
		{"%41%4", "A%4"},
		{"a%zzb%20", "a%zzb "},
		{strings.Repeat("%", 2000) + "%41", strings.Repeat("%", 2000) + "A"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Component.DecodeLenient(tt.in); got != tt.want {
				t.Errorf("DecodeLenient(%.30q) = %.30q, want %.30q", tt.in, got, tt.want)
			}
			if got := Component.AppendDecodeLenient([]byte("x"), []byte(tt.in)); string(got) != "x"+tt.want {
				t.Errorf("AppendDecodeLenient(%.30q) = %.30q", tt.in, got)
			}
		})
	}
}

func TestValid(t *testing.T) {
	tests := []struct {
		enc  *Encoding
		in   string
		want bool
	}{
		{Component, "", true},
		{Component, "abc-._~", true},
		{Component, "a%20b", true},
		{Component, "a%2fb", true},
		{Component, "a b", false},
		{Component, "a/b", false},
		{Component, "a+b", false},
		{Component, "%2", false},
		{Form, "a+b", true},
		{Form, "a b", false},
		{Path, "/a/b;c=d", true},
		{Exchange, "http://h/a%20b", true},
		{Exchange, "<http://h/>", false},
		{Fido, "area://Ru.FTN.Develop", true},
		{Fido, "a---b", false},
		{Fido, "a~b", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := tt.enc.Valid(tt.in); got != tt.want {
				t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// TestNetURLUnescapeDifferential compares Decode with url.QueryUnescape and
// url.PathUnescape, error for error.
func TestNetURLUnescapeDifferential(t *testing.T) {
	query := NewEncoding(Unreserved).WithSpaceAsPlus()
	path := NewEncoding(Unreserved.Add("$&+:=@"))
	var inputs []string
	for a := 0; a < 256; a++ {
		for _, b := range []string{"", "0", "f", "%", "+", "G"} {
			inputs = append(inputs, "%"+string(rune(a))[:1]+b, "x%4"+string([]byte{byte(a)})+b, "+"+string([]byte{byte(a)}))
		}
	}
	for _, s := range benchInputs(4096) {
		inputs = append(inputs, query.Encode(s), path.Encode(s), s)
	}
	for i, s := range inputs {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			got, err := query.Decode(s)
			want, werr := url.QueryUnescape(s)
			if (err == nil) != (werr == nil) || got != want {
				t.Errorf("Decode(%q) = %q, %v; url.QueryUnescape = %q, %v", s, got, err, want, werr)
			}
			got, err = path.Decode(s)
			want, werr = url.PathUnescape(s)
			if (err == nil) != (werr == nil) || got != want {
				t.Errorf("Decode(%q) = %q, %v; url.PathUnescape = %q, %v", s, got, err, want, werr)
			}
		})
	}
}

// TestWPTFormParser checks Form decoding against WPT's
// urlencoded-parser-data.json through the URL Standard's parser steps.
func TestWPTFormParser(t *testing.T) {
	cases := wptParserCases(t)
	for _, c := range cases {
		t.Run(c.Input, func(t *testing.T) {
			got := parseForm(c.Input)
			if len(got) != len(c.Output) {
				t.Errorf("%q: got %q, want %q", c.Input, got, c.Output)
				return
			}
			for i := range got {
				if got[i] != c.Output[i] {
					t.Errorf("%q: pair %d = %q, want %q", c.Input, i, got[i], c.Output[i])
				}
			}
		})
	}
	if len(cases) != 35 {
		t.Fatalf("%d cases, want 35", len(cases))
	}
}

// utf8Lossy decodes UTF-8, each invalid byte becoming U+FFFD, as the
// Encoding Standard's "UTF-8 decode without BOM" does for the inputs here.
func utf8Lossy(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += n
	}
	return b.String()
}

func TestAppendDecode(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range benchInputs(3000) {
				enc := tc.enc.Encode(s)
				got, err := tc.enc.AppendDecode([]byte("pre:"), []byte(enc))
				if err != nil || string(got) != "pre:"+s {
					t.Fatalf("%s: AppendDecode = %q, %v", tc.name, got, err)
				}
				buf := make([]byte, 1, 1+len(enc))
				got, _ = tc.enc.AppendDecode(buf, []byte(enc))
				if &got[0] != &buf[0] {
					t.Fatalf("%s: AppendDecode reallocated a buffer with room", tc.name)
				}
			}
		})
	}
	// A failed decode returns what came before the bad escape.
	got, err := Component.AppendDecode([]byte("x"), []byte("a%41b%zz"))
	if err == nil || string(got) != "xaAb" {
		t.Errorf("AppendDecode of bad input = %q, %v", got, err)
	}
}

func TestDecodeAllocs(t *testing.T) {
	clean := strings.Repeat("abcdefgh", 40)
	dirty := Component.Encode(strings.Repeat("ab cd/é", 40))
	dirtyBytes := []byte(dirty)
	buf := make([]byte, 0, 4096)
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, func() { _, _ = tc.enc.Decode(clean) }); n != 0 {
				t.Errorf("%s: Decode of clean text: %v allocs, want 0", tc.name, n)
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = tc.enc.Decode(dirty) }); n != 1 {
				t.Errorf("%s: Decode: %v allocs, want 1", tc.name, n)
			}
			long := strings.Repeat(dirty, 20)
			if n := testing.AllocsPerRun(20, func() { _, _ = tc.enc.Decode(long) }); n != 1 {
				t.Errorf("%s: Decode of %d bytes: %v allocs, want 1", tc.name, len(long), n)
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = tc.enc.Decode(dirty[:30]) }); n != 1 {
				t.Errorf("%s: Decode short: %v allocs, want 1", tc.name, n)
			}
			// Every stack-buffer tier and the edges between them.
			for _, k := range []int{1, 8, 31, 32, 64, 65, 128, 129, 256, 257, 1024, 1025, 4000} {
				s := strings.Repeat("%41b", k)[:4*k]
				if n := testing.AllocsPerRun(20, func() { _, _ = tc.enc.Decode(s) }); n != 1 {
					t.Errorf("%s: Decode of %d bytes: %v allocs, want 1", tc.name, len(s), n)
				}
			}
			if n := testing.AllocsPerRun(100, func() { buf, _ = tc.enc.AppendDecode(buf[:0], dirtyBytes) }); n != 0 {
				t.Errorf("%s: AppendDecode with room: %v allocs, want 0", tc.name, n)
			}
			if n := testing.AllocsPerRun(100, func() { _ = tc.enc.Valid(dirty) }); n != 0 {
				t.Errorf("%s: Valid: %v allocs", tc.name, n)
			}
		})
	}
	s := "no-escapes-here"
	if got, _ := Component.Decode(s); !sameString(got, s) {
		t.Error("Decode of clean text is not its input")
	}
}

// sameString reports whether a and b share their bytes (not just equal).
func sameString(a, b string) bool {
	return len(a) == len(b) && (len(a) == 0 || unsafe.StringData(a) == unsafe.StringData(b))
}

func TestFirstInvalid(t *testing.T) {
	tests := []struct {
		enc  *Encoding
		in   string
		want int
	}{
		{Component, "abc", -1},
		{Component, "ab c", 2},
		{Component, "a%2", 1},
		{Component, "a%20/", 4},
		{Form, "a+b c", 3},
		{Fido, "a--b---c", 6},
		{Exchange, "é", 0},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := tt.enc.FirstInvalid(tt.in); got != tt.want {
				t.Errorf("FirstInvalid(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

// TestChunkBoundaries: the string forms code long inputs in chunks (512
// input bytes a chunk when encoding, 1 KiB when decoding); an escape at
// every offset around each chunk boundary comes out as a plain byte loop
// (encoding) and url.PathUnescape (decoding) say it must.
func TestChunkBoundaries(t *testing.T) {
	refEncode := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if c := s[i]; Unreserved.Contains(c) {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, "%%%02X", c)
			}
		}
		return b.String()
	}
	for _, k := range kernels() {
		restore := setKernel(k)
		for _, boundary := range []int{encodeChunk, 2 * encodeChunk, 3 * encodeChunk} {
			for p := boundary - 8; p <= boundary+8; p++ {
				b := []byte(strings.Repeat("a", 3*encodeChunk+20))
				b[0] = ' ' // chunks start at the first byte to escape
				b[p] = ' '
				b[p+1] = 0xC3
				s := string(b)
				if got, want := Component.Encode(s), refEncode(s); got != want {
					t.Fatalf("kernel %s: Encode with a byte to escape at %d: got %d bytes, differs from the byte loop", kernelNames[k], p, len(got))
				}
			}
		}
		for _, boundary := range []int{decodeChunk, 2 * decodeChunk} {
			for p := boundary - 6; p <= boundary+3; p++ {
				for _, esc := range []string{"%41", "%C3%A9", "%2f"} {
					// Chunks start at the first escape: one at 0.
					s := "%41" + strings.Repeat("a", p-3) + esc + strings.Repeat("b", 2*decodeChunk+10-p)
					want, err := url.PathUnescape(s)
					if err != nil {
						t.Fatal(err)
					}
					if got, err := Component.Decode(s); err != nil || got != want {
						t.Fatalf("kernel %s: Decode with %s at %d: %v, differs from url.PathUnescape", kernelNames[k], esc, p, err)
					}
				}
			}
		}
		restore()
	}
}

func TestDecodeExcept(t *testing.T) {
	for _, tc := range []struct {
		e    *Encoding
		s    string
		keep Set
		want string
	}{
		{Path, "/a%2Fb%2fc/%25/%41%e2%82%ac", NewSet("/%"), "/a%2Fb%2Fc/%25/A€"},
		{Path, "/plain", NewSet("/%"), "/plain"},
		{Path, "/a%2F", NewSet("/"), "/a%2F"},
		{Path, "a+b%20", NewSet("/"), "a+b "},
		{Form, "a+b%2B%26", NewSet("&"), "a b+%26"},
		{Path, "%41", Set{}, "A"},
	} {
		got, err := tc.e.DecodeExcept(tc.s, tc.keep)
		if err != nil || got != tc.want {
			t.Errorf("DecodeExcept(%q, %v) = %q, %v; want %q", tc.s, tc.keep, got, err, tc.want)
		}
	}
	_, err := Path.DecodeExcept("/a/%2F%zz", NewSet("/"))
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 6 {
		t.Errorf("DecodeExcept malformed: %v, want a *DecodeError at 6", err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Path.DecodeExcept("/a%2Fb", NewSet("/%")) }); n != 0 {
		t.Errorf("DecodeExcept that changes nothing: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = Path.DecodeExcept("/a%2fb%41%42", NewSet("/%")) }); n != 1 {
		t.Errorf("DecodeExcept: %v allocations, want 1", n)
	}
}

// TestRebase: every error type with an offset comes back as a copy with
// the offset moved, the original untouched; other errors as they are.
func TestRebase(t *testing.T) {
	errs := []error{
		&DecodeError{Offset: 3, Escape: "%zz"},
		&FormatError{Offset: 3, Msg: "m"},
		&PathError{Offset: 3, Reason: "r"},
	}
	for _, err := range errs {
		got := rebase(err, 10)
		v := reflect.ValueOf(got).Elem().FieldByName("Offset").Int()
		if got == err || v != 13 || reflect.ValueOf(err).Elem().FieldByName("Offset").Int() != 3 {
			t.Errorf("rebase(%T, 10): offset %d, same pointer %v", err, v, got == err)
		}
		if reflect.TypeOf(got) != reflect.TypeOf(err) {
			t.Errorf("rebase(%T) is a %T", err, got)
		}
	}
	if plain := errors.New("x"); rebase(plain, 1) != plain {
		t.Error("rebase changed an error without an offset")
	}
}
