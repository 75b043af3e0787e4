// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// Kind is what a [Node] holds.
type Kind uint8

// The kinds of [Node].
const (
	Null   Kind = iota // no value: Rack's nil for a name without "="
	String             // a string of bytes
	List               // items in order
	Map                // members in order, each key once
)

// A Node is the one tree of the package: what a dialect reads from a
// query or builds a query from, and what form's own reader builds for
// [Decoder.Unmarshal] to bind: a string, a null, a list, or a map whose
// members keep their order (the order a PHP array, a Ruby Hash or a
// JavaScript object has). The zero Node is a Null.
type Node struct {
	Kind    Kind
	Value   string   // the text of a String
	Items   []*Node  // the items of a List
	Members []Member // the members of a Map, in order

	// how the node stands under its parent in form's own reading: a
	// named key, an append ("[]"), or a value given at the parent's key
	// (Key ""); a dialect's nodes are all named.
	how uint8
	// indexed: the members are in a childIndex (at indexMin of them).
	indexed bool
	// pair and off say where the node was read: pair is the pair of the
	// query (form's reader) and off the offset of its key step in the
	// decoded name (-1 for a value); for a dialect's node, pair is -1 and
	// off the offset in the query of the pair it came from. Both -1: not
	// read from a query.
	pair, off int32
	// aux is a dialect's own count: PHP's next integer key for "[]" plus
	// one (0: none yet), Rack's key characters of a Hash.
	aux int64
	// mark and markAt are qs's marks of an object: an array grown past
	// its limit (overflow, and its largest index), and a value and a map
	// merged (conflict, and its largest index).
	mark   uint8
	markAt [2]float64
}

// How a node stands under its parent (Node.how).
const (
	named    = iota // a key: its member's Key
	appended        // an append, "[]"
	given           // a value given at the parent's key
)

// indexMin is how many members a Map node has before a childIndex finds
// them by key: under it, a walk of the members costs less than a lookup.
const indexMin = 8

// A childIndex finds the members of the large Map nodes of one tree by
// key: the one child index of every reader of the package (form's own and
// the dialects'), a Go map for the whole tree.
type childIndex map[childKey]int32

type childKey struct {
	parent *Node
	key    string
}

// find returns the position of n's named member key, or -1.
func (x childIndex) find(n *Node, key string) int {
	if !n.indexed {
		for i := range n.Members {
			if m := &n.Members[i]; m.Key == key && (m.Value == nil || m.Value.how == named) {
				return i
			}
		}
		return -1
	}
	if i, ok := x[childKey{n, key}]; ok {
		return int(i)
	}
	return -1
}

// add appends the member key, v: a named member, which n does not have
// yet, or (v.how not named) an append or a given value, which no key
// finds. It returns its position.
func (x childIndex) add(n *Node, key string, v *Node) int {
	n.Members = append(n.Members, Member{key, v})
	i := len(n.Members) - 1
	switch {
	case v.how != named:
	case n.indexed:
		x[childKey{n, key}] = int32(i)
	case len(n.Members) >= indexMin:
		for k, m := range n.Members {
			if m.Value == nil || m.Value.how == named {
				x[childKey{n, m.Key}] = int32(k)
			}
		}
		n.indexed = true
	}
	return i
}

// A Member is one key of a Map [Node] and its value.
type Member struct {
	Key   string
	Value *Node
}

// Get returns the value of the member of n named key, or nil when n is not
// a Map or has no such member.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Map {
		return nil
	}
	for _, m := range n.Members {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// MarshalJSON writes n as JSON: a string, null, an array, or an object
// whose members keep n's order, as json_encode, JSON.generate and
// JSON.stringify print the tree the dialect's original returns. HTML
// characters are not escaped; bytes that are not UTF-8 are written as
// U+FFFD, as in encoding/json (PHP's json_encode refuses them).
func (n *Node) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	w := jsonWriter{b: &b, enc: json.NewEncoder(&b)}
	w.enc.SetEscapeHTML(false)
	if err := w.node(n, 0); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// maxJSONDepth bounds the nesting MarshalJSON and UnmarshalJSON follow, as
// encoding/json bounds its own.
const maxJSONDepth = 10000

// A jsonWriter writes a Node's JSON to b, its strings through one
// json.Encoder (HTML characters unescaped).
type jsonWriter struct {
	b   *bytes.Buffer
	enc *json.Encoder
}

// str writes s as a JSON string.
func (w *jsonWriter) str(s string) {
	_ = w.enc.Encode(s)         // a string always encodes
	w.b.Truncate(w.b.Len() - 1) // Encode's newline
}

func (w *jsonWriter) node(n *Node, depth int) error {
	b := w.b
	if depth > maxJSONDepth {
		return errors.New("form: Node nested too deep for JSON")
	}
	if n == nil {
		b.WriteString("null")
		return nil
	}
	switch n.Kind {
	case Null:
		b.WriteString("null")
	case String:
		w.str(n.Value)
	case List:
		b.WriteByte('[')
		for i, it := range n.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := w.node(it, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case Map:
		b.WriteByte('{')
		for i, m := range n.Members {
			if i > 0 {
				b.WriteByte(',')
			}
			w.str(m.Key)
			b.WriteByte(':')
			if err := w.node(m.Value, depth+1); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return errors.New("form: Node of unknown kind " + strconv.Itoa(int(n.Kind)))
	}
	return nil
}

// UnmarshalJSON reads n from JSON, the members of each object in the order
// they are written: a string is a String, null a Null, an array a List, an
// object a Map. Numbers and booleans are refused (a query holds text), and
// so is a key written twice in one object.
func (n *Node) UnmarshalJSON(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	v, err := readJSONNode(d, 0)
	if err != nil {
		return err
	}
	if _, err := d.Token(); err == nil {
		return errors.New("form: Node: text after the JSON value")
	}
	*n = *v
	return nil
}

func readJSONNode(d *json.Decoder, depth int) (*Node, error) {
	if depth > maxJSONDepth {
		return nil, errors.New("form: Node: JSON nested too deep")
	}
	t, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := t.(type) {
	case nil:
		return &Node{}, nil
	case string:
		return &Node{Kind: String, Value: t}, nil
	case json.Delim:
		switch t {
		case '[':
			n := &Node{Kind: List, Items: []*Node{}}
			for d.More() {
				it, err := readJSONNode(d, depth+1)
				if err != nil {
					return nil, err
				}
				n.Items = append(n.Items, it)
			}
			_, err := d.Token()
			return n, err
		case '{':
			n := &Node{Kind: Map}
			seen := map[string]bool{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				key := k.(string) // an object's keys are strings
				if seen[key] {
					return nil, errors.New("form: Node: key " + strconv.Quote(key) + " twice in one JSON object")
				}
				seen[key] = true
				v, err := readJSONNode(d, depth+1)
				if err != nil {
					return nil, err
				}
				n.Members = append(n.Members, Member{key, v})
			}
			_, err := d.Token()
			return n, err
		}
	}
	return nil, errors.New("form: Node: a query holds text, not " + strconv.Quote(toString(t)))
}

func toString(t json.Token) string {
	switch t := t.(type) {
	case json.Number:
		return t.String()
	case bool:
		return strconv.FormatBool(t)
	}
	return "?"
}
