// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"math"
	"strconv"
	"strings"

	"github.com/urlcodec/percent/dialect"
)

// PHP is parse_str and http_build_query of PHP 8.2 (recorded with PHP
// 8.2.36, its default ini: arg_separator.input "&", max_input_vars 1000,
// max_input_nesting_level 64).
//
// Parse reads as parse_str($q, $result) does (main/php_variables.c):
// pairs split at "&", empty ones skipped; names and values decoded as
// urldecode decodes ("+" is a space, a malformed escape kept as it
// stands); a name cut at its first NUL, its leading spaces dropped, " "
// and "." before its first "[" read as "_"; a name that is then empty is
// dropped. "[k]" steps into the array k ("[]" appends at the next integer
// key, and so does "[" with one white-space byte and "]"), text after a
// "]" other than "[" is ignored, and a "[" that does not close reads as "_"
// together with the " ", "." and "[" after it.
// Numeric keys ("0", "-5", not "05") are integer keys, so that "[]"
// appends after the largest one. A map whose keys are 0, 1, … in order is
// a List, as json_encode prints it. A later value for a key replaces the
// earlier one in its place. More than 1000 pairs or more than 64 levels of
// brackets, where PHP warns and cuts, and a raw NUL byte, where parse_str
// stops reading, are an *Error.
//
// Build writes as http_build_query($tree) does: urlencode for names and
// values (ALPHA, DIGIT, "-_." literal, a space as "+"), brackets escaped
// (a%5Bb%5D=1), list items by their index, Null members skipped.
var PHP = &Dialect{name: "php", parse: parsePHP, build: buildPHP}

const (
	phpMaxVars    = 1000 // max_input_vars
	phpMaxNesting = 64   // max_input_nesting_level
)

// A phpParser reads one query. What a PHP array knows beside its members,
// the next integer key "[]" appends at (nNextFreeElement) once an integer
// key was added, is its Node's aux, with mark set.
type phpParser struct {
	q     string
	index childIndex
	at    int // the offset of the pair read
}

func parsePHP(q string) (*Node, error) {
	if nul := strings.IndexByte(q, 0); nul >= 0 {
		return nil, &Error{Offset: nul, Reason: "a raw NUL byte (parse_str reads the query only up to it)"}
	}
	p := &phpParser{q: q, index: childIndex{}}
	root := p.node(Map)
	count := 0
	for off := 0; off < len(q); {
		end := strings.IndexByte(q[off:], '&')
		if end < 0 {
			end = len(q)
		} else {
			end += off
		}
		tok := q[off:end]
		at := off
		p.at = at
		off = end + 1
		if tok == "" {
			continue
		}
		if count++; count > phpMaxVars {
			return nil, &Error{Offset: at, Reason: "more than " + strconv.Itoa(phpMaxVars) + " variables (PHP's max_input_vars: parse_str keeps the first and warns)"}
		}
		name, val := tok, ""
		if eq := strings.IndexByte(tok, '='); eq >= 0 {
			name, val = tok[:eq], tok[eq+1:]
		}
		name = dialect.PHPURLEncode.DecodeLenient(name)
		if nul := strings.IndexByte(name, 0); nul >= 0 {
			name = name[:nul]
		}
		val = dialect.PHPURLEncode.DecodeLenient(val)
		if !p.register(root, name, val) {
			return nil, &Error{Key: name, Offset: at, Reason: "more than " + strconv.Itoa(phpMaxNesting) + " levels of brackets (PHP's max_input_nesting_level: parse_str drops the variable and warns)"}
		}
	}
	phpLists(root, 0)
	return root, nil
}

// register stores the value val under the decoded name, as
// php_register_variable_ex does, and reports false where the name nests
// past phpMaxNesting. It works on a NUL-terminated copy of the name,
// since PHP marks the ends of the parts it reads with NULs and reads some
// parts again past them.
func (p *phpParser) register(root *Node, name, val string) bool {
	name = strings.TrimLeft(name, " ")
	v := make([]byte, len(name)+1) // v[len(name)] is the NUL
	copy(v, name)
	ip, isArray := 0, false
	for ; v[ip] != 0; ip++ {
		if v[ip] == ' ' || v[ip] == '.' {
			v[ip] = '_'
		} else if v[ip] == '[' {
			isArray = true
			v[ip] = 0
			break
		}
	}
	if ip == 0 {
		return true // an empty name: dropped
	}
	sym := root
	index, indexLen, hasIndex := 0, ip, true
	if isArray {
		for nest := 1; ; nest++ {
			if nest > phpMaxNesting {
				return false
			}
			ip++
			indexS, hasS, newLen := ip, true, 0
			if isSpace(v[ip]) {
				ip++ // one white-space byte: "[ ]" appends as "[]" does
			}
			if v[ip] == ']' {
				hasS = false
			} else {
				j := cIndexByte(v[ip:], ']')
				if j < 0 {
					// not an index: the "[" and what follows are part of the
					// name, " ", "." and "[" read as "_".
					v[indexS-1] = '_'
					for k := indexS; v[k] != 0; k++ {
						if v[k] == ' ' || v[k] == '.' || v[k] == '[' {
							v[k] = '_'
						}
					}
					if hasIndex {
						indexLen = cLen(v[index:])
					}
					break
				}
				ip += j
				v[ip] = 0
				newLen = ip - indexS
			}
			var elem *Node
			if !hasIndex {
				elem = p.node(Map)
				if !p.append(sym, elem) {
					return true // past the largest integer key: dropped
				}
			} else {
				key := string(v[index : index+indexLen])
				if i := p.index.find(sym, key); i < 0 {
					elem = p.node(Map)
					p.set(sym, key, elem)
				} else if elem = sym.Members[i].Value; elem.Kind != Map {
					elem = p.node(Map) // a string replaced by an array, in its place
					sym.Members[i].Value = elem
				}
			}
			sym = elem
			index, indexLen, hasIndex = indexS, newLen, hasS
			ip++
			if v[ip] != '[' {
				break
			}
			v[ip] = 0
		}
	}
	leaf := p.node(String)
	leaf.Value = val
	if !hasIndex {
		p.append(sym, leaf)
		return true
	}
	key := string(v[index : index+indexLen])
	if i := p.index.find(sym, key); i >= 0 {
		sym.Members[i].Value = leaf
	} else {
		p.set(sym, key, leaf)
	}
	return true
}

// isSpace is C's isspace in the C locale.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// cIndexByte is strchr: the position of c in the NUL-terminated v, or -1.
func cIndexByte(v []byte, c byte) int {
	for i, b := range v {
		if b == 0 {
			return -1
		}
		if b == c {
			return i
		}
	}
	return -1
}

// cLen is strlen.
func cLen(v []byte) int {
	for i, b := range v {
		if b == 0 {
			return i
		}
	}
	return len(v)
}

// phpIntKey reports whether PHP reads the array key s as an integer
// (ZEND_HANDLE_NUMERIC_STR: "0", or an optional "-" and digits without a
// leading zero, within the range of a zend_long), and which.
func phpIntKey(s string) (int64, bool) {
	if s == "" || len(s) > 20 {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != s {
		return 0, false
	}
	return n, true
}

// node returns a new node of the pair read.
func (p *phpParser) node(k Kind) *Node {
	return &Node{Kind: k, pair: -1, off: int32(p.at)}
}

// set adds the member key to the array sym, which has none, and moves the
// array's next integer key past it when it is one.
func (p *phpParser) set(sym *Node, key string, v *Node) {
	p.index.add(sym, key, v)
	if n, ok := phpIntKey(key); ok {
		if sym.mark == 0 || n >= sym.aux {
			sym.aux, sym.mark = n, 1
			if n < math.MaxInt64 {
				sym.aux = n + 1
			}
		}
	}
}

// append adds v at the array's next integer key, as "[]" does, and
// reports false when that key is taken (after the largest integer key).
func (p *phpParser) append(sym *Node, v *Node) bool {
	var n int64
	if sym.mark != 0 {
		n = sym.aux
	}
	key := strconv.FormatInt(n, 10)
	if p.index.find(sym, key) >= 0 {
		return false
	}
	p.set(sym, key, v)
	return true
}

// phpLists turns each map whose keys are 0, 1, … in order into a List, as
// json_encode prints an array (array_is_list): the empty array too, and
// the top level.
func phpLists(n *Node, depth int) {
	if n.Kind != Map {
		return
	}
	list := true
	for i, m := range n.Members {
		phpLists(m.Value, depth+1)
		if list && m.Key != strconv.Itoa(i) {
			list = false
		}
	}
	if list {
		items := make([]*Node, len(n.Members))
		for i, m := range n.Members {
			items[i] = m.Value
		}
		*n = Node{Kind: List, Items: items}
	}
}

// buildPHP writes n as http_build_query writes it.
func buildPHP(n *Node) (string, error) {
	if n == nil || (n.Kind != Map && n.Kind != List) {
		return "", &Error{Offset: -1, Reason: "http_build_query takes an array"}
	}
	var b strings.Builder
	err := phpBuild(&b, n, "", 0)
	return b.String(), err
}

// phpBuild writes the members of the array n, each name under prefix
// (already escaped; at depth 0, the top, none: a member named "" with
// children writes them as "%5B0%5D=x", as http_build_query does).
func phpBuild(b *strings.Builder, n *Node, prefix string, depth int) error {
	if depth > maxJSONDepth {
		return &Error{Key: prefix, Offset: -1, Reason: "nested too deep"}
	}
	each := func(key string, v *Node) error {
		name := dialect.PHPURLEncode.Encode(key)
		if depth > 0 {
			name = prefix + "%5B" + name + "%5D"
		}
		switch v.kind() {
		case Null:
			return nil
		case String:
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(name)
			b.WriteByte('=')
			b.WriteString(dialect.PHPURLEncode.Encode(v.Value))
			return nil
		}
		return phpBuild(b, v, name, depth+1)
	}
	if n.Kind == List {
		for i, it := range n.Items {
			if err := each(strconv.Itoa(i), it); err != nil {
				return err
			}
		}
		return nil
	}
	for _, m := range n.Members {
		if err := each(m.Key, m.Value); err != nil {
			return err
		}
	}
	return nil
}

// kind is n's kind, Null for a nil node.
func (n *Node) kind() Kind {
	if n == nil {
		return Null
	}
	return n.Kind
}
