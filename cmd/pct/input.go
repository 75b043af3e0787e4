// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
)

// The input side of pct: how the TEXT arguments and standard input become
// values. Every command that reads records reads them through the one
// splitter below, and the line-end rule is written once (cutEnd).

// A value is one input value: an argument, a record, or all of standard
// input.
type value struct {
	kind string // "argument", "line", "record" or "input"
	n    int    // its number, from 1 (not for "input")
	// The value: rec when it is in memory whole (held until the next
	// read), else read from r.
	rec   []byte
	whole bool
	r     io.Reader
	end   string // written after the command's output for the value
	arg   bool   // an argument
}

// where says which value v is, for messages: "argument 2", "line 3", "input".
func (v value) where() string {
	if v.kind == "input" {
		return v.kind
	}
	return fmt.Sprintf("%s %d", v.kind, v.n)
}

// located adds where the bad value was to an input error.
func located(v value, err error) error {
	if v.kind == "input" {
		return inputError{err}
	}
	return inputError{fmt.Errorf("%s: %w", v.where(), err)}
}

// readAll reads a value whole, for the commands that work on whole strings.
func readAll(v value) (string, error) {
	if v.whole {
		return string(v.rec), nil
	}
	b, err := io.ReadAll(v.r)
	return string(b), err
}

// cutEnd splits a record, as read up to and including its delimiter, into
// its data and its end: for lines ("\n"), "\r\n" or "\n", a "\r" right
// before the "\n" being part of the end and any other "\r" data; for -z,
// the NUL. A record without its delimiter (the input's last) has no end.
func cutEnd(rec []byte, delim byte) (data []byte, end string) {
	n := len(rec)
	switch {
	case n == 0 || rec[n-1] != delim:
		return rec, ""
	case delim != '\n':
		return rec[:n-1], "\x00"
	case n >= 2 && rec[n-2] == '\r':
		return rec[:n-2], "\r\n"
	}
	return rec[:n-1], "\n"
}

// each calls f for every input value, and writes the value's end after
// what f wrote (unless c.noEnds). An argument ends in "\n" (NUL with -z).
func (c *ctx) each(f func(v value) error) error {
	return c.eachBlock(nil, f)
}

// eachBlock is each, where block, if not nil, takes the whole records that
// the read buffer holds many at a time, ends included, the first of them
// record number first: for the commands whose output keeps the record
// ends as they are (decode). Records longer than the buffer still go to f.
func (c *ctx) eachBlock(block func(b []byte, first int) error, f func(v value) error) error {
	emit := func(v value) error {
		if err := f(v); err != nil {
			return err
		}
		if c.noEnds || v.end == "" {
			return nil
		}
		_, err := c.stdout.WriteString(v.end)
		return err
	}
	if args := c.fs.Args(); len(args) > 0 {
		sep := "\n"
		if c.opt.nul {
			sep = "\x00"
		}
		for i, a := range args {
			if err := emit(value{kind: "argument", n: i + 1, rec: []byte(a), whole: true, end: sep, arg: true}); err != nil {
				return err
			}
		}
		return nil
	}
	if !c.opt.lines && !c.opt.nul {
		if c.cmd.input != oneValue {
			return emit(value{kind: "input", r: c.stdin})
		}
		b, err := io.ReadAll(c.stdin)
		if err != nil {
			return err
		}
		return emit(value{kind: "input", rec: trimLineEnd(b), whole: true, end: "\n"})
	}
	s := newSplitter(c.stdin, c.opt.nul)
	for {
		b, err := s.wholeRecords()
		if err != nil {
			return err
		}
		if b != nil {
			if block != nil {
				if err := block(b, s.n+1); err != nil {
					return err
				}
				s.n += bytes.Count(b, []byte{s.delim})
				continue
			}
			for len(b) > 0 {
				k := bytes.IndexByte(b, s.delim) + 1
				data, end := cutEnd(b[:k], s.delim)
				s.n++
				if err := emit(value{kind: s.name, n: s.n, rec: data, whole: true, end: end}); err != nil {
					return err
				}
				b = b[k:]
			}
			continue
		}
		// A record longer than the buffer, or the last one without its
		// end: read as a stream.
		r := s.streamRecord()
		if r == nil {
			return nil // the end of the input
		}
		s.n++
		v := value{kind: s.name, n: s.n, r: r}
		if err := f(v); err != nil {
			return err
		}
		if _, err := io.Copy(io.Discard, r); err != nil { // what f did not read
			return err
		}
		if !c.noEnds && r.end != "" {
			if _, err := c.stdout.WriteString(r.end); err != nil {
				return err
			}
		}
	}
}

// A splitter cuts standard input into records ending in delim ("\n" for
// -lines, NUL for -z): whole records many at a time, as the read buffer
// holds them, and a record longer than the buffer as a stream.
type splitter struct {
	br    *bufio.Reader
	delim byte
	name  string // "line" or "record"
	n     int    // records read so far
}

// splitBuffer is the size of the splitter's read buffer: a record that
// fits it is handled whole.
const splitBuffer = 64 << 10

func newSplitter(r io.Reader, nul bool) *splitter {
	s := &splitter{br: bufio.NewReaderSize(r, splitBuffer), delim: '\n', name: "line"}
	if nul {
		s.delim, s.name = 0, "record"
	}
	return s
}

// wholeRecords returns the whole records at the front of the input, ends
// included, as many as the read buffer holds (held until the next read),
// and consumes them. It returns nil where the next record does not fit the
// buffer, or has no end (the input's last), or at the end of the input: for
// streamRecord.
func (s *splitter) wholeRecords() ([]byte, error) {
	for {
		b, _ := s.br.Peek(s.br.Buffered())
		if k := bytes.LastIndexByte(b, s.delim); k >= 0 {
			s.br.Discard(k + 1)
			return b[:k+1], nil
		}
		if len(b) == s.br.Size() {
			return nil, nil
		}
		// Read more: one read of the underlying reader.
		if _, err := s.br.Peek(len(b) + 1); err != nil {
			if err == io.EOF || err == bufio.ErrBufferFull {
				return nil, nil
			}
			return nil, err
		}
	}
}

// streamRecord returns a reader of the next record, which delivers its
// data and then records its end; nil at the end of the input.
func (s *splitter) streamRecord() *recordReader {
	if _, err := s.br.Peek(1); err == io.EOF {
		return nil
	}
	return &recordReader{s: s}
}

// A recordReader reads one record from the splitter's buffer, a piece at a
// time, up to its delimiter, which it consumes but does not return. The
// record's end (see cutEnd) is in end once Read has returned io.EOF.
type recordReader struct {
	s       *splitter
	pending []byte
	cr      bool // a "\r" held back from the end of a piece: it may begin "\r\n"
	done    bool
	end     string
}

// fill reads the next piece of the record into r.pending unless there is
// one; r.pending stays empty at the end of the record.
func (r *recordReader) fill() error {
	for len(r.pending) == 0 && !r.done {
		piece, err := r.s.br.ReadSlice(r.s.delim)
		switch err {
		case nil:
			r.done = true
		case bufio.ErrBufferFull:
		case io.EOF:
			r.done = true
		default:
			return err
		}
		if r.cr {
			// The "\r" held back: the line's end if "\n" follows it.
			r.cr = false
			if string(piece) == "\n" {
				r.end = "\r\n"
				return nil
			}
			r.pending = append([]byte{'\r'}, piece...)
		} else {
			r.pending = piece
		}
		if r.done {
			r.pending, r.end = cutEnd(r.pending, r.s.delim)
			return nil
		}
		if n := len(r.pending); r.s.delim == '\n' && n > 0 && r.pending[n-1] == '\r' {
			r.pending, r.cr = r.pending[:n-1], true
		}
	}
	return nil
}

// Read returns the next bytes of the record, and io.EOF at its end.
func (r *recordReader) Read(p []byte) (int, error) {
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

// trimLineEnd returns b less one trailing line end (cutEnd).
func trimLineEnd(b []byte) []byte {
	data, _ := cutEnd(b, '\n')
	return data
}
