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
	"strings"
	"testing"
)

// This file states RedactQuery's promise as a property over models of the
// readers of a query: for every query in which a reader sees a listed name,
// the redacted output holds no byte of the value that reader sees under it.
// Each model is written from its reader's documented behaviour (and, where
// php and ruby are on the machine, checked against the reader itself).

// A seen pair is a top-level name as a reader sees it and the value it
// reads under that name.
type seen struct{ name, value string }

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
	for _, piece := range strings.Split(q, "&") {
		if piece == "" {
			continue
		}
		n, v, _ := strings.Cut(piece, "=")
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
		out = append(out, seen{b.String(), formDecode(v)})
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
	for _, piece := range regexp.MustCompile(`[&;] *`).Split(q, -1) {
		if piece == "" {
			continue
		}
		n, v, _ := strings.Cut(piece, "=")
		name, err1 := Form.Decode(n)
		value, err2 := Form.Decode(v)
		if err1 != nil || err2 != nil {
			return nil // ArgumentError: invalid %-encoding
		}
		if m := rackKey.FindStringSubmatch(name); m != nil {
			out = append(out, seen{m[1], value})
		}
	}
	return out
}

// qsBracket is qs 6's first bracket group.
var qsBracket = regexp.MustCompile(`\[[^\[\]]*\]`)

// qsReader is qs 6's parse with its defaults: pieces split at "&"; the key
// ends at "]=" where there is one, else at the first "="; the top-level
// key runs to the first bracket group, or is that group's content where
// the key starts with it.
func qsReader(q string) []seen {
	var out []seen
	for _, piece := range strings.Split(q, "&") {
		if piece == "" {
			continue
		}
		pos := strings.Index(piece, "]=")
		if pos >= 0 {
			pos++
		} else {
			pos = strings.IndexByte(piece, '=')
		}
		k, v := piece, ""
		if pos >= 0 {
			k, v = piece[:pos], piece[pos+1:]
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
			out = append(out, seen{key, formDecode(v)})
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
	for _, piece := range strings.Split(q, "&") {
		n, v, ok := strings.Cut(piece, "=")
		if !ok {
			continue
		}
		n = u.ReplaceAllStringFunc(n, func(m string) string {
			var r rune
			fmt.Sscanf(m[2:], "%04x", &r)
			return url.QueryEscape(string(r))
		})
		out = append(out, seen{strings.ToLower(formDecode(n)), formDecode(v)})
	}
	return out
}

// pythonReader is Python 3.10+'s urllib.parse.parse_qsl: pieces split at
// "&", a piece without "=" skipped.
func pythonReader(q string) []seen {
	var out []seen
	for _, piece := range strings.Split(q, "&") {
		n, v, ok := strings.Cut(piece, "=")
		if ok {
			out = append(out, seen{formDecode(n), formDecode(v)})
		}
	}
	return out
}

// netURLReader is net/url's ParseQuery itself.
func netURLReader(q string) []seen {
	vals, _ := url.ParseQuery(q)
	var out []seen
	for n, vs := range vals {
		for _, v := range vs {
			out = append(out, seen{n, v})
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

// secretRE finds the secrets the generator writes as values: S, a number, Z.
var secretRE = regexp.MustCompile(`S[0-9]+Z`)

// leaks returns the secrets that a reader saw under name (seenPairs) and
// that are still in the redacted text red. A value is what the reader read
// up to its first ";", "&", "#" or white space: a reader that does not
// split at ";" (PHP, qs, net/url) reads the pieces after one as part of
// the value, and those pieces stay, as RedactQuery's doc says.
func leaks(seenPairs []seen, name string, fold bool, red string) []string {
	var out []string
	for _, s := range seenPairs {
		n := s.name
		if fold {
			n = strings.ToLower(n)
		}
		if n != name {
			continue
		}
		v := s.value
		if k := strings.IndexAny(v, "&;# \t\n\r\v\f"); k >= 0 {
			v = v[:k]
		}
		for _, secret := range secretRE.FindAllString(v, -1) {
			if strings.Contains(red, secret) {
				out = append(out, secret)
			}
		}
	}
	return out
}

// genRedactQueries returns queries of one to four pairs whose names mix the
// listed name with the bytes readers fold ("+", space, "[", "]", ".", NUL,
// case, escapes) and whose values are numbered secrets.
func genRedactQueries(r *rand.Rand, n int) []string {
	prefixes := []string{"", "", "+", "%20", " ", "[", "]", "%5B", "+%20"}
	cores := []string{"to_ken", "TO_KEN", "to.ken", "to ken", "to+ken", "to%2Eken", "to%5Fken", "To_Ken", "to[ken", "to%5Bken", "tok", "to%5fKEN", "to%u005Fken", "to_k%00en", "x"}
	suffixes := []string{"", "", "[]", "%5B%5D", "[x]", "[x][y]", "%00", "%00x", "]", "[", ".", "_", " ", "x", "]x", "[]x", "=", ";"}
	seps := []string{"&", "&", ";", "&&", "& ", "; "}
	out := make([]string, 0, n)
	k := 0
	for len(out) < n {
		var b strings.Builder
		for p := 1 + r.IntN(4); p > 0; p-- {
			if b.Len() > 0 {
				b.WriteString(seps[r.IntN(len(seps))])
			}
			b.WriteString(prefixes[r.IntN(len(prefixes))])
			b.WriteString(cores[r.IntN(len(cores))])
			b.WriteString(suffixes[r.IntN(len(suffixes))])
			k++
			fmt.Fprintf(&b, "=S%dZ", k)
		}
		out = append(out, b.String())
	}
	return out
}

// TestRedactQueryReaders: over generated queries, no reader model sees a
// secret under the listed name in the redacted text; and the models are not
// blind: on the original queries they see many such secrets.
func TestRedactQueryReaders(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 3))
	queries := genRedactQueries(r, 20000)
	queries = append(queries, issueRedactCases...)
	found := map[string]int{}
	for _, q := range queries {
		red := RedactQuery(q, "R", "to_ken")
		for _, m := range queryReaders {
			if l := leaks(m.read(q), "to_ken", m.fold, red); len(l) > 0 {
				t.Errorf("RedactQuery(%q) = %q: %s still sees %s under to_ken", q, red, m.name, l)
			}
			found[m.name] += len(leaks(m.read(q), "to_ken", m.fold, q))
		}
	}
	for _, m := range queryReaders {
		if found[m.name] < 100 {
			t.Errorf("%s sees only %d secrets under to_ken in the generated queries", m.name, found[m.name])
		}
	}
	t.Logf("secrets each reader sees under to_ken, all redacted: %v", found)
}

// issueRedactCases are the queries of the readers issue that came back
// unredacted, for the name "to_ken" (the issue's "token" with an
// underscore, so that "to.ken" folds to it as PHP folds it).
var issueRedactCases = []string{"+to_ken=S900001Z", "%20to_ken=S900002Z", "to_ken%00=S900003Z", "to_ken[]=S900004Z",
	"to_ken%5B%5D=S900005Z", "to.ken=S900006Z", "TO_KEN=S900007Z", "[to_ken]=S900008Z", "to_ken]x=S900009Z",
	"to[ken=S900010Z", "a=1; to_ken=S900011Z", "%u0074o_ken=S900012Z", "to_ken[];=S900013Z"}

// TestRedactQueryIssue: the issue's names against "token", and the request
// and log lines whose tails were lost.
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
		{`127.0.0.1 - - [04/Dec/2026:17:00:00 +0000] "GET /cb?x=1&token=s3cr3t HTTP/1.1" 200 512 "https://ref.example/" "curl/8.5"`,
			`127.0.0.1 - - [04/Dec/2026:17:00:00 +0000] "GET /cb?x=1&token=R HTTP/1.1" 200 512 "https://ref.example/" "curl/8.5"`},
		{"token=a\tb", "token=R\tb"},
		{"tok=s3cr3t&tokens=s3cr3t&x=token", "tok=s3cr3t&tokens=s3cr3t&x=token"},
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

// liveReader runs a reader script over queries (one hex-encoded query a
// line on its standard input) and returns, for each, the top-level names it
// saw with every leaf value under each.
func liveReader(t *testing.T, cmd *exec.Cmd, queries []string) [][]seen {
	t.Helper()
	var in bytes.Buffer
	for _, q := range queries {
		in.WriteString(hex.EncodeToString([]byte(q)) + "\n")
	}
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd.Path, err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != len(queries) {
		t.Fatalf("%s: %d lines for %d queries", cmd.Path, len(lines), len(queries))
	}
	res := make([][]seen, len(lines))
	for i, line := range lines {
		var pairs [][2]string
		if err := json.Unmarshal([]byte(line), &pairs); err != nil {
			t.Fatalf("%s: line %d: %v", cmd.Path, i, err)
		}
		for _, p := range pairs {
			res[i] = append(res[i], seen{p[0], p[1]})
		}
	}
	return res
}

// The reader scripts: each prints, per query, a JSON list of [name, leaf
// value] for every top-level name, every leaf value under it (hex: the
// values may hold any byte).
const phpReaderScript = `
function leaves($v, &$out) { if (is_array($v)) { foreach ($v as $x) leaves($x, $out); } else { $out[] = (string)$v; } }
while (($line = fgets(STDIN)) !== false) {
	parse_str(hex2bin(trim($line)), $o);
	$res = [];
	foreach ($o as $k => $v) { $l = []; leaves($v, $l); foreach ($l as $x) $res[] = [(string)$k, bin2hex($x)]; }
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

// unhexSeen decodes the hex values (and, for ruby, names) a script wrote.
func unhexSeen(t *testing.T, s []seen, names bool) []seen {
	out := make([]seen, len(s))
	for i, p := range s {
		v, err := hex.DecodeString(p.value)
		if err != nil {
			t.Fatal(err)
		}
		n := p.name
		if names {
			b, err := hex.DecodeString(n)
			if err != nil {
				t.Fatal(err)
			}
			n = string(b)
		}
		out[i] = seen{n, string(v)}
	}
	return out
}

// TestRedactQueryLive runs the property against php's parse_str and ruby's
// Rack where they are on the machine (.ci/run installs both), and checks
// the Go models of those two against them on the same queries.
func TestRedactQueryLive(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 4))
	queries := append(genRedactQueries(r, 3000), issueRedactCases...)
	ran := 0
	for _, live := range []struct {
		name  string
		cmd   func() *exec.Cmd
		names bool
		model func(string) []seen
	}{
		{"php", func() *exec.Cmd { return exec.Command("php", "-r", phpReaderScript) }, false, phpReader},
		{"ruby", func() *exec.Cmd { return exec.Command("ruby", "-e", rubyReaderScript) }, true, rackReader},
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
		got := liveReader(t, live.cmd(), queries)
		reds := make([]string, len(queries))
		for i, q := range queries {
			reds[i] = RedactQuery(q, "R", "to_ken")
		}
		after := liveReader(t, live.cmd(), reds)
		seenSecrets, modelMiss := 0, 0
		for i, q := range queries {
			s := unhexSeen(t, got[i], live.names)
			seenSecrets += len(leaks(s, "to_ken", false, q))
			if l := leaks(s, "to_ken", false, reds[i]); len(l) > 0 {
				t.Errorf("%s: RedactQuery(%q) = %q leaves %s under to_ken", live.name, q, reds[i], l)
			}
			// What the reader sees in the redacted text under to_ken
			// is the mask alone.
			for _, p := range unhexSeen(t, after[i], live.names) {
				v := p.value
				if k := strings.IndexAny(v, "&;# \t\n\r\v\f"); k >= 0 {
					v = v[:k]
				}
				if p.name == "to_ken" && secretRE.MatchString(v) {
					t.Errorf("%s reads to_ken=%q in RedactQuery(%q) = %q", live.name, p.value, q, reds[i])
				}
			}
			// The Go model of this reader sees every secret the
			// reader sees (it may see more: PHP keeps the last of
			// two scalars of one name).
			want := secretsUnder(s, "to_ken")
			if m := secretsUnder(live.model(q), "to_ken"); !subset(want, m) {
				modelMiss++
				if modelMiss <= 5 {
					t.Errorf("%s model of %q sees %q under to_ken; the reader sees %q", live.name, q, m, want)
				}
			}
		}
		if seenSecrets < 100 {
			t.Errorf("%s sees only %d secrets under to_ken", live.name, seenSecrets)
		}
		t.Logf("%s: %d queries, %d secrets under to_ken, all redacted; model differs on %d", live.name, len(queries), seenSecrets, modelMiss)
	}
	if ran == 0 {
		t.Skip("neither php nor ruby with rack is on this machine")
	}
}

// subset reports whether every item of the comma-separated list a is in b.
func subset(a, b string) bool {
	have := map[string]bool{}
	for _, x := range strings.Split(b, ",") {
		have[x] = true
	}
	for _, x := range strings.Split(a, ",") {
		if x != "" && !have[x] {
			return false
		}
	}
	return true
}

// secretsUnder lists, in order, the secrets seen under name.
func secretsUnder(s []seen, name string) string {
	var b []string
	for _, p := range s {
		if p.name == name {
			v := p.value
			if k := strings.IndexAny(v, "&;# \t\n\r\v\f"); k >= 0 {
				v = v[:k]
			}
			b = append(b, secretRE.FindAllString(v, -1)...)
		}
	}
	return strings.Join(b, ",")
}

// FuzzRedactQuery: for any query and any plain name, no reader model sees
// under that name in the redacted text anything but the mask (followed by
// what stood after white space); and the redacted text is q with some
// values, each a whole run after "=" up to "&", ";", "#" or white space,
// replaced by the mask.
func FuzzRedactQuery(f *testing.F) {
	for _, s := range append([]string{"a=1&token=2", "GET /?token=s HTTP/1.1", "[token]=1;x=2"}, issueRedactCases...) {
		f.Add(s, "to_ken")
	}
	const mask = "S0Z"
	f.Fuzz(func(t *testing.T, q, name string) {
		if name == "" || len(name) > 8 || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz_") != "" || strings.Contains(q, mask) {
			return
		}
		red := RedactQuery(q, mask, name)
		if !onlyValuesChanged(q, red, mask) {
			t.Fatalf("RedactQuery(%q, %q) = %q: more than whole values changed", q, name, red)
		}
		// The readers read the query: between the first "?" and the
		// "#" after it.
		query := red
		if k := strings.IndexByte(query, '?'); k >= 0 {
			query = query[k+1:]
		}
		if k := strings.IndexByte(query, '#'); k >= 0 {
			query = query[:k]
		}
		for _, m := range queryReaders {
			for _, s := range m.read(query) {
				n := s.name
				if m.fold {
					n = strings.ToLower(n)
				}
				if n == name && s.value != "" && !strings.HasPrefix(s.value, mask) {
					t.Fatalf("RedactQuery(%q, %q) = %q: %s reads %q under it", q, name, red, m.name, s.value)
				}
			}
		}
	})
}

// onlyValuesChanged reports whether red is q with some values replaced by
// mask (which q does not hold), each value a whole run of bytes right after
// an "=" up to "&", ";", "#" or white space.
func onlyValuesChanged(q, red, mask string) bool {
	parts := strings.Split(red, mask)
	if !strings.HasPrefix(q, parts[0]) {
		return false
	}
	pos := len(parts[0])
	for k := 1; k < len(parts); k++ {
		if !strings.HasSuffix(parts[k-1], "=") {
			return false
		}
		for pos < len(q) && !strings.ContainsRune("&;# \t\n\r\v\f", rune(q[pos])) {
			pos++
		}
		if !strings.HasPrefix(q[pos:], parts[k]) {
			return false
		}
		pos += len(parts[k])
	}
	return pos == len(q)
}
