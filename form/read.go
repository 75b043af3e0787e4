// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"strings"
	"sync"

	"github.com/urlcodec/percent"
)

// Form's own reader: a query becomes a tree of Nodes, each pair adding at
// most one node a step of its key and one for its value, read by the
// root's one query reader (percent.Form.AppendParseQueryAt: the pairs
// decoded, and where each stands). Binding to Go values (decode.go) walks
// the tree afterwards, when every item of a list is known and the indices
// can order them.
//
// A key that has one value given at it and nothing else is a String node
// (its text the value); a key with steps below it, or with more than one
// value, is a Map whose members are its named steps, its appends ("[]",
// Node.how appended) and its values (how given), in the order they came.

// A reading is the tree of one query and what places an error in it.
type reading struct {
	q     string
	base  int // the offset of q in the caller's query ("?" skipped)
	pairs []percent.Pair
	at    []percent.Piece
	root  *Node
	kids  childIndex
	// nodes is where new nodes are taken from, a chunk at a time (a
	// node never moves: its parent points at it); mems likewise for the
	// members of the maps, each map's carved with room for two. The first
	// chunk of each, nodeBuf and memBuf, is kept with the reading in the
	// pool; used says how much of them to clear.
	nodes   []Node
	mems    []Member
	nodeBuf []Node
	memBuf  []Member
	steps   [8]step
}

// nodeChunk is how many nodes a chunk of the reader holds.
const nodeChunk = 64

// readings keeps the buffers of readings before (the pairs, their places,
// the first chunk of nodes and members, the child index), as
// encoding/json keeps its encoders: nothing a reading returns holds them.
var readings sync.Pool // of *reading

// maxQuery is the longest query read: offsets are int32.
const maxQuery = 1<<31 - 1

// getReading returns a reading with the buffers of one before.
func getReading() *reading {
	if r, _ := readings.Get().(*reading); r != nil {
		return r
	}
	return &reading{kids: childIndex{}}
}

// release returns r's buffers to the pool, cleared (the pool keeps no
// string of a query alive), unless they grew past what is worth keeping.
func (r *reading) release() {
	if cap(r.pairs) > 4096 || len(r.kids) > 4096 || cap(r.nodeBuf) > 8192 {
		return
	}
	clear(r.pairs)
	r.pairs, r.at = r.pairs[:0], r.at[:0]
	clear(r.kids)
	// What the first chunks hold: all of them, once a later chunk was
	// taken.
	if len(r.nodes) > 0 && &r.nodes[:1][0] == &r.nodeBuf[:1][0] {
		clear(r.nodeBuf[:len(r.nodes)])
	} else {
		clear(r.nodeBuf[:cap(r.nodeBuf)])
	}
	if cap(r.mems) > 0 && cap(r.memBuf) > 0 && cap(r.mems) <= cap(r.memBuf) && &r.mems[:1][0] == &r.memBuf[cap(r.memBuf)-cap(r.mems) : cap(r.memBuf)-cap(r.mems)+1][0] {
		clear(r.memBuf[:cap(r.memBuf)-cap(r.mems)])
	} else {
		clear(r.memBuf[:cap(r.memBuf)])
	}
	r.q, r.root, r.nodes, r.mems = "", nil, nil, nil
	readings.Put(r)
}

// read reads q, a query with or without its "?", into r's tree.
func (r *reading) read(q string, maxPairs, maxDepth int) error {
	if strings.HasPrefix(q, "?") {
		q, r.base = q[1:], 1
	} else {
		r.base = 0
	}
	r.q = q
	if len(q) > maxQuery {
		return r.errorAt(maxQuery, "", "query longer than 2 GiB", nil)
	}
	var err error
	r.pairs, r.at, err = percent.Form.AppendParseQueryAt(r.pairs[:0], r.at[:0], q, maxPairs)
	if err != nil {
		return r.readError(err, maxPairs)
	}
	// Room for a key and a value a pair, and the members of the root and
	// of a map a pair; more is taken as it is needed. A key's every step
	// takes at least two bytes of q ("[k]", ".k"), so a short query needs
	// no more than about a node and two members a byte: a cold call on a
	// short query allocates that much, not a whole chunk.
	n := len(r.pairs)
	if want := max(1+2*n, min(nodeChunk, 1+len(q))); cap(r.nodeBuf) < want {
		r.nodeBuf = make([]Node, 0, want)
	}
	if want := max(3*n, min(2*nodeChunk, 2+2*len(q))); cap(r.memBuf) < want {
		r.memBuf = make([]Member, 0, want)
	}
	r.nodes, r.mems = r.nodeBuf[:0], r.memBuf[:cap(r.memBuf)]
	r.root = r.node(Map, -1, -1, named)
	r.root.Members = r.mems[:0:n]
	r.mems = r.mems[n:]
	for k := range r.pairs {
		name := r.pairs[k].Name
		base, steps, at, reason := parseKey(name, r.steps[:0], maxDepth)
		if at >= 0 {
			return r.errorAt(r.nameAt(int32(k), int32(at)), name, reason, nil)
		}
		cur := r.step(r.root, k, name[:base], 0)
		for _, s := range steps {
			if s.app {
				cur = r.append(cur, k, s.off)
			} else {
				cur = r.step(cur, k, name[s.a:s.b], s.off)
			}
		}
		r.give(cur, k)
	}
	return nil
}

// node returns a new node.
func (r *reading) node(kind Kind, pair, off int, how uint8) *Node {
	if len(r.nodes) == cap(r.nodes) {
		r.nodes = make([]Node, 0, nodeChunk)
	}
	r.nodes = r.nodes[:len(r.nodes)+1]
	n := &r.nodes[len(r.nodes)-1]
	n.Kind, n.pair, n.off, n.how = kind, int32(pair), int32(off), how
	return n
}

// mapOf makes n, a new node or a key with one value, a Map: the value
// becomes its first member.
func (r *reading) mapOf(n *Node) {
	switch n.Kind {
	case Map:
		return
	case String:
		v := r.node(String, int(n.pair), -1, given)
		v.Value = n.Value
		n.Value = ""
		n.Kind = Map
		n.Members = r.carve()
		r.kids.add(n, "", v)
		return
	}
	n.Kind = Map
	n.Members = r.carve()
}

// carve returns an empty slice of members with room for two, from mems.
func (r *reading) carve() []Member {
	if len(r.mems) < 2 {
		r.mems = make([]Member, 2*nodeChunk)
	}
	m := r.mems[:0:2]
	r.mems = r.mems[2:]
	return m
}

// step returns parent's named member key, added (new, a Null) by pair k
// at the step whose first byte is at off in the decoded name if it is not
// there.
func (r *reading) step(parent *Node, k int, key string, off int) *Node {
	r.mapOf(parent)
	if i := r.kids.find(parent, key); i >= 0 {
		return parent.Members[i].Value
	}
	c := r.node(Null, k, off, named)
	r.kids.add(parent, key, c)
	return c
}

// append adds an append ("[]") to parent, read by pair k at off, and
// returns it.
func (r *reading) append(parent *Node, k, off int) *Node {
	r.mapOf(parent)
	c := r.node(Null, k, off, appended)
	r.kids.add(parent, "", c)
	return c
}

// give gives pair k's value at key n: n itself takes it when it is new,
// else it is one more member.
func (r *reading) give(n *Node, k int) {
	if n.Kind == Null {
		n.Kind, n.Value = String, r.pairs[k].Value
		return
	}
	r.mapOf(n)
	v := r.node(String, k, -1, given)
	v.Value = r.pairs[k].Value
	r.kids.add(n, "", v)
}

// readError is the *Error of the error AppendParseQueryAt returned: a
// malformed escape at its offset in q, with the key as read so far (the
// name up to the escape, or the whole name where the escape is in the
// value) and the cause's offset counted in the caller's query too; or
// more pairs than maxPairs, at the first pair past the limit.
func (r *reading) readError(err error, maxPairs int) error {
	if de, ok := err.(*percent.DecodeError); ok {
		c := *de
		c.Offset += r.base
		key := ""
		for p := range percent.QueryPieces(r.q) {
			if de.Offset < p.End {
				if de.Offset < p.Eq {
					key = percent.Form.DecodeLenient(r.q[p.Start:de.Offset])
				} else {
					key = percent.Form.DecodeLenient(p.RawName(r.q))
				}
				break
			}
		}
		return r.errorAt(de.Offset, key, "malformed escape "+quote(de.Escape), &c)
	}
	k := 0
	for p := range percent.QueryPieces(r.q) {
		if k == maxPairs {
			return r.errorAt(p.Start, "", "more pairs than the limit", percent.ErrTooManyPairs)
		}
		k++
	}
	return err
}

// nameAt returns the offset in q of the byte that decodes to byte doff of
// the name of pair k.
func (r *reading) nameAt(k, doff int32) int {
	p := r.at[k]
	return p.Start + rawOffset(p.RawName(r.q), int(doff))
}

// where returns the offset in q of node n: of its key step, or with value
// of the value it holds (or is).
func (r *reading) where(n *Node, value bool) int {
	switch {
	case n.pair < 0:
		return int(n.off)
	case value || n.off < 0:
		return r.at[n.pair].ValueAt()
	}
	return r.nameAt(n.pair, n.off)
}

// rawValue returns the value of pair k as it stands in q, and its offset.
func (r *reading) rawValue(k int32) (string, int) {
	p := r.at[k]
	return p.RawValue(r.q), p.ValueAt()
}

// errorAt returns the *Error at offset off of q.
func (r *reading) errorAt(off int, key, reason string, err error) *Error {
	return &Error{Key: key, Offset: r.base + off, Reason: reason, Err: err}
}
