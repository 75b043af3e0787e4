// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urlcodec/percent"
)

func Example() {
	// A value placed in a query, then read back.
	q := "name=" + percent.Component.Encode("Ann & Bob / 50%")
	fmt.Println(q)
	v, err := percent.Component.Decode(q[len("name="):])
	fmt.Println(v, err)
	// Output:
	// name=Ann%20%26%20Bob%20%2F%2050%25
	// Ann & Bob / 50% <nil>
}

func ExampleEncoding_Encode() {
	fmt.Println(percent.Path.Encode("/docs/read me.txt"))
	fmt.Println(percent.PathSegment.Encode("a/b"))
	fmt.Println(percent.Form.Encode("café au lait"))
	fmt.Println(percent.Exchange.Encode("http://host/<a b>"))
	fmt.Println(percent.Fido.Encode("area://Ru.FTN.Develop?subj=a---b c"))
	// Output:
	// /docs/read%20me.txt
	// a%2Fb
	// caf%C3%A9+au+lait
	// http://host/%3Ca%20b%3E
	// area://Ru.FTN.Develop?subj=a--%2Db+c
}

func ExampleEncoding_AppendEncode() {
	buf := make([]byte, 0, 64)
	for _, v := range []string{"a b", "c/d"} {
		buf = percent.Component.AppendEncode(buf, []byte(v))
		buf = append(buf, ';')
	}
	fmt.Println(string(buf))
	// Output: a%20b;c%2Fd;
}

func ExampleEncoding_Decode() {
	s, err := percent.Form.Decode("caf%C3%A9+au+lait")
	fmt.Println(s, err)
	_, err = percent.Component.Decode("100%")
	var de *percent.DecodeError
	if errors.As(err, &de) {
		fmt.Println("bad escape at offset", de.Offset)
	}
	fmt.Println(err)
	// Output:
	// café au lait <nil>
	// bad escape at offset 3
	// percent: malformed escape "%" at offset 3: '%' must be followed by two hex digits (write a literal '%' as %25)
}

func ExampleEncoding_DecodeLenient() {
	// The URL Standard's example.
	fmt.Println(percent.Component.DecodeLenient("%25%s%1G"))
	// Output: %%s%1G
}

func ExampleEncoding_Valid() {
	fmt.Println(percent.Query.Valid("q=a%20b&x=/y?"))
	fmt.Println(percent.Query.Valid("q=a b"))
	fmt.Println(percent.Form.Valid("q=a+b"))
	// Output:
	// true
	// false
	// false
}

func ExampleNewEncoding() {
	// Leave letters, digits and "/" literal; write lower-case hex.
	enc := percent.NewEncoding(percent.Alpha.Union(percent.Digit).Add("/")).WithLowerHex()
	fmt.Println(enc.Encode("a/b c/ä"))
	// Output: a/b%20c/%c3%a4
}

func ExampleSet_String() {
	fmt.Println(percent.Unreserved)
	fmt.Println(percent.ExchangeSafe)
	s, err := percent.ParseSet("[a-z0-9/]")
	fmt.Println(s.Contains('/'), s.Contains('A'), err)
	// Output:
	// [-.0-9A-Z_a-z~]
	// [-!-$&-,.-;=?-~]
	// true false <nil>
}

func ExampleEqual() {
	fmt.Println(percent.Equal("/~user/a%2fb", "/%7Euser/a%2Fb")) // ~ is unreserved; hex case does not count
	fmt.Println(percent.Equal("/a%2Fb", "/a/b"))                 // an escaped "/" is data, not a delimiter
	fmt.Println(percent.Equal("a+b", "a%20b"))                   // "+" is not a space here
	// Output:
	// true
	// false
	// false
}

func ExampleNormalize() {
	fmt.Println(percent.Normalize("/%7euser/a%2fb%zz"))
	// Output: /~user/a%2Fb%25zz
}

func ExampleCompare() {
	urls := []string{"/b", "/%61", "/A", "/a"}
	slices.SortStableFunc(urls, percent.Compare)
	fmt.Println(urls)
	// Output: [/A /%61 /a /b]
}

func ExampleEqualOctets() {
	// Exchange format (Moore, 1993): compare the decoded octets.
	fmt.Println(percent.EqualOctets("http://h/a%2Fb", "http://h/a/b"))
	// Output: true
}

func ExampleNormalizeURL() {
	fmt.Println(percent.NormalizeURL("HTTP://www.Example.COM/a/./b/../%7euser/%2f"))
	fmt.Println(percent.EqualURL("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"))
	// Output:
	// http://www.example.com/a/~user/%2F
	// true
}

func ExampleEncoding_MakeSafe() {
	// RFC 1630: encode what is unsafe, leave existing escapes alone.
	fmt.Println(percent.Path.MakeSafe("/my docs/50%25 off/100%"))
	// Output: /my%20docs/50%25%20off/100%25
}

func ExampleWrap() {
	fmt.Println(percent.Wrap("http://www.example.com/a/rather/long/path/index.html", 30))
	// Output:
	// <http://www.example.com/a/
	// rather/long/path/index.html>
}

func ExampleUnwrap() {
	u, err := percent.Unwrap("<URL:ftp://ds.in\n   ternic.net/rfc>")
	fmt.Println(u, err)
	// Output: ftp://ds.internic.net/rfc <nil>
}

func ExampleWrapFido() {
	fmt.Println(percent.WrapFido("fecho://pntlist/pnt5019.zip", 16))
	// Output:
	// fecho://%%
	// %%pntlist/%%
	// %%pnt5019.zip
}

func ExampleUnwrapFido() {
	msg := "area://Ru.FTN.Develop+Ru.FTN.Win%%\nMtW>> %%Soft+Ru.FIPS/ is often used."
	u, err := percent.UnwrapFido(msg)
	fmt.Println(u, err)
	// Output: area://Ru.FTN.Develop+Ru.FTN.WinSoft+Ru.FIPS/ <nil>
}

func ExampleFind() {
	msg := "See <URL:http://example.org/a\n b> and area://Ru.FTN.Develop%%\n MtW> %%?msgid=2:5020/1+123 (quoted)."
	for _, f := range percent.Find(msg) {
		fmt.Printf("%s at %d:%d\n", f.URL, f.Start, f.End)
	}
	// Output:
	// http://example.org/ab at 4:33
	// area://Ru.FTN.Develop?msgid=2:5020/1+123 at 38:89
}

func ExampleSplitCharsetTag() {
	u, tag, ok := percent.SplitCharsetTag("http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html")
	fmt.Println(u, tag.Encoding, ok)
	fmt.Println(percent.CharsetTag{Charset: "JIS", Encoding: "EUC"}.Insert("http://h/p"))
	// Output:
	// http://www.jacme.co.jp/%B0%F5%BA%FE.html EUC true
	// http:[JIS:EUC]://h/p
}

func ExampleNewEncoder() {
	var b strings.Builder
	w := percent.NewEncoder(percent.Form, &b)
	io.WriteString(w, "name=Ann ")
	io.WriteString(w, "& Bob")
	fmt.Println(b.String())
	// Output: name%3DAnn+%26+Bob
}

func ExampleNewDecoder() {
	r := percent.NewDecoder(percent.Component, strings.NewReader("caf%C3%A9%20au%20lait"))
	b, err := io.ReadAll(r)
	fmt.Println(string(b), err)
	// Output: café au lait <nil>
}

func ExampleEncoding_AppendDecode() {
	buf := make([]byte, 0, 64)
	buf, err := percent.Path.AppendDecode(buf, []byte("/my%20docs/caf%C3%A9"))
	fmt.Printf("%s %v\n", buf, err)
	_, err = percent.Path.AppendDecode(buf[:0], []byte("/100%"))
	fmt.Println(err)
	// Output:
	// /my docs/café <nil>
	// percent: malformed escape "%" at offset 4: '%' must be followed by two hex digits (write a literal '%' as %25)
}

func ExampleEncoding_FirstInvalid() {
	fmt.Println(percent.Path.FirstInvalid("/a%20b/c d"))
	fmt.Println(percent.Path.FirstInvalid("/a%20b/c%41"))
	fmt.Println(percent.Fido.FirstInvalid("a---b"))
	// Output:
	// 8
	// -1
	// 3
}

func ExampleEncoding_WithSpaceAsPlus() {
	e := percent.Component.WithSpaceAsPlus()
	fmt.Println(e.Encode("a b+c"))
	s, _ := e.Decode("a+b%2Bc")
	fmt.Println(s)
	// Output:
	// a+b%2Bc
	// a b+c
}

func ExampleLookupEncoding() {
	e, ok := percent.LookupEncoding("whatwg-path")
	fmt.Println(ok, e == percent.WHATWGPath, e.Encode("/a b/{c}^"))
	for _, n := range percent.Encodings()[:3] {
		fmt.Println(n.Name, "-", n.Doc)
	}
	// Output:
	// true true /a%20b/%7Bc%7D%5E
	// component - RFC 3986 §2.3 unreserved only
	// path-segment - RFC 3986 §3.3 segment (pchar)
	// path - RFC 3986 §3.3 path
}

func ExampleParseSet() {
	s, err := percent.ParseSet("[-.0-9A-Za-z_~/]")
	fmt.Println(s, err, s.Contains('/'))
	_, err = percent.ParseSet("[a-")
	fmt.Println(err)
	// Output:
	// [-.-9A-Z_a-z~] <nil> true
	// percent: bad set "[a-": missing "]" at offset 3
}

func ExampleSet_MarshalText() {
	type config struct {
		Safe percent.Set `json:"safe"`
	}
	var c config
	err := json.Unmarshal([]byte(`{"safe": "[a-z0-9/]"}`), &c)
	fmt.Println(err, percent.NewEncoding(c.Safe).Encode("/docs/Read Me"))
	out, _ := json.Marshal(c)
	fmt.Println(string(out))
	// Output:
	// <nil> /docs/%52ead%20%4De
	// {"safe":"[/-9a-z]"}
}

func ExampleEqualURL() {
	fmt.Println(percent.EqualURL("HTTP://Example.COM:80/a/./b/../%7euser", "http://example.com:80/a/~user"))
	fmt.Println(percent.EqualURL("http://h/a%2Fb", "http://h/a/b"))
	fmt.Println(percent.EqualURL("//Host.EXAMPLE/x", "//host.example/x"))
	// Output:
	// true
	// false
	// true
}

func ExampleNewLenientDecoder() {
	r := percent.NewLenientDecoder(percent.Component, strings.NewReader("100%25 and 100% and %zz"))
	b, err := io.ReadAll(r)
	fmt.Printf("%s %v\n", b, err)
	// Output:
	// 100% and 100% and %zz <nil>
}

func ExampleFindSeq() {
	msg := "see http://a/1, <URL:ftp://b/2> and http://c/3."
	for f := range percent.FindSeq(msg) {
		fmt.Println(f.URL)
		if strings.HasPrefix(f.URL, "ftp:") {
			break // the rest of msg is not read
		}
	}
	// Output:
	// http://a/1
	// ftp://b/2
}

func ExampleSplitQuery() {
	// Change one value and keep every other byte as it was sent.
	q := "sig=AbC%2f&b=1;2&a=x+y"
	var parts []string
	for name, value := range percent.SplitQuery(q) {
		if name == "a" {
			value = percent.Form.Encode("new value")
		}
		parts = append(parts, name+"="+value)
	}
	fmt.Println(strings.Join(parts, "&"))
	// Output:
	// sig=AbC%2f&b=1;2&a=new+value
}

func ExampleEncoding_Pairs() {
	for name, value := range percent.Form.Pairs("q=caf%C3%A9+au+lait&&lang=fr&bad=%zz") {
		fmt.Printf("%s=%q\n", name, value)
	}
	// Output:
	// q="café au lait"
	// lang="fr"
	// bad="%zz"
}

func ExampleEncoding_ParseQuery() {
	pairs, err := percent.Form.ParseQuery("b=2&a=x+y&a=%E2%82%AC")
	fmt.Println(pairs, err)
	i := slices.IndexFunc(pairs, func(p percent.Pair) bool { return p.Name == "a" })
	fmt.Println(pairs[i].Value) // the first "a", as url.Values.Get gives it
	_, err = percent.Form.ParseQuery("a=1&b=%zz")
	fmt.Println(err)
	_, err = percent.Form.ParseQuery(strings.Repeat("a=1&", 1001))
	fmt.Println(errors.Is(err, percent.ErrTooManyPairs))
	// Output:
	// [{b 2} {a x y} {a €}] <nil>
	// x y
	// percent: malformed escape "%zz" at offset 6: '%' must be followed by two hex digits (write a literal '%' as %25)
	// true
}

// A handler that reads one parameter need not parse the whole query: the
// other names' values are not decoded, so a malformed escape there is not
// its error.
func ExampleEncoding_QueryValues() {
	q := "tag=go&page=2&tag=url+encoding&t%61g=caf%C3%A9&sort=%zz"
	tags, err := percent.Form.QueryValues(q, "tag")
	fmt.Printf("%q %v\n", tags, err)
	_, err = percent.Form.QueryValues(q, "sort")
	fmt.Println(err)
	// Output:
	// ["go" "url encoding" "café"] <nil>
	// percent: malformed escape "%zz" at offset 52: '%' must be followed by two hex digits (write a literal '%' as %25)
}

// A server that parses a query per request can keep one slice: with room
// in it, a query costs one allocation at most, for all the parts that
// decoding changes.
func ExampleEncoding_AppendParseQuery() {
	var pairs []percent.Pair
	for _, q := range []string{"page=2&sort=desc", "q=caf%C3%A9+au+lait&page=1"} {
		var err error
		pairs, err = percent.Form.AppendParseQuery(pairs[:0], q, 100)
		fmt.Println(pairs, err)
	}
	_, err := percent.Form.AppendParseQuery(pairs[:0], "a=1&b=2&c=3", 2)
	fmt.Println(err)
	// Output:
	// [{page 2} {sort desc}] <nil>
	// [{q café au lait} {page 1}] <nil>
	// percent: too many pairs in query: 3 pairs, the limit is 2
}

func ExampleEncoding_EncodeQuery() {
	pairs := []percent.Pair{{Name: "q", Value: "a&b c"}, {Name: "lang", Value: "fr"}, {Name: "empty"}}
	fmt.Println(percent.Form.EncodeQuery(pairs))
	fmt.Println(percent.Query.EncodeQuery(pairs))
	// Output:
	// q=a%26b+c&lang=fr&empty=
	// q=a%26b%20c&lang=fr&empty=
}

func ExampleEncoding_CanonicalQuery() {
	// RFC 5849 §3.4.1.3.2: query and form body parameters together.
	c, err := percent.Form.CanonicalQuery("b5=%3D%253D&a3=a&c%40=&a2=r%20b&c2&a3=2+q")
	fmt.Println(c, err)
	// AWS SigV4: "+" in a query is a plus sign.
	c, _ = percent.Query.CanonicalQuery("Param2=value2&Param1=value1&x=%7e+y")
	fmt.Println(c)
	// Output:
	// a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2= <nil>
	// Param1=value1&Param2=value2&x=~%2By
}

// A client that builds its request from pairs signs their canonical form.
func ExampleCanonicalPairs() {
	pairs := []percent.Pair{{"q", "café au lait"}, {"page", "2"}, {"filter[status]", "~open"}}
	fmt.Println(percent.CanonicalPairs(pairs))
	// Output:
	// filter%5Bstatus%5D=~open&page=2&q=caf%C3%A9%20au%20lait
}

func ExampleDisplay() {
	fmt.Println(percent.Display("fecho://example/%D0%A4%D0%B8%D0%B4%D0%BE%D0%BD%D0%B5%D1%82.txt"))
	fmt.Println(percent.Display("http://example.org/D%C3%BCrst?q=a%2Fb%20c"))
	fmt.Println(percent.Display("http://h/%E2%80%AEtxt.exe"))   // U+202E RIGHT-TO-LEFT OVERRIDE
	fmt.Println(percent.Display("http://h/evil.com%E2%88%95x")) // U+2215 DIVISION SLASH looks like "/"
	// Output:
	// fecho://example/Фидонет.txt
	// http://example.org/Dürst?q=a%2Fb%20c
	// http://h/%E2%80%AEtxt.exe
	// http://h/evil.com%E2%88%95x
}

func ExampleToURI() {
	fmt.Println(percent.ToURI("http://example.org/Dürst?q=a b&p=100%&r=%41"))
	// Output:
	// http://example.org/D%C3%BCrst?q=a%20b&p=100%25&r=%41
}

func ExampleCheckPath() {
	for _, p := range []string{"/static/app.min.js", "/cgi-bin/.%2e/.%2e/etc/passwd", "/icons/%%32%65%%32%65/x", "/a%2Fb"} {
		fmt.Println(p, percent.CheckPath(p))
	}
	// Output:
	// /static/app.min.js <nil>
	// /cgi-bin/.%2e/.%2e/etc/passwd percent: path: dot segment at offset 9
	// /icons/%%32%65%%32%65/x percent: path: double encoding at offset 7
	// /a%2Fb percent: path: encoded slash at offset 2
}

func ExampleSplitPath() {
	segs, err := percent.SplitPath("/users/a%2Fb/caf%C3%A9/")
	fmt.Printf("%q %v\n", segs, err)
	p, err := percent.JoinSegments(segs...)
	fmt.Println(p, err)
	// Output:
	// ["users" "a/b" "café" ""] <nil>
	// /users/a%2Fb/caf%C3%A9/ <nil>
}

func ExampleEncoding_DecodeExcept() {
	// Decode a path for display or matching, but keep %2F and %25, so that
	// no later decoding can change its segments.
	s, err := percent.Path.DecodeExcept("/files/a%2Fb/100%25/%7Euser", percent.NewSet("/%"))
	fmt.Println(s, err)
	// Output:
	// /files/a%2Fb/100%25/~user <nil>
}

func ExampleRedactQuery() {
	fmt.Println(percent.RedactQuery("user=ann&api%5Fkey=s3cret&TOKEN=t0k&x=1", "REDACTED", "api_key", "token"))
	// Output:
	// user=ann&api%5Fkey=REDACTED&TOKEN=REDACTED&x=1
}

func ExampleEncoding_AppendEncodeString() {
	buf := make([]byte, 0, 64)
	buf = percent.Component.AppendEncodeString(buf, "a b&c")
	buf = append(buf, '&')
	buf, _ = percent.Form.AppendDecodeString(buf, "x+y%21")
	fmt.Println(string(buf))
	// Output:
	// a%20b%26c&x y!
}

// A GitHub API template, parsed once and expanded with a path segment,
// a query and a list.
