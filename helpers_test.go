// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urlcodec/percent/tools/testutil"
)

// Helpers shared by the test files.

// The literal sets of the predefined encodings, written out as their
// documents list them, independently of safeset.go and encodings.go.
const (
	alnum      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	unreserved = alnum + "-._~"                // RFC 3986 §2.3
	subDelims  = "!$&'()*+,;="                 // RFC 3986 §2.2
	genDelims  = ":/?#[]@"                     // RFC 3986 §2.2
	pchar      = unreserved + subDelims + ":@" // RFC 3986 §3.3
	printable  = "!\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"
)

// without returns the bytes of s that are not in drop.
func without(s, drop string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(drop, rune(s[i])) {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// expectedTable describes, for one encoding, what each single byte must
// encode to.
type expectedTable struct {
	name    string
	enc     *Encoding
	literal string // bytes written as they are
	plus    bool   // space is "+", "+" is "%2B"
}

func predefinedTables() []expectedTable {
	// The URL Standard's percent-encode sets (§1.3), as the standard lists
	// them: C0 controls and bytes above 7E, plus these printable ASCII
	// characters. The encodings also escape "%" ("%" is never safe).
	fragmentSet := " \"<>`"
	querySet := " \"#<>"
	specialQuerySet := querySet + "'"
	pathSet := querySet + "?^`{}"
	userinfoSet := pathSet + "/:;=@[\\]|"
	componentSet := userinfoSet + "$%&+,"
	formSet := componentSet + "!'()~"
	whatwg := func(set string) string { return without(printable, set+"%") }
	return []expectedTable{
		{"Component", Component, unreserved, false},
		{"PathSegment", PathSegment, pchar, false},
		{"Path", Path, pchar + "/", false},
		{"Query", Query, pchar + "/?", false},
		{"Fragment", Fragment, pchar + "/?", false},
		{"Userinfo", Userinfo, unreserved + subDelims + ":", false},
		{"Host", Host, unreserved + subDelims, false},
		{"WHATWGC0Control", WHATWGC0Control, " " + without(printable, "%"), false},
		{"WHATWGFragment", WHATWGFragment, whatwg(fragmentSet), false},
		{"WHATWGQuery", WHATWGQuery, whatwg(querySet), false},
		{"WHATWGSpecialQuery", WHATWGSpecialQuery, whatwg(specialQuerySet), false},
		{"WHATWGPath", WHATWGPath, whatwg(pathSet), false},
		{"WHATWGUserinfo", WHATWGUserinfo, whatwg(userinfoSet), false},
		{"WHATWGComponent", WHATWGComponent, whatwg(componentSet), false},
		{"Form", Form, whatwg(formSet), true}, // alnum and *-._
		// Seed 000, rule 1(b): 21–24, 26–3B, 3D, 3F–7E.
		{"Exchange", Exchange, "!\"#$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~", false},
		// FidoURL §5.2: printable ASCII less " # % < > { } | \ ^ ~ [ ] ` and "+".
		{"Fido", Fido, "!$&'()*,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz", true},
		{"FidoComponent", FidoComponent, "!$'()*,-.0123456789:;ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz", true},
	}
}

// referenceEncode is the byte-at-a-time definition of an encoding, from the
// test's own tables.
func referenceEncode(tc expectedTable, s string) string {
	var b strings.Builder
	dashes := 0
	fido := tc.name == "Fido" || tc.name == "FidoComponent"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case tc.plus && c == ' ':
			b.WriteByte('+')
		case tc.plus && c == '+':
			b.WriteString("%2B")
		case fido && c == '-' && dashes == 2:
			b.WriteString("%2D")
			dashes = 0
			continue
		case strings.IndexByte(tc.literal, c) >= 0:
			b.WriteByte(c)
			if c == '-' {
				dashes++
				continue
			}
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
		dashes = 0
	}
	return b.String()
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	testutil.ReadJSON(t, path, v)
}

func addSeeds(f *testing.F) {
	for _, s := range []string{"", "a", "a b", "%", "%4", "%zz", "100%", "%25%s%1G", "a+b", "---", "é日本", "\x00\xff", "%e2%82%ac", "a%2Fb/c?d=e&f#g"} {
		f.Add(s)
	}
}

// A wptParserCase is one case of WPT's urlencoded-parser-data.json: a form
// body and the name-value pairs the URL Standard's parser gives.
type wptParserCase struct {
	Input  string      `json:"input"`
	Output [][2]string `json:"output"`
}

func wptParserCases(t *testing.T) []wptParserCase {
	t.Helper()
	var cases []wptParserCase
	readJSON(t, "testdata/wpt_urlencoded-parser-data.json", &cases)
	return cases
}

// A wptStringifierCase is one case of WPT's URLSearchParams stringifier
// tests: pairs to serialize, or an input to parse and serialize again.
type wptStringifierCase struct {
	Kind     string      `json:"kind"`
	Pairs    [][2]string `json:"pairs"`
	Input    string      `json:"input"`
	Expected string      `json:"expected"`
}

func wptStringifierCases(t *testing.T) []wptStringifierCase {
	t.Helper()
	var doc struct {
		Cases []wptStringifierCase `json:"cases"`
	}
	readJSON(t, "testdata/wpt_urlsearchparams-stringifier.json", &doc)
	return doc.Cases
}

// pureEncode is e.AppendEncode(nil, data) by the pure-Go path: the expected
// value for a kernel under test.
func pureEncode(e *Encoding, data []byte) string {
	restore := setKernel(kernelGeneric)
	defer restore()
	return string(e.AppendEncode(nil, data))
}
