// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"reflect"
	"strings"
	"testing"
)

func TestSplitPath(t *testing.T) {
	for _, tc := range []struct {
		p    string
		want []string
	}{
		{"", nil},
		{"/", []string{""}},
		{"/a%2Fb/c/", []string{"a/b", "c", ""}},
		{"/a+b/%20c", []string{"a+b", " c"}},
		{"a/b", []string{"a", "b"}},
		{"/%E6%97%A5%E6%9C%AC/x", []string{"日本", "x"}},
		{"//", []string{"", ""}},
		{"/a/%2e%2E/b", []string{"a", "..", "b"}},
	} {
		got, err := SplitPath(tc.p)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitPath(%q) = %q, %v; want %q", tc.p, got, err, tc.want)
		}
	}
	_, err := SplitPath("/ok/a%zzb")
	var de *DecodeError
	if !errors.As(err, &de) || de.Offset != 5 {
		t.Errorf("SplitPath malformed: %v, want a *DecodeError at 5", err)
	}
}

func TestJoinSegments(t *testing.T) {
	for _, tc := range []struct {
		segs []string
		want string
	}{
		{nil, "/"},
		{[]string{""}, "/"},
		{[]string{"a/b", "c", ""}, "/a%2Fb/c/"},
		{[]string{"日本", "a b", "%", "..."}, "/%E6%97%A5%E6%9C%AC/a%20b/%25/..."},
	} {
		got, err := JoinSegments(tc.segs...)
		if err != nil || got != tc.want {
			t.Errorf("JoinSegments(%q) = %q, %v; want %q", tc.segs, got, err, tc.want)
		}
	}
	for _, segs := range [][]string{{"."}, {"a", ".."}, {"a", "b", "."}} {
		_, err := JoinSegments(segs...)
		var pe *PathError
		if !errors.As(err, &pe) {
			t.Errorf("JoinSegments(%q): %v, want a *PathError", segs, err)
		}
	}
	if _, err := JoinSegments("a", ".."); err.(*PathError).Offset != 3 {
		t.Errorf("JoinSegments(a, ..): %v, want offset 3", err)
	}
}

// TestCheckPathClasses: each class at its offset, and the rank where one
// place offends in two ways.
func TestCheckPathClasses(t *testing.T) {
	for _, tc := range []struct {
		p      string
		off    int
		reason string
	}{
		{"/a%zz", 2, "malformed escape"},
		{"/a%4", 2, "malformed escape"},
		{"/a/%", 3, "malformed escape"},
		{"/..", 1, "dot segment"},
		{"/a/./b", 3, "dot segment"},
		{"/a/%2e%2E/b", 3, "dot segment"},
		{"/a/.%2E", 3, "dot segment"},
		{"..", 0, "dot segment"},
		{"/a/b/..", 5, "dot segment"},
		{"/a%2Fb", 2, "encoded slash"},
		{"/a%5cb", 2, "backslash"},
		{`/a\b`, 2, "backslash"},
		// Dot segments as Tomcat, Jetty, Windows and a decoding proxy
		// read them (the readers issue).
		{"/app/..;/admin/x", 5, "dot segment"},
		{"/app/%2e%2e;/admin/x", 5, "dot segment"},
		{"/app/..;jsessionid=1/admin/x", 5, "dot segment"},
		{"/app/.;/..;/admin/x", 5, "dot segment"},
		{"/app/..%3F", 5, "dot segment"},
		{"/app/..%23x", 5, "dot segment"},
		{"/app/..%20", 5, "dot segment"},
		{"/app/...", 5, "dot segment"},
		{"/app/.. ", 5, "dot segment"},
		{"/app/%20..", 5, "dot segment"},
		{"/app/..%3Bx", 5, "dot segment"},
		{"/app/\u2025/x", 5, "dot segment"},
		{"/app/%E2%80%A5", 5, "dot segment"},
		{"/app/.\uFF0E", 5, "dot segment"},
		{"/a%00", 2, "control character"},
		{"/a\x00", 2, "control character"},
		{"/a%7F", 2, "control character"},
		{"/a\tb", 2, "control character"},
		{"/%252e%252e/", 1, "double encoding"},
		{"/%%32%65", 1, "double encoding"},
		{"/%25%32%65", 1, "double encoding"},
		{"/%2541", 1, "double encoding"},
		{"/%C0%AE", 1, "invalid UTF-8"},
		{"/%E0%80%AF", 1, "invalid UTF-8"},
		{"/%ED%A0%80", 1, "invalid UTF-8"},
		{"/a\xc0\xae", 2, "invalid UTF-8"},
		{"/a%C3", 2, "invalid UTF-8"},
		{"/a%C3/b", 2, "invalid UTF-8"},
		{"/a\xffb", 2, "invalid UTF-8"},
		{"/x/%80", 3, "invalid UTF-8"},
		{"/a//b", 3, "empty segment"},
		{"//a", 1, "empty segment"},
		{"/a//", 3, "empty segment"},
		// The leftmost place, whatever its class.
		{"/%2e%2e/%00", 1, "dot segment"},
		{"/%00/..", 1, "control character"},
		{"/a//..", 3, "empty segment"},
		{"/../a//", 1, "dot segment"},
		{"/%C3%00", 1, "invalid UTF-8"},
	} {
		err := CheckPath(tc.p)
		var pe *PathError
		if !errors.As(err, &pe) || pe.Offset != tc.off || pe.Reason != tc.reason {
			t.Errorf("CheckPath(%q) = %v, want %q at %d", tc.p, err, tc.reason, tc.off)
		}
	}
}

// ordinaryPaths pass CheckPath.
var ordinaryPaths = []string{"", "/", "/a", "/a/", "/a%20b/c", "/%E6%97%A5%E6%9C%AC/", "/a+b/", "/index.html",
	"/a/b.c/d..e/...a", "/.well-known/x", "/a/;x", "/a/%3B..", "/a/ b", "/a/.a;", "/a/..a;b", "/x/%20a", "/~user/%7Efile", "/a;b=c/d", "/a%3Fb", "/static/app.min.js",
	"/Москва", "/a:b@c!$&'()*+,;=", "/%41%42", "/x/.hidden", "/x/..y", "/x/y.", "/caf%C3%A9", "/%F0%9F%98%80",
	"/a%25", "/100%25/x", "/%25zz", "/a b"}

func TestCheckPathOrdinary(t *testing.T) {
	paths := append([]string(nil), ordinaryPaths...)
	// The paths of the RFC 3986 §5.4 targets, which a resolver has rid
	// of dot segments; the same references merged with the base before
	// that removal are dot segments where the removal changes them.
	var doc struct {
		Examples []struct {
			Target string  `json:"target"`
			Merged *string `json:"merged_uri"`
		} `json:"resolution_examples"`
	}
	readJSON(t, "testdata/rfc3986_dot_segments.json", &doc)
	pathOf := func(u string) string {
		p := splitURL(u)
		return u[p.PathStart:p.PathEnd]
	}
	dots := 0
	for _, ex := range doc.Examples {
		if !strings.HasPrefix(ex.Target, "http://a") {
			continue
		}
		target := pathOf(ex.Target)
		paths = append(paths, target)
		if ex.Merged == nil {
			continue
		}
		merged := pathOf(*ex.Merged)
		err := CheckPath(merged)
		if merged == target && err != nil {
			t.Errorf("CheckPath(%q) = %v", merged, err)
		}
		if merged != target {
			dots++
			var pe *PathError
			if !errors.As(err, &pe) || pe.Reason != "dot segment" {
				t.Errorf("CheckPath(%q) = %v, want a dot segment (resolved: %q)", merged, err, target)
			}
		}
	}
	if len(paths) < len(ordinaryPaths)+30 || dots < 15 {
		t.Fatalf("only %d RFC 3986 paths read, %d with dot segments", len(paths)-len(ordinaryPaths), dots)
	}
	for _, p := range paths {
		if err := CheckPath(p); err != nil {
			t.Errorf("CheckPath(%q) = %v", p, err)
		}
	}
}

// requestPath reads a payload line as the path of a request: the scheme and
// authority dropped, cut at "?" or "#", "/" before it.
func requestPath(line string) string {
	line = strings.ReplaceAll(line, "{FILE}", "etc/passwd")
	if k := strings.Index(line, "://"); k >= 0 {
		rest := line[k+3:]
		if j := strings.IndexByte(rest, '/'); j >= 0 {
			line = rest[j:]
		} else {
			line = "/"
		}
	}
	if k := strings.IndexAny(line, "?#"); k >= 0 {
		line = line[:k]
	}
	if !strings.HasPrefix(line, "/") {
		line = "/" + line
	}
	return line
}

// leavesRoot reports whether p, decoded up to four times, reaches above its
// root at some stage when its segments are resolved: "/" and "\" both
// separate segments, and overlong UTF-8 forms of ".", "/" and "\" are read
// as those (as lenient servers have read them).
func leavesRoot(p string) bool {
	overlong := strings.NewReplacer("\xc0\xae", ".", "\xe0\x80\xae", ".", "\xc0\xaf", "/", "\xe0\x80\xaf", "/",
		"\xc1\x9c", `\`, "\xc1\x1c", `\`,
		// What a back end that folds Unicode (NFKC, Windows best-fit) reads.
		"\uFF0E", ".", "\uFF0F", "/", "\uFF3C", `\`, "\u2024", ".", "\u2025", "..", "\uFE52", ".",
		"\u2215", "/", "\u2044", "/", "\uFE68", `\`, "\u2216", `\`)
	for range 5 {
		q := overlong.Replace(p)
		depth := 0
		for _, seg := range strings.FieldsFunc(q, func(r rune) bool { return r == '/' || r == '\\' }) {
			switch seg {
			case ".":
			case "..":
				depth--
			default:
				depth++
			}
			if depth < 0 {
				return true
			}
		}
		p = PathSegment.DecodeLenient(p)
	}
	return false
}

// placeFits reports whether the bytes of p at off are of the kind that reason
// names: an independent check of what CheckPath reports.
func placeFits(p string, off int, reason string) bool {
	if off < 0 || off > len(p) {
		return false
	}
	rest := p[off:]
	octet := func() (byte, bool) { // the octet at off, raw or escaped
		if rest == "" {
			return 0, false
		}
		if rest[0] == '%' {
			return unescape(rest, 0)
		}
		return rest[0], true
	}
	switch reason {
	case "malformed escape":
		_, ok := octet()
		return rest != "" && rest[0] == '%' && !ok
	case "dot segment":
		// At a segment's start, or a part's after %2F (CheckSegments),
		// a dot or white space (ASCII's too), raw or escaped, or the
		// first octet of a lookalike, Unicode space or invisible
		// character.
		start := off == 0 || p[off-1] == '/' || off >= 3 && strings.EqualFold(p[off-3:off], "%2f")
		c, ok := octet()
		return start && ok && (c == '.' || c == ' ' || '\t' <= c && c <= '\r' || c >= 0xC2)
	case "encoded slash":
		return strings.HasPrefix(strings.ToLower(rest), "%2f")
	case "backslash":
		return strings.HasPrefix(strings.ToLower(rest), "%5c") || strings.HasPrefix(rest, `\`)
	case "control character":
		c, ok := octet()
		return ok && (c < 0x20 || c == 0x7F)
	case "double encoding":
		return strings.HasPrefix(rest, "%")
	case "invalid UTF-8":
		c, ok := octet()
		return ok && c >= 0x80
	case "empty segment":
		// "//", or (CheckSegments) a %2F with an empty part beside it.
		return off > 0 && p[off-1] == '/' && (rest == "" || rest[0] == '/') ||
			strings.HasPrefix(strings.ToLower(rest), "%2f")
	case "lookalike":
		c, ok := octet()
		return ok && c >= 0xC2
	case "query or fragment":
		return rest != "" && (rest[0] == '?' || rest[0] == '#')
	}
	return false
}

// TestCheckPathPayloads: every traversal payload of the lists in
// testdata/paths that leaves its root once decoded is rejected, with a
// reason that fits the bytes where it points.
func TestCheckPathPayloads(t *testing.T) {
	leaving, total := 0, 0
	for _, name := range []string{"testdata/paths/pat-deep_traversal.txt", "testdata/paths/pat-directory_traversal.txt"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			line = strings.TrimRight(line, "\r")
			if line == "" {
				continue
			}
			total++
			p := requestPath(line)
			err := CheckPath(p)
			if err != nil {
				pe := err.(*PathError)
				if !placeFits(p, pe.Offset, pe.Reason) {
					t.Errorf("CheckPath(%q) = %v: the reason does not fit the bytes there", p, err)
				}
			}
			if !leavesRoot(p) {
				continue
			}
			leaving++
			if err == nil {
				t.Errorf("CheckPath(%q) passes a path that leaves its root", p)
			}
		}
	}
	if total != 887+140 || leaving < 700 {
		t.Fatalf("%d payloads, %d leave their root", total, leaving)
	}
	t.Logf("%d payloads, %d leave their root, all rejected", total, leaving)
}

// TestCheckPathCVEs: the request paths of the public proofs of concept of
// CVE-2021-41773 and CVE-2021-42013 (Apache httpd 2.4.49 and 2.4.50).
func TestCheckPathCVEs(t *testing.T) {
	for _, tc := range []struct{ p, reason string }{
		{"/cgi-bin/.%2e/.%2e/.%2e/.%2e/etc/passwd", "dot segment"},
		{"/cgi-bin/.%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "dot segment"},
		{"/icons/.%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "dot segment"},
		{"/cgi-bin/.%2e/.%2e/.%2e/.%2e/bin/sh", "dot segment"},
		{"/cgi-bin/%%32%65%%32%65/%%32%65%%32%65/%%32%65%%32%65/%%32%65%%32%65/etc/passwd", "double encoding"},
		{"/icons/.%%32%65/.%%32%65/.%%32%65/.%%32%65/etc/passwd", "double encoding"},
		{"/cgi-bin/.%%32%65/.%%32%65/.%%32%65/.%%32%65/.%%32%65/bin/sh", "double encoding"},
		{"/icons/%%32%65%%32%65/%%32%65%%32%65/%%32%65%%32%65/etc/passwd", "double encoding"},
		{"/cgi-bin/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "dot segment"},
	} {
		err := CheckPath(tc.p)
		var pe *PathError
		if !errors.As(err, &pe) || pe.Reason != tc.reason || !leavesRoot(tc.p) {
			t.Errorf("CheckPath(%q) = %v, want %q", tc.p, err, tc.reason)
		}
	}
}

func TestCheckPathAllocs(t *testing.T) {
	for _, p := range ordinaryPaths {
		if n := testing.AllocsPerRun(100, func() { _ = CheckPath(p) }); n != 0 {
			t.Errorf("CheckPath(%q): %v allocations", p, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = SplitPath("/a/b/c/d") }); n != 1 {
		t.Errorf("SplitPath of a clean path: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = SplitPath("/a%20b/c/d%2Fe") }); n > 2 {
		t.Errorf("SplitPath with escapes: %v allocations, want 2", n)
	}
}

// genPath returns a random path of three segments from an alphabet with
// escapes and bytes that a segment may hold.
func genPath(r *rand.Rand) string {
	alpha := []string{"a", "Z", "0", "-", "_", "~", ".", "%2F", "%2f", "%20", "%25", "%41", "%C3%A9", "é", "+", ";", "=", ":", "@", "!", "%3F", "%23", "%5C", "%2E"}
	var b strings.Builder
	for range 3 {
		b.WriteByte('/')
		for n := 1 + r.IntN(5); n > 0; n-- {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
	}
	return b.String()
}

// TestSplitPathServeMux: for generated paths, the PathValues that net/http's
// ServeMux gives a "/{a}/{b}/{c}" pattern equal SplitPath's segments (%2F
// inside a segment included); and path.Clean of the decoded path of a path
// that passes CheckPath changes nothing.
func TestSplitPathServeMux(t *testing.T) {
	var got []string
	mux := http.NewServeMux()
	mux.HandleFunc("/{a}/{b}/{c}", func(w http.ResponseWriter, r *http.Request) {
		got = []string{r.PathValue("a"), r.PathValue("b"), r.PathValue("c")}
	})
	r := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for range 2000 {
		p := genPath(r)
		segs, err := SplitPath(p)
		if err != nil {
			t.Fatalf("SplitPath(%q): %v", p, err)
		}
		if CheckPath(p) == nil {
			dec := PathSegment.DecodeLenient(p)
			if c := path.Clean(dec); c != strings.TrimSuffix(dec, "/") && c != dec {
				t.Errorf("path.Clean(%q) = %q: a passing path %q changed", dec, c, p)
			}
		}
		got = nil
		req := httptest.NewRequest("GET", "http://h"+p, nil)
		w := httptest.NewRecorder()
		mux.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			continue // ServeMux redirects a path it would clean
		}
		checked++
		if !reflect.DeepEqual(got, segs) {
			t.Errorf("%q: ServeMux %q, SplitPath %q", p, got, segs)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d paths served", checked)
	}
}

// TestCheckPathWordEdges: the word loop of clean paths against the general
// loop, with a "//", "/." or bad byte at every offset of every length.
func TestCheckPathWordEdges(t *testing.T) {
	for n := 1; n <= 80; n++ {
		for k := 0; k < n; k++ {
			for _, ins := range []string{"//", "/.", "%", "\\", "\x00", "\x80", ".", "/"} {
				b := []byte(strings.Repeat("a", n))
				copy(b[k:], ins)
				p := string(b)
				if got, want := CheckPath(p), checkPath(p, true); !reflect.DeepEqual(got, want) {
					t.Fatalf("CheckPath(%q) = %v, general loop %v", p, got, want)
				}
			}
		}
	}
}

// TestCheckPathFindings: the places other layers read differently (the
// findings issue): a raw "?" or "#" (url.Parse reads "/..#/etc/passwd" as
// "/.."), and Unicode lookalikes of ".", "/" and "\", raw and escaped.
func TestCheckPathFindings(t *testing.T) {
	for _, c := range []struct {
		p      string
		off    int
		reason string
	}{
		{"/..#/etc/passwd", 3, "query or fragment"},
		{"/a#/etc/passwd", 2, "query or fragment"},
		{"/x?/y", 2, "query or fragment"},
		{"/%EF%BC%8E%EF%BC%8E%EF%BC%8Fetc%EF%BC%8Fpasswd", 1, "lookalike"},
		{"/．．／secret.txt", 1, "lookalike"},
		{"/a/b\uFF3Cc", 4, "lookalike"},
		{"/a\u2024b", 2, "lookalike"},
		{"/a\u2025", 2, "lookalike"},
		{"/a/\u2025", 3, "dot segment"},  // ".." once folded
		{"/a%E2%88%95b", 2, "lookalike"}, // U+2215 DIVISION SLASH
		{"/a\u2044b", 2, "lookalike"},
		{"/a\uFE52", 2, "lookalike"},
		{"/a%ef%bc%8fb", 2, "lookalike"},
		{"/a/b%2Fc?x", 4, "encoded slash"}, // leftmost first
	} {
		err := CheckPath(c.p)
		var pe *PathError
		if !errors.As(err, &pe) || pe.Offset != c.off || pe.Reason != c.reason {
			t.Errorf("CheckPath(%q) = %v; want %q at %d", c.p, err, c.reason, c.off)
		}
	}
	// Each character of the lists, raw and escaped, as a segment of its
	// own: a lookalike of "." alone is a dot segment once folded (NFKC:
	// U+FF0E, U+2024 and U+FE52 to ".", U+2025 to ".."), the others
	// lookalikes.
	for _, c := range []struct {
		r      rune
		reason string
	}{
		{0xFF0E, "dot segment"}, {0x2024, "dot segment"}, {0xFE52, "dot segment"}, {0x2025, "dot segment"},
		{0x2026, "dot segment"}, {0xFF0F, "lookalike"}, {0xFF3C, "lookalike"}, {0x2215, "lookalike"},
		{0x2044, "lookalike"}, {0xFE68, "lookalike"}, {0x2216, "lookalike"},
	} {
		raw := "/a/" + string(c.r)
		esc := "/a/" + Component.Encode(string(c.r))
		for _, p := range []string{raw, esc, raw + "x", esc + "x"} {
			want := c.reason
			if strings.HasSuffix(p, "x") {
				want = "lookalike" // no longer a segment of dots alone
			}
			var pe *PathError
			if err := CheckPath(p); !errors.As(err, &pe) || pe.Reason != want || pe.Offset != 3 {
				t.Errorf("CheckPath(%q) = %v; want %q at 3", p, err, want)
			}
		}
	}
	// Real paths with non-ASCII text pass.
	for _, p := range []string{"/wiki/Москва", "/caf%C3%A9/menu", "/日本/東京.html", "/über/a.b"} {
		if err := CheckPath(p); err != nil {
			t.Errorf("CheckPath(%q) = %v", p, err)
		}
	}
}

// TestCheckPathUnicodeDots: a ".." padded or split with Unicode white
// space or a default-ignorable character is a dot segment (the findings
// issue: "/..%C2%A0/secret.txt" passed, and a reader that folds with NFKC
// and trims resolves it to ".."), escaped and raw, for every White_Space
// character of PropList.txt and the invisible characters the issue names;
// the same characters between letters stay data.
func TestCheckPathUnicodeDots(t *testing.T) {
	pad := []rune{0x00A0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
		0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0x0085}
	invisible := []rune{0x200B, 0x00AD, 0xFEFF, 0x200D, 0x200C, 0x2060, 0x034F, 0xE0001}
	for _, r := range append(pad, invisible...) {
		raw := string(r)
		esc := Component.Encode(raw)
		for _, seg := range []string{".." + raw, ".." + esc, raw + "..", esc + "..", "." + raw + ".", "." + esc + "."} {
			p := "/a/" + seg + "/secret.txt"
			var pe *PathError
			if err := CheckPath(p); !errors.As(err, &pe) || pe.Reason != "dot segment" || pe.Offset != 3 {
				t.Errorf("CheckPath(%q) = %v; want dot segment at 3", p, err)
			}
			if err := CheckSegments("/x" + Component.Encode("/"+seg)); err == nil {
				t.Errorf("CheckSegments(%q) passes", "/x"+Component.Encode("/"+seg))
			}
		}
		for _, p := range []string{"/a" + esc + "b/c", "/a/b" + raw + "c"} {
			if err := CheckPath(p); err != nil {
				t.Errorf("CheckPath(%q) = %v; want nil", p, err)
			}
		}
	}
	// ASCII white space is a space too, ranked before the control it is.
	for _, p := range []string{"/..%09/x", "/.%0A./x", "/..%0D/x"} {
		var pe *PathError
		if err := CheckPath(p); !errors.As(err, &pe) || pe.Reason != "dot segment" || pe.Offset != 1 {
			t.Errorf("CheckPath(%q) = %v; want dot segment at 1", p, err)
		}
	}
}

// TestCheckPathUTF8Place: a UTF-8 sequence that breaks is reported where it
// begins, whatever breaks it: an ASCII byte, raw or escaped, between a lead
// and a continuation byte (a mutant that accepts these skips every later
// check), a malformed escape, a "%%" or a "%25" (the findings issue:
// "/%C2%" was a malformed escape at 4).
func TestCheckPathUTF8Place(t *testing.T) {
	for _, c := range []struct {
		p   string
		off int
	}{
		{"/a%C3%5C%A9", 2}, {"/a%C3%2F%A9", 2}, {"/a%C3?%A9", 2}, {"/a%C3.%A9", 2}, {"/a%C3a%A9", 2},
		{"/%C2%", 1}, {"/%C2%4", 1}, {"/%C2%%", 1}, {"/%C2%%32%65", 1}, {"/%C2%25", 1}, {"/%C2%2541", 1},
		{"/x%E2%80%", 2}, {"/x%E2%80", 2}, {"/x/%F0%9F%98", 3}, {"/x\xC3", 2}, {"/x\xC3%", 2},
	} {
		for _, check := range []func(string) error{CheckPath, CheckSegments} {
			var pe *PathError
			if err := check(c.p); !errors.As(err, &pe) || pe.Reason != "invalid UTF-8" || pe.Offset != c.off {
				t.Errorf("check(%q) = %v; want invalid UTF-8 at %d", c.p, err, c.off)
			}
		}
	}
	// A whole sequence, then the ASCII byte, is no UTF-8 error: the
	// later checks still run.
	for _, c := range []struct {
		p, reason string
		off       int
	}{
		{"/a%C3%A9%5C", "backslash", 8}, {"/a%C3%A9?", "query or fragment", 8}, {"/a%C3%A9%", "malformed escape", 8},
	} {
		var pe *PathError
		if err := CheckPath(c.p); !errors.As(err, &pe) || pe.Reason != c.reason || pe.Offset != c.off {
			t.Errorf("CheckPath(%q) = %v; want %s at %d", c.p, err, c.reason, c.off)
		}
	}
}

// TestCheckSegments: CheckPath less the encoded-slash class, so the API
// paths that keep a %2F pass; every other class still holds, a backslash
// included, and a segment whose decoded value, split at "/", has an empty
// or dot part is refused (the readers issue: a router joined "..%2F" into a
// file name).
func TestCheckSegments(t *testing.T) {
	for _, p := range []string{"/projects/diaspora%2Fdiaspora", "/@babel%2fcore", "/a%2Fb%2Fc", "/a%2F.b", "/a%2F...x", "/a%2F;x"} {
		if err := CheckSegments(p); err != nil {
			t.Errorf("CheckSegments(%q) = %v", p, err)
		}
		var pe *PathError
		if err := CheckPath(p); !errors.As(err, &pe) || pe.Reason != "encoded slash" {
			t.Errorf("CheckPath(%q) = %v; want an encoded slash", p, err)
		}
	}
	for _, c := range []struct {
		p      string
		off    int
		reason string
	}{
		// The five payloads that reached ../secret.txt, and their kin.
		{"/C/files/..%2Fsecret.txt", 9, "dot segment"},
		{"/C/files/..%2fsecret.txt", 9, "dot segment"},
		{"/C/files/%2e%2e%2fsecret.txt", 9, "dot segment"},
		{"/C/files/%2E%2E%2Fsecret.txt", 9, "dot segment"},
		{"/C/files/.%2e%2fsecret.txt", 9, "dot segment"},
		{"/a%2F..", 5, "dot segment"},
		{"/a%2F..%2Fb", 5, "dot segment"},
		{"/a%2F..;x", 5, "dot segment"},
		{"/a%2F%2E%2E", 5, "dot segment"},
		{"/%2Fetc/passwd", 1, "empty segment"},
		{"/a%2F%2Fb", 2, "empty segment"},
		{"/a%2F", 2, "empty segment"},
		{"/a%2F/b", 2, "empty segment"},
		// A backslash, raw or escaped, is a separator on Windows.
		{`/a\b`, 2, "backslash"},
		{"/a%5Cb", 2, "backslash"},
		{`/..\WINDOWS\win.ini`, 3, "backslash"},
		{"/..%5CWINDOWS", 3, "backslash"},
		// Every other class of CheckPath.
		{"/a/%2e%2e/b", 3, "dot segment"}, {"/a/..;/b", 3, "dot segment"}, {"/a%00", 2, "control character"},
		{"/%252e", 1, "double encoding"}, {"/%C0%AE", 1, "invalid UTF-8"}, {"/%EF%BC%8E", 1, "dot segment"},
		{"/a%EF%BC%8F", 2, "lookalike"}, {"/a?b", 2, "query or fragment"}, {"/a//b", 3, "empty segment"},
		{"/a%zz", 2, "malformed escape"},
	} {
		err := CheckSegments(c.p)
		var pe *PathError
		if !errors.As(err, &pe) || pe.Reason != c.reason || pe.Offset != c.off {
			t.Errorf("CheckSegments(%q) = %v; want %q at %d", c.p, err, c.reason, c.off)
			continue
		}
		if !placeFits(c.p, pe.Offset, pe.Reason) {
			t.Errorf("CheckSegments(%q) = %v: the reason does not fit the bytes there", c.p, err)
		}
	}
}

// TestJoinSegmentsEmpty: an empty segment other than the last is an error
// (the findings issue: JoinSegments("", "evil.example", "login") wrote
// "//evil.example/login", a network-path reference).
func TestJoinSegmentsEmpty(t *testing.T) {
	for _, segs := range [][]string{{"", "evil.example", "login"}, {"a", "", "b"}, {"", ""}} {
		got, err := JoinSegments(segs...)
		var pe *PathError
		if !errors.As(err, &pe) || pe.Reason != "empty segment" {
			t.Errorf("JoinSegments(%q) = %q, %v; want an empty-segment error", segs, got, err)
		}
	}
	for _, c := range []struct {
		segs []string
		want string
	}{{[]string{"a", ""}, "/a/"}, {[]string{""}, "/"}, {nil, "/"}, {[]string{"a/b", "c"}, "/a%2Fb/c"}} {
		got, err := JoinSegments(c.segs...)
		if err != nil || got != c.want {
			t.Errorf("JoinSegments(%q) = %q, %v; want %q", c.segs, got, err, c.want)
		}
		// Whatever JoinSegments writes, url.Parse reads as a path alone.
		if u, err := url.Parse(got); err != nil || u.Host != "" || u.EscapedPath() != got {
			t.Errorf("url.Parse(%q) = %+v, %v", got, u, err)
		}
	}
}
