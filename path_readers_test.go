// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/urlcodec/percent/tools/ucd"
)

// This file states CheckPath's and CheckSegments' promise as a property
// over models of the readers behind them: for every path a check accepts,
// no model resolves it outside its root. The models are written from the
// readers' documented behaviour, not from CheckPath's rules.

// climbs reports whether resolving the segments of p, separated by any
// byte of seps, goes above the root at some point: "." stays, ".." goes up,
// anything else (empty segments included) goes down. trim, when set, reads
// a segment as a reader that trims or cuts it would.
func climbs(p, seps string, trim func(string) string) bool {
	depth := 0
	for _, seg := range strings.FieldsFunc(p, func(r rune) bool { return strings.ContainsRune(seps, r) }) {
		if trim != nil {
			seg = trim(seg)
		}
		switch seg {
		case "", ".":
		case "..":
			depth--
			if depth < 0 {
				return true
			}
		default:
			depth++
		}
	}
	return false
}

// lenientDecode decodes every well-formed escape once, as a server that
// decodes the whole path does (a malformed escape stays).
func lenientDecode(p string) string { return PathSegment.DecodeLenient(p) }

// foldUnicode reads what a back end that folds Unicode sees: NFKC (Java's
// Normalizer, IIS) and Windows best-fit map these to ASCII (UnicodeData.txt
// decompositions of U+FF0E, U+2024, U+2025, U+2026, U+FE52, U+FF0F,
// U+FF3C, U+FE68; confusables of U+2215, U+2044, U+2216), and lenient UTF-8
// decoders read the overlong forms C0 AE, C0 AF and C1 9C as ".", "/", "\".
var foldUnicode = strings.NewReplacer(
	"\uFF0E", ".", "\u2024", ".", "\u2025", "..", "\u2026", "...", "\uFE52", ".",
	"\uFF0F", "/", "\u2215", "/", "\u2044", "/", "\uFF3C", `\`, "\uFE68", `\`, "\u2216", `\`,
	"\xc0\xae", ".", "\xe0\x80\xae", ".", "\xc0\xaf", "/", "\xe0\x80\xaf", "/", "\xc1\x9c", `\`)

// windowsTrim is how Windows and IIS read a path component: trailing dots
// and spaces are dropped, so "..." and ".. " reach the parent as ".." does
// (a run of dots and spaces with two dots or more is read as "..").
func windowsTrim(seg string) string {
	if strings.Trim(seg, ". ") == "" && strings.Count(seg, ".") >= 2 {
		return ".."
	}
	return strings.TrimRight(seg, ". ")
}

// tomcatCut is how Tomcat, Jetty and Spring read a segment: path
// parameters after ";" are cut before the segment is compared.
func tomcatCut(seg string) string {
	seg, _, _ = strings.Cut(seg, ";")
	return seg
}

// nfkcData is what nfkcFold reads from the Unicode data files in
// testdata/unicode (Unicode 17.0.0): each character's decomposition
// mapping, canonical or compatibility (UnicodeData.txt field 5), and the
// Default_Ignorable_Code_Point characters (DerivedCoreProperties.txt).
var nfkcData = sync.OnceValues(func() (map[rune][]rune, map[rune]bool) {
	decomp := map[rune][]rune{}
	data, err := ucd.Fields("testdata/unicode/UnicodeData.txt")
	if err != nil {
		panic(err)
	}
	for _, f := range data {
		if len(f) < 6 || f[5] == "" {
			continue
		}
		var seq []rune
		for _, w := range strings.Fields(f[5]) {
			if !strings.HasPrefix(w, "<") {
				r, _ := ucd.CodePoint(w)
				seq = append(seq, r)
			}
		}
		r, _ := ucd.CodePoint(f[0])
		decomp[r] = seq
	}
	ignorable := map[rune]bool{}
	props, err := ucd.Fields("testdata/unicode/DerivedCoreProperties.txt")
	if err != nil {
		panic(err)
	}
	for _, f := range props {
		if len(f) >= 2 && f[1] == "Default_Ignorable_Code_Point" {
			lo, hi, _ := ucd.Range(f[0])
			for r := lo; r <= hi; r++ {
				ignorable[r] = true
			}
		}
	}
	return decomp, ignorable
})

// nfkcFold reads s as a back end that normalizes it with NFKC_Casefold
// does (Java's Normalizer, ICU, IIS): every character replaced by its full
// compatibility decomposition (which is all that matters where the result
// is ASCII), default-ignorable characters removed; bytes that are not
// UTF-8 kept as they are.
func nfkcFold(s string) string {
	decomp, ignorable := nfkcData()
	var full func(r rune, b *strings.Builder)
	full = func(r rune, b *strings.Builder) {
		if seq, ok := decomp[r]; ok {
			for _, c := range seq {
				full(c, b)
			}
			return
		}
		b.WriteRune(r)
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteByte(s[i])
		case !ignorable[r]:
			full(r, &b)
		}
		i += n
	}
	return b.String()
}

// unicodeTrim is how a back end that trims each segment of Unicode white
// space reads it (Python's str.strip, .NET's String.Trim).
func unicodeTrim(seg string) string { return strings.TrimFunc(seg, unicode.IsSpace) }

// A pathModel reads a request path as one kind of back end and reports
// whether it leaves its root.
type pathModel struct {
	name   string
	leaves func(p string) bool
}

var pathModels = []pathModel{
	{"RFC 3986 remove_dot_segments", func(p string) bool { return climbs(p, "/", nil) }},
	{"decode, then resolve", func(p string) bool { return climbs(lenientDecode(p), "/", nil) }},
	{"decode twice, then resolve", func(p string) bool { return climbs(lenientDecode(lenientDecode(p)), "/", nil) }},
	{"decode, cut at ? and #, then resolve", func(p string) bool {
		d := lenientDecode(p)
		if k := strings.IndexAny(d, "?#"); k >= 0 {
			d = d[:k]
		}
		return climbs(d, "/", nil)
	}},
	{"Tomcat/Jetty: cut ;params, decode each segment", func(p string) bool {
		var b strings.Builder
		for _, seg := range strings.Split(p, "/") {
			b.WriteString(lenientDecode(tomcatCut(seg)))
			b.WriteByte('/')
		}
		return climbs(b.String(), "/", tomcatCut)
	}},
	{"Windows/IIS: decode, fold, \\ separates, trim dots and spaces", func(p string) bool {
		for d, k := p, 0; k < 3; d, k = lenientDecode(d), k+1 {
			if climbs(foldUnicode.Replace(d), `/\`, windowsTrim) {
				return true
			}
		}
		return false
	}},
	{"decode, NFKC_Casefold, trim Unicode white space", func(p string) bool {
		for d, k := p, 0; k < 2; d, k = lenientDecode(d), k+1 {
			if climbs(nfkcFold(d), `/\`, func(seg string) string { return windowsTrim(unicodeTrim(seg)) }) {
				return true
			}
		}
		return false
	}},
	{"Go filepath.Join of the decoded path", func(p string) bool {
		root := filepath.FromSlash("/srv/root")
		j := filepath.Join(root, filepath.FromSlash(lenientDecode(p)))
		return j != root && !strings.HasPrefix(j, root+string(filepath.Separator))
	}},
}

// segmentModels read one decoded segment, as a router built on SplitPath
// hands it to code that joins it into a file name or a second path.
var segmentModels = []pathModel{
	{"filepath.Join(root, seg)", func(seg string) bool {
		root := filepath.FromSlash("/srv/root")
		j := filepath.Join(root, seg)
		return j != root && !strings.HasPrefix(j, root+string(filepath.Separator))
	}},
	{"seg joined into a path, resolved", func(seg string) bool { return climbs("/"+seg, "/", nil) }},
	{"seg in a second URL, decoded again", func(seg string) bool { return climbs(lenientDecode(seg), "/", nil) }},
	{"seg on Windows", func(seg string) bool { return climbs(foldUnicode.Replace(seg), `/\`, windowsTrim) }},
	{"seg folded by NFKC_Casefold and trimmed", func(seg string) bool {
		return climbs(nfkcFold(seg), `/\`, func(s string) string { return windowsTrim(unicodeTrim(s)) })
	}},
	{"seg to Tomcat", func(seg string) bool {
		var b strings.Builder
		for _, part := range strings.Split(seg, "/") {
			b.WriteString(tomcatCut(part) + "/")
		}
		return climbs(b.String(), "/", nil)
	}},
}

// pathTokens is the alphabet of the dangerous tokens the enumeration is made
// of (the readers issues), and "/" between segments; unicodeTokens are the
// Unicode white space and invisible characters that NFKC folds or a trim
// drops (no-break space, ideographic space, zero-width space, soft hyphen,
// line separator), escaped and raw.
var (
	pathTokens    = []string{".", "%2e", ";", "%2f", "%5c", `\`, "%20", "%3f", "%23", "\uFF0E", "%c0%ae", "a", "/"}
	unicodeTokens = []string{"%C2%A0", "\u3000", "%E2%80%8B", "\u00AD", "%E2%80%A8", "\uFEFF"}
)

// forEachPath calls f with "/" followed by every sequence of at most n
// tokens of alphabet (so up to four segments for n ≥ 3).
func forEachPath(alphabet []string, n int, f func(p string)) {
	var rec func(prefix string, left int)
	rec = func(prefix string, left int) {
		f(prefix)
		if left == 0 {
			return
		}
		for _, t := range alphabet {
			rec(prefix+t, left-1)
		}
	}
	rec("/", n)
}

// checkReaders applies every model to a path that CheckPath or
// CheckSegments accepted and reports the first that leaves the root.
func checkReaders(t *testing.T, p string) {
	t.Helper()
	if CheckPath(p) == nil {
		for _, m := range pathModels {
			if m.leaves(p) {
				t.Errorf("CheckPath(%q) passes, but %s leaves the root", p, m.name)
				return
			}
		}
	}
	if CheckSegments(p) == nil {
		segs, err := SplitPath(p)
		if err != nil {
			t.Errorf("CheckSegments(%q) passes, but SplitPath fails: %v", p, err)
			return
		}
		for _, seg := range segs {
			for _, m := range segmentModels {
				if m.leaves(seg) {
					t.Errorf("CheckSegments(%q) passes, but segment %q leaves the root: %s", p, seg, m.name)
					return
				}
			}
		}
	}
}

// TestPathReaders: every path of up to five tokens of the dangerous
// alphabet (400 000 paths), every path of up to four tokens of it with the
// Unicode white space and invisible characters (290 000), and 100 000 of
// six to eight such tokens at random (FuzzPathReaders goes on from there)
// that CheckPath or CheckSegments accepts stays inside its root for every
// reader model; and the check must be able to fail: the models see the
// leaks of the published bypasses and of many paths the checks refuse.
func TestPathReaders(t *testing.T) {
	n, m, random := 5, 4, 100000
	if raceEnabled || testing.Short() {
		n, m, random = 4, 3, 10000
	}
	total, passed, leaking := 0, 0, 0
	each := func(p string) {
		total++
		if a, b := CheckPath(p), CheckPathBytes([]byte(p)); !reflect.DeepEqual(a, b) {
			t.Errorf("CheckPath(%q) = %v, CheckPathBytes = %v", p, a, b)
		}
		if a, b := CheckSegments(p), CheckSegmentsBytes([]byte(p)); !reflect.DeepEqual(a, b) {
			t.Errorf("CheckSegments(%q) = %v, CheckSegmentsBytes = %v", p, a, b)
		}
		if CheckPath(p) == nil || CheckSegments(p) == nil {
			passed++
			checkReaders(t, p)
			return
		}
		for _, m := range pathModels {
			if m.leaves(p) {
				leaking++
				break
			}
		}
	}
	forEachPath(pathTokens, n, each)
	all := append(append([]string(nil), pathTokens...), unicodeTokens...)
	forEachPath(all, m, each)
	r := rand.New(rand.NewPCG(53, 3))
	for range random {
		var b strings.Builder
		b.WriteByte('/')
		for k := 6 + r.IntN(3); k > 0; k-- {
			b.WriteString(all[r.IntN(len(all))])
		}
		each(b.String())
	}
	// The models are not blind: they see the published bypasses.
	for _, p := range []string{"/..;/admin", "/%2e%2e;/x", "/..%3F/b", "/.. /b", "/.../b", "/\uFF0E\uFF0E/b", "/..%5cb", "/.;/..;/x",
		"/..%C2%A0/secret.txt", "/..\u3000/x", "/.%E2%80%8B./x", "/\u00AD../x", "/..%E2%80%A8/x", "/.\uFEFF./x"} {
		leaves := false
		for _, m := range pathModels {
			leaves = leaves || m.leaves(p)
		}
		if !leaves {
			t.Errorf("no model leaves the root on %q", p)
		}
	}
	for _, seg := range []string{"../secret.txt", "a/../../x", `..\win.ini`, "../", "..;x/y"} {
		leaves := false
		for _, m := range segmentModels {
			leaves = leaves || m.leaves(seg)
		}
		if !leaves {
			t.Errorf("no segment model leaves the root on %q", seg)
		}
	}
	if leaking < 1000 || passed < 100 {
		t.Fatalf("%d paths, %d pass a check, %d refused leak: the enumeration is too thin", total, passed, leaking)
	}
	t.Logf("%d paths; %d pass a check and stay inside for every model; %d refused paths leak in some model", total, passed, leaking)
}

// TestCheckBytesAllocs: the []byte forms allocate nothing on a path that
// passes, the slow loop's included.
func TestCheckBytesAllocs(t *testing.T) {
	for _, p := range ordinaryPaths {
		b := []byte(p)
		if n := testing.AllocsPerRun(100, func() { _ = CheckPathBytes(b); _ = CheckSegmentsBytes(b) }); n != 0 {
			t.Errorf("CheckPathBytes(%q): %v allocations", p, n)
		}
	}
	b := []byte("/projects/diaspora%2Fdiaspora/caf%C3%A9")
	if n := testing.AllocsPerRun(100, func() { _ = CheckSegmentsBytes(b) }); n != 0 {
		t.Errorf("CheckSegmentsBytes(%q): %v allocations", b, n)
	}
}

// TestCheckSegmentsFileServer runs the router of the readers issue: a
// handler that checks the raw request path with CheckSegments, splits it
// with SplitPath and reads root/files/<segment> with os.ReadFile. No
// payload reads the secret beside root/files, and an ordinary name is
// served.
func TestCheckSegmentsFileServer(t *testing.T) {
	dir := t.TempDir()
	files := filepath.Join(dir, "files")
	if err := os.MkdirAll(files, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "secret.txt"), []byte("SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(files, "a b.txt"), []byte("public"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _, _ := strings.Cut(r.RequestURI, "?")
		if err := CheckSegments(raw); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		segs, err := SplitPath(raw)
		if err != nil || len(segs) != 3 || segs[0] != "C" || segs[1] != "files" {
			http.NotFound(w, r)
			return
		}
		b, err := os.ReadFile(filepath.Join(files, segs[2]))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Write(b)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback listener:", err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()
	get := func(target string) (int, string) {
		c, err := net.DialTimeout("tcp", ln.Addr().String(), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(5 * time.Second))
		io.WriteString(c, "GET "+target+" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
		b, _ := io.ReadAll(c)
		status, body, _ := strings.Cut(string(b), "\r\n\r\n")
		code := 0
		if f := strings.Fields(status); len(f) > 1 {
			code = int(f[1][0]-'0')*100 + int(f[1][1]-'0')*10 + int(f[1][2]-'0')
		}
		return code, body
	}
	for _, payload := range []string{"..%2Fsecret.txt", "..%2fsecret.txt", "%2e%2e%2fsecret.txt", "%2E%2E%2Fsecret.txt",
		".%2e%2fsecret.txt", "..%5Csecret.txt", `..\secret.txt`, "..;%2Fsecret.txt", "%2F..%2Fsecret.txt",
		"a%2F..%2F..%2Fsecret.txt", "%EF%BC%8E%EF%BC%8E%2Fsecret.txt"} {
		code, body := get("/C/files/" + payload)
		if strings.Contains(body, "SECRET") {
			t.Errorf("GET /C/files/%s served the secret", payload)
		} else if code != http.StatusBadRequest {
			t.Errorf("GET /C/files/%s: status %d, want 400 from CheckSegments", payload, code)
		}
	}
	if code, body := get("/C/files/a%20b.txt"); code != 200 || !strings.Contains(body, "public") {
		t.Errorf("GET /C/files/a%%20b.txt: %d %q, want the file", code, body)
	}
}

// FuzzPathReaders: for any path that CheckPath or CheckSegments accepts,
// no reader model leaves the root (the enumeration's property, past its
// alphabet and length).
func FuzzPathReaders(f *testing.F) {
	for _, s := range []string{"/..;/x", "/a%2F..", "/..%3F", "/. .", "/%EF%BC%8E%EF%BC%8E", "/a/b%2Fc", `/a\b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		checkReaders(t, p)
		if err := CheckSegments(p); err != nil {
			pe := err.(*PathError)
			if !placeFits(p, pe.Offset, pe.Reason) {
				t.Fatalf("CheckSegments(%q) = %v: the reason does not fit the bytes there", p, err)
			}
		}
	})
}
