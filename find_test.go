// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestFindRFCExamples(t *testing.T) {
	var doc struct {
		Examples []struct {
			Kind      string   `json:"kind"`
			TextLines []string `json:"text_lines"`
			Expected  []string `json:"expected_uris"`
		} `json:"examples"`
		RFC1738 struct {
			TextLines []string `json:"text_lines"`
			Expected  []string `json:"expected_urls_derived"`
		} `json:"rfc1738_appendix_url_in_context"`
	}
	readJSON(t, "testdata/rfc3986_examples.json", &doc)
	check := func(name string, lines, want []string) {
		for _, text := range []string{strings.Join(lines, "\n"), "      " + strings.Join(lines, "\n      ")} {
			found := Find(text)
			var got []string
			for _, f := range found {
				got = append(got, f.URL)
				if f.Start < 0 || f.End > len(text) || f.Start >= f.End {
					t.Errorf("%s: bad span %d:%d", name, f.Start, f.End)
				}
			}
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: Find = %q, want %q", name, got, want)
			}
		}
	}
	n := 0
	for _, ex := range doc.Examples {
		if ex.Kind == "extract_from_text" {
			check("RFC 3986 Appendix C", ex.TextLines, ex.Expected)
			n++
		}
	}
	check("RFC 1738 Appendix", doc.RFC1738.TextLines, doc.RFC1738.Expected)
	if n != 1 || len(doc.RFC1738.Expected) != 3 {
		t.Fatal("examples missing")
	}
}

func TestFindSpans(t *testing.T) {
	text := "See <URL:http://a.example/x> and (http://b.example/wiki/Foo_(bar)), " +
		"or http://c.example/path. Mail <moore@cs.utk.edu> or mailto:x@y.example! " +
		"Also <ftp://d.example/\n   a b>, \"https://e.example/?q=1\" and HTTPS://F.example/a]."
	want := []struct{ url, span string }{
		{"http://a.example/x", "<URL:http://a.example/x>"},
		{"http://b.example/wiki/Foo_(bar)", "http://b.example/wiki/Foo_(bar)"},
		{"http://c.example/path", "http://c.example/path"},
		{"mailto:x@y.example", "mailto:x@y.example"},
		{"ftp://d.example/ab", "<ftp://d.example/\n   a b>"},
		{"https://e.example/?q=1", "https://e.example/?q=1"},
		{"HTTPS://F.example/a", "HTTPS://F.example/a"},
	}
	found := Find(text)
	if len(found) != len(want) {
		t.Fatalf("Find found %d URLs: %+v", len(found), found)
	}
	for i, f := range found {
		if f.URL != want[i].url || text[f.Start:f.End] != want[i].span {
			t.Errorf("found[%d] = %q at %q, want %q at %q", i, f.URL, text[f.Start:f.End], want[i].url, want[i].span)
		}
	}
	if f := Find("<http://a"); len(f) != 1 || f[0].URL != "http://a" || f[0].Start != 1 {
		t.Errorf("Find(<http://a) = %+v, want the bare URL", f)
	}
	for _, none := range []string{"", "no urls here", "xhttp://a.example", "http://", "<>", "<a:b>"} {
		if f := Find(none); len(f) != 0 {
			t.Errorf("Find(%q) = %+v", none, f)
		}
	}
}

// TestFindEchomail is the README's example: a message quoted twice.
func TestFindEchomail(t *testing.T) {
	msg := ` AB> MtW> The nodelist is at fecho://nodelist/nodelist.z%%
 AB> MtW> %%21, and the discussion at area://Ru.FTN.Develop%%
 AB> MtW>
 AB> MtW> %%?msgid=2:5020/1+12345678 (see also
 AB> MtW> <URL:http://example.org/fido/
 AB> MtW>  faq.html>).
`
	want := []struct{ url, start, end string }{
		{"fecho://nodelist/nodelist.z21", "fecho:", "%%21"},
		{"area://Ru.FTN.Develop?msgid=2:5020/1+12345678", "area:", "12345678"},
		{"http://example.org/fido/faq.html", "<URL:", "faq.html>"},
	}
	for _, text := range []string{msg, crlf(msg)} {
		found := Find(text)
		if len(found) != len(want) {
			t.Fatalf("Find = %+v", found)
		}
		for i, f := range found {
			span := text[f.Start:f.End]
			if f.URL != want[i].url || !strings.HasPrefix(span, want[i].start) || !strings.HasSuffix(span, want[i].end) {
				t.Errorf("found %q at %q, want %q", f.URL, span, want[i].url)
			}
		}
	}
}

// TestFindLinear runs Find on inputs that would take hours if any step were
// quadratic; it asserts the results, and the test's time limit does the rest.
func TestFindLinear(t *testing.T) {
	n := 200000
	if testing.Short() {
		n = 20000
	}
	inputs := map[string]int{
		strings.Repeat("<", n):                       0,
		strings.Repeat("<http://a", n/9):             n / 9,
		strings.Repeat("http://a%%", n/10):           0,
		strings.Repeat("http://a%%\n", n/11) + "%%x": (n/11 + 1) / 2, // pairs of lines
		"http://a" + strings.Repeat(")", n):          1,
		strings.Repeat("x> <URL:a\n", n/10):          0,
		strings.Repeat("http://a%%%", n/11):          0,
		strings.Repeat("http://a%% ", n/11) + "\n%%": 1,
	}
	for text, want := range inputs {
		if got := len(Find(text)); got != want {
			t.Errorf("Find(%.20q...): %d URLs, want %d", text, got, want)
		}
	}
}

// TestFindFidoIndex runs Find over every example line of the FGHI URL
// draft (the index in testdata/fidourl.txt: every line of FidoURL.txt that
// starts with a FidoURL scheme). Each complete example must be found whole,
// less the trailing punctuation that Find leaves to the sentence
// (the package doc: ".,;:!?'*").
func TestFindFidoIndex(t *testing.T) {
	data, err := os.ReadFile("testdata/fidourl.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	start := strings.Index(s, "----- [English] Index of example URL lines")
	if start < 0 {
		t.Fatal("no index")
	}
	n := 0
	for _, l := range strings.Split(s[start:], "\n")[1:] {
		if strings.HasPrefix(l, "-----") {
			break
		}
		bar := strings.IndexByte(l, '|')
		if bar < 0 {
			continue
		}
		text := l[bar+1:]
		tok := strings.Fields(text)[0]
		if strings.Contains(tok, "<") || strings.HasSuffix(tok, "%%") {
			continue // a template, or a line of a broken URL
		}
		want := strings.TrimRight(tok, ".,;:!?'*")
		found := Find(text)
		if len(found) == 0 || found[0].URL != want || found[0].Start != strings.Index(text, tok) {
			t.Errorf("line %s: Find = %+v, want %q", strings.TrimSpace(l[:bar]), found, want)
		}
		n++
	}
	if n != 135 {
		t.Errorf("%d examples, want 135", n)
	}
}

// TestFindWrapFidoEveryWidth: Find reports every URL that WrapFido wrote, at
// every width, with its exact span, also when a break falls inside "://"
// and when the lines after the first carry a quote prefix (issue: widths
// below 9 put "http:" alone on the first line).
func TestFindWrapFidoEveryWidth(t *testing.T) {
	urls := []string{
		"http://www.example.com/a/b",
		"https://h/%D0%BC%D0%B8%D1%80?q=1&r=%2B",
		"ftp://ftp.example.org/pub/file.txt",
		"netmail:2:5020/1@fidonet",
		"fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE.txt",
		"area://Ru.FTN.Develop?time=3d",
		"mailto:user@example.com",
		"http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html",
	}
	for _, u := range urls {
		for w := 1; w <= 200; w++ {
			wrapped := WrapFido(u, w)
			for _, prefix := range []string{"", " MtW> ", "> > "} {
				name := fmt.Sprintf("%s/width=%d/prefix=%q", u, w, prefix)
				t.Run(name, func(t *testing.T) {
					body := strings.ReplaceAll(wrapped, "\n", "\n"+prefix)
					text := "see " + body + " ok"
					got := Find(text)
					want := []Found{{URL: u, Start: 4, End: 4 + len(body)}}
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("Find(%q) = %+v, want %+v", text, got, want)
					}
				})
			}
		}
	}
}

// TestFindSpanAfterBreak: trimmed punctuation after a "%%" break is left
// out of the span, which ends right after the URL's last byte.
func TestFindSpanAfterBreak(t *testing.T) {
	for _, tc := range []struct {
		text, url, span string
	}{
		{"see http://x/y.%%\n%%. end", "http://x/y", "http://x/y"},
		{"see http://x/%%\n%%y.%%\n%%. end", "http://x/y", "http://x/%%\n%%y"},
		{"see (http://x/y%%\n%%z). end", "http://x/yz", "http://x/y%%\n%%z"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got := Find(tc.text)
			if len(got) != 1 || got[0].URL != tc.url || tc.text[got[0].Start:got[0].End] != tc.span {
				t.Fatalf("Find(%q) = %+v, want %q at %q", tc.text, got, tc.url, tc.span)
			}
		})
	}
}

// TestFindCharsetTagAndSchemeStart: charset-tagged URLs (seed 001) are
// found whole, in both spellings; a known scheme after a letter, digit,
// "+", "-" or "." starts no URL.
func TestFindCharsetTagAndSchemeStart(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"see http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html", []string{"http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html"}},
		{"see http:[JIS:EUC]://www.jacme.co.jp/x.", []string{"http:[JIS:EUC]://www.jacme.co.jp/x"}},
		{"git+https://h/", nil},
		{"+http://0", nil},
		{"a.ftp://h/", nil},
		{"x-http://h/", nil},
		{"1http://h/", nil},
		{"(http://h/)", []string{"http://h/"}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			var got []string
			for _, f := range Find(tc.text) {
				got = append(got, f.URL)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Find(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

// findShapes are texts on which a Find that re-reads what follows each
// "scheme:" is quadratic, each a unit to repeat.
var findShapes = []struct{ name, unit, tail string }{
	{"http:", "http:", ""},
	{"https:", "https:", ""},
	{"ftp:", "ftp:", ""},
	{"http:/", "http:/", ""},
	{"http: ", "http: ", ""},
	{"area:%%", "area:%%\n%%", ""},
	{"ftp:%%quoted", "ftp:%%\n> %%", ""},
	{"http:%%far", "http:%%", "\n%%"},
	{"http://%%line", "http://%%\nhttp://%%.%%\n", ""},
	{"http:[tag", "http:[", ""},
	{"http:[EUC]", "http:[EUC]", ""},
	{"brackets", "(", ""},
	{"closers", "http://a)", ""},
	{"open-brackets", "http://(", ""},
	{"<", "<", ""},
	{"<URL:", "<URL:", ""},
	{"<http:", "<http:", ""},
	{"quoted <URL:", "x> <URL:a\n", ""},
	{"%%", "%%", ""},
	{"%%\\n", "%%\n", ""},
	{"http://a%%", "http://a%%", ""},
	{"http://a%%%", "http://a%%%", ""},
	{"http://a%%\\n", "http://a%%\n", "%%x"},
	{"mailto:.", "mailto:.", ""},
	{"Москва", "http://ru.example/Мо", ""},
}

// findShape returns the shape repeated to about n bytes.
func findShape(unit, tail string, n int) string {
	return strings.Repeat(unit, n/len(unit)) + tail
}

// findTime returns the shortest of a few runs of Find on text.
func findTime(text string) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 3 {
		t0 := time.Now()
		Find(text)
		best = min(best, time.Since(t0))
	}
	return best
}

// TestFindLinearGrowth: Find on 16 times the text takes about 16 times as
// long, on every adversarial shape; a quadratic step would take 256 times
// as long. The ratio, not the time, is checked, so the machine's speed does
// not matter; a ratio over the limit is measured again before it fails.
func TestFindLinearGrowth(t *testing.T) {
	small, large := 64<<10, 1<<20
	if testing.Short() {
		small, large = 8<<10, 128<<10
	}
	for _, sh := range findShapes {
		t.Run(sh.name, func(t *testing.T) {
			a, b := findShape(sh.unit, sh.tail, small), findShape(sh.unit, sh.tail, large)
			var ratio float64
			for try := 0; try < 3; try++ {
				ta, tb := findTime(a), findTime(b)
				ratio = float64(tb) / float64(max(ta, time.Microsecond))
				if ratio < 64 {
					return
				}
			}
			t.Errorf("Find on %d bytes took %.0f times as long as on %d (linear: 16, quadratic: 256)", len(b), ratio, len(a))
		})
	}
}

// TestFindMarkdown: URLs in Markdown and reStructuredText markup end where
// the markup starts (Find is linear, and the package doc says where a bare URL ends).
func TestFindMarkdown(t *testing.T) {
	for _, tc := range []struct {
		text  string
		want  []string
		spans []string
	}{
		{"see ``https://docs.python.org/3/``.", []string{"https://docs.python.org/3/"}, []string{"https://docs.python.org/3/"}},
		{"`https://go.dev/doc/`", []string{"https://go.dev/doc/"}, nil},
		{"``http://``", nil, nil},
		{"http:// and mailto: and https:", nil, nil},
		{"[![b](https://img/x.svg)](https://ci/p)", []string{"https://img/x.svg", "https://ci/p"}, nil},
		{"|https://e.com/t|cell|", []string{"https://e.com/t"}, nil},
		{"ed2k://|file|a.iso|123|0123456789ABCDEF|/ ok", []string{"ed2k://|file|a.iso|123|0123456789ABCDEF|/"}, nil},
		{"[link](https://e.com/a_(b)_c) end", []string{"https://e.com/a_(b)_c"}, nil},
		{"{https://e.com/x}", []string{"https://e.com/x"}, nil},
		{"https://e.com/a)b", []string{"https://e.com/a"}, []string{"https://e.com/a"}},
		{"see https://ru.wikipedia.org/wiki/Москва.", []string{"https://ru.wikipedia.org/wiki/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0"}, []string{"https://ru.wikipedia.org/wiki/Москва"}},
		{"https://e.com/x\u00a0next", []string{"https://e.com/x"}, nil},          // no-break space: Zs
		{"https://e.com/x—dash", []string{"https://e.com/x"}, nil},               // em dash: Pd
		{"https://e.com/é\xffx", []string{"https://e.com/%C3%A9"}, nil},          // invalid UTF-8
		{"https://e.com/١٢٣", []string{"https://e.com/%D9%A1%D9%A2%D9%A3"}, nil}, // Nd
		{"https://e.com/e\u0301", []string{"https://e.com/e%CC%81"}, nil},        // Mn
	} {
		t.Run(tc.text, func(t *testing.T) {
			var got, spans []string
			for _, f := range Find(tc.text) {
				got = append(got, f.URL)
				spans = append(spans, tc.text[f.Start:f.End])
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("Find(%q) = %q, want %q", tc.text, got, tc.want)
			}
			if tc.spans != nil && !reflect.DeepEqual(spans, tc.spans) {
				t.Fatalf("Find(%q) spans %q, want %q", tc.text, spans, tc.spans)
			}
		})
	}
}

func TestFindFidoExamples(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"quoted", fidoQuoted, areaURL},
		{"quoted again", fidoQuotedAgain, areaURL},
		{"frame", fidoFrame, areaURL},
		{"box", fidoBox, fechoURL},
		{"box quoted", fidoBoxQuoted, fechoURL},
		{"good", fidoGood, goodURL},
		{"ed2k", fidoEd2k, ed2kURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, text := range []string{tt.text, crlf(tt.text)} {
				found := Find(text)
				if len(found) != 1 || found[0].URL != tt.want {
					t.Errorf("%s: Find = %+v, want %q", tt.name, found, tt.want)
					continue
				}
				f := found[0]
				// The span starts at the scheme and ends at the URL's last byte.
				if !strings.HasPrefix(text[f.Start:], tt.want[:strings.IndexByte(tt.want, ':')]) ||
					!strings.HasSuffix(text[:f.End], tt.want[len(tt.want)-4:]) {
					t.Errorf("%s: span %q", tt.name, text[f.Start:f.End])
				}
				// UnwrapFido reads the same URL from where it starts.
				u, err := UnwrapFido(text[f.Start:])
				if err != nil || u != tt.want && u != tt.want+"." {
					t.Errorf("%s: UnwrapFido = %q, %v", tt.name, u, err)
				}
			}
		})
	}
}

// TestFindBareScheme: "scheme:" or "scheme://" with nothing after it is no
// URL, "mailto://" neither; only area:// has a bare form (the FidoURL
// arealist, §7.2), spelled "area://", "area:///" or "area://?".
func TestFindBareScheme(t *testing.T) {
	for _, text := range []string{"mailto://", "fecho://", "faqserv://", "freq://", "http://", "mailto:", "see news: now", "FECHO:// x"} {
		if f := Find(text); len(f) != 0 {
			t.Errorf("Find(%q) = %+v; want nothing", text, f)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"area://", "area://"}, {"area:///", "area:///"}, {"list: area://?", "area://"}, {"fecho://x", "fecho://x"}, {"mailto://a", "mailto://a"},
	} {
		if f := Find(c.text); len(f) != 1 || f[0].URL != c.want {
			t.Errorf("Find(%q) = %+v; want %q", c.text, f, c.want)
		}
	}
}
