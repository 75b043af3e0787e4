// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
)

// The query command, and how a decoded field is written on one line.

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
	if c.opt.redact != "" {
		if c.opt.canonical {
			return usageError{"-redact and -canonical cannot be used together"}
		}
		_, err := c.stdout.WriteString(percent.RedactQuery(q, c.opt.mask, strings.Split(c.opt.redact, ",")...) + "\n")
		return err
	}
	pairs, err := c.enc.ParseQueryMax(q, c.opt.maxPairs)
	if err != nil {
		return inputError{err}
	}
	if c.opt.canonical {
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
