// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import "github.com/urlcodec/percent/internal/expand"

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
// when dst has room and no value is a map or an encoding.TextMarshaler:
// strings, bools, integers and floats of any named type, pointers to them,
// and slices and arrays of them, []percent.Pair included.
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
	first := true
	for k := range p.vars {
		var err error
		if dst, err = p.op.Expand(dst, &p.vars[k], vars[p.vars[k].Name], &first); err != nil {
			e := err.(*expand.Error) // the engine's only error
			return dst, &Error{Offset: e.Off, Name: e.Name, Reason: e.Reason, Err: e.Err}
		}
	}
	return dst, nil
}
