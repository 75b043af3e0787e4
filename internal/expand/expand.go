// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package expand is the expansion of RFC 6570 expressions: the operator
// table of Appendix A and the writing of one variable's value, shared by
// package uritemplate (a template's expressions) and package openapi (one
// expression a parameter, with no template). Its errors are *Error, which
// uritemplate gives its callers as its own *uritemplate.Error.
package expand

import (
	"reflect"
	"strconv"
	"unicode/utf8"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/value"
)

// An Op is one row of RFC 6570 Appendix A's table.
type Op struct {
	First    string
	Sep      byte
	Named    bool
	Ifemp    string
	Reserved bool // allow unreserved and reserved (U+R), else unreserved (U)
	// Lit, when not nil, writes the values in place of the operator's own
	// encoding (an Expr's: see NewExpr).
	Lit *percent.Encoding
}

// The rows of the table.
var (
	Simple   = &Op{"", ',', false, "", false, nil}
	Reserved = &Op{"", ',', false, "", true, nil}
	Fragment = &Op{"#", ',', false, "", true, nil}
	Label    = &Op{".", '.', false, "", false, nil}
	Path     = &Op{"/", '/', false, "", false, nil}
	Param    = &Op{";", ';', true, "", false, nil}
	Query    = &Op{"?", '&', true, "=", false, nil}
	Cont     = &Op{"&", '&', true, "=", false, nil}
)

// ReservedEnc encodes a reserved expansion's value between its escapes:
// unreserved and reserved literal (RFC 6570 §3.2.3).
var ReservedEnc = percent.NewEncoding(percent.Unreserved.Union(percent.Reserved))

// Operator returns the row of Appendix A's table for an operator
// character ("+", "#", ".", "/", ";", "?", "&"; "" for simple expansion),
// or nil for anything else.
func Operator(op string) *Op {
	switch op {
	case "":
		return Simple
	case "+":
		return Reserved
	case "#":
		return Fragment
	case ".":
		return Label
	case "/":
		return Path
	case ";":
		return Param
	case "?":
		return Query
	case "&":
		return Cont
	}
	return nil
}

// A Var is one variable of an expression.
type Var struct {
	Name    string
	Prefix  int // 0 for none
	Explode bool
	Off     int // where the variable's name begins in the template
}

// An Error is a value that an expression cannot expand: which variable,
// why, and the cause where there is one (a TextMarshaler's error).
// uritemplate gives it to its callers as a *uritemplate.Error, with the
// variable's offset in the template.
type Error struct {
	Name, Reason string // the variable's name, and why
	Off          int    // the variable's Off
	Err          error
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Error returns the reason.
func (e *Error) Error() string { return e.Reason }

// Expand appends the expansion of variable v with the value x, first
// saying whether it is the first defined variable of its expression. A
// number's or a bool's text is written from a scratch array on the stack,
// so no scalar of the value model allocates.
func (op *Op) Expand(dst []byte, v *Var, x any, first *bool) ([]byte, error) {
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
	if v.Prefix > 0 {
		return dst, v.err("a prefix applies to a string, not a list or associative array")
	}
	dst = op.start(dst, first)
	if val.Kind == value.Assoc {
		return op.pairs(dst, v, val.Pairs), nil
	}
	if !v.Explode {
		dst = op.name(dst, v.Name, false)
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
		case j > 0 && !v.Explode:
			dst = append(dst, ',')
		case j > 0:
			dst = append(dst, op.Sep)
		}
		if v.Explode && op.Named {
			dst = op.name(dst, v.Name, text == nil && s == "")
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
// built once and expanded with a value at a time: what a template's
// expansion runs for that expression, for a caller that has a variable
// but no template (an OpenAPI parameter). The zero Expr is {""}.
type Expr struct {
	op Op // the operator's row, with reserved and lit applied
	v  Var
}

// NewExpr returns the expression with operator op ("", "+", "#", ".", "/",
// ";", "?" or "&"; RFC 6570 §2.2) and the variable name, exploded or not.
// name is written as it stands (the caller encodes it). With reserved, the
// values are expanded as "+" expands them (§3.2.3), whatever op; lit, when
// not nil, is the Encoding the values are written with in place of
// [percent.Component] (or, with reserved, the one whose MakeSafe writes
// them). An unknown operator is an *Error.
func NewExpr(op, name string, explode, reserved bool, lit *percent.Encoding) (Expr, error) {
	o := Operator(op)
	if o == nil {
		return Expr{}, &Error{Name: name, Reason: "operator " + strconv.Quote(op) + " is not one of RFC 6570's"}
	}
	x := Expr{op: *o, v: Var{Name: name, Explode: explode}}
	x.op.Reserved = o.Reserved || reserved
	x.op.Lit = lit
	return x, nil
}

// AppendExpand appends the expansion of the expression with the value v
// (see uritemplate's Template.Expand for the values it takes; undefined writes
// nothing) and returns the extended buffer. It allocates nothing when dst
// has room and v is neither a map nor an encoding.TextMarshaler.
func (x *Expr) AppendExpand(dst []byte, v any) ([]byte, error) {
	op := &x.op
	if op.Sep == 0 {
		op = Simple // the zero Expr
	}
	if s, ok := v.(string); ok {
		// The scalar case of expandVar, without reading the value's kind
		// (an Expr has no prefix).
		if op.First != "" {
			dst = append(dst, op.First...)
		}
		if op.Named {
			dst = op.name(dst, x.v.Name, s == "")
		}
		if op.Lit == nil && !op.Reserved {
			// encode's commonest case, one call the fewer.
			return percent.Component.AppendEncodeString(dst, s), nil
		}
		return op.encode(dst, s), nil
	}
	first := true
	return op.Expand(dst, &x.v, v, &first)
}

func (v *Var) err(why string) error {
	return &Error{Name: v.Name, Reason: why, Off: v.Off}
}

// wrap is err for a value the model refuses, keeping its cause.
func (v *Var) wrap(err error) error {
	return &Error{Name: v.Name, Reason: err.Error(), Off: v.Off, Err: err}
}

// start writes the operator's first string before the first defined
// variable, and its separator before every other.
func (op *Op) start(dst []byte, first *bool) []byte {
	if *first {
		*first = false
		return append(dst, op.First...)
	}
	return append(dst, op.Sep)
}

// name writes a named operator's "name=" (or the name and ifemp for an
// empty value); nothing for the others.
func (op *Op) name(dst []byte, name string, empty bool) []byte {
	if !op.Named {
		return dst
	}
	dst = append(dst, name...)
	if empty {
		return append(dst, op.Ifemp...)
	}
	return append(dst, '=')
}

// str writes a string value, its prefix applied first (§2.4.1: counted in
// characters).
func (op *Op) str(dst []byte, v *Var, s string) []byte {
	dst = op.name(dst, v.Name, s == "")
	if v.Prefix > 0 {
		n, i := 0, 0
		for i < len(s) && n < v.Prefix {
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
func (op *Op) text(dst []byte, v *Var, b []byte) []byte {
	dst = op.name(dst, v.Name, false)
	if v.Prefix > 0 && v.Prefix < len(b) {
		b = b[:v.Prefix]
	}
	return op.encodeText(dst, b)
}

// encodeText is encode for a number's or a bool's text. Such text is ASCII
// and holds no "%", so reserved expansion (MakeSafe) writes what Encode
// writes. A byte the encoding leaves literal is appended as it is, any
// other (a float's "+") encoded from asciiBytes: text, which lives in the
// caller's scratch array, is never handed to the codecs, so that no build
// of them (-tags purego included) can move that array to the heap.
func (op *Op) encodeText(dst []byte, b []byte) []byte {
	enc := op.Lit
	switch {
	case enc == nil && op.Reserved:
		enc = ReservedEnc
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
func (op *Op) pairs(dst []byte, v *Var, ps []percent.Pair) []byte {
	if !v.Explode {
		dst = op.name(dst, v.Name, false)
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
			dst = append(dst, op.Sep)
		}
		dst = op.encode(dst, kv.Name)
		if op.Named && kv.Value == "" {
			dst = append(dst, op.Ifemp...)
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
func (op *Op) encode(dst []byte, s string) []byte {
	enc := op.Lit
	switch {
	case enc == nil && op.Reserved:
		enc = ReservedEnc
	case enc == nil:
		return percent.Component.AppendEncodeString(dst, s)
	}
	if op.Reserved {
		return enc.AppendMakeSafe(dst, s)
	}
	return enc.AppendEncodeString(dst, s)
}
