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
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
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

// describe says how a command of kind k reads its input, for its -h.
func (k inputKind) describe() string {
	switch k {
	case byteStream:
		return "Without TEXT, standard input is one value, read as a byte stream: every byte counts, a final newline too, and the output is written exactly, with no newline added. With -lines or -z, each record is a value and keeps its end."
	case runningText:
		return "Without TEXT, standard input is the text to search."
	case noInput:
		return "Standard input is not read."
	case jsonValues:
		return "With -json, standard input is one JSON object of values; otherwise it is not read."
	}
	return "Without TEXT, standard input less one trailing line end (\n or \r\n) is one value, and the output ends with a newline. With -lines or -z (where the command has them), each record is a value and keeps its end."
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
				c.fs.BoolVar(&c.url, "url", false, "also lower-case scheme and host and remove dot segments (RFC 3986 §6.2.2)")
			}, runNormalize},
		{"equal", "A B", "exit 0 when A and B are equivalent URLs, 1 when not", `pct equal "http://h/%7Euser" "http://h/~user"`, noInput,
			func(c *ctx) {
				c.fs.BoolVar(&c.url, "url", false, "compare as URLs: scheme and host case, dot segments (RFC 3986 §6.2.2)")
				c.fs.BoolVar(&c.octets, "octets", false, "compare decoded octets, reserved characters too (exchange format, Moore 1993)")
			}, runEqual},
		{"wrap", "[TEXT...]", "write URLs in print format <...> (or with FidoURL %% line breaks)", `pct wrap -width 30 http://example.com/a/long/path/to/a/file.html`, oneValue,
			func(c *ctx) {
				c.recordFlags()
				c.fs.BoolVar(&c.fido, "fido", false, "break lines with FidoURL %% markers instead of print format")
				c.fs.IntVar(&c.width, "width", 72, "maximum line `WIDTH` in bytes (0: one line)")
			}, runWrap},
		{"unwrap", "[TEXT...]", "read a print-format (or FidoURL %%-broken) URL and write it in exchange format", `printf '<http://example.com/a/\n   b.html>' | pct unwrap`, oneValue,
			func(c *ctx) {
				c.fs.BoolVar(&c.fido, "fido", false, "read a FidoURL %%-broken URL instead of print format")
			}, runUnwrap},
		{"find", "[TEXT...]", "list the URLs in text, one per line", `pct find -display < message.txt`, runningText,
			func(c *ctx) {
				c.fs.BoolVar(&c.display, "display", false, "write each URL as people should see it (as pct display does)")
			}, runFind},
		{"query", "[QUERY]", "list the pairs of a query string or form body, one per line: name, a tab, value (or the canonical form for signing)", `pct query "b=2&a=x+y&a=%E2%82%AC"`, oneValue,
			func(c *ctx) {
				c.setFlags("form")
				c.fs.BoolVar(&c.canonical, "canonical", false, "write the canonical query for signing (AWS SigV4, OAuth 1.0 RFC 5849 §3.4.1.3.2)")
				c.fs.IntVar(&c.maxPairs, "max", percent.DefaultMaxPairs, "fail on more than `N` pairs (-1: no limit)")
				c.fs.StringVar(&c.redact, "redact", "", "write the query with the values of the pairs named in `NAMES` (comma-separated, matched decoded and in any case) replaced by -mask, every other byte kept")
				c.fs.StringVar(&c.mask, "mask", "REDACTED", "the `TEXT` that -redact writes")
			}, runQuery},
		{"path", "split|check [PATH...]", "split request paths into decoded segments (one line a path, segments separated by tabs), or check untrusted paths (exit 1 when one could mean other than it shows)", `pct path check "/cgi-bin/.%2e/.%2e/etc/passwd"`, oneValue,
			func(c *ctx) { c.recordFlags() }, runPath},
		{"display", "[URL...]", "write URLs as people should see them: the escapes that are safe to show decoded (RFC 3987 §3.2)", `pct display "http://example.org/D%C3%BCrst"`, oneValue,
			func(c *ctx) { c.recordFlags() }, runDisplay},
		{"to-uri", "[TEXT...]", "write an IRI or typed text as a URI: what a URI cannot hold escaped, escapes kept (RFC 3987 §3.1)", `pct to-uri "http://example.org/Dürst?q=a b"`, oneValue,
			func(c *ctx) { c.recordFlags() }, runToURI},
		{"template", "TEMPLATE [NAME=VALUE...] | -match TEMPLATE URI", "expand an RFC 6570 URI Template with values (a list as NAME=a,b,c, pairs as NAME=k1=v1,k2=v2), or read a URI back into them", `pct template "/repos/{owner}/{repo}/issues{?labels}" owner=golang repo=go labels=bug,NeedsFix`, jsonValues,
			func(c *ctx) {
				c.fs.BoolVar(&c.json, "json", false, "read the values from standard input as one JSON object (strings, integers, arrays of strings, objects of strings, null)")
				c.fs.BoolVar(&c.match, "match", false, "read URI back into the template's values and write them, one a line: name, a tab, value (exit 1 when it does not match)")
			}, runTemplate},
		{"sets", "", "list the predefined encodings with the bytes each leaves literal", `pct sets`, noInput,
			nil, runSets},
		{"charsets", "", "list the built-in charsets and their names", `pct charsets`, noInput,
			nil, runCharsets},
	}
}

// ctx holds one run's flags, streams and values.
type ctx struct {
	buf    []byte // reused output buffer for records
	cmd    *command
	fs     *flag.FlagSet
	stdin  io.Reader
	stdout *bufio.Writer
	stderr io.Writer

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

	enc *percent.Encoding
	cs  percent.Charset

	noEnds     bool // the command writes no output per value: no line ends either
	recordBase int  // records of standard input already done
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
	fmt.Fprintf(w, "Usage: pct %s [flags] %s\n\n%s.\n\n%s\n\nExample:\n  %s\n", c.cmd.name, c.cmd.args, c.cmd.summary, c.cmd.input.describe(), c.cmd.example)
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
	c.fs.StringVar(&c.set, "set", def, "predefined encoding or dialect `NAME` (see \"pct sets\")")
	c.fs.Var((*setFlag)(&c.safe), "safe", "literal set `SPEC` in bracket syntax, such as \"[-.0-9A-Za-z_~/]\" (instead of -set)")
	c.fs.BoolVar(&c.plus, "plus", false, "space is \"+\" and \"+\" is %2B")
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
	c.fs.BoolVar(&c.lower, "lower", false, "write lower-case hex digits")
}

func (c *ctx) lenientFlag() {
	c.fs.BoolVar(&c.lenient, "lenient", false, "keep a malformed escape as it is instead of failing")
}

func (c *ctx) charsetFlag() {
	c.fs.StringVar(&c.charset, "charset", "", "text charset `NAME` (see \"pct charsets\"); the octets are UTF-8 text when not given")
}

// recordFlags defines -lines and -z, which split standard input into values.
func (c *ctx) recordFlags() {
	c.fs.BoolVar(&c.lines, "lines", false, "treat each input line as its own value, keeping the line ends")
	c.fs.BoolVar(&c.nul, "z", false, "values are NUL-terminated records")
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
			if c.safe.Contains('%') {
				return usageError{"the -safe set must not contain '%'"}
			}
			c.enc = percent.NewEncoding(c.safe)
		default:
			enc, ok := percent.LookupEncoding(c.set)
			if !ok {
				enc, ok = dialect.Lookup(c.set)
			}
			if !ok {
				return usageError{fmt.Sprintf("unknown set %q (see \"pct sets\")", c.set)}
			}
			c.enc = enc
		}
		if c.plus {
			c.enc = c.enc.WithSpaceAsPlus()
		}
		if c.lower {
			c.enc = c.enc.WithLowerHex()
		}
	}
	if c.charset != "" {
		cs, ok := percent.LookupCharset(c.charset)
		if !ok {
			return usageError{fmt.Sprintf("unknown charset %q (see \"pct charsets\")", c.charset)}
		}
		c.cs = cs
	}
	if c.lines && c.nul {
		return usageError{"-lines and -z cannot be used together"}
	}
	return nil
}

// A value is one input value: an argument, a record, or all of stdin.
type value struct {
	kind string // "argument", "line", "record" or "input"
	n    int    // its number, from 1 (not for "input")
	r    io.Reader
	rec  *recordReader // the reader of a record, or nil
	end  string        // the record's line end, written after the result
	arg  bool          // an argument: small, and its result is written only whole
}

// where says which value v is, for messages: "argument 2", "line 3", "input".
func (v value) where() string {
	if v.kind == "input" {
		return v.kind
	}
	return fmt.Sprintf("%s %d", v.kind, v.n)
}

// whole returns the record v, with its end cut off, when it fits in the read
// buffer: the commands then work on it in one piece, without a stream (the
// slice is valid until the next read). It reports false for any other value,
// which must then be read from v.r.
func (v value) whole() ([]byte, bool) {
	if v.rec == nil {
		return nil, false
	}
	return v.rec.whole()
}

// each calls f for every input value, with its line end written after it.
// Arguments end in "\n" (or NUL with -z).
func (c *ctx) each(f func(v value) error) error {
	sep := "\n"
	if c.nul {
		sep = "\x00"
	}
	if args := c.fs.Args(); len(args) > 0 {
		for i, a := range args {
			if err := f(value{kind: "argument", n: i + 1, r: strings.NewReader(a), end: sep, arg: true}); err != nil {
				return err
			}
		}
		return nil
	}
	if !c.lines && !c.nul {
		if c.cmd.input != oneValue {
			return f(value{kind: "input", r: c.stdin})
		}
		b, err := io.ReadAll(c.stdin)
		if err != nil {
			return err
		}
		return f(value{kind: "input", r: bytes.NewReader(trimLineEnd(b)), end: "\n"})
	}
	delim := byte('\n')
	name := "line"
	if c.nul {
		delim, name = 0, "record"
	}
	br := bufio.NewReaderSize(c.stdin, 64<<10)
	rec := &recordReader{br: br, delim: delim}
	for n := c.recordBase + 1; ; n++ {
		rec.reset()
		if err := rec.fill(); err != nil {
			return err
		}
		if rec.done && len(rec.pending) == 0 && rec.ending == "" {
			return nil // the end of the input: no record
		}
		if err := f(value{kind: name, n: n, r: rec, rec: rec}); err != nil {
			return err
		}
		// Drain what f did not read, then write the record's end.
		for {
			if err := rec.fill(); err != nil {
				return err
			}
			if len(rec.pending) == 0 {
				break
			}
			rec.pending = nil
		}
		if c.noEnds || rec.ending == "" {
			continue
		}
		if _, err := c.stdout.WriteString(rec.ending); err != nil {
			return err
		}
	}
}

// recordReader reads one record from br up to delim, which it consumes but
// does not return; for lines, a "\r" before the "\n" is part of the ending.
// One recordReader serves every record of a run, through reset.
type recordReader struct {
	br      *bufio.Reader
	delim   byte
	pending []byte
	cr      bool // a "\r" held back: it may start the line end
	done    bool
	read    bool // Read has been called
	ending  string
}

// reset readies r for the next record.
func (r *recordReader) reset() {
	r.pending, r.cr, r.done, r.read, r.ending = nil, false, false, false, ""
}

// fill reads the next chunk of the record into r.pending unless there is
// one; r.pending stays empty at the end of the record.
func (r *recordReader) fill() error {
	for len(r.pending) == 0 {
		if r.done {
			return nil
		}
		chunk, err := r.br.ReadSlice(r.delim)
		switch {
		case err == nil:
			chunk = chunk[:len(chunk)-1]
			r.done = true
			r.ending = "\x00"
			if r.delim == '\n' {
				r.ending = "\n"
			}
			if r.delim == '\n' && (len(chunk) > 0 && chunk[len(chunk)-1] == '\r' || len(chunk) == 0 && r.cr) {
				r.ending = "\r\n"
				if len(chunk) > 0 {
					chunk = chunk[:len(chunk)-1]
				} else {
					r.cr = false
				}
			}
		case err == bufio.ErrBufferFull:
		case err == io.EOF:
			r.done = true
		default:
			return err
		}
		if r.cr {
			r.cr = false
			r.pending = append([]byte{'\r'}, chunk...)
			continue
		}
		if !r.done && r.delim == '\n' && len(chunk) > 0 && chunk[len(chunk)-1] == '\r' {
			chunk = chunk[:len(chunk)-1]
			r.cr = true
		}
		r.pending = chunk
		if len(chunk) == 0 && r.done {
			return nil
		}
	}
	return nil
}

// whole returns the whole record when its first chunk is all of it.
func (r *recordReader) whole() ([]byte, bool) {
	if r.read {
		return nil, false
	}
	if err := r.fill(); err != nil || !r.done {
		return nil, false
	}
	rec := r.pending
	r.pending = nil
	return rec, true
}

// Read returns the next bytes of the record, and io.EOF at its end.
func (r *recordReader) Read(p []byte) (int, error) {
	r.read = true
	if err := r.fill(); err != nil {
		return 0, err
	}
	if len(r.pending) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

// trimLineEnd returns b less one trailing "\n" or "\r\n".
func trimLineEnd(b []byte) []byte {
	b, ok := bytes.CutSuffix(b, []byte("\n"))
	if ok {
		b, _ = bytes.CutSuffix(b, []byte("\r"))
	}
	return b
}

// readAll reads a value whole, for the commands that work on whole strings.
func readAll(v value) (string, error) {
	b, err := io.ReadAll(v.r)
	return string(b), err
}

// located adds where the bad value was to an input error.
func located(v value, err error) error {
	if v.kind == "input" {
		return inputError{err}
	}
	return inputError{fmt.Errorf("%s: %w", v.where(), err)}
}

func runEncode(c *ctx) error {
	if (c.lines || c.nul) && c.cs == nil && len(c.fs.Args()) == 0 {
		// Every record of standard input in one stream, separators kept.
		sep := byte('\n')
		if c.nul {
			sep = 0
		}
		w := percent.NewRecordEncoder(c.enc, c.stdout, sep)
		if _, err := io.Copy(w, c.stdin); err != nil {
			return err
		}
		return w.Close()
	}
	return c.each(func(v value) error {
		if c.cs != nil {
			s, err := readAll(v)
			if err != nil {
				return err
			}
			out, err := c.enc.EncodeText(s, c.cs)
			if err != nil {
				return located(v, err)
			}
			_, err = c.stdout.WriteString(out + v.end)
			return err
		}
		if rec, ok := v.whole(); ok {
			// Encoded straight into the output buffer when it has room.
			buf := c.stdout.AvailableBuffer()
			own := cap(buf) <= 3*len(rec)
			if own {
				buf = c.buf[:0]
			}
			buf = c.enc.AppendEncode(buf, rec)
			buf = append(buf, v.rec.ending...) // written here, with the record
			v.rec.ending = ""
			if own {
				c.buf = buf[:0]
			}
			_, err := c.stdout.Write(buf)
			return err
		}
		w := percent.NewEncoder(c.enc, c.stdout)
		if _, err := io.Copy(w, v.r); err != nil {
			return err
		}
		_, err := c.stdout.WriteString(v.end)
		return err
	})
}

func runDecode(c *ctx) error {
	if (c.lines || c.nul) && c.cs == nil && len(c.fs.Args()) == 0 {
		if done, err := c.decodeRecords(); done || err != nil {
			return err
		}
	}
	return c.each(func(v value) error {
		if c.cs != nil || v.arg {
			s, err := readAll(v)
			if err != nil {
				return err
			}
			var out string
			switch {
			case c.cs != nil && c.lenient:
				out, err = c.enc.DecodeText(c.enc.MakeSafe(s), c.cs)
			case c.cs != nil:
				out, err = c.enc.DecodeText(s, c.cs)
			case c.lenient:
				out = c.enc.DecodeLenient(s)
			default:
				out, err = c.enc.Decode(s)
			}
			if err != nil {
				return located(v, err)
			}
			_, err = c.stdout.WriteString(out + v.end)
			return err
		}
		if rec, ok := v.whole(); ok {
			buf := c.stdout.AvailableBuffer()
			own := cap(buf) < len(rec)
			if own {
				buf = c.buf[:0]
			}
			var err error
			if c.lenient {
				buf = c.enc.AppendDecodeLenient(buf, rec)
			} else if buf, err = c.enc.AppendDecode(buf, rec); err != nil {
				return located(v, err)
			}
			if own {
				c.buf = buf[:0]
			}
			_, err = c.stdout.Write(buf)
			return err
		}
		var r io.Reader
		if c.lenient {
			r = percent.NewLenientDecoder(c.enc, v.r)
		} else {
			r = percent.NewDecoder(c.enc, v.r)
		}
		if _, err := io.Copy(c.stdout, r); err != nil {
			var de *percent.DecodeError
			if errors.As(err, &de) {
				return located(v, err)
			}
			return err
		}
		_, err := c.stdout.WriteString(v.end)
		return err
	})
}

// decodeRecords decodes standard input for decode -lines and -z: many
// records at a time, as decoding leaves the separators (and a "\r" before
// "\n") as they are and no escape can span one ("%4\n" is malformed, as "%4"
// at the end of a line is). On a malformed escape it writes the records
// before it and reports the record, decoded on its own for the message.
// At a record longer than its buffer it stops, not done, with c.stdin
// and c.recordBase set for each to go on from there.
func (c *ctx) decodeRecords() (done bool, err error) {
	delim, name := byte('\n'), "line"
	if c.nul {
		delim, name = 0, "record"
	}
	buf := make([]byte, 64<<10)
	n, records, eof := 0, 0, false // records: before buf
	for {
		if !eof {
			m, err := c.stdin.Read(buf[n:])
			n += m
			switch {
			case err == io.EOF:
				eof = true
			case err != nil:
				return false, err
			}
		}
		end := n
		if !eof {
			end = bytes.LastIndexByte(buf[:n], delim) + 1
		}
		if end == 0 && n == len(buf) {
			c.stdin = io.MultiReader(bytes.NewReader(buf[:n]), c.stdin)
			c.recordBase = records
			return false, nil
		}
		if err := c.decodeChunk(buf[:end], delim, name, records); err != nil {
			return false, err
		}
		records += bytes.Count(buf[:end], []byte{delim})
		n = copy(buf, buf[end:n])
		if eof && n == 0 {
			return true, nil
		}
	}
}

// decodeChunk decodes and writes chunk: whole records, the first of them
// the input's record number records+1.
func (c *ctx) decodeChunk(chunk []byte, delim byte, name string, records int) error {
	out := c.buf[:0]
	var err error
	if c.lenient {
		out = c.enc.AppendDecodeLenient(out, chunk)
	} else {
		out, err = c.enc.AppendDecode(out, chunk)
	}
	c.buf = out[:0]
	if err == nil {
		_, err = c.stdout.Write(out)
		return err
	}
	var de *percent.DecodeError
	if !errors.As(err, &de) {
		return err
	}
	start := bytes.LastIndexByte(chunk[:de.Offset], delim) + 1
	if err := c.decodeChunk(chunk[:start], delim, name, records); err != nil {
		return err
	}
	rec := chunk[start:]
	if i := bytes.IndexByte(rec, delim); i >= 0 {
		rec = rec[:i]
	}
	if delim == '\n' {
		rec = bytes.TrimSuffix(rec, []byte{'\r'})
	}
	_, err = c.enc.AppendDecode(nil, rec)
	return located(value{kind: name, n: records + bytes.Count(chunk[:start], []byte{delim}) + 1}, err)
}

func runValid(c *ctx) error {
	return c.checkEach("pct valid", func(s string) string {
		if i := c.enc.FirstInvalid(s); i >= 0 {
			return fmt.Sprintf("not valid at offset %d (%q)", i, s[i:min(i+3, len(s))])
		}
		return ""
	})
}

// checkEach runs check on every value and writes what it finds wrong to
// standard error, named by who and the value: the "no" answer (exit 1)
// when any value fails, and nothing on standard output.
func (c *ctx) checkEach(who string, check func(s string) string) error {
	c.noEnds = true
	bad := false
	err := c.each(func(v value) error {
		s, err := readAll(v)
		if err != nil {
			return err
		}
		if msg := check(s); msg != "" {
			bad = true
			fmt.Fprintf(c.stderr, "%s: %s: %s\n", who, v.where(), msg)
		}
		return nil
	})
	if err == nil && bad {
		return errNo
	}
	return err
}

// eachString applies f to every value read whole.
func (c *ctx) eachString(f func(string) (string, error)) error {
	return c.each(func(v value) error {
		s, err := readAll(v)
		if err != nil {
			return err
		}
		out, err := f(s)
		if err != nil {
			return located(v, err)
		}
		_, err = c.stdout.WriteString(out + v.end)
		return err
	})
}

func runMakeSafe(c *ctx) error {
	return c.eachString(func(s string) (string, error) { return c.enc.MakeSafe(s), nil })
}

func runNormalize(c *ctx) error {
	return c.eachString(func(s string) (string, error) {
		if c.url {
			return percent.NormalizeURL(s), nil
		}
		return percent.Normalize(s), nil
	})
}

func runEqual(c *ctx) error {
	args := c.fs.Args()
	if len(args) != 2 {
		return usageError{"equal takes two arguments"}
	}
	if c.url && c.octets {
		return usageError{"-url and -octets cannot be used together"}
	}
	eq := percent.Equal
	switch {
	case c.url:
		eq = percent.EqualURL
	case c.octets:
		eq = percent.EqualOctets
	}
	if eq(args[0], args[1]) {
		return nil
	}
	return errNo
}

func runWrap(c *ctx) error {
	return c.eachString(func(s string) (string, error) {
		// A URL in print format already is unwrapped first; any other text
		// is the URL, every byte of it (Wrap escapes what exchange format
		// cannot hold).
		if t := strings.TrimSpace(s); strings.HasPrefix(t, "<") {
			u, err := percent.Unwrap(t)
			if err != nil {
				return "", err
			}
			s = u
		}
		if c.fido {
			return percent.WrapFido(s, c.width), nil
		}
		return percent.Wrap(s, c.width), nil
	})
}

func runUnwrap(c *ctx) error {
	return c.eachString(func(s string) (string, error) {
		if c.fido {
			return percent.UnwrapFido(s)
		}
		return percent.Unwrap(s)
	})
}

func runFind(c *ctx) error {
	return c.each(func(v value) error {
		s, err := readAll(v)
		if err != nil {
			return err
		}
		for f := range percent.FindSeq(s) {
			u := f.URL
			if c.display {
				u = percent.Display(u)
			}
			if _, err := c.stdout.WriteString(u + "\n"); err != nil {
				return err
			}
		}
		return nil
	})
}

func runSets(c *ctx) error {
	if len(c.fs.Args()) > 0 {
		return usageError{"sets takes no arguments"}
	}
	for _, e := range percent.Encodings() {
		plus := ""
		if e.Encoding.SpaceAsPlus() && !strings.Contains(e.Doc, "space as +") {
			plus = " (space as +)"
		}
		fmt.Fprintf(c.stdout, "%-21s %s%s\n%-21s %s\n", e.Name, e.Doc, plus, "", e.Encoding.Safe())
	}
	// The dialects write what another library writes (package dialect).
	for _, d := range dialect.All() {
		plus := ""
		if d.Encoding.SpaceAsPlus() {
			plus = ", space as +"
		}
		fmt.Fprintf(c.stdout, "%-21s writes what %s writes%s\n%-21s %s\n", d.Name, d.Copies, plus, "", d.Encoding.Safe())
	}
	return nil
}

func runCharsets(c *ctx) error {
	if len(c.fs.Args()) > 0 {
		return usageError{"charsets takes no arguments"}
	}
	for _, cs := range percent.Charsets() {
		var aliases []string
		if a, ok := cs.(interface{ Aliases() []string }); ok {
			aliases = a.Aliases()
		}
		fmt.Fprintf(c.stdout, "%-13s %s\n", cs.Name(), strings.Join(aliases, " "))
	}
	return nil
}

// runQuery lists the pairs of a query, or writes its canonical form.
func runQuery(c *ctx) error {
	var q string
	switch args := c.fs.Args(); len(args) {
	case 0:
		b, err := io.ReadAll(c.stdin)
		if err != nil {
			return err
		}
		q = string(trimLineEnd(b))
	case 1:
		q = args[0]
	default:
		return usageError{"query takes one QUERY argument, or reads standard input"}
	}
	if c.redact != "" {
		if c.canonical {
			return usageError{"-redact and -canonical cannot be used together"}
		}
		_, err := c.stdout.WriteString(percent.RedactQuery(q, c.mask, strings.Split(c.redact, ",")...) + "\n")
		return err
	}
	pairs, err := c.enc.ParseQueryMax(q, c.maxPairs)
	if err != nil {
		return inputError{err}
	}
	if c.canonical {
		_, err = c.stdout.WriteString(percent.CanonicalPairs(pairs) + "\n")
		return err
	}
	for _, p := range pairs {
		c.stdout.WriteString(field(p.Name))
		c.stdout.WriteByte('\t')
		c.stdout.WriteString(field(p.Value))
		if err := c.stdout.WriteByte('\n'); err != nil {
			return err
		}
	}
	return nil
}

// field writes a decoded name or value on one line, every byte visible and
// the line reversible: a backslash as \\, a tab, newline or carriage return
// as \t, \n or \r, any other control byte (00–1F, 7F) and any byte that is
// not part of valid UTF-8 as \xHH (upper-case hex); everything else, valid
// UTF-8 text, as it is.
func field(s string) string {
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7F || c == '\\' || c >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c == 0x7F:
			fmt.Fprintf(&b, `\x%02X`, c)
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				fmt.Fprintf(&b, `\x%02X`, c)
			} else {
				b.WriteString(s[i : i+n])
			}
			i += n
			continue
		default:
			b.WriteByte(c)
		}
		i++
	}
	return b.String()
}

// runPath splits paths into their decoded segments, or checks them.
func runPath(c *ctx) error {
	args := c.fs.Args()
	if len(args) == 0 || args[0] != "split" && args[0] != "check" {
		return usageError{"path takes split or check, then the paths (or standard input)"}
	}
	action := args[0]
	if err := c.fs.Parse(args[1:]); err != nil { // flags after the action, and the paths
		return usageError{err.Error()}
	}
	if action == "check" {
		return c.checkEach("pct path check", func(s string) string {
			if err := percent.CheckPath(s); err != nil {
				return err.Error()
			}
			return ""
		})
	}
	return c.eachString(func(s string) (string, error) {
		segs, err := percent.SplitPath(s)
		if err != nil {
			return "", err
		}
		for i, seg := range segs {
			segs[i] = field(seg)
		}
		return strings.Join(segs, "\t"), nil
	})
}

// runDisplay writes each URL as people should see it.
func runDisplay(c *ctx) error {
	return c.eachString(func(s string) (string, error) { return percent.Display(s), nil })
}

// runToURI writes each IRI or text as a URI.
func runToURI(c *ctx) error {
	return c.eachString(func(s string) (string, error) { return percent.ToURI(s), nil })
}
