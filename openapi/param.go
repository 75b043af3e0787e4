// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package openapi serializes and parses OpenAPI 3.2 parameters (Parameter
// Object: style, explode, allowReserved; Appendices C, D and E) in both
// directions, so that a value written by [Param.Encode] reads back the same
// from [Param.Decode] or [Param.DecodeQuery], delimiters inside items
// included.
//
// The four styles that RFC 6570 defines (matrix, label, simple, form) are
// expanded by package uritemplate, as {;name}, {.name}, {name} and {?name}
// (with "*" when exploded, and reserved expansion with AllowReserved), less
// form's "?"; spaceDelimited, pipeDelimited, deepObject and cookie are
// small functions beside them. Values follow uritemplate's value model: a
// string, bool, number or encoding.TextMarshaler is a primitive, a slice or
// array of them an array, a []percent.Pair (in order) or a map with string
// keys (keys sorted) an object; nil, a nil pointer, an empty array or object
// is undefined and writes nothing.
//
// Decoding reads the raw text: it splits at the style's literal delimiters
// first and decodes each name and item after, so that "%2C" inside an item
// stays data (the bug of binders that read net/url's already-decoded
// url.Values). It takes a raw query or Cookie header, never url.Values.
//
// Every combination that the specification marks n/a or does not permit,
// and every item that would make the output ambiguous (a space in a
// spaceDelimited item, "|" in a pipeDelimited one, "." in an exploded label
// item, "[" or "]" in a deepObject key, a byte outside cookie-octet in a
// cookie, and with AllowReserved "," in a list item, ";" in a matrix item,
// "%7C" in a pipeDelimited one, ...), is an [*Error] naming the parameter,
// never a result that reads back differently: Decode(Encode(v)) is v for
// every v Encode accepts (with AllowReserved, v's own well-formed escapes
// read back decoded, since reserved expansion passes them through).
//
// A path value never holds a raw "/", "?" or "#", AllowReserved or not
// (the specification's Path Templating), and every path value Encode
// writes passes [percent.CheckSegments] as one segment: a value that
// would write a dot segment ("..", ". ", "..;x"; a browser resolves
// /users/../delete to /delete), a backslash, a control, double encoding
// ("%41" written "%2541"), invalid UTF-8 or a lookalike is an *Error whose
// Err is the *percent.PathError, since a server behind that check refuses
// it. The one exception is the Style Examples table's own cell, label of
// the empty string, ".": a path reader resolves that segment away.
package openapi

import (
	"strconv"

	"github.com/urlcodec/percent"
)

// Style is a parameter's style (OpenAPI 3.2 §4.12.2.3, Style Values).
type Style string

// The styles.
const (
	Matrix         Style = "matrix"         // path: ;color=blue (RFC 6570 §3.2.7)
	Label          Style = "label"          // path: .blue (RFC 6570 §3.2.5)
	Simple         Style = "simple"         // path, header: blue,black (RFC 6570 §3.2.2)
	Form           Style = "form"           // query, cookie: color=blue (RFC 6570 §3.2.8)
	SpaceDelimited Style = "spaceDelimited" // query: color=blue%20black
	PipeDelimited  Style = "pipeDelimited"  // query: color=blue%7Cblack
	DeepObject     Style = "deepObject"     // query: color%5BR%5D=100
	Cookie         Style = "cookie"         // cookie: color=blue; color=black (RFC 6265)
)

// In is where a parameter stands (OpenAPI 3.2, Parameter Locations).
type In string

// The locations.
const (
	InPath   In = "path"
	InQuery  In = "query"
	InHeader In = "header"
	InCookie In = "cookie"
)

// A Param is an OpenAPI Parameter Object's serialization fields.
type Param struct {
	Name          string
	In            In
	Style         Style // "": the spec's default for In (simple for path and header, form for query and cookie)
	Explode       *bool // nil: the spec's default for Style (true for form and cookie, false otherwise)
	AllowReserved bool  // reserved expansion (RFC 6570 §3.2.3); path and query only
}

// Kind is the shape of a decoded value.
type Kind uint8

// The kinds.
const (
	Primitive Kind = iota
	Array
	Object
)

// A Value is a decoded parameter: String for a primitive, List for an
// array, Props (in order) for an object.
type Value struct {
	Kind   Kind
	String string
	List   []string
	Props  []percent.Pair
}

// An Error is a parameter that cannot be written or read: Param names it,
// Offset is the byte offset in the input of Decode or DecodeQuery where the
// problem is (0 for Encode), and Err is the cause where one exists
// (a *percent.DecodeError, percent.ErrTooManyPairs).
type Error struct {
	Param  string
	Offset int
	Reason string
	Err    error
}

// Error says which parameter, where and why.
func (e *Error) Error() string {
	s := "openapi: parameter " + strconv.Quote(e.Param) + ": " + e.Reason
	if e.Offset > 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// resolved is a Param with its defaults applied and checked: its style
// and location as small codes for the branches, explode and
// allowReserved, in one word (a value that stays in a register: the
// calls pass it on and never copy a struct).
type resolved uint32

const (
	rExplode  resolved = 1 << 16
	rReserved resolved = 1 << 17
)

func (r resolved) s() styleID       { return styleID(r) }
func (r resolved) i() inID          { return inID(r >> 8) }
func (r resolved) explode() bool    { return r&rExplode != 0 }
func (r resolved) reserved() bool   { return r&rReserved != 0 }
func (r resolved) styleName() Style { return styleNames[r.s()] } // as the messages give it

type (
	styleID uint8
	inID    uint8
)

const (
	sNone styleID = iota
	sMatrix
	sLabel
	sSimple
	sForm
	sSpace
	sPipe
	sDeep
	sCookie
)

const (
	iNone inID = iota
	iPath
	iQuery
	iHeader
	iCookie
)

// styleOf returns the code of a style name, or sNone.
func styleOf(s Style) styleID {
	switch s {
	case Matrix:
		return sMatrix
	case Label:
		return sLabel
	case Simple:
		return sSimple
	case Form:
		return sForm
	case SpaceDelimited:
		return sSpace
	case PipeDelimited:
		return sPipe
	case DeepObject:
		return sDeep
	case Cookie:
		return sCookie
	}
	return sNone
}

// inOf returns the code of a location, or iNone.
func inOf(in In) inID {
	switch in {
	case InPath:
		return iPath
	case InQuery:
		return iQuery
	case InHeader:
		return iHeader
	case InCookie:
		return iCookie
	}
	return iNone
}

// styleNames[s] is the name of style s.
var styleNames = [...]Style{
	sMatrix: Matrix, sLabel: Label, sSimple: Simple, sForm: Form,
	sSpace: SpaceDelimited, sPipe: PipeDelimited, sDeep: DeepObject, sCookie: Cookie,
}

// permitted[s] holds the locations style s may stand in (the Style Values
// table), one bit a location.
var permitted = [...]uint8{
	sMatrix: 1 << iPath, sLabel: 1 << iPath, sSimple: 1<<iPath | 1<<iHeader, sForm: 1<<iQuery | 1<<iCookie,
	sSpace: 1 << iQuery, sPipe: 1 << iQuery, sDeep: 1 << iQuery, sCookie: 1 << iCookie,
}

// resolve applies the spec's defaults and refuses what the Style Values
// table does not permit: the one resolution of a Param, which Encode and
// Decode make once a call. No error is built on the way (see refuse).
func (p *Param) resolve() (resolved, error) {
	i := inOf(p.In)
	s := defaultStyle[i]
	if p.Style != "" {
		s = styleOf(p.Style)
	}
	r := resolved(s) | resolved(i)<<8
	if p.Explode != nil && *p.Explode || p.Explode == nil && (s == sForm || s == sCookie) {
		r |= rExplode
	}
	if p.AllowReserved {
		r |= rReserved
	}
	// permitted[sNone] is empty, and no style is permitted in iNone.
	if p.Name == "" || permitted[s]>>i&1 == 0 || p.AllowReserved && (i == iHeader || s == sCookie) {
		return r, p.refuse(r)
	}
	return r, nil
}

// defaultStyle[i] is the spec's style for a parameter in i that sets none.
var defaultStyle = [...]styleID{iPath: sSimple, iHeader: sSimple, iQuery: sForm, iCookie: sForm}

// refuse says why resolve refused p.
func (p *Param) refuse(r resolved) error {
	switch {
	case p.Name == "":
		return p.err(0, "a parameter needs a name", nil)
	case r.s() == sNone || r.i() == iNone || permitted[r.s()]&(1<<r.i()) == 0:
		style := p.Style
		if r.s() != sNone {
			style = r.styleName()
		}
		return p.err(0, "style "+strconv.Quote(string(style))+" is not permitted in "+strconv.Quote(string(p.In)), nil)
	}
	return p.err(0, "allowReserved applies only where values are percent-encoded", nil)
}

func (p *Param) err(off int, reason string, cause error) *Error {
	return &Error{Param: p.Name, Offset: off, Reason: reason, Err: cause}
}

// kindAllowed reports whether the style takes a value of kind k, and with
// explode: spaceDelimited and pipeDelimited take unexploded arrays and
// objects, deepObject objects (explode has no effect on it).
func (r resolved) kindAllowed(k Kind) bool {
	switch r.s() {
	case sSpace, sPipe:
		return k != Primitive && !r.explode()
	case sDeep:
		return k == Object
	case sForm:
		// One cookie-pair: "&" has no meaning in a Cookie header (use
		// style cookie to explode).
		return r.i() != iCookie || !r.explode() || k == Primitive
	}
	return true
}
