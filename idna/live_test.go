// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

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

var recordFlag = flag.Bool("record", false, "record testdata/tr46/recorded.jsonl.gz with node and tr46")

// A liveCase is a domain and the seven options, in the order of
// record.js (../weburl/testdata/whatwg-url).
type liveCase struct {
	D string  `json:"d"`
	O [7]bool `json:"o"`
}

// A liveResult is what tr46 gave: ToASCII's result (nil on failure) and
// ToUnicode's domain and error flag.
type liveResult struct {
	A *string `json:"a"`
	U string  `json:"u"`
	E bool    `json:"e"`
}

func (c liveCase) options() Options {
	return Options{CheckHyphens: c.O[0], CheckBidi: c.O[1], CheckJoiners: c.O[2], UseSTD3ASCIIRules: c.O[3],
		Transitional: c.O[4], VerifyDNSLength: c.O[5], IgnoreInvalidPunycode: c.O[6]}
}

// Labels that the UTS #46 rules tell apart.
var genLabels = []string{"a", "abc", "ABC", "xn--", "xn--a", "xn--zca", "xn--ZCA", "xn--fa-hia", "xn--bcher-kva", "xn--nxasmq6b",
	"xn--ls8h", "xn--0ca", "xn--tda", "xn---abc", "xn--a-", "xn--1ug", "xn--mgba3gch31f", "xn--4db", "xn--xn--a", "ab--c", "-a", "a-", "-",
	"--", "a_b", "a b", "a$b", "a/b", "1", "0x7f", "ß", "ẞ", "ς", "Σ", "faß", "münchen", "MÜNCHEN", "日本語", "ＪＰ", "ａｂｃ",
	"\u200c", "a\u200cb", "a\u200db", "\u0915\u094d\u200d", "\u0915\u094d\u200c", "\u0628\u200c\u0628", "\u0628\u064b\u200c\u0628",
	"\u05d0", "\u05d0\u05d1", "\u05d0a", "a\u05d0", "\u05d01", "1\u05d0", "\u05d0\u0661", "\u0627\u0661\u06f1", "\u0627\u0031",
	"\u05d0\u0308", "\u0308a", "a\u0308", "\u0301", "e\u0301", "\u00e9", "\u0627", "\u0661", "\u06f1", "a\u0661",
	"\u00ad", "\ufeff", "\u2488", "\u2024", "\u3002", "\uff0e", "\uff61", "ⓐ", "㎒", "\ufffd", "\ue000", "\U000e0001",
	"\u0000", "\u007f", "\u00a0", "\u0378", "\U00010000", "💩", "\u1100\u1161", "\uac00\u11a8", "\u0f73", "\u0958",
	strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("ä", 30), ""}

var genDots = []string{".", ".", ".", "。", "．", "｡", ".."}

func genLiveCases(seed uint64, n int) []liveCase {
	r := rand.New(rand.NewPCG(seed, 46))
	cases := make([]liveCase, n)
	for i := range cases {
		var b strings.Builder
		for j := range 1 + r.IntN(4) {
			if j > 0 {
				b.WriteString(genDots[r.IntN(len(genDots))])
			}
			for range 1 + r.IntN(2) {
				b.WriteString(genLabels[r.IntN(len(genLabels))])
			}
		}
		if r.IntN(10) == 0 {
			b.WriteString(".")
		}
		c := liveCase{D: b.String()}
		switch r.IntN(4) {
		case 0:
			c.O = [7]bool{false, true, true, false, false, false, false} // Lookup
		case 1:
			c.O = [7]bool{true, true, true, true, false, true, false} // Strict
		default:
			for k := range c.O {
				c.O[k] = r.IntN(2) == 0
			}
		}
		cases[i] = c
	}
	return cases
}

// compareLive returns the cases where ToASCII or ToUnicode differ from
// tr46. VerifyDNSLength is compared where tr46 follows UTS #46: tr46
// counts a trailing root label as an empty label, which §4.2 step 4 does
// not (verifydnslength_tests.json), so a name ending in "." is compared
// without that flag.
func compareLive(cases []liveCase, results []liveResult) []string {
	var diffs []string
	for i, c := range cases {
		o, want := c.options(), results[i]
		a, err := ToASCII(c.D, o)
		rootDot := o.VerifyDNSLength && strings.HasSuffix(a, ".")
		if !rootDot && ((err == nil) != (want.A != nil) || want.A != nil && a != *want.A) {
			diffs = append(diffs, fmt.Sprintf("ToASCII(%+q, %+v) = %q, %v; tr46 %v", c.D, o, a, err, show(want.A)))
			continue
		}
		u, err := ToUnicode(c.D, o)
		if u != want.U || (err != nil) != want.E {
			diffs = append(diffs, fmt.Sprintf("ToUnicode(%+q, %+v) = %+q, %v; tr46 %+q, error %v", c.D, o, u, err, want.U, want.E))
		}
	}
	return diffs
}

func show(s *string) string {
	if s == nil {
		return "failure"
	}
	return fmt.Sprintf("%+q", *s)
}

const recordedPath = "testdata/tr46/recorded.jsonl.gz"

// recorded reads the recorded cases and what the original gave for them.
func recorded(t *testing.T) (string, []liveCase, []liveResult) {
	return testutil.ReadGzipRecords[liveCase, liveResult](t, recordedPath)
}

// TestTR46Recorded holds ToASCII and ToUnicode, under random options, to
// what tr46 (whatwg-url's UTS #46, Unicode 17) gave for 10 000 generated
// domains, recorded.
func TestTR46Recorded(t *testing.T) {
	header, cases, results := recorded(t)
	diffs := compareLive(cases, results)
	testutil.ReportDiffs(t, diffs, len(cases), 10000, header)
}

// recorder returns the command that runs weburl's record.js in mode, or
// nil when node or tr46 is not here.
func recorder(mode string) *exec.Cmd {
	return testutil.NodeScript("../weburl/testdata/whatwg-url", "record.js", "tr46", mode)
}

// TestTR46Live runs tr46 itself where node has it (.ci/run installs it
// with whatwg-url) on the recorded domains and 5 000 fresh ones; with
// -record it writes the recorded file.
func TestTR46Live(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	if recorder("version") == nil {
		t.Skip("node with tr46 is not here (../weburl/testdata/whatwg-url/node_modules)")
	}
	run := func(cases []liveCase) []liveResult {
		var in bytes.Buffer
		enc := json.NewEncoder(&in)
		enc.SetEscapeHTML(false)
		for _, c := range cases {
			enc.Encode(c)
		}
		res := make([]liveResult, len(cases))
		for i, l := range testutil.RunLines(t, recorder("whatwg-url"), in.Bytes(), len(cases)) {
			if err := json.Unmarshal(l, &res[i]); err != nil {
				t.Fatal(err)
			}
		}
		return res
	}
	version, _ := recorder("version").Output()
	if *recordFlag {
		cases := genLiveCases(1, 10000)
		results := run(cases)
		records := make([]any, len(cases))
		for i := range cases {
			records[i] = testutil.Record[liveCase, liveResult]{C: cases[i], W: results[i]}
		}
		testutil.WriteGzipRecords(t, recordedPath, string(version), records)
	}
	_, cases, _ := recorded(t)
	cases = append(cases, genLiveCases(uint64(os.Getpid()), 5000)...)
	diffs := compareLive(cases, run(cases))
	testutil.ReportDiffs(t, diffs, len(cases), 0, strings.TrimSpace(string(version)))
}
