// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/charset"
)

// The codec commands: encode, decode, valid, make-safe.

func runEncode(c *ctx) error {
	var block func(b []byte, first int) error
	if c.cs == nil {
		block = c.encodeBlock
	}
	return c.eachBlock(block, func(v value) error {
		if c.cs != nil {
			s, err := readAll(v)
			if err != nil {
				return err
			}
			out, err := charset.EncodeText(c.enc, s, c.cs)
			if err != nil {
				return located(v, err)
			}
			_, err = c.stdout.WriteString(out)
			return err
		}
		if v.whole {
			return c.writeAppended(3*len(v.rec)+1, func(buf []byte) ([]byte, error) {
				return c.enc.AppendEncode(buf, v.rec), nil
			})
		}
		w := percent.NewEncoder(c.enc, c.stdout)
		_, err := io.Copy(w, v.r)
		return err
	})
}

func runDecode(c *ctx) error {
	var block func(b []byte, first int) error
	if c.cs == nil {
		// Decoding keeps the record ends (and a "\r" before "\n") as they
		// are, and no escape can span one ("%4\n" is malformed, as "%4" at
		// the end of a line is): many records are decoded at a time.
		block = c.decodeBlock
	}
	return c.eachBlock(block, func(v value) error {
		if c.cs != nil || v.arg {
			s, err := readAll(v)
			if err != nil {
				return err
			}
			var out string
			switch {
			case c.cs != nil && c.opt.lenient:
				out, err = charset.DecodeText(c.enc, c.enc.MakeSafe(s), c.cs)
			case c.cs != nil:
				out, err = charset.DecodeText(c.enc, s, c.cs)
			case c.opt.lenient:
				out = c.enc.DecodeLenient(s)
			default:
				out, err = c.enc.Decode(s)
			}
			if err != nil {
				return located(v, err)
			}
			_, err = c.stdout.WriteString(out)
			return err
		}
		if v.whole {
			err := c.writeAppended(len(v.rec), func(buf []byte) ([]byte, error) {
				if c.opt.lenient {
					return c.enc.AppendDecodeLenient(buf, v.rec), nil
				}
				return c.enc.AppendDecode(buf, v.rec)
			})
			var de *percent.DecodeError
			if errors.As(err, &de) {
				return located(v, err)
			}
			return err
		}
		var r io.Reader
		if c.opt.lenient {
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
		return nil
	})
}

// encodeBlock encodes whole records, each on its own (the "---" rule starts
// afresh in each), and writes them with their ends as they are.
func (c *ctx) encodeBlock(b []byte, _ int) error {
	delim := byte('\n')
	if c.opt.nul {
		delim = 0
	}
	out := c.buf[:0]
	for len(b) > 0 {
		k := bytes.IndexByte(b, delim) + 1
		data, end := cutEnd(b[:k], delim)
		out = c.enc.AppendEncode(out, data)
		out = append(out, end...)
		b = b[k:]
	}
	c.buf = out[:0]
	_, err := c.stdout.Write(out)
	return err
}

// writeAppended writes what add appends to an empty buffer: the output
// buffer's free room when it has need bytes (the record is coded straight
// into it), else c.buf. On an error of add it writes nothing.
func (c *ctx) writeAppended(need int, add func(buf []byte) ([]byte, error)) error {
	buf := c.stdout.AvailableBuffer()
	own := cap(buf) < need
	if own {
		buf = c.buf[:0]
	}
	buf, err := add(buf)
	if own {
		c.buf = buf[:0]
	}
	if err != nil {
		return err
	}
	_, err = c.stdout.Write(buf)
	return err
}

// decodeBlock decodes and writes whole records, ends included, the first
// of them record number first. On a malformed escape it writes the records
// before it and reports the record, decoded on its own for the message.
func (c *ctx) decodeBlock(b []byte, first int) error {
	out := c.buf[:0]
	var err error
	if c.opt.lenient {
		out = c.enc.AppendDecodeLenient(out, b)
	} else {
		out, err = c.enc.AppendDecode(out, b)
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
	delim, name := byte('\n'), "line"
	if c.opt.nul {
		delim, name = 0, "record"
	}
	start := bytes.LastIndexByte(b[:de.Offset], delim) + 1
	if err := c.decodeBlock(b[:start], first); err != nil {
		return err
	}
	rec := b[start:]
	rec, _ = cutEnd(rec[:bytes.IndexByte(rec, delim)+1], delim)
	_, err = c.enc.AppendDecode(nil, rec)
	return located(value{kind: name, n: first + bytes.Count(b[:start], []byte{delim})}, err)
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
		_, err = c.stdout.WriteString(out)
		return err
	})
}

func runMakeSafe(c *ctx) error {
	return c.eachString(func(s string) (string, error) { return c.enc.MakeSafe(s), nil })
}
