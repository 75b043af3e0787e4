// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"errors"
	"strings"

	"github.com/urlcodec/percent"
)

// The reader: a query becomes a tree of nodes in one slice, each pair
// adding at most one node a step of its key and one for its value, so
// that the tree's size is bounded by the query's (a step takes at least
// two bytes). Binding to Go values (decode.go) walks the tree afterwards,
// when every item of a list is known and the indices can order them.

// Node kinds.
const (
	named = iota // a base or a "[name]" / ".name" step
	app          // a "[]" step
	value        // a value given at its parent's key; name holds it
)

// A node is one key (or value) of the tree. Children are linked in the
// order they first appear.
type node struct {
	name              string
	off               int // offset in q of the step's text, or of the value
	parent            int32
	first, last, next int32 // -1: none
	nkids             int32
	kind              uint8
	indexed           bool // its named children are in tree.lookup
}

// A tree holds the nodes of a query; nodes[0] is the root, whose
// children are the bases.
type tree struct {
	q      string
	base   int // offset of q in the caller's query ("?" skipped)
	nodes  []node
	lookup map[kidKey]int32
	pairs  int
}

type kidKey struct {
	parent int32
	name   string
}

// lookupAt is the number of named children past which a node's children
// are found through tree.lookup rather than by a walk: a query of n pairs
// under one key costs O(n), not O(n²).
const lookupAt = 16

// read splits q into pairs (percent.SplitQuery), decodes each name and
// value as percent.Form decodes them, reads each name as a key path, and
// builds the tree.
func read(q string, maxPairs, maxDepth int) (*tree, error) {
	t := &tree{}
	if strings.HasPrefix(q, "?") {
		q, t.base = q[1:], 1
	}
	t.q = q
	n := strings.Count(q, "&") + 1
	if maxPairs >= 0 {
		n = min(n, maxPairs+1)
	}
	t.nodes = make([]node, 1, 1+3*n)
	t.nodes[0] = node{parent: -1, first: -1, last: -1, next: -1}
	var buf [8]step
	pos := 0
	for rawName, rawValue := range percent.SplitQuery(q) {
		for pos < len(q) && q[pos] == '&' {
			pos++
		}
		nameOff := pos
		pos += len(rawName)
		valOff := pos
		if pos < len(q) && q[pos] == '=' {
			valOff++
			pos += 1 + len(rawValue)
		}
		if t.pairs == maxPairs {
			return nil, t.errorAt(-1, nameOff, "more pairs than the limit", percent.ErrTooManyPairs)
		}
		t.pairs++
		name, err := percent.Form.Decode(rawName)
		if err != nil {
			return nil, t.decodeError(nameOff, err)
		}
		val, err := percent.Form.Decode(rawValue)
		if err != nil {
			return nil, t.decodeError(valOff, err)
		}
		base, steps, at, reason := parseKey(name, buf[:0], maxDepth)
		if at >= 0 {
			e := t.errorAt(-1, nameOff+rawOffset(rawName, at), reason, nil)
			e.Key = name
			return nil, e
		}
		cur := t.child(0, base, nameOff)
		for _, s := range steps {
			off := nameOff + rawOffset(rawName, s.off)
			if s.app {
				cur = t.add(cur, app, "", off)
			} else {
				cur = t.child(cur, s.name, off)
			}
		}
		t.add(cur, value, val, valOff)
	}
	return t, nil
}

// add appends a child of kind k to parent p and returns it.
func (t *tree) add(p int32, k uint8, name string, off int) int32 {
	c := int32(len(t.nodes))
	t.nodes = append(t.nodes, node{name: name, off: off, parent: p, first: -1, last: -1, next: -1, kind: k})
	pn := &t.nodes[p]
	if pn.last < 0 {
		pn.first = c
	} else {
		t.nodes[pn.last].next = c
	}
	pn.last = c
	pn.nkids++
	if k == named && pn.indexed {
		t.lookup[kidKey{p, name}] = c
	}
	return c
}

// child returns p's named child name, added if it is not there.
func (t *tree) child(p int32, name string, off int) int32 {
	pn := &t.nodes[p]
	if pn.indexed {
		if c, ok := t.lookup[kidKey{p, name}]; ok {
			return c
		}
		return t.add(p, named, name, off)
	}
	for c := pn.first; c >= 0; c = t.nodes[c].next {
		if t.nodes[c].kind == named && t.nodes[c].name == name {
			return c
		}
	}
	if pn.nkids >= lookupAt {
		if t.lookup == nil {
			t.lookup = make(map[kidKey]int32)
		}
		pn.indexed = true
		for c := pn.first; c >= 0; c = t.nodes[c].next {
			if t.nodes[c].kind == named {
				t.lookup[kidKey{p, t.nodes[c].name}] = c
			}
		}
	}
	return t.add(p, named, name, off)
}

// key writes the key path of node n in bracket form: items[3][price],
// with "[]" for an append; a value's key is its parent's.
func (t *tree) key(n int32) string {
	if n >= 0 && t.nodes[n].kind == value {
		n = t.nodes[n].parent
	}
	var path []int32
	for ; n > 0; n = t.nodes[n].parent {
		path = append(path, n)
	}
	var b strings.Builder
	for i := len(path) - 1; i >= 0; i-- {
		nd := &t.nodes[path[i]]
		switch {
		case i == len(path)-1:
			b.WriteString(nd.name)
		case nd.kind == app:
			b.WriteString("[]")
		default:
			b.WriteByte('[')
			b.WriteString(nd.name)
			b.WriteByte(']')
		}
	}
	return b.String()
}

// errorAt returns the *Error of node n (or of no node, n < 0) at offset
// off of t.q.
func (t *tree) errorAt(n int32, off int, reason string, err error) *Error {
	e := &Error{Offset: t.base + off, Reason: reason, Err: err}
	if n >= 0 {
		e.Key = t.key(n)
	}
	return e
}

// decodeError is the *Error of a malformed escape in the part of q at off.
func (t *tree) decodeError(off int, err error) *Error {
	var de *percent.DecodeError
	if errors.As(err, &de) {
		off += de.Offset
	}
	return t.errorAt(-1, off, "malformed escape", err)
}
