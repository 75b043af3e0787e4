// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

// A Dialect reads a query into the tree another ecosystem's parser gives
// for it, and writes a tree as that ecosystem's builder writes it: the
// same order, the same list-or-map choice, the same keys renamed or
// dropped, the same splitting and decoding. Where the original stops at a
// limit and keeps what it read so far, or raises, Parse returns an
// [*Error] instead.
//
// The dialects are [QS], [Rack] and [PHP]. Each one's doc names the
// functions it copies and the version its tests recorded.
type Dialect struct {
	name  string
	parse func(q string) (*Node, error)
	build func(n *Node) (string, error)
}

// Parse returns the tree d's original reads from the query q (without a
// leading "?": the originals read one as part of the first name), or an
// *Error where the original would raise or cut at a limit.
func (d *Dialect) Parse(q string) (*Node, error) { return d.parse(q) }

// Build returns the query d's original writes for the tree n, or an
// *Error for a tree the original cannot write.
func (d *Dialect) Build(n *Node) (string, error) { return d.build(n) }

// String returns the dialect's name: "qs", "rack" or "php".
func (d *Dialect) String() string { return d.name }
