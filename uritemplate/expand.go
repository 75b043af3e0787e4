// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"unicode/utf8"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/value"
)

// Expand expands the template with the values of vars (RFC 6570 §3). A
// value is undefined (nil, absent, a nil pointer, an empty list or map),
// a scalar (a string, bool, integer or float of any named type, an
// encoding.TextMarshaler), a list (a slice or array of scalars) or an
// associative array (a []percent.Pair in order, or a map with string keys,
// keys sorted). Any other value, or a prefix on a list or associative
// array, is an *Error naming the variable.
func (t *Template) Expand(vars map[string]any) (string, error) {
	var buf [256]byte
	b, err := t.AppendExpand(buf[:0], vars)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendExpand appends the expansion of the template with vars to dst (see
// [Template.Expand]) and returns the extended buffer. It allocates nothing
// when dst has room and every value is a string, a []string or a
// []percent.Pair.
func (t *Template) AppendExpand(dst []byte, vars map[string]any) ([]byte, error) {
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			dst = append(dst, p.lit...)
			continue
		}
		var err error
		if dst, err = p.expand(dst, vars); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// expand appends one expression, by RFC 6570 Appendix A.
func (p *tplPart) expand(dst []byte, vars map[string]any) ([]byte, error) {
	op := p.op
	first := true
	for k := range p.vars {
		v := &p.vars[k]
		val, err := value.Read(vars[v.name])
		if err != nil {
			return dst, v.err(err.Error())
		}
		switch val.Kind {
		case value.Undefined:
			continue
		case value.Scalar:
			dst = op.start(dst, &first)
			dst = op.str(dst, v, val.String)
			continue
		}
		if v.prefix > 0 {
			return dst, v.err("a prefix applies to a string, not a list or associative array")
		}
		dst = op.start(dst, &first)
		if val.Kind == value.Assoc {
			dst = op.pairs(dst, v, val.Pairs)
			continue
		}
		if !v.explode {
			dst = op.name(dst, v.name, false)
			for j, s := range val.List {
				if j > 0 {
					dst = append(dst, ',')
				}
				dst = op.encode(dst, s)
			}
			continue
		}
		for j, s := range val.List {
			if j > 0 {
				dst = append(dst, op.sep)
			}
			if op.named {
				dst = op.name(dst, v.name, s == "")
			}
			dst = op.encode(dst, s)
		}
	}
	return dst, nil
}

func (v *tplVar) err(why string) error {
	return &Error{Offset: v.off, Name: v.name, Reason: why}
}

// start writes the operator's first string before the first defined
// variable, and its separator before every other.
func (op *tplOp) start(dst []byte, first *bool) []byte {
	if *first {
		*first = false
		return append(dst, op.first...)
	}
	return append(dst, op.sep)
}

// name writes a named operator's "name=" (or the name and ifemp for an
// empty value); nothing for the others.
func (op *tplOp) name(dst []byte, name string, empty bool) []byte {
	if !op.named {
		return dst
	}
	dst = append(dst, name...)
	if empty {
		return append(dst, op.ifemp...)
	}
	return append(dst, '=')
}

// str writes a string value, its prefix applied first (§2.4.1: counted in
// characters).
func (op *tplOp) str(dst []byte, v *tplVar, s string) []byte {
	dst = op.name(dst, v.name, s == "")
	if v.prefix > 0 {
		n, i := 0, 0
		for i < len(s) && n < v.prefix {
			_, w := utf8.DecodeRuneInString(s[i:])
			i += w
			n++
		}
		s = s[:i]
	}
	return op.encode(dst, s)
}

// pairs writes the name-value pairs of an associative array.
func (op *tplOp) pairs(dst []byte, v *tplVar, ps []percent.Pair) []byte {
	if !v.explode {
		dst = op.name(dst, v.name, false)
		for j, kv := range ps {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = op.encode(dst, kv.Name)
			dst = append(dst, ',')
			dst = op.encode(dst, kv.Value)
		}
		return dst
	}
	for j, kv := range ps {
		if j > 0 {
			dst = append(dst, op.sep)
		}
		dst = op.encode(dst, kv.Name)
		if op.named && kv.Value == "" {
			dst = append(dst, op.ifemp...)
			continue
		}
		dst = append(dst, '=')
		dst = op.encode(dst, kv.Value)
	}
	return dst
}

// encode writes a value: with [percent.Component] for the unreserved
// operators; for "+" and "#", with unreserved and reserved literal and
// every well-formed escape kept as it is, a "%" that begins none written
// "%25" ([percent.Encoding.AppendMakeSafe]).
func (op *tplOp) encode(dst []byte, s string) []byte {
	if !op.reserved {
		return percent.Component.AppendEncodeString(dst, s)
	}
	return reservedEnc.AppendMakeSafe(dst, s)
}
