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

// mapIndex finds a Map node's members by key once the map has grown past a
// few: the dialects look a key up at every pair, and a query of n pairs
// must not cost n² string comparisons.
type mapIndex map[*Node]map[string]int

const mapIndexMin = 16

// find returns the position of key among n's members, or -1.
func (x mapIndex) find(n *Node, key string) int {
	if len(n.Members) < mapIndexMin {
		for i, m := range n.Members {
			if m.Key == key {
				return i
			}
		}
		return -1
	}
	idx := x[n]
	if idx == nil || len(idx) != len(n.Members) {
		idx = make(map[string]int, len(n.Members))
		for i, m := range n.Members {
			idx[m.Key] = i
		}
		x[n] = idx
	}
	if i, ok := idx[key]; ok {
		return i
	}
	return -1
}

// add appends a member to n, which has no member named key.
func (x mapIndex) add(n *Node, key string, v *Node) {
	n.Members = append(n.Members, Member{key, v})
	if idx := x[n]; idx != nil {
		idx[key] = len(n.Members) - 1
	}
}
