// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

//go:generate go test -run ^TestTables$ -update .

import (
	"slices"

	"github.com/urlcodec/percent/internal/lex"
)

// The predefined encodings: RFC 3986's components, the URL Standard's
// percent-encode sets, Moore's exchange format and FidoURL's. Each names
// the document and section whose set it implements; the README has them as
// a table, and [Encodings] lists them by name. Their tables are generated
// (codec_tables.go, by go generate), so that importing the package builds
// nothing.
var (
	// RFC 3986 component encodings. Each leaves literal exactly the
	// characters that its component's ABNF allows unencoded, so that any
	// data can be placed in that component.

	// Component leaves only unreserved (RFC 3986 §2.3) literal: the safest
	// choice for a value placed anywhere in a URL, as Python's
	// quote(s, safe="") and JavaScript's encodeURIComponent less "!'()*".
	//
	// Component is NewEncoding(Unreserved).
	Component *Encoding
	// PathSegment is for one path segment (RFC 3986 §3.3, segment = *pchar):
	// unreserved, sub-delims, ":" and "@" literal; "/" is escaped. No
	// encoding can make a segment "." or ".." data: "%2E" is the same octet
	// as ".", and dot-segment removal (RFC 3986 §5.2.4, §6.2.2.3) takes both
	// away, so a caller must refuse such a segment rather than encode it.
	//
	// PathSegment is NewEncoding(PChar).
	PathSegment *Encoding
	// Path is for a whole path (RFC 3986 §3.3): pchar and "/" literal.
	//
	// Path is NewEncoding(PChar.Add("/")).
	Path *Encoding
	// Query is for a query (RFC 3986 §3.4): pchar, "/" and "?" literal.
	//
	// Query is NewEncoding(PChar.Add("/?")).
	Query *Encoding
	// Fragment is for a fragment (RFC 3986 §3.5): pchar, "/" and "?"
	// literal, the same set as Query's, and so the same Encoding: Query.
	Fragment *Encoding
	// Userinfo is for the userinfo of an authority (RFC 3986 §3.2.1):
	// unreserved, sub-delims and ":" literal.
	//
	// Userinfo is NewEncoding(Unreserved.Union(SubDelims).Add(":")).
	Userinfo *Encoding
	// Host is for a registered name (RFC 3986 §3.2.2, reg-name): unreserved
	// and sub-delims literal; ":", "[" and "]" are escaped.
	//
	// Host is NewEncoding(Unreserved.Union(SubDelims)).
	Host *Encoding

	// The URL Standard's percent-encode sets (WHATWG URL §1.3, as of 2025). The
	// standard defines each by the bytes it encodes; these encodings leave the
	// complement literal, less "%", which an Encoding always escapes so that
	// Encode round-trips (the URL parser leaves "%" alone: use
	// [Encoding.MakeSafe] for what a parser does to typed text).

	// WHATWGC0Control encodes the C0 control percent-encode set: bytes
	// 00–1F and 7F–FF.
	//
	// WHATWGC0Control is NewEncoding of 20–7E less "%".
	WHATWGC0Control *Encoding
	// WHATWGFragment encodes the fragment percent-encode set: C0 controls,
	// space, `"`, "<", ">" and "`".
	WHATWGFragment *Encoding
	// WHATWGQuery encodes the query percent-encode set: C0 controls, space,
	// `"`, "#", "<" and ">".
	WHATWGQuery *Encoding
	// WHATWGSpecialQuery encodes the special-query percent-encode set: the
	// query set and "'", for URLs with a special scheme (http, https, ws,
	// wss, ftp, file).
	WHATWGSpecialQuery *Encoding
	// WHATWGPath encodes the path percent-encode set: the query set and
	// "?", "^", "`", "{" and "}".
	WHATWGPath *Encoding
	// WHATWGUserinfo encodes the userinfo percent-encode set: the path set
	// and "/", ":", ";", "=", "@", "[", "\", "]" and "|".
	WHATWGUserinfo *Encoding
	// WHATWGComponent encodes the component percent-encode set, used by
	// encodeURIComponent-like APIs: the userinfo set and "$", "%", "&",
	// "+" and ",".
	WHATWGComponent *Encoding
	// Form is application/x-www-form-urlencoded (URL Standard §5.2): the
	// ASCII alphanumerics and "*-._" literal, space written "+", everything
	// else (UTF-8 bytes of text) escaped.
	//
	// Form is NewEncoding(Alpha.Union(Digit).Add("*-._")).WithSpaceAsPlus().
	Form *Encoding

	// Exchange is the exchange format of Keith Moore's "Wrappers for URLs"
	// (1993), rule 1: the bytes of [ExchangeSafe] literal, every other byte
	// written "%" and two upper-case hex digits. Its output is printable,
	// non-space ASCII that never begins with "<".
	//
	// Exchange is NewEncoding(ExchangeSafe).
	Exchange *Encoding

	// The FidoURL encodings (FGHI URL draft, §5.2). Characters are UTF-8. Bytes
	// 00–1F, 7F–FF, space, `"`, "#", "%", "<", ">", "{", "}", "|", "\", "^",
	// "~", "[", "]" and "`" must be encoded; "+" is encoded and a space is
	// written "+"; and no "---" may appear, so a "-" that would complete one is
	// written "%2D".

	// Fido encodes a whole FidoURL: the delimiters "?", "=", "&", "@" and
	// "/" stay literal.
	Fido *Encoding
	// FidoComponent encodes a value that goes inside one part of a
	// FidoURL: Fido that also encodes "?", "=", "&", "@" and "/".
	FidoComponent *Encoding
)

// The predefined encodings' tables are generated data; init only points
// the variables at them.
func init() {
	Component = &tabComponent
	PathSegment = &tabPathSegment
	Path = &tabPath
	Query = &tabQuery
	Fragment = Query
	Userinfo = &tabUserinfo
	Host = &tabHost
	WHATWGC0Control = &tabWHATWGC0Control
	WHATWGFragment = &tabWHATWGFragment
	WHATWGQuery = &tabWHATWGQuery
	WHATWGSpecialQuery = &tabWHATWGSpecialQuery
	WHATWGPath = &tabWHATWGPath
	WHATWGUserinfo = &tabWHATWGUserinfo
	WHATWGComponent = &tabWHATWGComponent
	Form = &tabForm
	Exchange = &tabExchange
	Fido = &tabFido
	FidoComponent = &tabFidoComponent
}

// encodingTable is the predefined encodings by the lower-case names that
// LookupEncoding knows, in the order of the README's table.
var encodingTable = []NamedEncoding{
	{"component", "RFC 3986 §2.3 unreserved only", &tabComponent},
	{"path-segment", "RFC 3986 §3.3 segment (pchar)", &tabPathSegment},
	{"path", "RFC 3986 §3.3 path", &tabPath},
	{"query", "RFC 3986 §3.4 query", &tabQuery},
	{"fragment", "RFC 3986 §3.5 fragment", &tabQuery},
	{"userinfo", "RFC 3986 §3.2.1 userinfo", &tabUserinfo},
	{"host", "RFC 3986 §3.2.2 reg-name", &tabHost},
	{"whatwg-c0-control", "URL Standard C0 control percent-encode set", &tabWHATWGC0Control},
	{"whatwg-fragment", "URL Standard fragment percent-encode set", &tabWHATWGFragment},
	{"whatwg-query", "URL Standard query percent-encode set", &tabWHATWGQuery},
	{"whatwg-special-query", "URL Standard special-query percent-encode set", &tabWHATWGSpecialQuery},
	{"whatwg-path", "URL Standard path percent-encode set", &tabWHATWGPath},
	{"whatwg-userinfo", "URL Standard userinfo percent-encode set", &tabWHATWGUserinfo},
	{"whatwg-component", "URL Standard component percent-encode set", &tabWHATWGComponent},
	{"form", "application/x-www-form-urlencoded (URL Standard §5), space as +", &tabForm},
	{"exchange", "exchange format, Moore 1993", &tabExchange},
	{"fido", "FidoURL §5.2, whole URL, space as +, no ---", &tabFido},
	{"fido-component", "FidoURL §5.2, one part of a URL", &tabFidoComponent},
}

// LookupEncoding returns the predefined encoding with the given name, one
// of those that [Encodings] lists ("component", "form", "fido" ...). Case
// and "_" for "-" are ignored.
func LookupEncoding(name string) (*Encoding, bool) {
	for _, n := range encodingTable {
		if lex.EqualName(n.Name, name) {
			return n.Encoding, true
		}
	}
	return nil, false
}

// A NamedEncoding is a predefined encoding with the name [LookupEncoding]
// knows it by and a one-line description of its source.
type NamedEncoding struct {
	Name     string
	Doc      string
	Encoding *Encoding
}

// Encodings returns the predefined encodings, in a fixed order (the
// README's table), each with its name and source. The slice is the
// caller's.
func Encodings() []NamedEncoding {
	return slices.Clone(encodingTable)
}
