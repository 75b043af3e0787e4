// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package pieces gives the packages above the root the pieces of a query
// or a Cookie header with their offsets, so that their errors can say where
// a piece stands. A query is split by the root's one splitter,
// percent.SplitQuery (the scanner behind ParseQuery); this package only
// counts where each piece it yields begins.
package pieces

import (
	"iter"
	"strings"

	"github.com/urlcodec/percent"
)

// A Piece is one name=value piece of a query or Cookie header s: the raw
// name s[Name:Eq] and the raw value s[Eq+1:End], with Eq == End for a
// piece without "=" (its value is empty).
type Piece struct{ Name, Eq, End int }

// RawName returns the piece's name as it stands in s.
func (p Piece) RawName(s string) string { return s[p.Name:p.Eq] }

// Value returns where the piece's value begins: after its "=", or at its
// end for a piece without one.
func (p Piece) Value() int { return min(p.Eq+1, p.End) }

// RawValue returns the piece's value as it stands in s.
func (p Piece) RawValue(s string) string { return s[p.Value():p.End] }

// Query yields the pieces of the query q that percent.SplitQuery yields,
// in order, with their offsets in q: "&" separates, empty pieces are
// skipped, the name runs to the first "=". A leading "?" is not skipped;
// the caller that reads one takes it off and adds 1 to the offsets.
func Query(q string) iter.Seq[Piece] {
	return func(yield func(Piece) bool) {
		pos := 0
		for name, value := range percent.SplitQuery(q) {
			// The pieces stand in q in order, and only "&" lies between
			// them: each begins after the "&" run that ends the last.
			for q[pos] == '&' {
				pos++
			}
			p := Piece{pos, pos + len(name), pos + len(name)}
			if p.Eq < len(q) && q[p.Eq] == '=' {
				p.End += 1 + len(value)
			}
			if !yield(p) {
				return
			}
			pos = p.End
		}
	}
}

// Cookie yields the pieces of a Cookie header h (RFC 6265 §5.4): ";"
// separates, white space (space and tab) around a piece is trimmed, empty
// pieces are skipped, the name runs to the first "=".
func Cookie(h string) iter.Seq[Piece] {
	return func(yield func(Piece) bool) {
		for at := 0; at <= len(h); {
			a, b := at, len(h)
			if k := strings.IndexByte(h[a:], ';'); k >= 0 {
				b = a + k
			}
			at = b + 1
			for a < b && (h[a] == ' ' || h[a] == '\t') {
				a++
			}
			for b > a && (h[b-1] == ' ' || h[b-1] == '\t') {
				b--
			}
			if a == b {
				continue
			}
			eq := b
			if k := strings.IndexByte(h[a:b], '='); k >= 0 {
				eq = a + k
			}
			if !yield(Piece{a, eq, b}) {
				return
			}
		}
	}
}
