// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// This file states RedactQuery's promise as a property over models of the
// readers of a query: for every query in which a reader sees a listed name,
// the redacted output holds no byte of the value that reader sees under it.
// Each model is written from its reader's documented behaviour (and, where
// php and ruby are on the machine, checked against the reader itself).

// A seen pair is a top-level name as a reader sees it, the value it reads
// under that name, and where that value stands raw in the text read,
// text[from:to] (from < 0: the piece has no "=", so no byte is its value).
type seen struct {
	name, value string
	from, to    int
}

// A qpiece is a part of a text split at separators, and its offset.
type qpiece struct {
	text string
	off  int
}

// splitPieces splits s at each match of sep.
func splitPieces(s string, sep *regexp.Regexp) []qpiece {
	var out []qpiece
	at := 0
	for _, loc := range sep.FindAllStringIndex(s, -1) {
		out = append(out, qpiece{s[at:loc[0]], at})
		at = loc[1]
	}
	return append(out, qpiece{s[at:], at})
}

var (
	ampersand      = regexp.MustCompile(`&`)
	rackSeparators = regexp.MustCompile(`[&;] *`)
)

// valueSpan returns where the value of a piece split at its byte pos
// (the "=" before the value) stands: -1, -1 when pos < 0.
func valueSpan(p qpiece, pos int) (int, int) {
	if pos < 0 {
		return -1, -1
	}
	return p.off + pos + 1, p.off + len(p.text)
}

// formDecode decodes as PHP's urldecode, Rack's unescape and qs's decoder
// do: "+" is a space, a well-formed escape its byte, anything else as it
// stands.
func formDecode(s string) string { return Form.DecodeLenient(s) }

// phpReader is PHP 8.2's parse_str (main/php_variables.c): pieces split at
// "&"; name and value decoded; the name cut at NUL, leading spaces dropped,
// a name starting with "[" dropped; "." and space read as "_" and an
// unclosed "[" as "_"; the top-level name runs to the first "[" that a "]"
// closes.
func phpReader(q string) []seen {
	var out []seen
	for _, p := range splitPieces(q, ampersand) {
		if p.text == "" {
			continue
		}
		eq := strings.IndexByte(p.text, '=')
		n, v, _ := strings.Cut(p.text, "=")
		name := formDecode(n)
		if k := strings.IndexByte(name, 0); k >= 0 {
			name = name[:k]
		}
		name = strings.TrimLeft(name, " ")
		if name == "" || name[0] == '[' {
			continue
		}
		var b strings.Builder
		for i := 0; i < len(name); i++ {
			c := name[i]
			if c == '[' {
				if strings.IndexByte(name[i:], ']') >= 0 {
					break
				}
				c = '_'
			}
			if c == '.' || c == ' ' {
				c = '_'
			}
			b.WriteByte(c)
		}
		from, to := valueSpan(p, eq)
		out = append(out, seen{b.String(), formDecode(v), from, to})
	}
	return out
}

// rackKey is Rack 2.2's normalize_params: leading brackets dropped, the key
// runs to the next bracket.
var rackKey = regexp.MustCompile(`\A[\[\]]*([^\[\]]+)`)

// rackReader is Rack 2.2's parse_nested_query: pieces split at "&" or ";"
// and the spaces after them; a malformed escape fails the whole query (no
// reader sees anything).
func rackReader(q string) []seen {
	var out []seen
	for _, p := range splitPieces(q, rackSeparators) {
		if p.text == "" {
			continue
		}
		eq := strings.IndexByte(p.text, '=')
		n, v, _ := strings.Cut(p.text, "=")
		name, err1 := Form.Decode(n)
		value, err2 := Form.Decode(v)
		if err1 != nil || err2 != nil {
			return nil // ArgumentError: invalid %-encoding
		}
		if m := rackKey.FindStringSubmatch(name); m != nil {
			from, to := valueSpan(p, eq)
			out = append(out, seen{m[1], value, from, to})
		}
	}
	return out
}

// qsBracket is qs 6's first bracket group.
var qsBracket = regexp.MustCompile(`\[[^\[\]]*\]`)

// qsReader is qs 6's parse with its defaults: "%5B" and "%5D" (any case)
// read as brackets first; pieces split at "&"; the key ends at "]=" where
// there is one, else at the first "="; the top-level key runs to the first
// bracket group, or is that group's content where the key starts with it.
func qsReader(q string) []seen {
	var out []seen
	for _, p := range splitPieces(q, ampersand) {
		if p.text == "" {
			continue
		}
		// The first "]=" once "%5D" is "]", as a place in the raw piece.
		pos := -1
		for i := 0; i < len(p.text) && pos < 0; i++ {
			switch {
			case strings.HasPrefix(p.text[i:], "]="):
				pos = i + 1
			case len(p.text) > i+3 && strings.EqualFold(p.text[i:i+3], "%5D") && p.text[i+3] == '=':
				pos = i + 3
			}
		}
		if pos < 0 {
			pos = strings.IndexByte(p.text, '=')
		}
		k, v := p.text, ""
		if pos >= 0 {
			k, v = p.text[:pos], p.text[pos+1:]
		}
		key := formDecode(k)
		if loc := qsBracket.FindStringIndex(key); loc != nil {
			if loc[0] > 0 {
				key = key[:loc[0]]
			} else {
				key = key[1 : loc[1]-1]
			}
		}
		if key != "" {
			from, to := valueSpan(p, pos)
			out = append(out, seen{key, formDecode(v), from, to})
		}
	}
	return out
}

// aspnetReader is ASP.NET's HttpUtility.ParseQueryString: pieces split at
// "&", "%uXXXX" decoded too, names compared case-insensitively (the model
// gives them lower-cased).
func aspnetReader(q string) []seen {
	u := regexp.MustCompile(`%[uU]([0-9A-Fa-f]{4})`)
	var out []seen
	for _, p := range splitPieces(q, ampersand) {
		eq := strings.IndexByte(p.text, '=')
		if eq < 0 {
			continue
		}
		n, v := p.text[:eq], p.text[eq+1:]
		n = u.ReplaceAllStringFunc(n, func(m string) string {
			var r rune
			fmt.Sscanf(m[2:], "%04x", &r)
			return url.QueryEscape(string(r))
		})
		from, to := valueSpan(p, eq)
		out = append(out, seen{strings.ToLower(formDecode(n)), formDecode(v), from, to})
	}
	return out
}

// pythonReader is Python 3.10+'s urllib.parse.parse_qsl: pieces split at
// "&", a piece without "=" skipped.
func pythonReader(q string) []seen {
	var out []seen
	for _, p := range splitPieces(q, ampersand) {
		eq := strings.IndexByte(p.text, '=')
		if eq < 0 {
			continue
		}
		from, to := valueSpan(p, eq)
		out = append(out, seen{formDecode(p.text[:eq]), formDecode(p.text[eq+1:]), from, to})
	}
	return out
}

// netURLReader is net/url's ParseQuery itself, asked of each piece between
// "&" (where it splits) so that the value's place is known; it skips a
// piece it cannot read (a ";", a malformed escape).
func netURLReader(q string) []seen {
	var out []seen
	for _, p := range splitPieces(q, ampersand) {
		vals, err := url.ParseQuery(p.text)
		if err != nil {
			continue
		}
		for n, vs := range vals {
			from, to := valueSpan(p, strings.IndexByte(p.text, '='))
			out = append(out, seen{n, vs[0], from, to})
		}
	}
	return out
}

var queryReaders = []struct {
	name string
	read func(string) []seen
	fold bool // names compare ASCII case-insensitively
}{
	{"PHP parse_str", phpReader, false},
	{"Rack parse_nested_query", rackReader, false},
	{"qs.parse", qsReader, false},
	{"ASP.NET ParseQueryString", aspnetReader, true},
	{"Python parse_qsl", pythonReader, false},
	{"net/url ParseQuery", netURLReader, false},
}

// secretRE finds the secrets the generator writes in values: S, a
// number, Z.
var secretRE = regexp.MustCompile(`S[0-9]+Z`)

// A reading is a text RedactQuery's doc says a token of q is read as:
// q[from:to], as a bare query or as a URL's query.
type reading struct{ from, to int }

// enclosers are the pairs of quotes and brackets that enclose a token of a
// log line.
var enclosers = []string{`""`, `''`, `<>`, `()`, `{}`}

// readingsOf returns the readings of q as DESIGN's RedactQuery rule gives
// them: q split at white space into tokens; each token, less the pairs
// that enclose it, read from its first byte (a leading "?" skipped), and
// from after its first "?" to the first "#" after that.
func readingsOf(q string) []reading {
	var out []reading
	for _, loc := range regexp.MustCompile(`[^ \t\n\r\v\f]+`).FindAllStringIndex(q, -1) {
		s, e := loc[0], loc[1]
		for e-s >= 2 && slices.Contains(enclosers, q[s:s+1]+q[e-1:e]) {
			s, e = s+1, e-1
		}
		bare := s
		if q[s] == '?' {
			bare++
		}
		out = append(out, reading{bare, e})
		if k := strings.IndexByte(q[s:e], '?'); k >= 0 {
			from, to := s+k+1, e
			if h := strings.IndexByte(q[from:e], '#'); h >= 0 {
				to = from + h
			}
			out = append(out, reading{from, to})
		}
	}
	return out
}

// underName returns what a reader sees under name (folded as the reader
// folds names) in text.
func underName(pairs []seen, name string, fold bool) []seen {
	var out []seen
	for _, p := range pairs {
		n := p.name
		if fold {
			n = strings.ToLower(n)
		}
		if n == name {
			out = append(out, p)
		}
	}
	return out
}

// wantRedacted is RedactQuery(q, mask, name) as the reader models say it
// must be: every byte that some model, in some reading of q, reads inside
// the value of name replaced (a run of such bytes by one mask), a mask
// for every empty value of name, every other byte kept.
func wantRedacted(q, mask, name string) string {
	masked := make([]bool, len(q)+1)
	var empty []int
	for _, rd := range readingsOf(q) {
		text := q[rd.from:rd.to]
		for _, m := range queryReaders {
			for _, p := range underName(m.read(text), name, m.fold) {
				if p.from < 0 {
					continue
				}
				if p.from == p.to {
					empty = append(empty, rd.from+p.from)
				}
				for i := p.from; i < p.to; i++ {
					masked[rd.from+i] = true
				}
			}
		}
	}
	// An empty value that starts or ends a run of masked bytes is in it.
	isEmpty := map[int]bool{}
	for _, at := range empty {
		if !masked[at] && (at == 0 || !masked[at-1]) {
			isEmpty[at] = true
		}
	}
	var b strings.Builder
	for i := 0; i <= len(q); i++ {
		if isEmpty[i] {
			b.WriteString(mask)
		}
		if i == len(q) {
			break
		}
		if masked[i] {
			if i == 0 || !masked[i-1] {
				b.WriteString(mask)
			}
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// genRedactQueries returns queries of one to four pairs whose names are
// drawn from names and whose values are numbered secrets, some joined by
// the bytes that readers read as data inside a value ("?", ";", "#", "=")
// or that end a token (space, tab).
func genRedactQueries(r *rand.Rand, n int, names []string) []string {
	seps := []string{"&", "&", "&", ";", "&&", "& ", "; "}
	inner := []string{"?", ";", "#", "=", "?x=", ";x=", "#x=", ";to_ken=", "?to_ken=", " ", "\t", "&"}
	out := make([]string, 0, n)
	k := 0
	for len(out) < n {
		var b strings.Builder
		for p := 1 + r.IntN(4); p > 0; p-- {
			if b.Len() > 0 {
				b.WriteString(seps[r.IntN(len(seps))])
			}
			b.WriteString(names[r.IntN(len(names))])
			b.WriteByte('=')
			for v := 1 + r.IntN(3); v > 0; v-- {
				if r.IntN(4) == 0 {
					continue // an empty part
				}
				k++
				fmt.Fprintf(&b, "S%dZ", k)
				if v > 1 {
					b.WriteString(inner[r.IntN(len(inner))])
				}
			}
		}
		out = append(out, b.String())
	}
	return out
}

// inShapes puts each query in one of the four shapes RedactQuery takes: a
// bare query (with its "?" or not), a URL (with a fragment or not), a
// request line, a log line (the query in the request and in the referrer).
func inShapes(r *rand.Rand, qs []string) []string {
	out := make([]string, len(qs))
	for i, q := range qs {
		switch r.IntN(6) {
		case 0:
			out[i] = q
		case 1:
			out[i] = "?" + q
		case 2:
			out[i] = "https://h.example/p/a?" + q
		case 3:
			out[i] = "https://h.example/cb?" + q + "#frag=S0Z&to_ken"
		case 4:
			out[i] = "GET /cb?" + q + " HTTP/1.1"
		default:
			// The referrer's secrets are numbered apart from the
			// request's.
			ref := secretRE.ReplaceAllStringFunc(q, func(s string) string { return "S9" + s[1:] })
			out[i] = `10.0.0.1 - - [07/Dec/2026:10:00:00 +0000] "GET /cb?x=1&` + q + ` HTTP/1.1" 200 512 "https://ref.example/?` + ref + `" "curl/8.5"`
		}
	}
	return out
}

// Spellings of to_ken on which the readers' own name readings and
// RedactQuery's lenient one agree in every place (after "&" and after
// ";"), and spellings only the lenient reading joins in some place:
// "to.ken" is "to_ken" to PHP but not to Rack, which reads it after a
// ";"; "to[ken]" is "to" to PHP, "to_ken" only with PHP's "_" for an
// unclosed "[" and Rack's cut at "]"; "[to_ken]x=1;y]" masks "1;y]=S"
// as one run, where Rack reads "1" and qs "S".
var (
	agreedNames = []string{"to_ken", "to_ken", "to_ken", "to%5Fken", "to%5fken", "x", "tok", "to_kenx", "xto_ken",
		"a[to_ken]", "to_ken[]", "to_ken%5B%5D", "to_ken[x]", "to_ken[x][y]", "[to_ken]", "%5Bto_ken%5D"}
	lenientNames = []string{"TO_KEN", "+to_ken", "%20to_ken", "to.ken", "to+ken", "to%2Eken", "to_ken%00",
		"to_ken%00x", "to%u005Fken", "to_ken]x", "to[ken", "to_ken;", "to_ken[];", "x;to_ken", "[to_ken]x=1;y]",
		"to[ken]", "to%5Bken%5D", "]]to_ken", "to_ken]", "to_ken[", "to_ken."}
)

// TestRedactQueryReadings: over generated queries in every shape, with
// the spellings the readers agree on, RedactQuery writes exactly what the
// reader models say, in both readings of each token: every byte a model
// reads inside a value of the name masked, every other byte kept. With
// every spelling, no model sees a secret under the name in the result,
// and only whole values changed.
func TestRedactQueryReadings(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 3))
	n := 20000
	if testing.Short() {
		n = 4000
	}
	queries := inShapes(r, genRedactQueries(r, n, agreedNames))
	secrets := 0
	for _, q := range queries {
		got := RedactQuery(q, "M", "to_ken")
		if want := wantRedacted(q, "M", "to_ken"); got != want {
			t.Errorf("RedactQuery(%q)\n got %q\nwant %q", q, got, want)
		}
		secrets += strings.Count(q, "Z") - strings.Count(got, "Z")
	}
	if secrets < n/2 {
		t.Errorf("only %d secrets masked over %d queries: the generator misses the name", secrets, len(queries))
	}
	for _, q := range append(inShapes(r, genRedactQueries(r, n/2, append(lenientNames, agreedNames...))), issueRedactCases...) {
		got := RedactQuery(q, "M", "to_ken")
		if l := leaks(q, got, "to_ken"); len(l) > 0 {
			t.Errorf("RedactQuery(%q) = %q leaves %v", q, got, l)
		}
		if !onlyValuesChanged(q, got, "M") {
			t.Errorf("RedactQuery(%q) = %q: more than whole values changed", q, got)
		}
	}
	t.Logf("%d queries, %d secrets masked", len(queries), secrets)
}

// leaks returns the secrets that some reader model, in some reading of q,
// sees inside the value of name and that are still in red.
func leaks(q, red, name string) []string {
	var out []string
	for _, rd := range readingsOf(q) {
		for _, m := range queryReaders {
			for _, p := range underName(m.read(q[rd.from:rd.to]), name, m.fold) {
				for _, s := range secretRE.FindAllString(p.value, -1) {
					if strings.Contains(red, s) {
						out = append(out, m.name+": "+s)
					}
				}
			}
		}
	}
	return out
}

// issueRedactCases are the queries of the readers issues that came back
// with a secret, for the name "to_ken" (the issues' "token" with an
// underscore, so that "to.ken" folds to it as PHP folds it).
var issueRedactCases = []string{"+to_ken=S900001Z", "%20to_ken=S900002Z", "to_ken%00=S900003Z", "to_ken[]=S900004Z",
	"to_ken%5B%5D=S900005Z", "to.ken=S900006Z", "TO_KEN=S900007Z", "[to_ken]=S900008Z", "to_ken]x=S900009Z",
	"to[ken=S900010Z", "a=1; to_ken=S900011Z", "%u0074o_ken=S900012Z", "to_ken[];=S900013Z",
	"to_ken=S900014Z&redirect_uri=https://app/cb?x=1", "to_ken=S900015Z;S900016Z", "to_ken=S900017Z#S900018Z",
	"GET /cb?to_ken=S900019Z;S900020Z HTTP/1.1", "?;to_ken=S900021Z", "?a=1;;to_ken=S900022Z",
	"[to_ken]x=1;y]=S900023Z", "https://h/p?to_ken=S900024Z#f", `"https://h/p?to_ken=S900025Z"`}

// TestRedactQueryIssue: the issues' cases against "token", with their
// whole results.
func TestRedactQueryIssue(t *testing.T) {
	for _, c := range []struct{ q, want string }{
		{"?+token=s3cr3t", "?+token=R"},
		{"%20token=s3cr3t", "%20token=R"},
		{"token%00=s3cr3t", "token%00=R"},
		{"token[]=s3cr3t", "token[]=R"},
		{"token%5B%5D=s3cr3t", "token%5B%5D=R"},
		{"TOKEN=s3cr3t", "TOKEN=R"},
		{"[token]=s3cr3t", "[token]=R"},
		{"token[a][b]=s3cr3t&x=1", "token[a][b]=R&x=1"},
		{"GET /cb?token=s3cr3t HTTP/1.1", "GET /cb?token=R HTTP/1.1"},
		{`127.0.0.1 - - [04/Dec/2026:17:00:00 +0000] "GET /cb?x=1&token=s3cr3t HTTP/1.1" 200 512 "https://ref.example/?token=t0k" "curl/8.5"`,
			`127.0.0.1 - - [04/Dec/2026:17:00:00 +0000] "GET /cb?x=1&token=R HTTP/1.1" 200 512 "https://ref.example/?token=R" "curl/8.5"`},
		{"token=a\tb", "token=R\tb"},
		{"tok=s3cr3t&tokens=s3cr3t&x=token", "tok=s3cr3t&tokens=s3cr3t&x=token"},
		// A "?" in a value: the token is read as a bare query too.
		{"token=s3cr3tXYZ&redirect_uri=https://app/cb?x=1", "token=R&redirect_uri=https://app/cb?x=1"},
		{"redirect_uri=https://app/cb?token=s&x=1", "redirect_uri=https://app/cb?token=R&x=1"},
		// ";", "#" and "?" inside a value are data to PHP and qs.
		{"token=s3cr;3tXYZ", "token=R"},
		{"token=s3cr#3tXYZ&x=1", "token=R&x=1"},
		{"token=s3cr?3tXYZ&x=1", "token=R&x=1"},
		{"GET /cb?token=s3cr;3t HTTP/1.1", "GET /cb?token=R HTTP/1.1"},
		// As a URL, "#" ends the query; as a bare query it is data.
		{"https://h/p?token=s#f", "https://h/p?token=R#f"},
		{"?token=s#f", "?token=R"},
		// Rack splits at ";": after one, a name is matched too.
		{"?;token=s", "?;token=R"},
		{"?a=1;;token=s&b=2", "?a=1;;token=R&b=2"},
		{"x;token=s;y=2", "x;token=R;y=2"},
		// qs ends a key at its first "]=".
		{"[token]x=1;y]=s", "[token]x=R"},
		{"a[b]=1&[token]x]=s", "a[b]=1&[token]x]=R"},
		// Quotes and brackets that enclose a token are not part of it.
		{`"https://h/p?token=s"`, `"https://h/p?token=R"`},
		{`<https://h/p?token=s>`, `<https://h/p?token=R>`},
		{`url="https://h/p?token=s"`, `url="https://h/p?token=R`},
		{`(https://h/p?token=s)`, `(https://h/p?token=R)`},
	} {
		if got := RedactQuery(c.q, "R", "token"); got != c.want {
			t.Errorf("RedactQuery(%q) = %q; want %q", c.q, got, c.want)
		}
	}
	// PHP's "_" for "." and space, both ways round.
	for _, c := range []struct{ q, name, want string }{
		{"to.ken=s", "to_ken", "to.ken=R"},
		{"to_ken=s", "to.ken", "to_ken=R"},
		{"access+token=s", "access_token", "access+token=R"},
		{"access_token=s", "access token", "access_token=R"},
		{"access_token=s3cr3tXYZ&redirect_uri=https://app/cb?x=1", "access_token", "access_token=R&redirect_uri=https://app/cb?x=1"},
	} {
		if got := RedactQuery(c.q, "R", c.name); got != c.want {
			t.Errorf("RedactQuery(%q, %q) = %q; want %q", c.q, c.name, got, c.want)
		}
	}
	q := "GET /cb?x=1&tok=2&[a]=3&b%00=4 HTTP/1.1"
	if n := testing.AllocsPerRun(100, func() { _ = RedactQuery(q, "R", "token", "api_key") }); n != 0 {
		t.Errorf("RedactQuery with no match: %v allocations", n)
	}
}

// liveReader runs a reader script over texts (one hex-encoded text a line
// on its standard input) and returns, for each, the top-level names it
// saw with every leaf value under each.
func liveReader(t *testing.T, cmd *exec.Cmd, texts []string) [][]seen {
	t.Helper()
	var in bytes.Buffer
	for _, q := range texts {
		in.WriteString(hex.EncodeToString([]byte(q)) + "\n")
	}
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd.Path, err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(texts) {
		t.Fatalf("%s: %d lines for %d texts", cmd.Path, len(lines), len(texts))
	}
	res := make([][]seen, len(lines))
	for i, line := range lines {
		var pairs [][2]string
		if err := json.Unmarshal([]byte(line), &pairs); err != nil {
			t.Fatalf("%s: line %d: %v", cmd.Path, i, err)
		}
		for _, p := range pairs {
			n, err1 := hex.DecodeString(p[0])
			v, err2 := hex.DecodeString(p[1])
			if err1 != nil || err2 != nil {
				t.Fatalf("%s: line %d: not hex: %q", cmd.Path, i, p)
			}
			res[i] = append(res[i], seen{name: string(n), value: string(v)})
		}
	}
	return res
}

// The reader scripts: each prints, per text, a JSON list of [name, leaf
// value] for every top-level name, every leaf value under it, both in hex
// (they may hold any byte).
const phpReaderScript = `
function leaves($v, &$out) { if (is_array($v)) { foreach ($v as $x) leaves($x, $out); } else { $out[] = (string)$v; } }
while (($line = fgets(STDIN)) !== false) {
	parse_str(hex2bin(trim($line)), $o);
	$res = [];
	foreach ($o as $k => $v) { $l = []; leaves($v, $l); foreach ($l as $x) $res[] = [bin2hex((string)$k), bin2hex($x)]; }
	echo json_encode($res), "\n";
}`

const rubyReaderScript = `
require "rack"
require "json"
def leaves(v, out)
  case v
  when Hash then v.each_value { |x| leaves(x, out) }
  when Array then v.each { |x| leaves(x, out) }
  else out << v.to_s
  end
end
STDIN.each_line do |line|
  q = [line.strip].pack("H*")
  res = []
  begin
    Rack::Utils.parse_nested_query(q).each { |k, v| l = []; leaves(v, l); l.each { |x| res << [k.to_s.unpack1("H*"), x.unpack1("H*")] } }
  rescue ArgumentError, Rack::Utils::ParameterTypeError, Rack::Utils::InvalidParameterError
  end
  puts JSON.generate(res)
end`

// TestRedactQueryLive runs the property against php's parse_str and ruby's
// Rack where they are on the machine (.ci/run installs both): over
// generated texts in every shape, every reading of every token given to
// the reader itself, no secret it sees under the name survives
// RedactQuery, and the Go model of that reader sees every secret it sees.
func TestRedactQueryLive(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 4))
	texts := inShapes(r, genRedactQueries(r, 3000, append(lenientNames, agreedNames...)))
	texts = append(texts, issueRedactCases...)
	// Every reading of every text, and the text it came from.
	var reads []string
	var from []int
	for i, q := range texts {
		for _, rd := range readingsOf(q) {
			reads = append(reads, q[rd.from:rd.to])
			from = append(from, i)
		}
	}
	reds := make([]string, len(texts))
	for i, q := range texts {
		reds[i] = RedactQuery(q, "M", "to_ken")
	}
	ran := 0
	for _, live := range []struct {
		name  string
		cmd   func() *exec.Cmd
		model func(string) []seen
	}{
		{"php", func() *exec.Cmd { return exec.Command("php", "-r", phpReaderScript) }, phpReader},
		{"ruby", func() *exec.Cmd { return exec.Command("ruby", "-e", rubyReaderScript) }, rackReader},
	} {
		if _, err := exec.LookPath(live.name); err != nil {
			t.Logf("%s is not on this machine: the live check of it is skipped", live.name)
			continue
		}
		if live.name == "ruby" && exec.Command("ruby", "-e", `require "rack"`).Run() != nil {
			t.Logf("ruby has no rack: the live check of it is skipped")
			continue
		}
		ran++
		got := liveReader(t, live.cmd(), reads)
		secrets, modelMiss := 0, 0
		for k, text := range reads {
			i := from[k]
			var want []string
			for _, p := range underName(got[k], "to_ken", false) {
				want = append(want, secretRE.FindAllString(p.value, -1)...)
			}
			secrets += len(want)
			for _, s := range want {
				if strings.Contains(reds[i], s) {
					t.Errorf("%s reads %s under to_ken in %q; RedactQuery(%q) = %q keeps it", live.name, s, text, texts[i], reds[i])
				}
			}
			var model []string
			for _, p := range underName(live.model(text), "to_ken", false) {
				model = append(model, secretRE.FindAllString(p.value, -1)...)
			}
			if !subset(want, model) {
				modelMiss++
				if modelMiss <= 5 {
					t.Errorf("%s model of %q sees %q under to_ken; the reader sees %q", live.name, text, model, want)
				}
			}
		}
		if secrets < 500 {
			t.Errorf("%s sees only %d secrets under to_ken", live.name, secrets)
		}
		t.Logf("%s: %d readings of %d texts, %d secrets under to_ken, all masked; model misses %d", live.name, len(reads), len(texts), secrets, modelMiss)
	}
	if ran == 0 {
		t.Skip("neither php nor ruby with rack is on this machine")
	}
}

// subset reports whether every item of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// FuzzRedactQuery: for any text and any plain name, no reader model, in
// either reading of any token, sees a secret of the name in the redacted
// text; and the redacted text is the text with some values, each a whole
// run after "=", replaced by the mask.
func FuzzRedactQuery(f *testing.F) {
	for _, s := range append([]string{"a=1&token=2", "GET /?token=s HTTP/1.1", "[token]=1;x=2"}, issueRedactCases...) {
		f.Add(s, "to_ken")
	}
	const mask = "M"
	f.Fuzz(func(t *testing.T, q, name string) {
		if name == "" || len(name) > 8 || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") != "" || strings.Contains(q, mask) {
			return
		}
		red := RedactQuery(q, mask, name)
		// The alignment of onlyValuesChanged is quadratic in the worst
		// case: long inputs are checked for leaks only.
		if len(q) <= 256 && !onlyValuesChanged(q, red, mask) {
			t.Fatalf("RedactQuery(%q, %q) = %q: more than whole values changed", q, name, red)
		}
		for _, rd := range readingsOf(red) {
			for _, m := range queryReaders {
				for _, p := range underName(m.read(red[rd.from:rd.to]), name, m.fold) {
					if p.from >= 0 && !strings.HasPrefix(red[rd.from+p.from:], mask) {
						t.Fatalf("RedactQuery(%q, %q) = %q: %s reads %q under it", q, name, red, m.name, p.value)
					}
				}
			}
		}
	})
}

// onlyValuesChanged reports whether red is q with some values replaced by
// mask (which q does not hold), each value a whole run of bytes right
// after an "=", up to "&", ";", "#", white space, the end of q, or the
// closing quote or bracket of a token.
func onlyValuesChanged(q, red, mask string) bool {
	parts := strings.Split(red, mask)
	if !strings.HasPrefix(q, parts[0]) {
		return false
	}
	// fits(k, pos): q[pos:] is a replaced run, then parts[k], then the
	// rest of red.
	memo := map[[2]int]bool{}
	var fits func(k, pos int) bool
	fits = func(k, pos int) bool {
		if k == len(parts) {
			return pos == len(q)
		}
		if !strings.HasSuffix(parts[k-1], "=") {
			return false
		}
		key := [2]int{k, pos}
		if v, ok := memo[key]; ok {
			return v
		}
		ok := false
		for e := pos; e <= len(q) && !ok; e++ {
			end := e == len(q) || strings.IndexByte("&;#\"')>} \t\n\r\v\f", q[e]) >= 0
			if end && strings.HasPrefix(q[e:], parts[k]) {
				ok = fits(k+1, e+len(parts[k]))
			}
			if e < len(q) && strings.IndexByte(" \t\n\r\v\f", q[e]) >= 0 {
				break
			}
		}
		memo[key] = ok
		return ok
	}
	return fits(1, len(parts[0]))
}
