// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// The examples of FGHI URL draft §5.2.2.5, as real messages: the seed copy
// of the section (002_2fbe8eb045e1c3ca.txt) lost its line breaks; the full
// draft (vectors/fidonet/FidoURL.txt, lines 826–929) has them.
const (
	fidoQuoted = `MtW>> To track Fidonet software development in Russian,
MtW>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%
MtW>> %%Soft+Ru.FIPS/ is often used.
`
	fidoQuotedAgain = `MtW>>>>> To track Fidonet software development in Russian,
MtW>>>>> a newsreel like area://Ru.FTN.Develop+Ru.FTN.W%%
MtW>>>>> %%inSoft+Ru.FIPS/ is often used.
`
	fidoFrame = `+==========================================================+
+                                                          +
+   To track Fidonet software development in Russian,      +
+   a newsreel like area://Ru.FTN.Develop+Ru.FTN.Win%%     +
+   %%Soft+Ru.FIPS/ is often used.                         +
+                                                          +
+==========================================================+
`
	fidoBox = `***********************************************************
***********************************************************
**                                                       **
**  ATTENTION! Grab the N5019 pointlist at fecho://p%%   **
**  %%ntlist/pnt5019.zip                                 **
**                                                       **
***********************************************************
***********************************************************
`
	fidoBoxQuoted = `MtW> ******************************************************
MtW> *****
MtW> ******************************************************
MtW> *****
MtW> **
MtW> **
MtW> **  ATTENTION! Grab the N5019 pointlist at fecho://p%%
MtW> **
MtW> **  %%ntlist/pnt5019.zip
MtW> **
MtW> **
MtW> **
MtW> ******************************************************
MtW> *****
MtW> ******************************************************
MtW> *****
`
	fidoGood     = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D%%\n%%1%82.txt\n"
	fidoMistake1 = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D1%%\n%%%82.txt\n"
	fidoMistake2 = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%%%\n%%D1%82.txt\n"
	fidoEd2k     = "ed2k://|file|fidopoyka_24_09_06(DivX5_512x384).avi|871219%%\n%%20|8A706F58C5C7CF6EBA28561A53D60E70|/\n"

	areaURL  = "area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/"
	fechoURL = "fecho://pntlist/pnt5019.zip"
	goodURL  = "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D1%82.txt"
	ed2kURL  = "ed2k://|file|fidopoyka_24_09_06(DivX5_512x384).avi|87121920|8A706F58C5C7CF6EBA28561A53D60E70|/"
)

func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

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
	}
}

func TestUnwrapFidoMistakes(t *testing.T) {
	for _, text := range []string{fidoMistake1, fidoMistake2, crlf(fidoMistake1), "area://a%%\nno resume here\n"} {
		_, err := UnwrapFido(text)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Offset <= 0 || fe.Offset >= len(text) {
			t.Errorf("UnwrapFido(%q): %v, want a *FormatError", text, err)
		}
		if len(Find(text)) != 0 {
			t.Errorf("Find(%q) reports a URL with a malformed break", text)
		}
	}
	if u, err := UnwrapFido("  area://Ru.FTN.Develop is"); err != nil || u != "area://Ru.FTN.Develop" {
		t.Errorf("UnwrapFido plain = %q, %v", u, err)
	}
}

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

func TestWrapUnwrap(t *testing.T) {
	u := "http://www.example.com/very/long/path%20with%20escapes/and?query=string&more=yes;x=y#frag.ment"
	for w := -1; w <= len(u)+3; w++ {
		p := Wrap(u, w)
		back, err := Unwrap(p)
		if err != nil || back != u {
			t.Fatalf("Unwrap(Wrap(u, %d)) = %q, %v\n%s", w, back, err, p)
		}
		lines := strings.Split(p, "\n")
		if !strings.HasPrefix(lines[0], "<h") || !strings.HasSuffix(lines[len(lines)-1], ">") {
			t.Fatalf("width %d: brackets apart from the URL:\n%s", w, p)
		}
		for _, l := range lines {
			if w > 4 && len(l) > w {
				t.Fatalf("width %d: line %q too long", w, l)
			}
		}
		// No break inside an escape: every line's escapes are whole.
		for i, l := range lines[:len(lines)-1] {
			if n := len(l); n >= 1 && l[n-1] == '%' || n >= 2 && l[n-2] == '%' {
				t.Fatalf("width %d: line %d breaks an escape: %q", w, i, l)
			}
		}
	}
	if got := Wrap("http://a/b/c/d", 9); got != "<http://\na/b/c/d>" {
		t.Errorf("Wrap prefers breaks after /: %q", got)
	}
	if got := Wrap("http://a", 0); got != "<http://a>" {
		t.Errorf("Wrap width 0 = %q", got)
	}
}

func TestUnwrap(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<http://a/b>", "http://a/b"},
		{"  <URL:http://a/b>\n", "http://a/b"},
		{"<url: http://a/\n    b/c >", "http://a/b/c"},
		{"<http://a/b\r\n  /c>", "http://a/b/c"},
		{"http://a/b", "http://a/b"},
		{"<http://a/é>", "http://a/%C3%A9"},
		{"<http://a/%e2 b%zz>", "http://a/%e2b%25zz"},
	}
	for _, tt := range tests {
		got, err := Unwrap(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Unwrap(%q) = %q, %v, want %q", tt.in, got, err, tt.want)
		}
	}
	bad := []struct {
		in     string
		offset int
	}{
		{"<http://a", 0},
		{"<http://a<b>", 9},
		{"<http://a>b>", 9},
		{"http://a>", 8},
		{"<>", 1},
		{"  ", 2},
		{"<URL:>", 5},
	}
	for _, tt := range bad {
		_, err := Unwrap(tt.in)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Offset != tt.offset {
			t.Errorf("Unwrap(%q) error %v, want offset %d", tt.in, err, tt.offset)
		}
	}
}

func TestWrapFido(t *testing.T) {
	u := goodURL
	for w := -1; w <= len(u)+2; w++ {
		p := WrapFido(u, w)
		back, err := UnwrapFido(p)
		if err != nil || back != u {
			t.Fatalf("UnwrapFido(WrapFido(u, %d)) = %q, %v\n%s", w, back, err, p)
		}
		if strings.Contains(p, "%%%") {
			t.Fatalf("width %d: %%%%%% in\n%s", w, p)
		}
		lines := strings.Split(p, "\n")
		if !strings.HasPrefix(lines[0], "fecho:") {
			t.Fatalf("width %d: scheme broken:\n%s", w, p)
		}
		for _, l := range lines {
			if w >= 12 && len(l) > w {
				t.Fatalf("width %d: line %q too long", w, l)
			}
		}
	}
	// The draft's good example breaks between the hex digits of an escape;
	// the same break is one WrapFido may choose.
	if got := WrapFido("fecho://p/abc", 10); got != "fecho://%%\n%%p/abc" {
		t.Errorf("WrapFido = %q", got)
	}
}

func FuzzWrap(f *testing.F) {
	f.Add("http://a/b%20c/d?e=f", 10)
	f.Add("x", 1)
	f.Fuzz(func(t *testing.T, s string, w int) {
		u := Exchange.MakeSafe(strings.Map(func(r rune) rune {
			if r == '<' || r == '>' {
				return 'x'
			}
			return r
		}, s))
		u = strings.ReplaceAll(u, "%20", "") // exchange format has no white space to delete
		if u == "" || u[0] == '<' {
			return
		}
		w %= 200
		p := Wrap(u, w)
		back, err := Unwrap(p)
		if err != nil || back != u {
			t.Fatalf("Unwrap(Wrap(%q, %d)) = %q, %v", u, w, back, err)
		}
		if w >= 8 {
			for _, l := range strings.Split(p, "\n") {
				if len(l) > w && !unbreakable(l) {
					t.Fatalf("Wrap(%q, %d): line %q too long", u, w, l)
				}
			}
		}
		// FidoURL breaks: a URL that does not itself hold "%%" or white space.
		if strings.Contains(u, "%%") || strings.IndexByte(u, ':') < 0 || strings.IndexByte(u, '"') >= 0 {
			return
		}
		fp := WrapFido(u, w)
		fb, err := UnwrapFido(fp)
		if err != nil || fb != u {
			t.Fatalf("UnwrapFido(WrapFido(%q, %d)) = %q, %v\n%s", u, w, fb, err, fp)
		}
	})
}

// unbreakable reports whether a too-long line could not have been broken:
// it is a run of escapes and the bytes around them.
func unbreakable(l string) bool {
	return strings.Count(l, "%")*3 >= len(l)-4
}

func FuzzFind(f *testing.F) {
	for _, s := range []string{fidoQuoted, fidoFrame, fidoBoxQuoted, fidoMistake1, "<URL:http://x>", "http://a(b)).", "<<http://a>>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		last := 0
		for _, fd := range Find(text) {
			if fd.Start < last || fd.End > len(text) || fd.Start >= fd.End {
				t.Fatalf("Find(%q): span %d:%d out of order or range", text, fd.Start, fd.End)
			}
			last = fd.End
			if !Exchange.Valid(fd.URL) {
				t.Fatalf("Find(%q): %q is not exchange format", text, fd.URL)
			}
		}
		_, _ = UnwrapFido(text)
		_, _ = Unwrap(text)
	})
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
// (DESIGN.md: ".,;:!?'*").
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
