// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"github.com/urlcodec/percent/tools/testutil"
	"io"
	"net/url"
	"strings"
	"testing"
	"unsafe"

	"github.com/urlcodec/percent/internal/lex"
)

func TestFidoNoTripleDash(t *testing.T) {
	tests := []struct{ in, want string }{
		{"-", "-"},
		{"--", "--"},
		{"---", "--%2D"},
		{"----", "--%2D-"},
		{"-----", "--%2D--"},
		{"------", "--%2D--%2D"},
		{"a---b---c", "a--%2Db--%2Dc"},
		{"--x--", "--x--"},
		{"-- --", "--+--"},
		{"--~-", "--%7E-"},
		{"Ru.FTN.Develop", "Ru.FTN.Develop"},
		{"a b+c", "a+b%2Bc"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			for _, enc := range []*Encoding{Fido, FidoComponent} {
				got := enc.Encode(tt.in)
				if got != tt.want {
					t.Errorf("Encode(%q) = %q, want %q", tt.in, got, tt.want)
				}
				if strings.Contains(got, "---") {
					t.Errorf("Encode(%q) = %q holds ---", tt.in, got)
				}
				if n := enc.EncodedLen([]byte(tt.in)); n != len(tt.want) {
					t.Errorf("EncodedLen(%q) = %d, want %d", tt.in, n, len(tt.want))
				}
			}
		})
	}
	if Fido.Valid("a---b") {
		t.Error(`Fido.Valid("a---b") = true, want false`)
	}
	if !Fido.Valid("a--%2Db") || !Component.Valid("a---b") {
		t.Error("Valid rejects a run the encoding allows")
	}
	// Other encodings keep dashes as they are.
	if got := Component.Encode("a---b"); got != "a---b" {
		t.Errorf("Component.Encode(a---b) = %q", got)
	}
}

func TestOptions(t *testing.T) {
	lower := Component.WithLowerHex()
	if got := lower.Encode("a b/é"); got != "a%20b%2f%c3%a9" {
		t.Errorf("lower-hex Encode = %q", got)
	}
	if got := Component.Encode("a b/é"); got != "a%20b%2F%C3%A9" {
		t.Errorf("Component changed by deriving: %q", got)
	}
	plus := Path.WithSpaceAsPlus()
	if got := plus.Encode("a b+c/d"); got != "a+b%2Bc/d" {
		t.Errorf("Path with plus: %q", got)
	}
	if got, _ := plus.Decode("a+b%2Bc"); got != "a b+c" {
		t.Errorf("Path with plus decode: %q", got)
	}
	if got, _ := Path.Decode("a+b"); got != "a+b" {
		t.Errorf("Path decode of +: %q", got)
	}
	if !plus.SpaceAsPlus() || Path.SpaceAsPlus() {
		t.Error("SpaceAsPlus wrong")
	}
	if Path.Safe() != PChar.Add("/") {
		t.Error("Path.Safe() is not pchar and /")
	}
	defer func() {
		if recover() == nil {
			t.Error("NewEncoding with % in the set did not panic")
		}
	}()
	NewEncoding(NewSet("a%"))
}

// TestRFC3986Examples uses the examples of RFC 3986 §2.
func TestRFC3986Examples(t *testing.T) {
	var doc struct {
		Examples []map[string]any `json:"examples"`
	}
	readJSON(t, "testdata/rfc3986_examples.json", &doc)
	n := 0
	for i, ex := range doc.Examples {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			switch ex["kind"] {
			case "encode_octet":
				b, _ := hex.DecodeString(ex["octet_hex"].(string))
				if got := Component.Encode(string(b)); got != ex["encoded"] {
					t.Errorf("§%s: Encode(%q) = %q, want %q", ex["section"], b, got, ex["encoded"])
				}
				n++
			case "encode_string", "encode_char_utf8":
				if got := Component.Encode(ex["input"].(string)); got != ex["encoded"] {
					t.Errorf("§%s: Encode(%q) = %q, want %q", ex["section"], ex["input"], got, ex["encoded"])
				}
				n++
			case "decode_octet":
				if got, err := Component.Decode(ex["encoded"].(string)); err != nil || got != ex["decoded"] {
					t.Errorf("§%s: Decode(%q) = %q, %v", ex["section"], ex["encoded"], got, err)
				}
				n++
			case "char_sets":
				if _, ok := ex["unreserved"]; ok {
					// "ALPHA DIGIT - . _ ~", checked through the RFC's ranges.
					n := 0
					for _, r := range ex["should_decode_ranges"].([]any) {
						lo, hi, _ := strings.Cut(r.(string), "-")
						if hi == "" {
							hi = lo
						}
						a, _ := hex.DecodeString(lo[1:])
						z, _ := hex.DecodeString(hi[1:])
						for c := a[0]; c <= z[0]; c++ {
							if !Unreserved.Contains(c) {
								t.Errorf("§2.3: %q not unreserved", c)
							}
							n++
						}
					}
					if m := setLen(Unreserved); n != m {
						t.Errorf("§2.3 ranges hold %d bytes, Unreserved %d", n, m)
					}
				} else {
					if GenDelims != NewSet(ex["gen_delims"].(string)) || SubDelims != NewSet(ex["sub_delims"].(string)) ||
						Reserved != NewSet(ex["reserved"].(string)) {
						t.Error("§2.2: delimiter sets differ from the RFC")
					}
				}
				n++
			}
		})
	}
	if n < 8 {
		t.Fatalf("only %d examples used", n)
	}
}

// TestRustVectors checks the rust-url percent-encoding crate's test data.
func TestRustVectors(t *testing.T) {
	var doc struct {
		Cases []struct {
			Func, Set, Input, InputHex, Expected, ExpectedHex string
			InputHexJSON                                      string `json:"input_hex"`
			ExpectedHexJSON                                   string `json:"expected_hex"`
			ExpectedError                                     struct {
				ValidUpTo int `json:"valid_up_to"`
			} `json:"expected_error"`
		} `json:"percent_encoding_cases"`
	}
	readJSON(t, "testdata/rust_percent_encoding.json", &doc)
	// Rust's sets name what is encoded; ours name what stays literal.
	sets := map[string]*Encoding{
		"EMPTY":            NewEncoding(Set{}.AddRange(0, 0x7F).Remove("%")), // only non-ASCII would be encoded
		"CONTROLS":         NewEncoding(Set{}.AddRange(0x20, 0x7E).Remove("%")),
		"NON_ALPHANUMERIC": NewEncoding(Alpha.Union(Digit)),
		"FRAGMENT(doc example & url/src/parser.rs)": WHATWGFragment,
	}
	all := NewEncoding(Set{}) // encodes every byte: percent_encode_byte
	used := 0
	for _, c := range doc.Cases {
		t.Run(c.Input, func(t *testing.T) {
			in := c.Input
			if c.InputHexJSON != "" {
				b, err := hex.DecodeString(c.InputHexJSON)
				if err != nil {
					t.Fatal(err)
				}
				in = string(b)
			}
			want := c.Expected
			if c.ExpectedHexJSON != "" {
				b, _ := hex.DecodeString(c.ExpectedHexJSON)
				want = string(b)
			}
			var got string
			switch {
			case strings.HasPrefix(c.Func, "percent_encode_byte"):
				got = all.Encode(in)
			case strings.Contains(c.Func, "percent_encode"):
				enc, ok := sets[c.Set]
				if !ok {
					t.Fatalf("no set for %q", c.Set)
				}
				got = enc.Encode(in)
			case c.Func == "percent_decode(..).decode_utf8()" && want == "":
				// Invalid UTF-8 (Rust: valid_up_to 1): the decoded octets
				// are valid up to there and no further.
				octets, err := Component.Decode(in)
				if i, _ := lex.FirstInvalidUTF8(octets); err != nil || i != c.ExpectedError.ValidUpTo {
					t.Errorf("Decode(%q) = %q, %v: first invalid UTF-8 at %d, want %d", in, octets, err, i, c.ExpectedError.ValidUpTo)
				}
				used++
				return
			case strings.Contains(c.Func, "lossy"):
				got = utf8Lossy(Component.DecodeLenient(in)) // one U+FFFD per invalid byte, as Rust's here
			case strings.Contains(c.Func, "decode"):
				got = Component.DecodeLenient(in)
			default:
				t.Fatalf("unknown case %q", c.Func)
			}
			if got != want {
				t.Errorf("%s(%q) = %q, want %q", c.Func, in, got, want)
			}
			used++
		})
	}
	if used < 270 {
		t.Fatalf("only %d cases used", used)
	}
}

// TestWPTPercentEncoding checks the URL Standard's query and fragment sets
// with WPT's percent-encoding.json (UTF-8 expectations).
func TestWPTPercentEncoding(t *testing.T) {
	var doc []json.RawMessage
	readJSON(t, "testdata/wpt_percent-encoding.json", &doc)
	used := 0
	for i, raw := range doc {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			var c struct {
				Input  string            `json:"input"`
				Output map[string]string `json:"output"`
			}
			if json.Unmarshal(raw, &c) != nil {
				return // a comment string
			}
			want := c.Output["utf-8"]
			for name, enc := range map[string]*Encoding{"query": WHATWGQuery, "special-query": WHATWGSpecialQuery, "fragment": WHATWGFragment} {
				if got := enc.Encode(c.Input); got != want {
					t.Errorf("%s: Encode(%q) = %q, want %q", name, c.Input, got, want)
				}
			}
			used++
		})
	}
	if used != 6 {
		t.Fatalf("used %d cases, want 6", used)
	}
}

// TestWPTFormSerializer checks Form against WPT's URLSearchParams
// stringifier cases.
func TestWPTFormSerializer(t *testing.T) {
	cases := wptStringifierCases(t)
	for _, c := range cases {
		t.Run(c.Input, func(t *testing.T) {
			pairs := c.Pairs
			if c.Kind != "serialize" {
				pairs = parseForm(c.Input)
			}
			var parts []string
			for _, p := range pairs {
				parts = append(parts, Form.Encode(p[0])+"="+Form.Encode(p[1]))
			}
			if got := strings.Join(parts, "&"); got != c.Expected {
				t.Errorf("%s %q: got %q, want %q", c.Kind, pairs, got, c.Expected)
			}
		})
	}
	if len(cases) != 35 {
		t.Fatalf("%d cases, want 35", len(cases))
	}
}

// TestNetURLEscapeDifferential compares with net/url on every byte pair and
// on mixed text.
func TestNetURLEscapeDifferential(t *testing.T) {
	query := NewEncoding(Unreserved).WithSpaceAsPlus()
	path := NewEncoding(Unreserved.Add("$&+:=@"))
	check := func(s string) {
		if got, want := query.Encode(s), url.QueryEscape(s); got != want {
			t.Errorf("Encode(%q) = %q, url.QueryEscape = %q", s, got, want)
		}
		if got, want := path.Encode(s), url.PathEscape(s); got != want {
			t.Errorf("Encode(%q) = %q, url.PathEscape = %q", s, got, want)
		}
	}
	for a := 0; a < 256; a++ {
		for _, b := range []byte{'a', ' ', '+', '%', 0xFF} {
			check(string([]byte{byte(a), b}))
		}
	}
	for _, s := range benchInputs(4096) {
		check(s)
	}
}

func TestEncodedLenExact(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range append(benchInputs(2048), "", "a", "---", " + ") {
				if got, want := tc.enc.EncodedLen([]byte(s)), len(tc.enc.Encode(s)); got != want {
					t.Errorf("%s.EncodedLen(%q) = %d, want %d", tc.name, s, got, want)
				}
			}
		})
	}
}

func TestAppendEncode(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range benchInputs(3000) {
				want := tc.enc.Encode(s)
				// Into nil, into a prefix, and into a buffer with room.
				if got := tc.enc.AppendEncode(nil, []byte(s)); string(got) != want {
					t.Fatalf("%s: AppendEncode(nil) = %q, want %q", tc.name, got, want)
				}
				got := tc.enc.AppendEncode([]byte("pre:"), []byte(s))
				if string(got) != "pre:"+want {
					t.Fatalf("%s: AppendEncode(pre:) = %q", tc.name, got)
				}
				buf := make([]byte, 2, 2+3*len(s))
				if got := tc.enc.AppendEncode(buf, []byte(s)); string(got[2:]) != want || &got[0] != &buf[0] {
					t.Fatalf("%s: AppendEncode into room = %q (reallocated: %v)", tc.name, got[2:], &got[0] != &buf[0])
				}
			}
		})
	}
}

// TestEncodeLongInputs crosses the chunk and small-buffer boundaries of the
// string path against the append path and a byte-at-a-time reference.
func TestEncodeLongInputs(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for _, n := range []int{smallBuf - 1, smallBuf, smallBuf + 1, encodeChunk - 1, encodeChunk, encodeChunk + 1, 3 * encodeChunk, 5000} {
				for _, fill := range []string{"-", "a ", "é", "a-b-", "--+"} {
					s := strings.Repeat(fill, n/len(fill)+1)[:n]
					got := tc.enc.Encode(s)
					want := referenceEncode(tc, s)
					if got != want {
						t.Fatalf("%s: Encode(%q×%d) differs from reference", tc.name, fill, n)
					}
					back, err := tc.enc.Decode(got)
					if err != nil || back != s {
						t.Fatalf("%s: round trip of %q×%d failed: %v", tc.name, fill, n, err)
					}
				}
			}
		})
	}
}

func TestEncodeAllocs(t *testing.T) {
	clean := strings.Repeat("abcdefgh", 40)
	dirty := strings.Repeat("ab cd/é", 40)
	dirtyBytes := []byte(dirty)
	buf := make([]byte, 0, 4096)
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(100, func() { _ = tc.enc.Encode(clean) }); n != 0 {
				t.Errorf("%s: Encode of clean text: %v allocs, want 0", tc.name, n)
			}
			if n := testing.AllocsPerRun(100, func() { _ = tc.enc.Encode(dirty) }); n != 1 {
				t.Errorf("%s: Encode: %v allocs, want 1", tc.name, n)
			}
			long := strings.Repeat(dirty, 20)
			if n := testing.AllocsPerRun(20, func() { _ = tc.enc.Encode(long) }); n != 1 {
				t.Errorf("%s: Encode of %d bytes: %v allocs, want 1", tc.name, len(long), n)
			}
			if n := testing.AllocsPerRun(100, func() { _ = tc.enc.Encode(dirty[:20]) }); n != 1 {
				t.Errorf("%s: Encode short: %v allocs, want 1", tc.name, n)
			}
			// Every stack-buffer tier and the edges between them.
			for _, k := range []int{1, 15, 16, 31, 32, 42, 43, 85, 86, 341, 342, 1000} {
				s := strings.Repeat("%x", k)[:k] // "%" is escaped by every encoding
				if n := testing.AllocsPerRun(20, func() { _ = tc.enc.Encode(s) }); n != 1 {
					t.Errorf("%s: Encode of %d bytes: %v allocs, want 1", tc.name, k, n)
				}
			}
			if n := testing.AllocsPerRun(100, func() { buf = tc.enc.AppendEncode(buf[:0], dirtyBytes) }); n != 0 {
				t.Errorf("%s: AppendEncode with room: %v allocs, want 0", tc.name, n)
			}
		})
	}
}

// TestEncodeReturnsInput checks that clean text comes back as the same
// string, not a copy.
func TestEncodeReturnsInput(t *testing.T) {
	s := strings.Repeat("abc-._~", 10)
	got := Component.Encode(s)
	if got != s || !sameString(got, s) {
		t.Error("Encode of clean text is not its input")
	}
}

// parseForm is the URL Standard's application/x-www-form-urlencoded parser
// (§5.1) over Form.DecodeLenient, with UTF-8 decoding without BOM or fail.
func parseForm(s string) [][2]string {
	var out [][2]string
	for _, seq := range strings.Split(s, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		out = append(out, [2]string{utf8Lossy(Form.DecodeLenient(name)), utf8Lossy(Form.DecodeLenient(value))})
	}
	return out
}

// TestHexCaseEverywhere: every escape an encoding writes uses its hex case,
// FidoURL's "%2D" and the "%2B" of "+"-for-space included, in Encode,
// AppendEncode, MakeSafe and the stream encoder.
func TestHexCaseEverywhere(t *testing.T) {
	var all strings.Builder
	for c := 0; c < 256; c++ {
		all.WriteByte(byte(c))
	}
	inputs := []string{all.String(), "---", "a---b", "------", "+", "a+b++", "a - -- --- ---- +"}
	for _, tc := range predefinedTables() {
		for _, lower := range []bool{false, true} {
			e, wrong := tc.enc, "abcdef"
			if lower {
				e, wrong = tc.enc.WithLowerHex(), "ABCDEF"
			}
			for _, s := range inputs {
				t.Run(fmt.Sprintf("%s/lower=%v/%q", tc.name, lower, s), func(t *testing.T) {
					var sb strings.Builder
					NewEncoder(e, &sb).Write([]byte(s))
					for form, out := range map[string]string{
						"Encode":       e.Encode(s),
						"AppendEncode": string(e.AppendEncode(nil, []byte(s))),
						"MakeSafe":     e.MakeSafe(s),
						"stream":       sb.String(),
					} {
						for i := 0; i+2 < len(out); i++ {
							if out[i] == '%' && (strings.IndexByte(wrong, out[i+1]) >= 0 || strings.IndexByte(wrong, out[i+2]) >= 0) {
								t.Fatalf("%s wrote %q at %d, in the other hex case: %q", form, out[i:i+3], i, out)
							}
						}
					}
				})
			}
		}
	}
}

// TestEncodeCleanIsIdentity: every encoding returns clean input itself,
// without allocating, also when it holds single and double dashes (the
// FidoURL encodings used to copy it).
func TestEncodeCleanIsIdentity(t *testing.T) {
	inputs := []string{"a-b", "a--b", "-", "--", "x-y-z--w", "Ru.FTN-Develop--2026", strings.Repeat("ab--", 40)}
	for _, tc := range predefinedTables() {
		for _, s := range inputs {
			t.Run(tc.name+"/"+s, func(t *testing.T) {
				if !tc.enc.Valid(s) {
					t.Skip("not clean for this encoding")
				}
				got := tc.enc.Encode(s)
				if got != s || unsafe.StringData(got) != unsafe.StringData(s) {
					t.Fatalf("Encode(%q) = %q, not the input itself", s, got)
				}
				if n := testing.AllocsPerRun(10, func() { tc.enc.Encode(s) }); n != 0 {
					t.Fatalf("Encode(%q) allocates %v times", s, n)
				}
				if got := tc.enc.MakeSafe(s); unsafe.StringData(got) != unsafe.StringData(s) {
					t.Fatalf("MakeSafe(%q) = %q, not the input itself", s, got)
				}
			})
		}
	}
}

func TestMakeSafe(t *testing.T) {
	tests := []struct {
		enc      *Encoding
		in, want string
	}{
		{Path, "/my docs/read me.txt", "/my%20docs/read%20me.txt"},
		{Path, "/a%20b/c d", "/a%20b/c%20d"}, // RFC 1630: existing escapes kept
		{Path, "/a%2fb", "/a%2fb"},           // hex case kept
		{Path, "/100%", "/100%25"},
		{Path, "/%zz%4", "/%25zz%254"},
		{Path, "/é", "/%C3%A9"},
		{Path, "/ok", "/ok"},
		{Form, "a b+c", "a+b+c"},
		{Fido, "a---b%2D--", "a--%2Db%2D--"},
		{Fido, "a--", "a--"},
		{Fido, "x---", "x--%2D"},
		{Exchange, "http://h/<a b>", "http://h/%3Ca%20b%3E"},
		{WHATWGPath, "/a b/%41?", "/a%20b/%41%3F"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got := tt.enc.MakeSafe(tt.in)
			if got != tt.want {
				t.Errorf("MakeSafe(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if again := tt.enc.MakeSafe(got); again != got {
				t.Errorf("MakeSafe not idempotent: %q → %q", got, again)
			}
			if !tt.enc.Valid(got) {
				t.Errorf("Valid(MakeSafe(%q)) = false", tt.in)
			}
		})
	}
	s := "/already/safe%20path"
	if got := Path.MakeSafe(s); !sameString(got, s) {
		t.Error("MakeSafe of a safe string is not the string itself")
	}
}

// TestFidoDashModel: for every string of up to 7 units of "-", "a", "~",
// " " and "%41", short and after 20 clean bytes (so that the short paths
// and the longer ones both run), each encoder of Fido and FidoComponent
// writes what a model of FidoURL §5.2 writes (a "-" after two literal "-"
// is "%2D"), and Valid holds exactly where the text has no "---" and no
// byte Fido escapes.
func TestFidoDashModel(t *testing.T) {
	unit := map[string]string{"-": "-", "a": "a", "~": "%7E", " ": "+", "%41": "%2541"}
	model := func(s []string) string {
		var b strings.Builder
		dash := 0
		for _, u := range s {
			switch {
			case u == "-" && dash == 2:
				b.WriteString("%2D")
				dash = 0
			case u == "-":
				b.WriteString("-")
				dash++
			default:
				b.WriteString(unit[u])
				dash = 0
			}
		}
		return b.String()
	}
	long := []string{}
	for range 20 {
		long = append(long, "a")
	}
	var gen func(s []string)
	gen = func(s []string) {
		for _, pre := range [][]string{nil, long} {
			units := append(append([]string(nil), pre...), s...)
			in, want := strings.Join(units, ""), model(units)
			valid := !strings.Contains(in, "---") && !strings.ContainsAny(in, "~ ")
			for _, e := range []*Encoding{Fido, FidoComponent} {
				var w strings.Builder
				enc := NewEncoder(e, &w)
				enc.Write([]byte(in))
				got := map[string]string{
					"Encode":             e.Encode(in),
					"AppendEncode":       string(e.AppendEncode(nil, []byte(in))),
					"AppendEncode room":  string(e.AppendEncode(make([]byte, 0, 3*len(in)+1), []byte(in))),
					"AppendEncodeString": string(e.AppendEncodeString(make([]byte, 0, 3*len(in)+1), in)),
					"stream":             w.String(),
				}
				for name, g := range got {
					if g != want {
						t.Fatalf("%s(%q) = %q, want %q", name, in, g, want)
					}
				}
				if e.Valid(in) != valid {
					t.Fatalf("Valid(%q) = %v, want %v", in, e.Valid(in), valid)
				}
			}
		}
		if len(s) < 7 {
			for u := range unit {
				gen(append(s, u))
			}
		}
	}
	gen(nil)
}

// TestMakeSafeFidoDashes: on text without "%", Fido's MakeSafe writes what
// its Encode writes, "---" rule included, for every string of "-", "a"
// and " " (which Fido writes "+") up to 8 bytes.
func TestMakeSafeFidoDashes(t *testing.T) {
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		for _, e := range []*Encoding{Fido, FidoComponent} {
			if got, want := e.MakeSafe(prefix), e.Encode(prefix); got != want {
				t.Fatalf("MakeSafe(%q) = %q, Encode = %q", prefix, got, want)
			}
		}
		if n == 0 {
			return
		}
		for _, c := range []string{"-", "a", " "} {
			gen(prefix+c, n-1)
		}
	}
	gen("", 8)
	if got := Fido.MakeSafe("a---b%2D-"); got != "a--%2Db%2D-" {
		t.Errorf("MakeSafe = %q", got)
	}
}

// TestZeroEncoding: the zero Encoding behaves as NewEncoding(Set{}) in
// every method (the findings issue: Encode wrote a literal "%" and
// AppendEncode 24 NUL bytes for the same input).
func TestZeroEncoding(t *testing.T) {
	var zero Encoding
	none := NewEncoding(Set{})
	var all []byte
	for c := range 256 {
		all = append(all, byte(c))
	}
	for _, in := range []string{"", "a", "%", "a b+c", "%41%zz", "abcdefgh", "abcdefghijklmnopqrstu", string(all)} {
		if got, want := zero.Encode(in), none.Encode(in); got != want {
			t.Errorf("zero.Encode(%q) = %q; want %q", in, got, want)
		}
		if got, want := string(zero.AppendEncode(nil, []byte(in))), none.Encode(in); got != want {
			t.Errorf("zero.AppendEncode(%q) = %q; want %q", in, got, want)
		}
		if got, want := string(zero.AppendEncodeString(nil, in)), none.Encode(in); got != want {
			t.Errorf("zero.AppendEncodeString(%q) = %q", in, got)
		}
		// Into room that holds any result, which the short and the kernel
		// paths take.
		room := make([]byte, 0, 3*len(in)+1)
		if got, want := string(zero.AppendEncode(room, []byte(in))), none.Encode(in); got != want {
			t.Errorf("zero.AppendEncode(room, %q) = %q; want %q", in, got, want)
		}
		if got, want := string(zero.AppendEncodeString(room, in)), none.Encode(in); got != want {
			t.Errorf("zero.AppendEncodeString(room, %q) = %q; want %q", in, got, want)
		}
		if zero.EncodedLen([]byte(in)) != 3*len(in) || zero.Valid(in) != none.Valid(in) || zero.MakeSafe(in) != none.MakeSafe(in) {
			t.Errorf("zero: EncodedLen, Valid or MakeSafe of %q differ", in)
		}
		d1, e1 := zero.Decode(in)
		d2, e2 := none.Decode(in)
		if d1 != d2 || (e1 == nil) != (e2 == nil) {
			t.Errorf("zero.Decode(%q) = %q, %v; want %q, %v", in, d1, e1, d2, e2)
		}
		if got, err := zero.DecodeExcept(in, NewSet("/")); err == nil != (e2 == nil) || err == nil && got != d2 {
			t.Errorf("zero.DecodeExcept(%q) = %q, %v", in, got, err)
		}
		p1, err1 := zero.ParseQuery(in)
		p2, err2 := none.ParseQuery(in)
		if fmt.Sprint(p1) != fmt.Sprint(p2) || (err1 == nil) != (err2 == nil) {
			t.Errorf("zero.ParseQuery(%q) = %v, %v; want %v, %v", in, p1, err1, p2, err2)
		}
		r1, _ := io.ReadAll(NewLenientDecoder(&zero, strings.NewReader(in)))
		if string(r1) != none.DecodeLenient(in) {
			t.Errorf("NewLenientDecoder(zero) read %q", r1)
		}
		var b bytes.Buffer
		w := NewEncoder(&zero, &b)
		io.WriteString(w, in)
		if b.String() != none.Encode(in) {
			t.Errorf("NewEncoder(zero) wrote %q", b.String())
		}
	}
	if got := zero.WithSpaceAsPlus().Encode("a b"); got != "%61+%62" {
		t.Errorf("zero.WithSpaceAsPlus().Encode = %q", got)
	}
	if got := zero.WithLowerHex().Encode("\xff"); got != "%ff" {
		t.Errorf("zero.WithLowerHex().Encode = %q", got)
	}
	if got := zero.EncodeQuery([]Pair{{Name: "a", Value: "b"}}); got != "%61=%62" {
		t.Errorf("zero.EncodeQuery = %q", got)
	}
}

// TestAppendEncodeShortRoom: the append encoders' short values, into dst
// with the room of the fast paths (more than 3*len(src)), against the
// byte-at-a-time reference: every value of up to 4 bytes of a clean byte,
// "-", a space, "+", "~" and a byte past 7F, and values of 1 to shortMax+1
// bytes (the short path's last length and the first past it, 16 or 43) with
// one byte to encode, or a "---", at each place, as a byte slice and as a
// string.
func TestAppendEncodeShortRoom(t *testing.T) {
	vals := testutil.AllStrings("a- +~\xe9", 4)
	for n := 1; n <= shortMax+1; n++ {
		for k := 0; k < n; k++ {
			b := []byte(strings.Repeat("z", n))
			b[k] = '/'
			vals = append(vals, string(b))
			if k+3 <= n {
				b[k] = 'z'
				copy(b[k:], "---")
				vals = append(vals, string(b))
			}
		}
	}
	for _, tc := range predefinedTables() {
		for _, s := range vals {
			want := referenceEncode(tc, s)
			buf := make([]byte, 3, 3+3*len(s)+1)
			if got := tc.enc.AppendEncode(buf, []byte(s)); string(got[3:]) != want || &got[0] != &buf[0] {
				t.Fatalf("%s: AppendEncode(%q) into room = %q, want %q", tc.name, s, got[3:], want)
			}
			if got := tc.enc.AppendEncodeString(buf, s); string(got[3:]) != want || &got[0] != &buf[0] {
				t.Fatalf("%s: AppendEncodeString(%q) into room = %q, want %q", tc.name, s, got[3:], want)
			}
		}
	}
}
