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
// q[a:b], or dec[a:b] (inDec) for a part that decoding changed.
type node struct {
	a, b              int32
	off               int32 // offset in q of the step's text, or of the value
	parent            int32
	first, last, next int32 // -1: none
	nkids             int32
	kind              uint8
	inDec             bool
}

// A tree holds the nodes of a query; nodes[0] is the root, whose
// children are the bases.
type tree struct {
	q     string
	base  int    // offset of q in the caller's query ("?" skipped)
	dec   []byte // the decoded parts, one after another, while reading
	decs  string // dec as a string, once read
	nodes []node
	// kids finds a named child by its parent and name: an open-addressed
	// table of node+1 (0 is empty), a power of two long, at most half
	// full, so that reading n pairs costs O(n) whatever their keys (a walk
	// of the siblings, with a map past 16, made 14 flat pairs cost 91 name
	// compares: internal/formbench's Decode/Primitives 26 407 to 20 750
	// instructions, callgrind).
	kids  []int32
	named int // the named nodes in kids
	// pct and plus are the offsets of the first "%" and "+" in q at or
	// after the part being read (len(q) for none).
	pct, plus int
	pairs     int
}

// bufPool keeps the buffers of trees read before (the nodes, the decoded
// parts, the table of children), as encoding/json keeps its encoders: a tree of fresh memory
// costs more to write than one the cache holds (BenchmarkUnmarshal:
// flat10 19% and nested10 33% faster than with new buffers a call, and
// formbench's Decode/ComplexArray 13% with the lookup kept too).
// Buffers of more than maxPooled nodes or bytes are left to the collector.
var bufPool sync.Pool // of *treeBufs

type treeBufs struct {
	nodes []node
	dec   []byte
	kids  []int32
}

const maxPooled = 1 << 12

// maxQuery is the longest query read: offsets are int32.
const maxQuery = 1<<31 - 1

// text returns node n's text, once the tree is read.
func (t *tree) text(n int32) string {
	nd := &t.nodes[n]
	if nd.inDec {
		return t.decs[nd.a:nd.b]
	}
	return t.q[nd.a:nd.b]
}

// read splits q into pairs (pieces.Query: percent.SplitQuery's), decodes
// each name and value as percent.Form decodes them, reads each name as a
// key path, and builds the tree: the nodes in one slice, sized for a key and a value a
// pair and grown for steps beyond, the decoded parts in one string.
func (t *tree) read(q string, maxPairs, maxDepth int) error {
	if strings.HasPrefix(q, "?") {
		q, t.base = q[1:], 1
	}
	if len(q) > maxQuery {
		return t.errorAt(-1, maxQuery, "query longer than 2 GiB", nil)
	}
	t.q = q
	// Where the next "%" and "+" are: a part before both decodes to
	// itself, known without a scan of its own (with the field sigs of
	// fields.go, Decode/Primitives 20 748 to 18 533 instructions).
	t.pct, t.plus = indexFrom(q, 0, '%'), indexFrom(q, 0, '+')
	n := strings.Count(q, "&") + 1
	if maxPairs >= 0 {
		n = min(n, maxPairs+1)
	}
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
	for pc := range pieces.Query(q) {
		rawName, rawValue := pc.RawName(q), pc.RawValue(q)
		nameOff, valOff := pc.Name, pc.Value()
		if t.pairs == maxPairs {
			return t.errorAt(-1, nameOff, "more pairs than the limit", percent.ErrTooManyPairs)
		}
		t.pairs++
		na, nb, nDec, err := t.decode(rawName, nameOff)
		if err != nil {
			return err
		}
		va, vb, vDec, err := t.decode(rawValue, valOff)
		if err != nil {
			return err
		}
		var base int
		var steps []step
		var at int
		var reason string
		if nDec {
			base, steps, at, reason = parseKey(t.dec[na:nb], buf[:0], maxDepth)
		} else {
			base, steps, at, reason = parseKey(q[na:nb], buf[:0], maxDepth)
		}
		if at >= 0 {
			e := t.errorAt(-1, nameOff+rawOffset(rawName, at), reason, nil)
			if nDec {
				e.Key = string(t.dec[na:nb])
			} else {
				e.Key = q[na:nb]
			}
			return e
		}
		cur := t.child(0, na, na+base, nDec, nameOff)
		for _, s := range steps {
			off := nameOff + rawOffset(rawName, s.off)
			if s.app {
				cur = t.add(cur, app, 0, 0, false, off)
			} else {
				cur = t.child(cur, na+s.a, na+s.b, nDec, off)
			}
		}
		t.add(cur, value, va, vb, vDec, valOff)
	}
	t.decs = string(t.dec)
	return nil
}

// decode returns where the decoding of raw, which stands at off in q,
// is: q[a:b] itself when decoding changes nothing, else t.dec[a:b] (dec).
func (t *tree) decode(raw string, off int) (a, b int, dec bool, err error) {
	end := off + len(raw)
	if t.pct >= end && t.plus >= end {
		return off, end, false, nil
	}
	if t.pct < end {
		t.pct = indexFrom(t.q, end, '%')
	}
	if t.plus < end {
		t.plus = indexFrom(t.q, end, '+')
	}
	a = len(t.dec)
	t.dec, err = percent.Form.AppendDecodeString(t.dec, raw)
	if err != nil {
		var de *percent.DecodeError
		if errors.As(err, &de) {
			off += de.Offset
		}
		return 0, 0, false, t.errorAt(-1, off, "malformed escape", err)
	}
	return a, len(t.dec), true, nil
}

// add appends a child of kind k, whose text is q[a:b] or dec[a:b], to
// parent p and returns it.
func (t *tree) add(p int32, k uint8, a, b int, dec bool, off int) int32 {
	c := int32(len(t.nodes))
	// field by field into the new node: a node literal is built on the
	// stack and copied in 16-byte moves that stall on the narrower stores
	// before them (BenchmarkUnmarshal/flat10: 7.6% faster)
	t.nodes = append(t.nodes, node{})
	nd := &t.nodes[c]
	nd.a, nd.b, nd.off, nd.parent = int32(a), int32(b), int32(off), p
	nd.first, nd.last, nd.next = -1, -1, -1
	nd.kind, nd.inDec = k, dec
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

// reading returns node n's text while the tree is read (a copy for a
// decoded part, whose bytes may yet move).
func (t *tree) reading(n int32) string {
	nd := &t.nodes[n]
	if nd.inDec {
		return string(t.dec[nd.a:nd.b])
	}
	return t.q[nd.a:nd.b]
}

// same reports whether node n's text is q[a:b], or dec[a:b] (dec).
func (t *tree) same(n int32, a, b int, dec bool) bool {
	nd := &t.nodes[n]
	if int(nd.b-nd.a) != b-a {
		return false
	}
	switch {
	case !nd.inDec && !dec:
		return t.q[nd.a:nd.b] == t.q[a:b]
	case nd.inDec && dec:
		return string(t.dec[nd.a:nd.b]) == string(t.dec[a:b])
	case nd.inDec:
		return string(t.dec[nd.a:nd.b]) == t.q[a:b]
	}
	return t.q[nd.a:nd.b] == string(t.dec[a:b])
}

// child returns p's named child whose text is q[a:b] or dec[a:b] (dec),
// added if it is not there.
func (t *tree) child(p int32, a, b int, dec bool, off int) int32 {
	var h uint32
	if dec {
		h = kidHash(p, t.dec[a:b])
	} else {
		h = kidHash(p, t.q[a:b])
	}
	if 2*(t.named+1) > len(t.kids) {
		t.growKids()
	}
	mask := uint32(len(t.kids) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		c := t.kids[i] - 1
		if c < 0 {
			c = t.add(p, named, a, b, dec, off)
			t.kids[i] = c + 1
			t.named++
			return c
		}
		if t.nodes[c].parent == p && t.same(c, a, b, dec) {
			return c
		}
	}
}

// kidHash hashes a parent and a child's name (FNV-1a, the parent first).
func kidHash[T string | []byte](p int32, name T) uint32 {
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
		nd := &t.nodes[e-1]
		var h uint32
		if nd.inDec {
			h = kidHash(nd.parent, t.dec[nd.a:nd.b])
		} else {
			h = kidHash(nd.parent, t.q[nd.a:nd.b])
		}
		i := h & mask
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
			b.WriteString(t.reading(path[i]))
		case nd.kind == app:
			b.WriteString("[]")
		default:
			b.WriteByte('[')
			b.WriteString(t.reading(path[i]))
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

// indexFrom returns the offset of the first c in s at or after from, or
// len(s).
func indexFrom(s string, from int, c byte) int {
	if k := strings.IndexByte(s[from:], c); k >= 0 {
		return from + k
	}
	return len(s)
}
