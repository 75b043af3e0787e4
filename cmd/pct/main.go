// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command pct percent-encodes and decodes text, compares and normalizes
// URLs, wraps and finds URLs in running text, and converts between charsets,
// with the github.com/urlcodec/percent library.
//
// Usage:
//
//	pct COMMAND [flags] [TEXT...]
//
// Each TEXT argument is one value, and each result is printed on its own
// line. Without TEXT, standard input is read in one of two ways, which each
// command's -h names:
//
//   - encode and decode read it as a byte stream: every byte is data, a final
//     newline too, and the result is written exactly, with no newline added
//     (in constant memory);
//   - the commands that read one URL or value (valid, make-safe, normalize,
//     wrap, unwrap, query, path, display, to-uri) take standard input less one
//     trailing line end ("\n" or "\r\n") as the value and end their output
//     with a newline.
//
// With -lines, each line is a value and keeps its line end; with -z, each
// NUL-terminated record. find reads standard input as text to search.
//
// Exit status: 0 on success, 1 when the input is bad (the message gives the
// byte offset) or, for valid and equal, when the answer is no, and 2 on a
// usage error.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/charset"
	"github.com/urlcodec/percent/dialect"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// A command is one subcommand of pct: its name, usage line, summary and
// example, the flags it takes, and what it does. Each is one entry of
// commands.
type command struct {
	name, args, summary, example string
	// input says how standard input is read without TEXT arguments.
	input inputKind
	// flags defines the command's flags on c.fs, through the ctx methods
	// that define each group; nil for none.
	flags func(c *ctx)
	run   func(c *ctx) error
}

var commands []*command

// An inputKind says how a command reads standard input.
type inputKind int

const (
	// oneValue: all of standard input less one trailing line end ("\n" or
	// "\r\n") is one value, and the output ends with a newline (with -lines
	// or -z, each record is a value and keeps its end).
	oneValue inputKind = iota
	// byteStream: standard input is the value, byte for byte, and the
	// output is written exactly, with no newline added (encode, decode).
	byteStream
	// runningText: standard input is text to search (find).
	runningText
	// noInput: the command reads no standard input.
	noInput
	// jsonValues: with -json, standard input is one JSON object of values
	// (template); otherwise it is not read.
	jsonValues
)

// describe says how command c, whose flags are in fs, reads its input and
// writes its output, for its -h: in the words of its own usage (TEXT or
// QUERY), naming -lines and -z only where it has them.
func (k inputKind) describe(c *command, fs *flag.FlagSet) string {
	arg := "TEXT"
	if f := strings.Fields(strings.Trim(c.args, "[]")); len(f) > 0 {
		arg = strings.TrimSuffix(f[0], "...")
	}
	records := ""
	if fs.Lookup("lines") != nil {
		records = " With -lines or -z, each record is a value and keeps its end."
	}
	output := ", and the output ends with a newline"
	if c.name == "valid" {
		output = "; the answer is the exit status, and nothing is written"
	}
	switch k {
	case byteStream:
		return "Without " + arg + ", standard input is one value, read as a byte stream: every byte counts, a final newline too, and the output is written exactly, with no newline added." + records
	case runningText:
		return "Without " + arg + ", standard input is the text to search."
	case noInput:
		return "Standard input is not read."
	case jsonValues:
		return "With -json, standard input is one JSON object of values; otherwise it is not read."
	}
	return "Without " + arg + `, standard input less one trailing line end ("\n" or "\r\n") is one value` + output + "." + records
}

func init() {
	commands = []*command{
		{"encode", "[TEXT...]", "percent-encode TEXT (or standard input)", `pct encode -set path "/my docs/read me.txt"`, byteStream,
			func(c *ctx) { c.setFlags("component"); c.lowerFlag(); c.charsetFlag(); c.recordFlags() }, runEncode},
		{"decode", "[TEXT...]", "decode the escapes of TEXT (or standard input)", `pct decode -set form "caf%C3%A9+au+lait"`, byteStream,
			func(c *ctx) { c.setFlags("component"); c.lenientFlag(); c.charsetFlag(); c.recordFlags() }, runDecode},
		{"valid", "[TEXT...]", "exit 0 when every value is valid encoded text for the set, 1 when one is not", `pct valid -set query "q=a%20b&x=1"`, oneValue,
			func(c *ctx) { c.setFlags("component"); c.recordFlags() }, runValid},
		{"make-safe", "[TEXT...]", "encode what the set does not allow, keep existing escapes (RFC 1630)", `pct make-safe -set path "/a b/%41%zz"`, oneValue,
			func(c *ctx) { c.setFlags("component"); c.lowerFlag(); c.recordFlags() }, runMakeSafe},
		{"normalize", "[TEXT...]", "write the normal form: upper-case hex, unreserved escapes decoded (-url: also scheme, host, dot segments)", `pct normalize -url "HTTP://Example.COM/a/./b/%7euser"`, oneValue,
			func(c *ctx) {
				c.recordFlags()
				c.fs.BoolVar(&c.opt.url, "url", false, "also lower-case scheme and host and remove dot segments (RFC 3986 §6.2.2)")
			}, runNormalize},
		{"equal", "A B", "exit 0 when A and B are equivalent URLs, 1 when not", `pct equal "http://h/%7Euser" "http://h/~user"`, noInput,
			func(c *ctx) {
				c.fs.BoolVar(&c.opt.url, "url", false, "compare as URLs: scheme and host case, dot segments (RFC 3986 §6.2.2)")
				c.fs.BoolVar(&c.opt.octets, "octets", false, "compare decoded octets, reserved characters too (exchange format, Moore 1993)")
			}, runEqual},
		{"wrap", "[TEXT...]", "write URLs in print format <...> (or with FidoURL %% line breaks)", `pct wrap -width 30 http://example.com/a/long/path/to/a/file.html`, oneValue,
			func(c *ctx) {
				c.recordFlags()
				c.fs.BoolVar(&c.opt.fido, "fido", false, "break lines with FidoURL %% markers instead of print format")
				c.fs.IntVar(&c.opt.width, "width", 72, "maximum line `WIDTH` in bytes (0: one line)")
			}, runWrap},
		{"unwrap", "[TEXT...]", "read a print-format (or FidoURL %%-broken) URL and write it in exchange format", `printf '<http://example.com/a/\n   b.html>' | pct unwrap`, oneValue,
			func(c *ctx) {
				c.fs.BoolVar(&c.opt.fido, "fido", false, "read a FidoURL %%-broken URL instead of print format")
			}, runUnwrap},
		{"find", "[TEXT...]", "list the URLs in text, one per line", `pct find -display < message.txt`, runningText,
			func(c *ctx) {
				c.fs.BoolVar(&c.opt.display, "display", false, "write each URL as people should see it (as pct display does)")
			}, runFind},
		{"query", "[QUERY]", "list the pairs of a query string or form body, one per line: name, a tab, value (or the canonical form for signing)", `pct query "b=2&a=x+y&a=%E2%82%AC"`, oneValue,
			func(c *ctx) {
				c.setFlags("form")
				c.fs.BoolVar(&c.opt.canonical, "canonical", false, "write the canonical query for signing (AWS SigV4, OAuth 1.0 RFC 5849 §3.4.1.3.2)")
				c.fs.IntVar(&c.opt.maxPairs, "max", percent.DefaultMaxPairs, "fail on more than `N` pairs (-1: no limit)")
				c.fs.StringVar(&c.opt.redact, "redact", "", "write the query with the values of the pairs named in `NAMES` (comma-separated, matched decoded and in any case) replaced by -mask, every other byte kept")
				c.fs.StringVar(&c.opt.mask, "mask", "REDACTED", "the `TEXT` that -redact writes")
			}, runQuery},
		{"path", "split|check [PATH...]", "split request paths into decoded segments (one line a path, segments separated by tabs), or check untrusted paths (exit 1 when one could mean other than it shows)", `pct path check "/cgi-bin/.%2e/.%2e/etc/passwd"`, oneValue,
			func(c *ctx) { c.recordFlags() }, runPath},
		{"display", "[URL...]", "write URLs as people should see them: the escapes that are safe to show decoded (RFC 3987 §3.2)", `pct display "http://example.org/D%C3%BCrst"`, oneValue,
			func(c *ctx) { c.recordFlags() }, runDisplay},
		{"to-uri", "[TEXT...]", "write an IRI or typed text as a URI: what a URI cannot hold escaped, escapes kept (RFC 3987 §3.1)", `pct to-uri "http://example.org/Dürst?q=a b"`, oneValue,
			func(c *ctx) { c.recordFlags() }, runToURI},
		{"template", "TEMPLATE [NAME=VALUE...] | -match TEMPLATE URI", "expand an RFC 6570 URI Template with values (each VALUE one string; a list as NAME:list=a,b,c, pairs as NAME:map=k1=v1,k2=v2), or read a URI back into them", `pct template "/repos/{owner}/{repo}/issues{?labels}" owner=golang repo=go labels:list=bug,NeedsFix`, jsonValues,
			func(c *ctx) {
				c.fs.BoolVar(&c.opt.json, "json", false, "read the values from standard input as one JSON object (strings, integers, arrays of strings, objects of strings, null)")
				c.fs.BoolVar(&c.opt.match, "match", false, "read URI back into the template's values and write them, one a line: name, a tab, value (exit 1 when it does not match)")
			}, runTemplate},
		{"param", "[-d] NAME VALUE...", "serialize an OpenAPI 3.2 parameter (one VALUE: a primitive; several: an array; -kind object: KEY=VALUE each), or with -d read its serialized TEXT back, one item a line", `pct param -in query -style form -explode=false color blue black 'a,b'`, noInput,
			func(c *ctx) {
				c.fs.StringVar(&c.opt.in, "in", "query", "where the parameter stands: `IN` is path, query, header or cookie")
				c.fs.StringVar(&c.opt.style, "style", "", "the `STYLE` (matrix, label, simple, form, spaceDelimited, pipeDelimited, deepObject, cookie; default: the spec's for -in)")
				c.fs.Func("explode", "explode `BOOL` (default: the spec's for the style)", func(v string) error {
					b, err := strconv.ParseBool(v)
					c.opt.explode = &b
					return err
				})
				c.fs.BoolVar(&c.opt.reserved, "reserved", false, "allowReserved: reserved expansion (RFC 6570 §3.2.3)")
				c.fs.StringVar(&c.opt.kind, "kind", "", "the value's `KIND`: primitive, array or object (default: primitive for one VALUE, array for several; with -d, primitive)")
				c.fs.BoolVar(&c.opt.decode, "d", false, "read TEXT (a path segment or header value; a raw query or Cookie header) back into the value")
			}, runParam},
		{"form", "[-d] [-dialect qs|rack|php] JSON|QUERY", "write a JSON object as a query with nested keys (package form's canonical form, or what an ecosystem's builder writes), or with -d read a query's nested keys into JSON (or the tree an ecosystem's parser gives)", `pct form -d 'items[0][sku]=A-1&items[0].qty=2&tags[]=new'`, noInput,
			func(c *ctx) {
				c.fs.BoolVar(&c.opt.decode, "d", false, "read QUERY (a raw query or form body) into JSON")
				c.fs.StringVar(&c.opt.dialect, "dialect", "", "read and write as `NAME` does: qs (qs.parse, qs.stringify), rack (parse_nested_query, build_nested_query) or php (parse_str, http_build_query)")
				c.fs.StringVar(&c.opt.arrays, "arrays", "indices", "how lists of scalars are written: `FORMAT` is indices, brackets, repeat or comma")
			}, runForm},
		{"url", "[URL...]", "parse URLs as a browser does (the URL Standard; -base resolves them) and write each one's components as JSON, or with -check-redirect -base URL [-allow HOST]... TARGET check a redirect target (exit 1, with the reason, when a browser or net/url would leave the allowed hosts)", `pct url -base "https://example.com/a/b" "../c?d#e"`, oneValue,
			func(c *ctx) {
				c.recordFlags()
				c.fs.StringVar(&c.opt.base, "base", "", "resolve each URL against `URL`")
				c.fs.BoolVar(&c.opt.checkRedirect, "check-redirect", false, "check TARGET as a redirect from -base (weburl.CheckRedirect)")
				c.fs.Func("allow", "allow redirects to `HOST` (repeatable; none: -base's origin)", func(v string) error {
					c.opt.allow = append(c.opt.allow, v)
					return nil
				})
			}, runURL},
		{"idna", "[-d] [-strict] [DOMAIN...]", "convert domains to their ASCII form as a browser does (UTS #46), or with -d to Unicode", `pct idna "Bücher.example"`, oneValue,
			func(c *ctx) {
				c.recordFlags()
				c.fs.BoolVar(&c.opt.decode, "d", false, "convert to Unicode (ToUnicode)")
				c.fs.BoolVar(&c.opt.strict, "strict", false, "apply the checks of a valid domain: hyphens, STD3 ASCII, DNS lengths (the URL Standard's beStrict)")
			}, runIDNA},
		{"sets", "", "list the predefined encodings with the bytes each leaves literal", `pct sets`, noInput,
			nil, runSets},
		{"charsets", "", "list the built-in charsets and their names", `pct charsets`, noInput,
			nil, runCharsets},
	}
}

// ctx holds one run's flags, streams and values.
type ctx struct {
	cmd    *command
	fs     *flag.FlagSet
	opt    options
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer

	enc *percent.Encoding // from -set or -safe, with -plus and -lower
	cs  charset.Charset   // from -charset, or nil

	buf    []byte // reused output buffer for records
	noEnds bool   // the command writes no output per value: no line ends either
}

// options holds the flags' values; each command defines the flags it takes.
type options struct {
	set, charset       string
	safe               percent.Set
	plus, lower        bool
	lenient            bool
	lines, nul         bool
	url, octets, fido  bool
	display, canonical bool
	redact, mask       string
	width, maxPairs    int
	json, match        bool
	in, style, kind    string // param
	arrays, dialect    string // form
	explode            *bool
	reserved, decode   bool
	base               string   // url
	allow              []string // url
	checkRedirect      bool     // url
	strict             bool     // idna
}

// usageError is an error in how pct was called: exit status 2.
type usageError struct{ msg string }

// Error returns the message.
func (e usageError) Error() string { return e.msg }

// inputError is bad input: exit status 1, with the message.
type inputError struct{ err error }

// Error returns the underlying error's message.
func (e inputError) Error() string { return e.err.Error() }

// Unwrap returns the underlying error, so that errors.As finds a
// *percent.DecodeError in it.
func (e inputError) Unwrap() error { return e.err }

// errNo is a "no" answer (valid, equal): exit status 1 without a message.
var errNo = errors.New("no")

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		w := stderr
		if len(args) > 0 {
			w = stdout
		}
		mainUsage(w)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	var cmd *command
	for _, c := range commands {
		if c.name == args[0] {
			cmd = c
		}
	}
	if cmd == nil {
		fmt.Fprintf(stderr, "pct: unknown command %q\n", args[0])
		mainUsage(stderr)
		return 2
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	c := &ctx{cmd: cmd, stdin: stdin, stdout: out, stderr: stderr}
	c.fs = flag.NewFlagSet("pct "+cmd.name, flag.ContinueOnError)
	c.fs.SetOutput(io.Discard)
	c.defineFlags()
	if err := c.fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.usage(stdout)
			return 0
		}
		fmt.Fprintf(stderr, "pct %s: %v\n", cmd.name, err)
		c.usage(stderr)
		return 2
	}
	err := c.setup()
	if err == nil {
		err = cmd.run(c)
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = ferr
	}
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errNo):
		return 1
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "pct %s: %v\n", cmd.name, err)
		c.usage(stderr)
		return 2
	}
	fmt.Fprintf(stderr, "pct %s: %v\n", cmd.name, err)
	return 1
}

func mainUsage(w io.Writer) {
	fmt.Fprintf(w, "Usage: pct COMMAND [flags] [TEXT...]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun \"pct COMMAND -h\" for a command's flags and an example.\n")
}

func (c *ctx) usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: pct %s [flags] %s\n\n%s.\n\n%s\n\nExample:\n  %s\n", c.cmd.name, c.cmd.args, c.cmd.summary, c.cmd.input.describe(c.cmd, c.fs), c.cmd.example)
	if c.hasFlags() {
		fmt.Fprintf(w, "\nFlags:\n")
		c.fs.SetOutput(w)
		c.fs.PrintDefaults()
		c.fs.SetOutput(io.Discard)
	}
}

func (c *ctx) hasFlags() bool {
	n := 0
	c.fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// defineFlags defines the command's flags.
func (c *ctx) defineFlags() {
	if c.cmd.flags != nil {
		c.cmd.flags(c)
	}
}

// setFlags defines -set (with def as its default), -safe and -plus.
func (c *ctx) setFlags(def string) {
	c.fs.StringVar(&c.opt.set, "set", def, "predefined encoding or dialect `NAME` (see \"pct sets\")")
	c.fs.Var((*setFlag)(&c.opt.safe), "safe", "literal set `SPEC` in bracket syntax, such as \"[-.0-9A-Za-z_~/]\" (instead of -set)")
	c.fs.BoolVar(&c.opt.plus, "plus", false, "space is \"+\" and \"+\" is %2B")
}

// A setFlag is the -safe flag: a Set in bracket syntax, with no default
// shown in the usage.
type setFlag percent.Set

// String returns the set in bracket syntax, or "" for no set.
func (f *setFlag) String() string {
	if f == nil || *f == (setFlag{}) {
		return ""
	}
	return percent.Set(*f).String()
}

// Set parses spec with percent.ParseSet.
func (f *setFlag) Set(spec string) error {
	s, err := percent.ParseSet(spec)
	if err != nil {
		return err
	}
	*f = setFlag(s)
	return nil
}

func (c *ctx) lowerFlag() {
	c.fs.BoolVar(&c.opt.lower, "lower", false, "write lower-case hex digits")
}

func (c *ctx) lenientFlag() {
	c.fs.BoolVar(&c.opt.lenient, "lenient", false, "keep a malformed escape as it is instead of failing")
}

func (c *ctx) charsetFlag() {
	c.fs.StringVar(&c.opt.charset, "charset", "", "text charset `NAME` (see \"pct charsets\"); the octets are UTF-8 text when not given")
}

// recordFlags defines -lines and -z, which split standard input into values.
func (c *ctx) recordFlags() {
	c.fs.BoolVar(&c.opt.lines, "lines", false, "treat each input line as its own value, keeping the line ends")
	c.fs.BoolVar(&c.opt.nul, "z", false, "values are NUL-terminated records")
}

// setup resolves the encoding and charset flags.
func (c *ctx) setup() error {
	given := map[string]bool{}
	c.fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if c.fs.Lookup("set") != nil {
		switch {
		case given["safe"] && given["set"]:
			return usageError{"-set and -safe cannot be used together"}
		case given["safe"]:
			if c.opt.safe.Contains('%') {
				return usageError{"the -safe set must not contain '%'"}
			}
			c.enc = percent.NewEncoding(c.opt.safe)
		default:
			enc, ok := percent.LookupEncoding(c.opt.set)
			if !ok {
				enc, ok = dialect.Lookup(c.opt.set)
			}
			if !ok {
				return usageError{fmt.Sprintf("unknown set %q (see \"pct sets\")", c.opt.set)}
			}
			c.enc = enc
		}
		if c.opt.plus {
			c.enc = c.enc.WithSpaceAsPlus()
		}
		if c.opt.lower {
			c.enc = c.enc.WithLowerHex()
		}
	}
	if c.opt.charset != "" {
		cs, ok := charset.Lookup(c.opt.charset)
		if !ok {
			return usageError{fmt.Sprintf("unknown charset %q (see \"pct charsets\")", c.opt.charset)}
		}
		c.cs = cs
	}
	if c.opt.lines && c.opt.nul {
		return usageError{"-lines and -z cannot be used together"}
	}
	return nil
}
