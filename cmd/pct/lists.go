// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"fmt"
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/charset"
	"github.com/urlcodec/percent/dialect"
)

// The listings: sets and charsets.

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
	for _, cs := range charset.All() {
		var aliases []string
		if a, ok := cs.(interface{ Aliases() []string }); ok {
			aliases = a.Aliases()
		}
		fmt.Fprintf(c.stdout, "%-13s %s\n", cs.Name(), strings.Join(aliases, " "))
	}
	return nil
}
