// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
)

// pct runs the command in-process, as main does, with stdin as its
// standard input.
func pct(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return result{out.String(), errb.String(), code}
}

type result struct {
	stdout, stderr string
	code           int
}

var (
	buildOnce sync.Once
	pctPath   string
	buildErr  error
)

// pctBinary runs the built pct as a user would, for the end-to-end tests:
// it is built once, on first use.
func pctBinary(t *testing.T, stdin io.Reader, args ...string) result {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pct-test")
		if err != nil {
			buildErr = err
			return
		}
		pctPath = filepath.Join(dir, "pct")
		if out, err := exec.Command("go", "build", "-o", pctPath, ".").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building pct: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	cmd := exec.Command(pctPath, args...)
	if emu := emulator(); emu != "" {
		cmd = exec.Command(emu, append([]string{pctPath}, args...)...)
	}
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

// emulator returns the qemu-user emulator that runs the binaries this test
// builds when they are for another architecture than the machine's (the
// test itself then runs under go test -exec), or "".
func emulator() string {
	if out, err := exec.Command("uname", "-m").Output(); err == nil {
		host := strings.TrimSpace(string(out))
		arch := map[string]string{"x86_64": "amd64", "aarch64": "arm64"}[host]
		if arch == "" || arch == runtime.GOARCH {
			return ""
		}
	}
	name := map[string]string{"arm64": "qemu-aarch64-static", "amd64": "qemu-x86_64-static"}[runtime.GOARCH]
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	return ""
}

func TestMain(m *testing.M) {
	code := m.Run()
	if pctPath != "" {
		os.RemoveAll(filepath.Dir(pctPath))
	}
	os.Exit(code)
}

// TestBinary runs the built command end to end: exit statuses 0, 1 and 2,
// arguments, and a stream on standard input checked against net/url.
func TestBinary(t *testing.T) {
	for _, tc := range []struct {
		args []string
		in   string
		out  string
		code int
	}{
		{[]string{"encode", "-set", "path", "/my docs/read me.txt"}, "", "/my%20docs/read%20me.txt\n", 0},
		{[]string{"decode"}, "100%", "100", 1}, // what came before the bad escape is written
		{[]string{"encode", "-nosuchflag"}, "", "", 2},
		{[]string{"equal", "-url", "HTTP://a/b/../c", "http://A/c"}, "", "", 0},
	} {
		r := pctBinary(t, strings.NewReader(tc.in), tc.args...)
		if r.code != tc.code || r.stdout != tc.out {
			t.Errorf("pct %q: exit %d, stdout %q; want %d, %q (stderr %q)", tc.args, r.code, r.stdout, tc.code, tc.out, r.stderr)
		}
	}
	var b strings.Builder
	for b.Len() < 1<<20 {
		b.WriteString("héllo wörld/?&=+ 100% ~-._ 日本\n")
	}
	r := pctBinary(t, strings.NewReader(b.String()), "encode")
	if want := strings.ReplaceAll(url.QueryEscape(b.String()), "+", "%20"); r.code != 0 || r.stdout != want {
		t.Fatalf("encode of 1 MiB on stdin: exit %d, %d bytes, want %d", r.code, len(r.stdout), len(want))
	}
}

func TestCommands(t *testing.T) {
	tests := []struct {
		name   string
		stdin  string
		args   []string
		stdout string
		code   int
	}{
		{"encode arg", "", []string{"encode", "a b/é"}, "a%20b%2F%C3%A9\n", 0},
		{"encode args", "", []string{"encode", "a b", "c&d"}, "a%20b\nc%26d\n", 0},
		{"encode path", "", []string{"encode", "-set", "path", "/my docs/read me.txt"}, "/my%20docs/read%20me.txt\n", 0},
		{"encode form", "", []string{"encode", "-set", "form", "a b+c"}, "a+b%2Bc\n", 0},
		// The dialects by name (ECMA-262 and the Java and PHP manuals give
		// these sets).
		{"encode js", "", []string{"encode", "-set", "js-encodeURIComponent", "it's ~50%"}, "it's%20~50%25\n", 0},
		{"encode java", "", []string{"encode", "-set", "java_urlencoder", "a*b~c d"}, "a*b%7Ec+d\n", 0},
		{"decode php", "", []string{"decode", "-set", "php-urlencode", "a+b%7E"}, "a b~\n", 0},
		{"encode no such dialect", "", []string{"encode", "-set", "js-encode", "x"}, "", 2},
		// URI Templates: RFC 6570 §3.2 examples and the forms.
		{"template", "", []string{"template", "/repos/{owner}/{repo}/issues{/number}", "owner=golang", "repo=go", "number=4013"},
			"/repos/golang/go/issues/4013\n", 0},
		{"template list", "", []string{"template", "{/list*}{?keys*}", "list:list=red,green", "keys:map=semi=;,dot=."}, "/red/green?semi=%3B&dot=.\n", 0},
		{"template comma", "", []string{"template", "{q}", "q=hello, world"}, "hello%2C%20world\n", 0},
		{"template repeated name", "", []string{"template", "{q}", "q=a", "q=b"}, "", 2},
		// URLs as browsers read them (WPT's urltestdata.json and toascii.json give these).
		{"url", "", []string{"url", "-base", "https://example.com/a/b", "../c?d#e"},
			`{"href":"https://example.com/c?d#e","origin":"https://example.com","protocol":"https:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/c","search":"?d","hash":"#e"}` + "\n", 0},
		{"url ipv4", "", []string{"url", "http://0x7f.1:080/%2e/"}, // the default port is null
			`{"href":"http://127.0.0.1/","origin":"http://127.0.0.1","protocol":"http:","username":"","password":"","host":"127.0.0.1","hostname":"127.0.0.1","port":"","pathname":"/","search":"","hash":""}` + "\n", 0},
		{"url fails", "", []string{"url", "http://[::1"}, "", 1},
		{"url redirect allowed", "", []string{"url", "-check-redirect", "-base", "https://good.com/login", "-allow", "good.com", "/account"}, "", 0},
		{"url redirect bypass", "", []string{"url", "-check-redirect", "-base", "https://good.com/login", "-allow", "good.com", `https://good.com\@evil.com`}, "", 1},
		{"url redirect origin", "", []string{"url", "-check-redirect", "-base", "https://good.com/login", "//evil.com"}, "", 1},
		{"url redirect without base", "", []string{"url", "-check-redirect", "/x"}, "", 2},
		{"url allow without check", "", []string{"url", "-allow", "a", "http://a/"}, "", 2},
		{"idna", "", []string{"idna", "Bücher.example", "日本語。ＪＰ"}, "xn--bcher-kva.example\nxn--wgv71a119e.jp\n", 0},
		{"idna -d", "", []string{"idna", "-d", "xn--bcher-kva.example"}, "bücher.example\n", 0},
		{"idna joiner", "", []string{"idna", "a\u200cb"}, "", 1},
		{"idna strict", "", []string{"idna", "-strict", "a_b.example"}, "", 1},
		{"idna lookup", "", []string{"idna", "a_b.example"}, "a_b.example\n", 0},
		{"template json trailing", `{"q":"a"} {"q":"b"}`, []string{"template", "-json", "{q}"}, "", 2}, // -json takes one object: a usage error
		{"template json trailing text", `{"q":"a"} x`, []string{"template", "-json", "{q}"}, "", 2},
		{"template json truncated", `{"q":"a"`, []string{"template", "-json", "{q}"}, "", 1},
		{"template json repeated", `{"q":"a","q":"b"}`, []string{"template", "-json", "{q}"}, "", 1},
		{"template json", `{"var":"value","list":["red","green","blue"],"keys":{"semi":";","dot":".","comma":","},"n":6,"u":null}`,
			[]string{"template", "-json", "{var}{+list}{#keys*}{;n,u}"}, "valuered,green,blue#semi=;,dot=.,comma=,;n=6\n", 0},
		{"template bad", "", []string{"template", "{var:0}"}, "", 2},
		{"template json as argument", "", []string{"template", "-json", `{"a":1} x`}, "", 2},
		{"template json argument trailing", `{"a":1}`, []string{"template", "-json", `{"a":1} x`}, "", 2},
		{"param", "", []string{"param", "-in", "query", "-style", "form", "-explode=false", "color", "blue", "black", "a,b"}, "color=blue,black,a%2Cb\n", 0},
		{"param matrix object", "", []string{"param", "-in", "path", "-style", "matrix", "-explode=true", "-kind", "object", "color", "R=100", "G=200"}, ";R=100;G=200\n", 0},
		{"param default explode", "", []string{"param", "color", "blue", "black"}, "color=blue&color=black\n", 0},
		{"param decode", "", []string{"param", "-d", "-explode=false", "-kind", "array", "color", "?x=1&color=blue,a%2Cb"}, "blue\na,b\n", 0},
		{"param decode object", "", []string{"param", "-d", "-in", "path", "-style", "label", "-kind", "object", "c", ".R,1,G,2"}, "R\t1\nG\t2\n", 0},
		{"param decode absent", "", []string{"param", "-d", "color", "x=1"}, "", 1},
		{"param ambiguous", "", []string{"param", "-style", "pipeDelimited", "-explode=false", "c", "a|b", "c"}, "", 1},
		{"param not permitted", "", []string{"param", "-in", "query", "-style", "matrix", "c", "x"}, "", 1},
		{"param bad kind", "", []string{"param", "-kind", "map", "c", "x"}, "", 2},
		{"param no value", "", []string{"param", "c"}, "", 2},
		{"form decode", "", []string{"form", "-d", "items[1][sku]=B&items[0].sku=A&items.0.qty=2&tags[]=a+b"}, `{"items":[{"qty":"2","sku":"A"},{"sku":"B"}],"tags":["a b"]}` + "\n", 0},
		{"form encode", "", []string{"form", `{"items":[{"sku":"A&B","qty":2}],"n":1.50,"ok":true}`}, "items%5B0%5D%5Bqty%5D=2&items%5B0%5D%5Bsku%5D=A%26B&n=1.50&ok=true\n", 0},
		{"form encode repeat", "", []string{"form", "-arrays", "repeat", `{"c":["x","y"]}`}, "c=x&c=y\n", 0},
		{"form decode malformed key", "", []string{"form", "-d", "a[=1"}, "", 1},
		{"form encode null", "", []string{"form", `{"a":null}`}, "", 1},
		{"form encode not an object", "", []string{"form", `[1]`}, "", 1},
		{"form bad arrays", "", []string{"form", "-arrays", "x", `{}`}, "", 2},
		// the dialects: qs orders index keys first and lists past 20 items
		// as maps; PHP reads "." as "_" and "[]" after "[5]" at 6; Rack
		// reads a name without "=" as null and raises on a bad escape. The
		// outputs are what node (qs 6.17.1), php 8.2.36 and rack 2.2.22 print.
		{"form dialect qs", "", []string{"form", "-d", "-dialect", "qs", "b=1&a[1]=x&a[0]=y&2=z"}, `{"2":"z","b":"1","a":["y","x"]}` + "\n", 0},
		{"form dialect php", "", []string{"form", "-d", "-dialect", "php", "a.b=1&c[5]=x&c[]=y"}, `{"a_b":"1","c":{"5":"x","6":"y"}}` + "\n", 0},
		{"form dialect rack", "", []string{"form", "-d", "-dialect", "rack", "a&b[]=1;b[]=2"}, `{"a":null,"b":["1","2"]}` + "\n", 0},
		{"form dialect rack bad escape", "", []string{"form", "-d", "-dialect", "rack", "a=%"}, "", 1},
		{"form dialect build qs", "", []string{"form", "-dialect", "qs", `{"a":["x y",{"b":"1"}],"c":null}`}, "a%5B0%5D=x%20y&a%5B1%5D%5Bb%5D=1&c=\n", 0},
		{"form dialect build rack", "", []string{"form", "-dialect", "rack", `{"a":["x y",{"b":"1"}],"c":null}`}, "a[]=x+y&a[][b]=1&c\n", 0},
		{"form dialect build php", "", []string{"form", "-dialect", "php", `{"a":["x y",{"b":"1"}],"c":null}`}, "a%5B0%5D=x+y&a%5B1%5D%5Bb%5D=1\n", 0},
		{"form dialect unknown", "", []string{"form", "-dialect", "perl", "a=1"}, "", 2},
		{"template bad json", "[1]", []string{"template", "-json", "{var}"}, "", 1},
		{"template args", "", []string{"template", "{var}", "novalue"}, "", 2},
		{"template match", "", []string{"template", "-match", "/search{?q,page}", "/search?q=caf%C3%A9%09x&page=2"}, "q\tcafé\\tx\npage\t2\n", 0},
		{"template no match", "", []string{"template", "-match", "/a/{b}", "/c/d"}, "", 1},
		{"encode plus lower", "", []string{"encode", "-plus", "-lower", "a b/"}, "a+b%2f\n", 0},
		{"encode safe spec", "", []string{"encode", "-safe", "[a-z/]", "ab/C d"}, "ab/%43%20d\n", 0},
		{"encode fido", "", []string{"encode", "-set", "fido", "a---b c"}, "a--%2Db+c\n", 0},
		{"encode stdin exact", "a b\n", []string{"encode"}, "a%20b%0A", 0},
		{"encode lines", "a b\r\nc d\n\ne", []string{"encode", "-lines"}, "a%20b\r\nc%20d\n\ne", 0},
		{"encode z", "a b\x00c\x00", []string{"encode", "-z"}, "a%20b\x00c\x00", 0},
		{"encode z args", "", []string{"encode", "-z", "a b", "c"}, "a%20b\x00c\x00", 0},
		{"encode charset", "", []string{"encode", "-charset", "cp1251", "мир"}, "%EC%E8%F0\n", 0},
		{"decode", "", []string{"decode", "caf%C3%A9%20au%20lait"}, "café au lait\n", 0},
		{"query", "", []string{"query", "b=2&a=x+y&a=%E2%82%AC&&c"}, "b\t2\na\tx y\na\t€\nc\t\n", 0},
		{"query escapes tab and newline", "", []string{"query", "t=a%09b%0Ac%5C"}, "t\ta\\tb\\nc\\\\\n", 0},
		{"query rfc3986", "", []string{"query", "-set", "query", "a=x+y"}, "a\tx+y\n", 0},
		{"query stdin", "a=1&b=%20\n", []string{"query"}, "a\t1\nb\t \n", 0},
		{"query canonical", "", []string{"query", "-canonical", "b=2&a=x+y&a=%7e"}, "a=x%20y&a=~&b=2\n", 0},
		{"query bad escape", "", []string{"query", "a=1&b=%zz"}, "", 1},
		{"query too many", "", []string{"query", "-max", "2", "a&b&c"}, "", 1},
		{"query limit exact", "", []string{"query", "-max", "2", "a&b"}, "a\t\nb\t\n", 0},
		{"display", "", []string{"display", "fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE.txt", "http://h/%E2%80%AE%2F"}, "fecho://example/Фидо.txt\nhttp://h/%E2%80%AE%2F\n", 0},
		{"display stdin lines", "http://h/%C3%A9\r\nhttp://h/%41\n", []string{"display", "-lines"}, "http://h/é\r\nhttp://h/A\n", 0},
		{"display stdin raw controls", "http://h/\x1b[2Jx\u202e\n", []string{"display"}, "http://h/%1B[2Jx%E2%80%AE\n", 0},
		{"to-uri", "", []string{"to-uri", "http://example.org/Dürst?q=a b&p=100%"}, "http://example.org/D%C3%BCrst?q=a%20b&p=100%25\n", 0},
		{"find display", "see http://h/%D0%96 and <URL:ftp://x/%E2%80%AE>\n", []string{"find", "-display"}, "http://h/Ж\nftp://x/%E2%80%AE\n", 0},
		{"decode form", "", []string{"decode", "-set", "form", "caf%C3%A9+au+lait"}, "café au lait\n", 0},
		{"decode stdin", "a%20b%0A", []string{"decode"}, "a b\n", 0},
		{"decode lines", "a%20b\nc%41\r\n", []string{"decode", "-lines"}, "a b\ncA\r\n", 0},
		{"decode lenient", "", []string{"decode", "-lenient", "%25%s%1G"}, "%%s%1G\n", 0},
		{"decode charset", "", []string{"decode", "-charset", "koi8-r", "%CD%C9%D2"}, "мир\n", 0},
		{"decode ibm866", "", []string{"decode", "-charset", "cp866", "%AC%A8%E0"}, "мир\n", 0},
		{"valid yes", "", []string{"valid", "-set", "query", "q=a%20b&x=/y?"}, "", 0},
		{"valid no", "", []string{"valid", "a b"}, "", 1},
		{"valid lines", "ok\nnot ok\n", []string{"valid", "-lines"}, "", 1},
		{"valid lines ok", "ok\na%20b\n", []string{"valid", "-lines"}, "", 0},
		{"make-safe", "", []string{"make-safe", "-set", "path", "/a b/%41%zz"}, "/a%20b/%41%25zz\n", 0},
		{"normalize", "", []string{"normalize", "%7e%2f%3a"}, "~%2F%3A\n", 0},
		{"normalize url", "", []string{"normalize", "-url", "HTTP://Example.COM/a/./b/../%7euser"}, "http://example.com/a/~user\n", 0},
		{"equal", "", []string{"equal", "http://h/%7Euser", "http://h/~user"}, "", 0},
		{"equal reserved", "", []string{"equal", "a%2Fb", "a/b"}, "", 1},
		{"equal octets", "", []string{"equal", "-octets", "a%2Fb", "a/b"}, "", 0},
		{"equal url", "", []string{"equal", "-url", "HTTP://H/a/../b", "http://h/b"}, "", 0},
		{"wrap", "", []string{"wrap", "-width", "20", "http://example.com/a/b/c/d/e/f"}, "<http://example.com/\na/b/c/d/e/f>\n", 0},
		{"wrap one line", "", []string{"wrap", "-width", "0", "http://example.com/a"}, "<http://example.com/a>\n", 0},
		{"wrap fido", "", []string{"wrap", "-fido", "-width", "16", "fecho://pntlist/pnt5019.zip"}, "fecho://%%\n%%pntlist/%%\n%%pnt5019.zip\n", 0},
		{"unwrap", "<http://example.com/a/\n   b.html>", []string{"unwrap"}, "http://example.com/a/b.html\n", 0},
		{"unwrap fido", "fecho://p%%\n**  %%ntlist/pnt5019.zip\n", []string{"unwrap", "-fido"}, "fecho://pntlist/pnt5019.zip\n", 0},
		// One value on standard input: less one trailing line end, the
		// output ending with a newline.
		{"valid stdin newline", "q=a%20b\n", []string{"valid", "-set", "query"}, "", 0},
		{"valid stdin crlf", "q=a%20b\r\n", []string{"valid", "-set", "query"}, "", 0},
		{"valid stdin two newlines", "q=a%20b\n\n", []string{"valid", "-set", "query"}, "", 1},
		{"make-safe stdin", "/a b\n", []string{"make-safe", "-set", "path"}, "/a%20b\n", 0},
		{"normalize stdin", "%7e\r\n", []string{"normalize"}, "~\n", 0},
		{"to-uri stdin", "http://h/é\n", []string{"to-uri"}, "http://h/%C3%A9\n", 0},
		{"to-uri stdin lines", "http://h/é\nhttp://h/ü\n", []string{"to-uri", "-lines"}, "http://h/%C3%A9\nhttp://h/%C3%BC\n", 0},
		{"display stdin no newline", "http://h/%C3%A9", []string{"display"}, "http://h/é\n", 0},
		{"wrap stdin", "http://x/y z\n", []string{"wrap", "-width", "10"}, "<http://x/\ny%20z>\n", 0},
		{"wrap stdin two lines", "http://a/\nhttp://b/\n", []string{"wrap", "-lines"}, "<http://a/>\n<http://b/>\n", 0},
		{"wrap print format", "  <http://x/\n  y>\n", []string{"wrap", "-width", "0"}, "<http://x/y>\n", 0},
		{"wrap fido stdin", "http://x/Фидо\n", []string{"wrap", "-fido", "-width", "0"}, "http://x/%D0%A4%D0%B8%D0%B4%D0%BE\n", 0},
		{"path split", "", []string{"path", "split", "/a%2Fb/c/", "/x%09y"}, "a/b\tc\t\nx\\ty\n", 0},
		{"path split stdin", "/a/b%20c\n", []string{"path", "split"}, "a\tb c\n", 0},
		{"path check ok", "", []string{"path", "check", "/a/b.html", "/%E6%97%A5"}, "", 0},
		{"path check bad", "", []string{"path", "check", "/ok", "/cgi-bin/.%2e/.%2e/etc/passwd"}, "", 1},
		{"path check stdin lines", "/a\n/b/../c\n", []string{"path", "check", "-lines"}, "", 1},
		{"query redact", "", []string{"query", "-redact", "api_key,token", "a=1&api%5Fkey=s&TOKEN=t&b"}, "a=1&api%5Fkey=REDACTED&TOKEN=REDACTED&b\n", 0},
		{"query redact mask", "a=1&k=v\n", []string{"query", "-redact", "k", "-mask", "x y"}, "a=1&k=x+y\n", 0},
		{"query stdin crlf", "a=1\r\n", []string{"query"}, "a\t1\n", 0},
		{"query escapes controls and bad UTF-8", "", []string{"query", "n=%00%0D%7F%FF%C3%A9%5C"}, "n\t\\x00\\r\\x7F\\xFFé\\\\\n", 0},
		{"find", "see <URL:http://a.example/x> and area://Ru.FTN.Develop%%\nMtW> %%+Ru.FIPS/.\n", []string{"find"}, "http://a.example/x\narea://Ru.FTN.Develop+Ru.FIPS/\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := pct(t, tt.stdin, tt.args...)
			if r.stdout != tt.stdout || r.code != tt.code {
				t.Errorf("pct %q: stdout %q, exit %d (stderr %q); want %q, exit %d", tt.args, r.stdout, r.code, r.stderr, tt.stdout, tt.code)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		args  []string
		want  string // in stderr
	}{
		{"malformed escape", "", []string{"decode", "100%"}, `malformed escape "%" at offset 3`},
		{"malformed escape stdin", "abc%zz", []string{"decode"}, `malformed escape "%zz" at offset 3`},
		{"malformed escape line", "ok\nab%4", []string{"decode", "-lines"}, `line 2: percent: malformed escape "%4" at offset 2`},
		{"second argument", "", []string{"decode", "ok", "x%g"}, `argument 2`},
		{"charset cannot", "", []string{"encode", "-charset", "latin1", "ab€"}, `cannot represent '€' (U+20AC) at offset 2`},
		{"charset bad octet", "", []string{"decode", "-charset", "utf-8", "ok%FF"}, `at offset 2`},
		{"valid offset", "", []string{"valid", "-set", "path", "/a b"}, `not valid at offset 2`},
		{"unwrap", "", []string{"unwrap", "<http://a"}, `without its ">"`},
		{"unwrap fido", "", []string{"unwrap", "-fido", "fecho://x/%D1%%\n%%%82"}, `"%%%"`},
		{"path check", "", []string{"path", "check", "/a/%%32%65/b"}, `argument 1: percent: path: double encoding at offset 3`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := pct(t, tt.stdin, tt.args...)
			if r.code != 1 || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("pct %q: exit %d, stderr %q; want exit 1 and %q", tt.args, r.code, r.stderr, tt.want)
			}
		})
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"frobnicate"},
		{"encode", "-set", "nope", "x"},
		{"encode", "-nosuchflag"},
		{"encode", "-safe", "[a-z", "x"},
		{"encode", "-safe", "[%]", "x"},
		{"encode", "-set", "path", "-safe", "[a]", "x"},
		{"encode", "-charset", "ebcdic", "x"},
		{"encode", "-lines", "-z"},
		{"equal", "a"},
		{"equal", "-url", "-octets", "a", "b"},
		{"wrap", "-width", "x"},
		{"sets", "extra"},
		{"path"},
		{"path", "frobnicate", "/a"},
		{"query", "-redact", "k", "-canonical", "k=v"},
		{"charsets", "extra"},
	} {
		r := pct(t, "", args...)
		if r.code != 2 || !strings.Contains(r.stderr, "Usage") {
			t.Errorf("pct %q: exit %d, stderr %q; want exit 2 with usage", args, r.code, r.stderr)
		}
	}
	// -h on every subcommand: usage with an example on stdout, exit 0.
	for _, c := range commands {
		r := pct(t, "", c.name, "-h")
		if r.code != 0 || !strings.Contains(r.stdout, "Example:\n  ") || !strings.Contains(r.stdout, "pct "+c.name) {
			t.Errorf("pct %s -h: exit %d, stdout %q", c.name, r.code, r.stdout)
		}
	}
	// Every -h says how standard input is read.
	for name, want := range map[string]string{"encode": "byte stream", "decode": "byte stream", "valid": "less one trailing line end",
		"wrap": "less one trailing line end", "query": "less one trailing line end", "display": "less one trailing line end",
		"find": "text to search", "sets": "not read", "template": "With -json, standard input is one JSON object"} {
		if r := pct(t, "", name, "-h"); !strings.Contains(r.stdout, want) {
			t.Errorf("pct %s -h does not say %q:\n%s", name, want, r.stdout)
		}
	}
	if r := pct(t, "", "encode", "-h"); strings.Contains(r.stdout, "(default [])") || !strings.Contains(r.stdout, "-safe SPEC") {
		t.Errorf("pct encode -h, -safe:\n%s", r.stdout)
	}
	if r := pct(t, "", "-h"); r.code != 0 || !strings.Contains(r.stdout, "Commands:") {
		t.Errorf("pct -h: %+v", r)
	}
}

func TestListings(t *testing.T) {
	r := pct(t, "", "sets")
	for _, want := range []string{"component", "[-.0-9A-Z_a-z~]", "whatwg-path", "form", "exchange", "fido-component"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pct sets lacks %q", want)
		}
	}
	if n := strings.Count(r.stdout, "\n"); n != 62 {
		t.Errorf("pct sets: %d lines, want 62 (18 encodings, 13 dialects)", n)
	}
	for _, want := range []string{"js-encodeuricomponent", "writes what encodeURIComponent (ECMAScript) writes",
		"[-!'-*.0-9A-Z_a-z~]", "aws-sigv4-path", "java-urlencoder", "URLEncoder.encode(s, UTF_8) (Java) writes, space as +"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pct sets lacks %q", want)
		}
	}
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.Count(l, "space as +") > 1 {
			t.Errorf("pct sets: %q", l)
		}
	}
	r = pct(t, "", "charsets")
	for _, want := range []string{"UTF-8", "ISO-8859-1", "windows-1251", "KOI8-R", "IBM866", "latin1", "cp866"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pct charsets lacks %q", want)
		}
	}
}

// TestStreamLarge pipes 8 MiB through encode and decode and compares with
// net/url.
func TestStreamLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large stream")
	}
	var b strings.Builder
	for b.Len() < 8<<20 {
		b.WriteString("héllo wörld/?&=+ 100% ~-._ 日本\n")
	}
	in := b.String()
	enc := pct(t, in, "encode")
	want := strings.ReplaceAll(url.QueryEscape(in), "+", "%20")
	if enc.code != 0 || enc.stdout != want {
		t.Fatalf("encode: exit %d, %d bytes, want %d", enc.code, len(enc.stdout), len(want))
	}
	dec := pct(t, enc.stdout, "decode")
	if dec.code != 0 || dec.stdout != in {
		t.Fatalf("decode: exit %d, %d bytes, want %d", dec.code, len(dec.stdout), len(in))
	}
	lines := pct(t, in, "encode", "-lines", "-set", "form")
	if lines.code != 0 || strings.Count(lines.stdout, "\n") != strings.Count(in, "\n") {
		t.Fatalf("encode -lines: exit %d", lines.code)
	}
}

// TestLinesAtBufferEdges puts the "\r" of a "\r\n" line end, and a "\r"
// that is data, exactly at the end of pct's 64 KiB read buffer.
func TestLinesAtBufferEdges(t *testing.T) {
	const buf = 64 << 10
	long := strings.Repeat("a", buf-1)
	tests := []struct{ in, want string }{
		{long + "\r\nb c\n", long + "\r\nb%20c\n"},
		{long + "a\r\nb\n", long + "a\r\nb\n"},
		{long + "\rb\n", long + "%0Db\n"},
		{long + "\r", long + "%0D"},
		{strings.Repeat("é", buf) + "\n", strings.Repeat("%C3%A9", buf) + "\n"},
	}
	for _, tt := range tests {
		r := pct(t, tt.in, "encode", "-lines")
		if r.code != 0 || r.stdout != tt.want {
			t.Errorf("encode -lines of %d bytes ending %q: exit %d, got %d bytes ending %q, want %d ending %q",
				len(tt.in), tt.in[len(tt.in)-4:], r.code, len(r.stdout), r.stdout[max(0, len(r.stdout)-8):], len(tt.want), tt.want[len(tt.want)-8:])
		}
	}
	// The same through decode: a long line of escapes split by the buffer.
	enc := strings.Repeat("%41", buf) + "\r\n%42"
	if r := pct(t, enc, "decode", "-lines"); r.code != 0 || r.stdout != strings.Repeat("A", buf)+"\r\nB" {
		t.Errorf("decode -lines across the buffer: exit %d, %d bytes", r.code, len(r.stdout))
	}
}

// BenchmarkLines compares encoding 7 MB of short lines as one stream and
// with -lines (each line its own value) and -z, and decoding them with
// -lines (many lines at a time); -lines should cost little
// more than the stream.
func BenchmarkLines(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 7<<20; i++ {
		sb.WriteString(strings.Repeat("ab c/e", 12)[:5+i%56])
		sb.WriteByte('\n')
	}
	in := sb.String()
	nul := strings.ReplaceAll(in, "\n", "\x00")
	for _, bc := range []struct {
		name, in string
		args     []string
	}{
		{"stream", in, []string{"encode"}},
		{"lines", in, []string{"encode", "-lines"}},
		{"z", nul, []string{"encode", "-z"}},
		{"decode-lines", percentEncodeLines(in), []string{"decode", "-lines"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for range b.N {
				// A plain reader, as standard input is (no WriteTo).
				in := struct{ io.Reader }{strings.NewReader(bc.in)}
				if code := run(bc.args, in, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
		})
	}
}

func percentEncodeLines(in string) string {
	lines := strings.Split(in, "\n")
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(url.QueryEscape(l), "+", "%20")
	}
	return strings.Join(lines, "\n")
}

// TestDecodeRecords checks decode -lines and -z, which decode many records
// at a time, against url.PathUnescape line by line: with reads of one byte
// and of whole inputs, CRLF line ends, a malformed escape far into the
// input (its line number and the lines before it written), and records
// longer than the read buffer in the middle.
func TestDecodeRecords(t *testing.T) {
	var lines []string
	for i := range 3000 {
		lines = append(lines, strings.Repeat("a%20b%2F%C3%A9", i%7)+strings.Repeat("x", i%5))
	}
	lines[2000] = strings.Repeat("%41", 25<<10) // longer than the buffer
	oracle := func(lines []string, sep string) string {
		var b strings.Builder
		for _, l := range lines {
			d, err := url.PathUnescape(l)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(d + sep)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, sep string
		args      []string
	}{
		{"lines", "\n", []string{"decode", "-lines"}},
		{"crlf", "\r\n", []string{"decode", "-lines"}},
		{"z", "\x00", []string{"decode", "-z"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.Join(lines, tc.sep) + tc.sep
			want := oracle(lines, tc.sep)
			for _, rc := range []struct {
				r    io.Reader
				want string
			}{
				{strings.NewReader(in), want},
				{iotest.HalfReader(strings.NewReader(in)), want},
				{iotest.OneByteReader(strings.NewReader(strings.Join(lines[:300], tc.sep))), oracle(lines[:300], tc.sep)[:len(oracle(lines[:300], tc.sep))-len(tc.sep)]},
			} {
				var out, errb bytes.Buffer
				if code := run(tc.args, rc.r, &out, &errb); code != 0 || out.String() != rc.want {
					t.Fatalf("exit %d, %s, %d bytes, want %d", code, errb.String(), out.Len(), len(rc.want))
				}
			}
			// A malformed escape before the long record (decoded many
			// records at a time) and after it (one at a time).
			for _, at := range []int{1500, 2500} {
				bad := slices.Clone(lines)
				bad[at] = "ok%2"
				var out, errb bytes.Buffer
				code := run(tc.args, iotest.HalfReader(strings.NewReader(strings.Join(bad, tc.sep))), &out, &errb)
				name := map[string]string{"\x00": "record"}[tc.sep]
				if name == "" {
					name = "line"
				}
				wantErr := fmt.Sprintf(`%s %d: percent: malformed escape "%%2" at offset 2`, name, at+1)
				if code != 1 || !strings.Contains(errb.String(), wantErr) || out.String() != oracle(bad[:at], tc.sep) {
					t.Fatalf("malformed escape: exit %d, %q, %d bytes written, want %q", code, errb.String(), out.Len(), wantErr)
				}
			}
		})
	}
	// Lenient: a stray "%" stays, at the end of a line too.
	if r := pct(t, "100%\r\n%4\n%41%\n", "decode", "-lines", "-lenient"); r.code != 0 || r.stdout != "100%\r\n%4\nA%\n" {
		t.Errorf("decode -lines -lenient: exit %d, %q", r.code, r.stdout)
	}
}

// TestHelpWords: every -h is plain text (no raw carriage return or line
// feed inside a sentence), says what the command writes, and names only
// the flags and arguments the command has.
func TestHelpWords(t *testing.T) {
	for _, c := range commands {
		r := pct(t, "", c.name, "-h")
		if strings.Contains(r.stdout, "\r") || strings.Contains(r.stdout, "(\n") {
			t.Errorf("%s -h holds a raw line end inside a sentence:\n%s", c.name, r.stdout)
		}
		if mentions, has := strings.Contains(r.stdout, "-lines or -z"), strings.Contains(r.stdout, "  -lines"); mentions != has {
			t.Errorf("%s -h: mentions -lines %v, has it %v", c.name, mentions, has)
		}
	}
	if r := pct(t, "", "valid", "-h"); strings.Contains(r.stdout, "output ends with a newline") || !strings.Contains(r.stdout, "nothing is written") {
		t.Errorf("valid -h:\n%s", r.stdout)
	}
	if r := pct(t, "", "query", "-h"); strings.Contains(r.stdout, "Without TEXT") {
		t.Errorf("query -h names TEXT:\n%s", r.stdout)
	}
}
