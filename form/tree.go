// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"errors"
	"strings"
	"sync"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/pieces"
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
	value        // a value given at its parent's key; its text is the value
)

// A node is one key (or value) of the tree. Children are linked in the
// order they first appear. A node holds no pointer, so that the tree is
// one allocation the garbage collector need not scan: its text is
// pairs[pair].Name[a:b], or pairs[pair].Value for a value.
type node struct {
	a, b              int32
	pair              int32 // the pair of q the node was read from
	doff              int32 // a step's first byte in the decoded name ("[" or "."; 0 for a base)
	parent            int32
	first, last, next int32 // -1: none
	nkids             int32
	kind              uint8
}

// A tree holds the nodes of a query; nodes[0] is the root, whose
// children are the bases.
type tree struct {
	q     string
	base  int            // offset of q in the caller's query ("?" skipped)
	pairs []percent.Pair // the pairs of q, decoded (percent.Form.AppendParseQuery)
	nodes []node
	// kids finds a named child by its parent and name: an open-addressed
	// table of node+1 (0 is empty), a power of two long, at most half
	// full, so that reading n pairs costs O(n) whatever their keys (a walk
	// of the siblings, with a map past 16, made 14 flat pairs cost 91 name
	// compares: tools/formbench's Decode/Primitives 26 407 to 20 750
	// instructions, callgrind).
	kids  []int32
	named int // the named nodes in kids
}

// bufPool keeps the buffers of trees read before (the pairs, the nodes,
// the table of children), as encoding/json keeps its encoders: a tree of
// fresh memory costs more to write than one the cache holds
// (BenchmarkUnmarshal: flat10 19% and nested10 33% faster than with new
// buffers a call, and formbench's Decode/ComplexArray 13% with the lookup
// kept too). Buffers of more than maxPooled nodes or pairs are left to
// the collector.
var bufPool sync.Pool // of *treeBufs

type treeBufs struct {
	pairs []percent.Pair
	nodes []node
	kids  []int32
}

const maxPooled = 1 << 12

// maxQuery is the longest query read: offsets are int32.
const maxQuery = 1<<31 - 1

// text returns node n's text.
func (t *tree) text(n int32) string {
	nd := &t.nodes[n]
	if nd.kind == value {
		return t.pairs[nd.pair].Value
	}
	return t.pairs[nd.pair].Name[nd.a:nd.b]
}

// read splits q into pairs and decodes each name and value as
// percent.Form decodes them (percent.Form.AppendParseQuery: the root's
// one query reader, which decodes every part that changes, from the
// query scanner's marks, into one string), reads each name as a key
// path, and builds the tree: the nodes in one slice, sized for a key and
// a value a pair and grown for steps beyond. Offsets in q, which only
// errors need, are found again when an error is made (where).
func (t *tree) read(q string, maxPairs, maxDepth int) error {
	if strings.HasPrefix(q, "?") {
		q, t.base = q[1:], 1
	}
	if len(q) > maxQuery {
		return t.errorAt(-1, maxQuery, "query longer than 2 GiB", nil)
	}
	t.q = q
	pairs, err := percent.Form.AppendParseQuery(t.pairs[:0], q, maxPairs)
	if err != nil {
		return t.readError(err, maxPairs)
	}
	t.pairs = pairs
	n := len(pairs)
	if cap(t.nodes) < 1+2*n {
		t.nodes = make([]node, 1, 1+2*n)
	}
	// Room in the table of children for a name a pair, up to 128 (a query
	// of many pairs often repeats its names; growKids makes more room as
	// names come): a prefix of the pooled table, which is all zero.
	size := 16
	for size < 2*n && size < 256 {
		size *= 2
	}
	if cap(t.kids) >= size {
		t.kids = t.kids[:size]
	} else {
		t.kids = make([]int32, size)
	}
	t.nodes = t.nodes[:1]
	t.nodes[0] = node{parent: -1, first: -1, last: -1, next: -1}
	var buf [8]step
	for k := range pairs {
		name := pairs[k].Name
		base, steps, at, reason := parseKey(name, buf[:0], maxDepth)
		if at >= 0 {
			e := t.errorAt(-1, t.where(int32(k), int32(at)), reason, nil)
			e.Key = name
			return e
		}
		cur := t.child(0, k, 0, base, 0)
		for _, s := range steps {
			if s.app {
				cur = t.add(cur, app, k, 0, 0, s.off)
			} else {
				cur = t.child(cur, k, s.a, s.b, s.off)
			}
		}
		t.add(cur, value, k, 0, 0, -1)
	}
	return nil
}

// readError is the *Error of the error AppendParseQuery returned for q:
// a malformed escape at its offset in q, with the key as read so far (the
// name up to the escape, or the whole name where the escape is in the
// value) and the cause's offset counted in the caller's query too; or
// more pairs than maxPairs, at the first pair past the limit.
func (t *tree) readError(err error, maxPairs int) error {
	var de *percent.DecodeError
	if errors.As(err, &de) {
		c := *de
		c.Offset += t.base
		e := t.errorAt(-1, de.Offset, "malformed escape "+quote(de.Escape), &c)
		for pc := range pieces.Query(t.q) {
			if de.Offset < pc.End {
				if de.Offset < pc.Eq {
					e.Key = percent.Form.DecodeLenient(t.q[pc.Name:de.Offset])
				} else {
					e.Key = percent.Form.DecodeLenient(pc.RawName(t.q))
				}
				break
			}
		}
		return e
	}
	k := 0
	for pc := range pieces.Query(t.q) {
		if k == maxPairs {
			return t.errorAt(-1, pc.Name, "more pairs than the limit", percent.ErrTooManyPairs)
		}
		k++
	}
	return err
}

// rawValue returns the value of pair k as it stands in q, undecoded.
func (t *tree) rawValue(k int32) string {
	return t.q[t.where(k, -1):t.end(k)]
}

// end returns the offset in q where pair k ends.
func (t *tree) end(k int32) int {
	i := int32(0)
	for pc := range pieces.Query(t.q) {
		if i == k {
			return pc.End
		}
		i++
	}
	return len(t.q)
}

// where returns the offset in q of the byte that decodes to byte doff of
// the name of pair k, or of the start of its value (doff < 0): the pair is
// found again by the splitter AppendParseQuery reads with.
func (t *tree) where(k, doff int32) int {
	i := int32(0)
	for pc := range pieces.Query(t.q) {
		if i == k {
			if doff < 0 {
				return pc.Value()
			}
			return pc.Name + rawOffset(pc.RawName(t.q), int(doff))
		}
		i++
	}
	return len(t.q)
}

// add appends a child of kind k, read from pair, whose text is the pair's
// Name[a:b] (its Value, for a value), to parent p and returns it.
func (t *tree) add(p int32, k uint8, pair, a, b, doff int) int32 {
	c := int32(len(t.nodes))
	// field by field into the new node: a node literal is built on the
	// stack and copied in 16-byte moves that stall on the narrower stores
	// before them (BenchmarkUnmarshal/flat10: 7.6% faster)
	t.nodes = append(t.nodes, node{})
	nd := &t.nodes[c]
	nd.a, nd.b, nd.pair, nd.doff, nd.parent = int32(a), int32(b), int32(pair), int32(doff), p
	nd.first, nd.last, nd.next = -1, -1, -1
	nd.kind = k
	pn := &t.nodes[p]
	if pn.last < 0 {
		pn.first = c
	} else {
		t.nodes[pn.last].next = c
	}
	pn.last = c
	pn.nkids++
	return c
}

// child returns p's named child whose text is Name[a:b] of pair, added if
// it is not there.
func (t *tree) child(p int32, pair, a, b, doff int) int32 {
	name := t.pairs[pair].Name[a:b]
	h := kidHash(p, name)
	if 2*(t.named+1) > len(t.kids) {
		t.growKids()
	}
	mask := uint32(len(t.kids) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		c := t.kids[i] - 1
		if c < 0 {
			c = t.add(p, named, pair, a, b, doff)
			t.kids[i] = c + 1
			t.named++
			return c
		}
		if t.nodes[c].parent == p && t.text(c) == name {
			return c
		}
	}
}

// kidHash hashes a parent and a child's name (FNV-1a, the parent first).
func kidHash(p int32, name string) uint32 {
	h := (2166136261 ^ uint32(p)) * 16777619
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(name[i])) * 16777619
	}
	return h
}

// growKids doubles the table of children, placing each named node again.
func (t *tree) growKids() {
	old := t.kids
	t.kids = make([]int32, 2*len(old))
	mask := uint32(len(t.kids) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := kidHash(t.nodes[e-1].parent, t.text(e-1)) & mask
		for t.kids[i] != 0 {
			i = (i + 1) & mask
		}
		t.kids[i] = e
	}
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
			b.WriteString(t.text(path[i]))
		case nd.kind == app:
			b.WriteString("[]")
		default:
			b.WriteByte('[')
			b.WriteString(t.text(path[i]))
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
