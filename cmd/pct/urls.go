// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"strings"

	"github.com/urlcodec/percent"
)

// The URL commands: normalize, equal, wrap, unwrap, find, display, to-uri,
// path.

func runNormalize(c *ctx) error {
	return c.eachString(func(s string) (string, error) {
		if c.opt.url {
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
	if c.opt.url && c.opt.octets {
		return usageError{"-url and -octets cannot be used together"}
	}
	eq := percent.Equal
	switch {
	case c.opt.url:
		eq = percent.EqualURL
	case c.opt.octets:
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
		if c.opt.fido {
			return percent.WrapFido(s, c.opt.width), nil
		}
		return percent.Wrap(s, c.opt.width), nil
	})
}

func runUnwrap(c *ctx) error {
	return c.eachString(func(s string) (string, error) {
		if c.opt.fido {
			return percent.UnwrapFido(s)
		}
		return percent.Unwrap(s)
	})
}

func runFind(c *ctx) error {
	c.noEnds = true // a line for each URL found
	return c.each(func(v value) error {
		s, err := readAll(v)
		if err != nil {
			return err
		}
		for f := range percent.FindSeq(s) {
			u := f.URL
			if c.opt.display {
				u = percent.Display(u)
			}
			if _, err := c.stdout.WriteString(u + "\n"); err != nil {
				return err
			}
		}
		return nil
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
