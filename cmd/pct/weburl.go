// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/urlcodec/percent/idna"
	"github.com/urlcodec/percent/weburl"
)

// The browser's commands: url (package weburl) and idna.

// urlJSON is the components of a URL as the URL API names them, in its
// order.
type urlJSON struct {
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

func runURL(c *ctx) error {
	if c.opt.checkRedirect {
		args := c.fs.Args()
		if len(args) != 1 || c.opt.base == "" {
			return usageError{"url -check-redirect takes -base and one TARGET"}
		}
		if err := weburl.CheckRedirect(args[0], c.opt.base, c.opt.allow...); err != nil {
			return inputError{err}
		}
		return nil
	}
	if len(c.opt.allow) > 0 {
		return usageError{"-allow goes with -check-redirect"}
	}
	var base *weburl.URL
	if c.opt.base != "" {
		b, err := weburl.Parse(c.opt.base)
		if err != nil {
			return usageError{"-base: " + err.Error()}
		}
		base = &b
	}
	return c.eachString(func(s string) (string, error) {
		u, err := weburl.ParseRef(s, base)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.Encode(urlJSON{u.Href(), u.Origin(), u.Protocol(), u.Username(), u.Password(), u.Host(),
			u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash()})
		return strings.TrimSuffix(b.String(), "\n"), nil
	})
}

func runIDNA(c *ctx) error {
	o := idna.Lookup
	if c.opt.strict {
		o = idna.Strict
	}
	return c.eachString(func(s string) (string, error) {
		if c.opt.decode {
			u, err := idna.ToUnicode(s, o)
			if err != nil {
				return "", fmt.Errorf("%w (as far as it goes: %s)", err, u)
			}
			return u, nil
		}
		return idna.ToASCII(s, o)
	})
}
