// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate

import (
	"reflect"
	"strconv"
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
		if dst, err = p.op.expandVar(dst, &p.vars[k], vars[p.vars[k].name], &first); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// expandVar appends the expansion of variable v with the value x, first
// saying whether it is the first defined variable of its expression. A
// number's or a bool's text is written from a scratch array on the stack,
// so no scalar of the value model allocates.
func (op *tplOp) expandVar(dst []byte, v *tplVar, x any, first *bool) ([]byte, error) {
	var scratch [32]byte // the longest int64, uint64 or shortest float64
	var text []byte
	var items reflect.Value
	val, ok := value.Common(x)
	if !ok {
		var err error
		if val, text, items, err = value.ReadScratch(x, scratch[:0]); err != nil {
			return dst, v.wrap(err)
		}
	}
	switch val.Kind {
	case value.Undefined:
		return dst, nil
	case value.Scalar:
		dst = op.start(dst, first)
		if text != nil {
			return op.text(dst, v, text), nil
		}
		return op.str(dst, v, val.String), nil
	}
	if v.prefix > 0 {
		return dst, v.err("a prefix applies to a string, not a list or associative array")
	}
	dst = op.start(dst, first)
	if val.Kind == value.Assoc {
		return op.pairs(dst, v, val.Pairs), nil
	}
	if !v.explode {
		dst = op.name(dst, v.name, false)
	}
	n := len(val.List)
	if items.IsValid() {
		n = items.Len() // a list other than a []string, read item by item
	}
	for j := range n {
		var s string
		var text []byte // a number's or a bool's text, in scratch
		if items.IsValid() {
			var isText bool
			var err error
			if s, text, isText, err = value.Item(items, j, scratch[:0]); err != nil {
				return dst, v.wrap(err)
			}
			if !isText {
				text = nil
			}
		} else {
			s = val.List[j]
		}
		switch {
		case j > 0 && !v.explode:
			dst = append(dst, ',')
		case j > 0:
			dst = append(dst, op.sep)
		}
		if v.explode && op.named {
			dst = op.name(dst, v.name, text == nil && s == "")
		}
		if text != nil {
			dst = op.encodeText(dst, text)
		} else {
			dst = op.encode(dst, s)
		}
	}
	return dst, nil
}

// An Expr is one expression with one variable, {op name} or {op name*},
// built once and expanded with a value at a time: what Template.Expand
// runs for that expression, for a caller that has a variable but no
// template (an OpenAPI parameter). The zero Expr is {""}.
type Expr struct {
	op tplOp // the operator's row, with reserved and lit applied
	v  tplVar
}

// NewExpr returns the expression with operator op ("", "+", "#", ".", "/",
// ";", "?" or "&"; RFC 6570 §2.2) and the variable name, exploded or not.
// name is written as it stands (the caller encodes it). With reserved, the
// values are expanded as "+" expands them (§3.2.3), whatever op; lit, when
// not nil, is the Encoding the values are written with in place of
// [percent.Component] (or, with reserved, the one whose MakeSafe writes
// them). An unknown operator is an *Error.
func NewExpr(op, name string, explode, reserved bool, lit *percent.Encoding) (Expr, error) {
	o := operator(op)
	if o == nil {
		return Expr{}, &Error{Name: name, Reason: "operator " + strconv.Quote(op) + " is not one of RFC 6570's"}
	}
	x := Expr{op: *o, v: tplVar{name: name, explode: explode}}
	x.op.reserved = o.reserved || reserved
	x.op.lit = lit
	return x, nil
}

// AppendExpand appends the expansion of the expression with the value v
// (see [Template.Expand] for the values it takes; undefined writes
// nothing) and returns the extended buffer. It allocates nothing when dst
// has room and v is neither a map nor an encoding.TextMarshaler.
func (x *Expr) AppendExpand(dst []byte, v any) ([]byte, error) {
	op := &x.op
	if op.sep == 0 {
		op = opSimple // the zero Expr
	}
	if s, ok := v.(string); ok {
		// The scalar case of expandVar, without reading the value's kind
		// (an Expr has no prefix).
		if op.first != "" {
			dst = append(dst, op.first...)
		}
		if op.named {
			dst = op.name(dst, x.v.name, s == "")
		}
		if op.lit == nil && !op.reserved {
			// encode's commonest case, one call the fewer.
			return percent.Component.AppendEncodeString(dst, s), nil
		}
		return op.encode(dst, s), nil
	}
	first := true
	return op.expandVar(dst, &x.v, v, &first)
}

func (v *tplVar) err(why string) error {
	return &Error{Offset: v.off, Name: v.name, Reason: why}
}

// wrap is err for a value the model refuses, keeping its cause.
func (v *tplVar) wrap(err error) error {
	return &Error{Offset: v.off, Name: v.name, Reason: err.Error(), Err: err}
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

// text writes a number's or a bool's text (value.ReadScratch's), its prefix
// applied first: the text is ASCII, so a character is a byte.
func (op *tplOp) text(dst []byte, v *tplVar, b []byte) []byte {
	dst = op.name(dst, v.name, false)
	if v.prefix > 0 && v.prefix < len(b) {
		b = b[:v.prefix]
	}
	return op.encodeText(dst, b)
}

// encodeText is encode for a number's or a bool's text. Such text is ASCII
// and holds no "%", so reserved expansion (MakeSafe) writes what Encode
// writes. A byte the encoding leaves literal is appended as it is, any
// other (a float's "+") encoded from asciiBytes: text, which lives in the
// caller's scratch array, is never handed to the codecs, so that no build
// of them (-tags purego included) can move that array to the heap.
func (op *tplOp) encodeText(dst []byte, b []byte) []byte {
	enc := op.lit
	switch {
	case enc == nil && op.reserved:
		enc = reservedEnc
	case enc == nil:
		enc = percent.Component
	}
	safe := enc.Safe()
	for _, c := range b {
		if safe.Contains(c) {
			dst = append(dst, c)
		} else if c < 0x80 {
			dst = enc.AppendEncodeString(dst, asciiBytes[c:c+1])
		}
	}
	return dst
}

// asciiBytes holds every ASCII byte at its own index.
const asciiBytes = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" +
	"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f" +
	" !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~\x7f"

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
	enc := op.lit
	switch {
	case enc == nil && op.reserved:
		enc = reservedEnc
	case enc == nil:
		return percent.Component.AppendEncodeString(dst, s)
	}
	if op.reserved {
		return enc.AppendMakeSafe(dst, s)
	}
	return enc.AppendEncodeString(dst, s)
}
