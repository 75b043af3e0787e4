// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlcodec/percent"
)

// Rack is Rack::Utils.parse_nested_query and build_nested_query of Rack
// 2.2 (recorded with Debian's ruby-rack 2.2.22 on Ruby 3.1.2, its default
// limits: key space 65536, depth 100, 4 MiB and 4096 parameters).
//
// Parse reads as parse_nested_query does (Rack::QueryParser): pairs split
// at "&" and ";" with the spaces after them, empty ones skipped; names and
// values decoded as URI.decode_www_form_component decodes ("+" is a space;
// a "%" without two hex digits after it is an error, as Rack raises
// InvalidParameterError); a name without "=" has a Null value. The key is
// the first run of the name that is not "[" or "]", brackets before it
// skipped; "[]" appends to a List, "[][k]" sets k in the List's last Map
// while it has no k and appends a new Map otherwise, any other rest steps
// into a Map, and a rest of just "[" keeps the whole name as the key. A
// name that has no key, such as "[]", is dropped. A later value for a key
// replaces the earlier one in its place. Where Rack raises, Parse returns
// an *Error: a name that is not UTF-8, a List where a Map stands or the
// reverse (ParameterTypeError), and Rack's limits (QueryLimitError).
//
// Build writes as build_nested_query does: names and values as
// URI.encode_www_form_component writes them (ALPHA, DIGIT and "*-._"
// literal, a space as "+"), brackets literal (a[b]=1), a List's items each
// under "[]", a Null as the name alone, empty Lists and Maps as nothing.
var Rack = &Dialect{name: "rack", parse: parseRack, build: buildRack}

const (
	rackKeySpace  = 65536   // Utils.key_space_limit: the key characters of one Hash
	rackDepth     = 100     // Utils.param_depth_limit
	rackBytesize  = 4 << 20 // RACK_QUERY_PARSER_BYTESIZE_LIMIT
	rackParamsMax = 4096    // RACK_QUERY_PARSER_PARAMS_LIMIT: the "&" and ";" a query may hold, less one
)

// The patterns of normalize_params, matched by hand: name is
// %r(\A[\[\]]*([^\[\]]+)\]*), then after is tried against
// %r(^\[\]\[([^\[\]]+)\]$) and %r(^\[\](.+)$), whose "^" and "$" match at
// any line's start and end, as Ruby's do. A regexp engine would scan all of
// after at every level for a line start; these look past the first line
// only where the name holds a newline, so that a deep key costs its depth
// times its steps, not its depth times its length.

// rackName returns the key and the rest of name, or ok false where the
// first pattern does not match (no byte but brackets).
func rackName(name string) (k, after string, ok bool) {
	i := 0
	for i < len(name) && (name[i] == '[' || name[i] == ']') {
		i++
	}
	j := i
	for j < len(name) && name[j] != '[' && name[j] != ']' {
		j++
	}
	if j == i {
		return "", "", false
	}
	e := j
	for e < len(name) && name[e] == ']' {
		e++
	}
	return name[i:j], name[e:], true
}

// rackChild returns the child key of after as the second and third
// patterns give it, tried in that order, each at every line start.
func rackChild(after string) (string, bool) {
	for _, pattern := range [2]func(string, int) (string, bool){rackChildA, rackChildB} {
		for p := 0; ; {
			if c, ok := pattern(after, p); ok {
				return c, true
			}
			nl := strings.IndexByte(after[p:], '\n')
			if nl < 0 {
				break
			}
			p += nl + 1
		}
	}
	return "", false
}

// rackChildA matches ^\[\]\[([^\[\]]+)\]$ at line start p.
func rackChildA(s string, p int) (string, bool) {
	if !strings.HasPrefix(s[p:], "[][") {
		return "", false
	}
	q := p + 3
	r := q
	for r < len(s) && s[r] != '[' && s[r] != ']' {
		r++
	}
	if r == q || r == len(s) || s[r] != ']' || (r+1 < len(s) && s[r+1] != '\n') {
		return "", false
	}
	return s[q:r], true
}

// rackChildB matches ^\[\](.+)$ at line start p: "." stops at a newline.
func rackChildB(s string, p int) (string, bool) {
	if !strings.HasPrefix(s[p:], "[]") {
		return "", false
	}
	end := len(s)
	if nl := strings.IndexByte(s[p+2:], '\n'); nl >= 0 {
		end = p + 2 + nl
	}
	if end == p+2 {
		return "", false
	}
	return s[p+2 : end], true
}

// A rackParser reads one query. The key characters of each Hash (Params),
// which key_space_limit bounds, are its Node's aux.
type rackParser struct {
	index childIndex
	at    int // the offset of the pair read
	name  string
}

// node returns a new node of the pair read.
func (r *rackParser) node(k Kind) *Node {
	return &Node{Kind: k, pair: -1, off: int32(r.at)}
}

func parseRack(q string) (*Node, error) {
	if len(q) > rackBytesize {
		return nil, &Error{Offset: rackBytesize, Reason: "query longer than " + strconv.Itoa(rackBytesize) + " bytes (Rack's QueryLimitError)"}
	}
	if n := strings.Count(q, "&") + strings.Count(q, ";"); n >= rackParamsMax {
		return nil, &Error{Offset: 0, Reason: strconv.Itoa(n+1) + " parameters, past Rack's " + strconv.Itoa(rackParamsMax) + " (QueryLimitError)"}
	}
	r := &rackParser{index: childIndex{}}
	root := r.node(Map)
	for off := 0; off <= len(q); {
		end := strings.IndexAny(q[off:], "&;")
		if end < 0 {
			end = len(q)
		} else {
			end += off
		}
		part := q[off:end]
		r.at = off
		off = end + 1
		for off < len(q) && q[off] == ' ' {
			off++ // the separator takes the spaces after it
		}
		if part == "" {
			continue
		}
		rawName, rawVal, hasVal := strings.Cut(part, "=")
		name, err := percent.Form.Decode(rawName)
		if err != nil {
			return nil, r.fail(err, "invalid %-encoding (Rack's InvalidParameterError)")
		}
		var v *Node
		if hasVal {
			s, err := percent.Form.Decode(rawVal)
			if err != nil {
				return nil, r.fail(err, "invalid %-encoding (Rack's InvalidParameterError)")
			}
			v = r.node(String)
			v.Value = s
		}
		r.name = name
		if !utf8.ValidString(name) {
			return nil, r.fail(nil, "name is not UTF-8 (Rack's InvalidParameterError)")
		}
		if _, err := r.normalize(root, name, v, rackDepth); err != nil {
			return nil, err
		}
	}
	return root, nil
}

func (r *rackParser) fail(err error, reason string) *Error {
	return &Error{Key: r.name, Offset: r.at, Reason: reason, Err: err}
}

// get returns the value of key in the Hash params, nil when it has none
// or holds nil.
func (r *rackParser) get(params *Node, key string) *Node {
	if i := r.index.find(params, key); i >= 0 {
		if v := params.Members[i].Value; v.Kind != Null {
			return v
		}
	}
	return nil
}

// set is Params#[]=: a new key counts against the key space.
func (r *rackParser) set(params *Node, key string, v *Node) error {
	if v == nil {
		v = r.node(Null)
	}
	if i := r.index.find(params, key); i >= 0 {
		params.Members[i].Value = v
		return nil
	}
	params.aux += int64(utf8.RuneCountInString(key))
	if params.aux > rackKeySpace {
		return r.fail(nil, "exceeded available parameter key space (Rack's QueryLimitError)")
	}
	r.index.add(params, key, v)
	return nil
}

// normalize is normalize_params: it stores v under name in params and
// returns params, or returns what Rack returns for a name without a key
// (nil, or a List of v for "[]").
func (r *rackParser) normalize(params *Node, name string, v *Node, depth int) (*Node, error) {
	if depth <= 0 {
		return nil, r.fail(nil, "nested deeper than "+strconv.Itoa(rackDepth)+" (Rack's QueryLimitError)")
	}
	k, after, _ := rackName(name)
	if k == "" {
		if v != nil && name == "[]" {
			l := r.node(List)
			l.Items = []*Node{v}
			return l, nil
		}
		return nil, nil
	}
	var child string
	switch {
	case after == "":
		return params, r.set(params, k, v)
	case after == "[":
		return params, r.set(params, name, v)
	case after == "[]":
		list, err := r.list(params, k)
		if err != nil {
			return nil, err
		}
		list.Items = append(list.Items, r.orNull(v))
		return params, nil
	}
	if c, ok := rackChild(after); ok {
		child = c
	} else {
		h := r.get(params, k)
		if h == nil {
			h = r.node(Map)
			if err := r.set(params, k, h); err != nil {
				return nil, err
			}
		}
		if h.Kind != Map {
			return nil, r.fail(nil, "expected Hash (got "+rubyClass(h)+") for param `"+k+"' (Rack's ParameterTypeError)")
		}
		res, err := r.normalize(h, after, v, depth-1)
		if err != nil {
			return nil, err
		}
		return params, r.set(params, k, res)
	}
	list, err := r.list(params, k)
	if err != nil {
		return nil, err
	}
	if n := len(list.Items); n > 0 && list.Items[n-1].Kind == Map && !r.hasKey(list.Items[n-1], child) {
		if _, err := r.normalize(list.Items[n-1], child, v, depth-1); err != nil {
			return nil, err
		}
		return params, nil
	}
	res, err := r.normalize(r.node(Map), child, v, depth-1)
	if err != nil {
		return nil, err
	}
	list.Items = append(list.Items, r.orNull(res))
	return params, nil
}

// list is `params[k] ||= []` and the check that it holds an Array.
func (r *rackParser) list(params *Node, k string) (*Node, error) {
	l := r.get(params, k)
	if l == nil {
		l = r.node(List)
		if err := r.set(params, k, l); err != nil {
			return nil, err
		}
	}
	if l.Kind != List {
		return nil, r.fail(nil, "expected Array (got "+rubyClass(l)+") for param `"+k+"' (Rack's ParameterTypeError)")
	}
	return l, nil
}

// hasKey is params_hash_has_key?: whether the path of names in key (split
// at runs of brackets) is all there, a key with "[]" never.
func (r *rackParser) hasKey(h *Node, key string) bool {
	if strings.Contains(key, "[]") {
		return false
	}
	for _, part := range strings.FieldsFunc(key, func(c rune) bool { return c == '[' || c == ']' }) {
		if h == nil || h.Kind != Map {
			return false
		}
		i := r.index.find(h, part)
		if i < 0 {
			return false
		}
		h = h.Members[i].Value
	}
	return true
}

func (r *rackParser) orNull(v *Node) *Node {
	if v == nil {
		return r.node(Null)
	}
	return v
}

// rubyClass names the class Rack's error message gives for n.
func rubyClass(n *Node) string {
	switch n.Kind {
	case String:
		return "String"
	case List:
		return "Array"
	}
	return "Rack::QueryParser::Params"
}

// buildRack writes n as build_nested_query writes it.
func buildRack(n *Node) (string, error) {
	s, _, err := rackBuild(n, "", false, 0)
	return s, err
}

// rackBuild is build_nested_query(n, prefix), prefix nil when !has; it
// reports whether the result is Ruby's nil.
func rackBuild(n *Node, prefix string, has bool, depth int) (string, bool, error) {
	if depth > maxJSONDepth {
		return "", false, &Error{Key: prefix, Offset: -1, Reason: "nested too deep"}
	}
	switch n.kind() {
	case List:
		parts := make([]string, 0, len(n.Items))
		for _, it := range n.Items {
			s, _, err := rackBuild(it, prefix+"[]", true, depth+1)
			if err != nil {
				return "", false, err
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, "&"), false, nil
	case Map:
		parts := make([]string, 0, len(n.Members))
		for _, m := range n.Members {
			name := percent.Form.Encode(m.Key)
			if has {
				name = prefix + "[" + name + "]"
			}
			s, isNil, err := rackBuild(m.Value, name, true, depth+1)
			if err != nil {
				return "", false, err
			}
			if isNil {
				return "", false, &Error{Key: name, Offset: -1, Reason: "build_nested_query fails on nil here (NoMethodError)"}
			}
			if s != "" {
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "&"), false, nil
	case Null:
		return prefix, !has, nil
	}
	if !has {
		return "", false, &Error{Offset: -1, Reason: "value must be a Hash (build_nested_query's ArgumentError)"}
	}
	return prefix + "=" + percent.Form.Encode(n.Value), false, nil
}
