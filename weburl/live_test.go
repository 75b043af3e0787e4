// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package weburl

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/urlcodec/percent/tools/testutil"
)

var recordFlag = flag.Bool("record", false, "record testdata/whatwg-url/recorded.jsonl.gz with node and whatwg-url")

// A liveCase is one input of the differential against whatwg-url: an
// input, a base, and a setter with its value.
type liveCase struct {
	I string  `json:"i"`
	B *string `json:"b,omitempty"`
	S string  `json:"s,omitempty"`
	V string  `json:"v"`
}

// A liveResult is what the reference gave: the eleven getters, or which
// parse failed.
type liveResult struct {
	R []string `json:"r,omitempty"`
	F string   `json:"f,omitempty"`
}

var getterNames = []string{"href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// The grammar of generated URLs: its pieces favor what parsers read
// differently.
var (
	genSchemes = []string{"http", "https", "HTTP", "hTtPs", "ws", "wss", "ftp", "file", "FILE", "sc", "foo", "mailto",
		"data", "javascript", "blob", "a+b-c.d", "git+ssh", "h\ttp", "ht\ntp", "1http", "ht%74p", "java\nscript", "urn", "ssh"}
	genDomains = []string{"example.com", "EXAMPLE.COM", "a", "localhost", "LocalHost", "ex%41mple.com", "xn--nxasmq6b.com",
		"xn--a", "xn--", "ab--cd", "münchen.de", "MÜNCHEN.DE", "日本語。ＪＰ", "ß.de", "ς.gr", "a\u200cb", "a\u200db",
		"\u0627\u0644\u0639\u0631\u0628\u064a\u0629.eg", "a\u05d0", "\u05d0\u0661", "\u0661\u06f1", "evil。com", "evil．com",
		"evil%E3%80%82com", "%F0%9F%92%A9.la", "💩.la", "a..b", "a.", ".a", "-a-.b", "a_b.c", "a b", "a%20b", "a<b",
		"a^b", "a|b", "%zz", "%", "a%2", "\u00ad", "a\u00adb", "\ufeffa", "\u2488", "ⓐ.com", "ＡＢＣ", "x.xn--zca", "ab\u0301c",
		"\u0301a", "a\u0300", "xn--ls8h", "goog%00le.com", "a\x7fb", "good.com\\@evil.com", "\uff10x7f.1", "é.example"}
	genIPv4 = []string{"127.0.0.1", "0x7f.1", "0x7F.0.0.1", "0177.0.0.1", "2130706433", "0x7f000001", "017700000001",
		"127.1", "127.0.1", "1.2.3.4.", "1.2.3.4.5", "256.0.0.1", "1.256", "1.65536", "4294967295", "4294967296",
		"0x100000000", "09.1.2.3", "0x", "0x.1", "1.2.3.09", "1.2.3.0x", "999999999999999999", "1..2", "１２７.０.０.１",
		"0.0.0.0", "255.255.255.255", "1.2.3", "08", "0x1g", "1.2.3.4x"}
	genIPv6 = []string{"[::1]", "[::]", "[1:2:3:4:5:6:7:8]", "[1:0:0:0:0:0:0:8]", "[1::8]", "[::ffff:7f00:1]",
		"[::ffff:127.0.0.1]", "[::127.0.0.1]", "[0:0:0:0:0:ffff:1.2.3.4]", "[1:2:3:4:5:6:1.2.3.4]", "[1::2::3]",
		"[1:2:3:4:5:6:7:8:9]", "[:1]", "[1:]", "[::1.2.3]", "[::1.2.3.4.5]", "[::01.2.3.4]", "[::1.2.3.256]",
		"[FFFF::ABCD]", "[0001:0002::]", "[1:0:0:2:0:0:0:3]", "[1:0:0:2:0:0:3:0]", "[12345::]", "[::1", "::1]",
		"[v1.x]", "[::%31]", "[0:0::0:0]", "[fe80::1%25eth0]"}
	genUserinfo = []string{"user", "user:pass", ":pass", "user:", ":", "u@v", "u:p@q", "a:b:c", "%40", "us%65r",
		"ü", "u v", "u/v", "", "@", "a\\b", "u;v=w", "[u]"}
	genPorts = []string{"80", "443", "21", "8080", "00080", "0", "65535", "65536", "99999999999", "", "8a", "-1",
		" 80", "８０", "1\t2"}
	genSegments = []string{"a", "b", "", ".", "..", "%2e", "%2E", ".%2e", "%2e.", "%2e%2e", "...", ". .", "a b", "%20",
		"%", "%2", "%zz", "%41", "%c3%a9", "é", "日本", "💩", "\u00a0", "\ufdd0", "\ufffe", "\ufffd", "\u0000",
		"\u0001", "\u007f", "\u0080", "\u00ff", "^", "`", "{", "}", "|", "\"", "<", ">", "'", ";", "=", "@", ":", "[",
		"]", "C:", "C|", "c:", "x:", "C%3A", "~user", "a\tb", "a\nb", "\\", "a\\b", "%5C", "%2F", "a?b", "a#b",
		"\t", "\r\n"}
	genQueries = []string{"", "a=1", "a=1&b=2", "q=a b", "q=%zz", "q='x'", "q=\"x\"", "q=<x>", "q=é", "q=`x`",
		"q=#x", "q={x}", "q=^", "q=%00", "q=\u0000", "q=a\tb", "?", "??", "q=💩", "q=\ufffd", "q=\\"}
	genFragments = []string{"", "f", "f g", "%zz", "<x>", "`x`", "\"x\"", "#", "é", "\u0000", "f\tg", "?", "{}", "^", "\\"}
	genBases     = []string{"http://example.org/foo/bar?q#f", "https://user:pass@h.example:8443/a/b/c/d;p?q=1",
		"file:///C:/dir/file.txt", "file://host/share/x", "file:///", "file:///a/b", "sc://h/p/q?x#y", "sc:/p/q",
		"sc:opaque?q#f", "mailto:user@example.com", "about:blank", "data:text/plain,x", "http://h/", "http://[::1]:81/",
		"http://1.2.3.4/", "foo://", "sc://@/", "blob:https://a.example/uuid", "javascript:alert(1)", "http://h/a?",
		"non-spec:/.//p", "non-spec:/a/b"}
	genRelative = []string{"", "?", "#", "?q", "#f", "/", "//", "///", "////", "\\", "\\\\", "/\\", "\\/", "a", "./a", "../a",
		"../../../../a", "..", ".", "/..", "/.", "//h2/x", "\\\\h2\\x", "///h2/x", "/a/./b/../c", "a/b/..", "a/b/.",
		"C:", "C|", "/C:", "/C|/x", "C:/x", "c|\\x", "//C:/x", "file:x", "file:/x", "file:C:/x", "http:x", "http:/x",
		"http:\\\\x", "https:x", "sc:x", "sc:/x", "sc://x", "  x  ", "\tx", "%2e%2e/x", ".%2E/x", "a?b#c", "?a#b", "#a?b",
		"x:y", "x:/y", "x://y", "1:x", "a b", "@", "@x", ":", ":x", "\u0000x", "\ufeffx", "é", "%zz", "[::1]"}
	genSetters = []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	genValues  = map[string][]string{
		"protocol": {"http", "https:", "file", "sc", "ftp:x", "a+b", "1x", "", "HTTPS", "mailto", "ws", "h\ttp", "http:evil", "javascript"},
		"username": {"u", "", "a@b", "a:b", "é", " ", "%41", "a/b", "\u0000"},
		"password": {"p", "", "a@b", "a:b", "é", " ", "%41", "a/b"},
		"host":     {"example.com", "h:8080", "h:", ":80", "", "[::1]:81", "1.2.3.4:0x", "a b", "münchen.de", "h:80", "h/x", "h?x", "h#x", "h\\x", "xn--a", "0x7f.1", "h:99999", "h:12ab", "localhost"},
		"hostname": {"example.com", "h:8080", "", "[::1]", "a b", "münchen.de", "h/x", "0x7f.1", "localhost", "%41"},
		"port":     {"8080", "", "80", "443", "65536", "12ab", "ab", "0", " 1", "1\t2"},
		"pathname": {"/a/b", "a", "", "/", "..", "/./x/../y", "%2e", "a?b", "a#b", "\\x", "C|", "//x", "é", " x "},
		"search":   {"q=1", "?q=1", "", "?", "a b", "#x", "é", "'"},
		"hash":     {"f", "#f", "", "#", "a b", "é", "`"},
		"href":     {"http://x/", "relative", "https://a:b@c:1/d?e#f", "file:///x"},
	}
)

func pick(r *rand.Rand, s []string) string { return s[r.IntN(len(s))] }

// genURL writes a random URL of the grammar.
func genURL(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(20) == 0 {
		b.WriteString(pick(r, []string{" ", "\t", "\x01", "\n", "\x00 "}))
	}
	scheme := pick(r, genSchemes)
	b.WriteString(scheme)
	b.WriteString(pick(r, []string{":", ":", ":", ":", ":", "::", ":\t"}))
	switch r.IntN(10) {
	case 0: // no slashes
	case 1:
		b.WriteString(pick(r, []string{"/", "\\", "///", "\\\\", "/\\", "\\/", "/\t/"}))
	default:
		b.WriteString("//")
	}
	if r.IntN(5) == 0 {
		b.WriteString(pick(r, genUserinfo))
		b.WriteString("@")
	}
	switch r.IntN(6) {
	case 0:
		b.WriteString(pick(r, genIPv4))
	case 1:
		b.WriteString(pick(r, genIPv6))
	case 2:
		b.WriteString(pick(r, genDomains))
		b.WriteString(".")
		b.WriteString(pick(r, genDomains))
	case 3:
		// random host bytes
		for range r.IntN(6) {
			b.WriteString(pick(r, append(genSegments, "a", "b", "1", ".", "%41", "0x1")))
		}
	default:
		b.WriteString(pick(r, genDomains))
	}
	if r.IntN(4) == 0 {
		b.WriteString(":")
		b.WriteString(pick(r, genPorts))
	}
	for range r.IntN(5) {
		b.WriteString(pick(r, []string{"/", "/", "/", "\\", "//"}))
		b.WriteString(pick(r, genSegments))
	}
	if r.IntN(3) == 0 {
		b.WriteString("?")
		b.WriteString(pick(r, genQueries))
	}
	if r.IntN(4) == 0 {
		b.WriteString("#")
		b.WriteString(pick(r, genFragments))
	}
	if r.IntN(20) == 0 {
		b.WriteString(pick(r, []string{" ", "\t", "\x1f", "\r\n"}))
	}
	return b.String()
}

// genRelativeRef writes a random reference to resolve against a base.
func genRelativeRef(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.IntN(3) {
		b.WriteString(pick(r, genRelative))
		if r.IntN(3) == 0 {
			b.WriteString(pick(r, genSegments))
		}
	}
	return b.String()
}

// genCases returns n cases: absolute URLs, references against bases, and
// setters on URLs.
func genCases(seed uint64, n int) []liveCase {
	r := rand.New(rand.NewPCG(seed, 55))
	cases := make([]liveCase, 0, n)
	for len(cases) < n {
		var c liveCase
		switch r.IntN(8) {
		case 0, 1, 2:
			c.I = genURL(r)
		case 3, 4:
			base := pick(r, genBases)
			if r.IntN(4) == 0 {
				base = genURL(r)
			}
			c.I, c.B = genRelativeRef(r), &base
		case 5:
			base := genURL(r)
			c.I, c.B = genURL(r), &base
		default:
			c.I = genURL(r)
			if r.IntN(3) == 0 {
				c.I = pick(r, genBases)
			}
			c.S = pick(r, genSetters)
			c.V = pick(r, genValues[c.S])
			if r.IntN(4) == 0 {
				c.V = genRelativeRef(r)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// ours runs c as the reference's recorder does.
func ours(c liveCase) liveResult {
	var base *URL
	if c.B != nil {
		u, err := Parse(*c.B)
		if err != nil {
			return liveResult{F: "base"}
		}
		base = &u
	}
	u, err := ParseRef(c.I, base)
	if err != nil {
		return liveResult{F: "input"}
	}
	if c.S != "" {
		set(&u, c.S, c.V)
	}
	g := components(&u)
	res := liveResult{R: make([]string, len(getterNames))}
	for i, n := range getterNames {
		res.R[i] = g[n]
	}
	return res
}

// compareLive returns a description of each case where ours differs from
// the reference's result.
func compareLive(cases []liveCase, results []liveResult) []string {
	var diffs []string
	for i, c := range cases {
		want, got := results[i], ours(c)
		if got.F != want.F || len(got.R) != len(want.R) {
			diffs = append(diffs, fmt.Sprintf("%s: got %v, want %v", describe(c), got, want))
			continue
		}
		for k := range got.R {
			if got.R[k] != want.R[k] {
				diffs = append(diffs, fmt.Sprintf("%s: %s = %+q, want %+q", describe(c), getterNames[k], got.R[k], want.R[k]))
				break
			}
		}
	}
	return diffs
}

func describe(c liveCase) string {
	s := fmt.Sprintf("%+q", c.I)
	if c.B != nil {
		s += fmt.Sprintf(" against %+q", *c.B)
	}
	if c.S != "" {
		s += fmt.Sprintf(" then %s(%+q)", c.S, c.V)
	}
	return s
}

const recordedPath = "testdata/whatwg-url/recorded.jsonl.gz"

// recorded reads the recorded cases and what the original gave for them.
func recorded(t *testing.T) (string, []liveCase, []liveResult) {
	return testutil.ReadGzipRecords[liveCase, liveResult](t, recordedPath)
}

// TestWhatwgURLRecorded holds the parser, the serializer, the getters and
// the setters to what whatwg-url (the URL Standard's reference
// implementation) gave for 24 000 generated cases, recorded: every
// component of every case.
func TestWhatwgURLRecorded(t *testing.T) {
	header, cases, results := recorded(t)
	diffs := compareLive(cases, results)
	testutil.ReportDiffs(t, diffs, len(cases), 20000, header)
}

// recorder returns the command that runs record.js in mode, or nil when
// node or whatwg-url is not here.
func recorder(mode string) *exec.Cmd {
	return testutil.NodeScript("testdata/whatwg-url", "record.js", "whatwg-url", mode)
}

// runRecorder runs record.js on cases.
func runRecorder(t *testing.T, mode string, cases []liveCase) []liveResult {
	t.Helper()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	enc.SetEscapeHTML(false)
	for _, c := range cases {
		enc.Encode(c)
	}
	results := make([]liveResult, len(cases))
	for i, l := range testutil.RunLines(t, recorder(mode), in.Bytes(), len(cases)) {
		if err := json.Unmarshal(l, &results[i]); err != nil {
			t.Fatal(err)
		}
	}
	return results
}

func recorderVersion(t *testing.T) string {
	out, err := recorder("version").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out))
}

// TestWhatwgURLLive runs whatwg-url itself, where node and the package are
// here (.ci/run installs them), on the recorded cases and 5 000 fresh
// ones; with -record it writes the recorded file.
func TestWhatwgURLLive(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	if recorder("version") == nil {
		t.Skip("node with whatwg-url is not here (testdata/whatwg-url/node_modules)")
	}
	if *recordFlag {
		cases := genCases(1, 24000)
		results := runRecorder(t, "whatwg-url", cases)
		records := make([]any, len(cases))
		for i := range cases {
			records[i] = testutil.Record[liveCase, liveResult]{C: cases[i], W: results[i]}
		}
		testutil.WriteGzipRecords(t, recordedPath, recorderVersion(t), records)
	}
	_, cases, _ := recorded(t)
	cases = append(cases, genCases(uint64(os.Getpid())<<8|uint64(len(cases)), 5000)...)
	results := runRecorder(t, "whatwg-url", cases)
	diffs := compareLive(cases, results)
	testutil.ReportDiffs(t, diffs, len(cases), 0, recorderVersion(t))
}
