// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

// The predefined encodings. Each names the document and section whose set it
// implements; the README has them as a table.

// RFC 3986 component encodings. Each leaves literal exactly the characters
// that its component's ABNF allows unencoded, so that any data can be placed
// in that component.
var (
	// Component leaves only unreserved (RFC 3986 §2.3) literal: the safest
	// choice for a value placed anywhere in a URL, as Python's
	// quote(s, safe="") and JavaScript's encodeURIComponent less "!'()*".
	Component = NewEncoding(Unreserved)
	// PathSegment is for one path segment (RFC 3986 §3.3, segment = *pchar):
	// unreserved, sub-delims, ":" and "@" literal; "/" is escaped. No
	// encoding can make a segment "." or ".." data: "%2E" is the same octet
	// as ".", and dot-segment removal (RFC 3986 §5.2.4, §6.2.2.3) takes both
	// away, so a caller must refuse such a segment rather than encode it.
	PathSegment = NewEncoding(PChar)
	// Path is for a whole path (RFC 3986 §3.3): pchar and "/" literal.
	Path = NewEncoding(PChar.Add("/"))
	// Query is for a query (RFC 3986 §3.4): pchar, "/" and "?" literal.
	Query = NewEncoding(PChar.Add("/?"))
	// Fragment is for a fragment (RFC 3986 §3.5): pchar, "/" and "?" literal.
	Fragment = NewEncoding(PChar.Add("/?"))
	// Userinfo is for the userinfo of an authority (RFC 3986 §3.2.1):
	// unreserved, sub-delims and ":" literal.
	Userinfo = NewEncoding(Unreserved.Union(SubDelims).Add(":"))
	// Host is for a registered name (RFC 3986 §3.2.2, reg-name): unreserved
	// and sub-delims literal; ":", "[" and "]" are escaped.
	Host = NewEncoding(Unreserved.Union(SubDelims))
)

// The URL Standard's percent-encode sets (WHATWG URL §1.3, as of 2025). The
// standard defines each by the bytes it encodes; these encodings leave the
// complement literal, less "%", which an Encoding always escapes so that
// Encode round-trips (the URL parser leaves "%" alone: use
// [Encoding.MakeSafe] for what a parser does to typed text).
var (
	whatwgC0        = Set{}.AddRange(0x00, 0x1F).AddRange(0x7F, 0xFF)
	whatwgFragment  = whatwgC0.Add(" \"<>`")
	whatwgQuery     = whatwgC0.Add(" \"#<>")
	whatwgSpecialQ  = whatwgQuery.Add("'")
	whatwgPath      = whatwgQuery.Add("?^`{}")
	whatwgUserinfo  = whatwgPath.Add("/:;=@[\\]|")
	whatwgComponent = whatwgUserinfo.Add("$%&+,")
	whatwgForm      = whatwgComponent.Add("!'()~")

	// WHATWGC0Control encodes the C0 control percent-encode set: bytes
	// 00–1F and 7F–FF.
	WHATWGC0Control = NewEncoding(whatwgC0.Complement().Remove("%"))
	// WHATWGFragment encodes the fragment percent-encode set: C0 controls,
	// space, `"`, "<", ">" and "`".
	WHATWGFragment = NewEncoding(whatwgFragment.Complement().Remove("%"))
	// WHATWGQuery encodes the query percent-encode set: C0 controls, space,
	// `"`, "#", "<" and ">".
	WHATWGQuery = NewEncoding(whatwgQuery.Complement().Remove("%"))
	// WHATWGSpecialQuery encodes the special-query percent-encode set: the
	// query set and "'", for URLs with a special scheme (http, https, ws,
	// wss, ftp, file).
	WHATWGSpecialQuery = NewEncoding(whatwgSpecialQ.Complement().Remove("%"))
	// WHATWGPath encodes the path percent-encode set: the query set and
	// "?", "^", "`", "{" and "}".
	WHATWGPath = NewEncoding(whatwgPath.Complement().Remove("%"))
	// WHATWGUserinfo encodes the userinfo percent-encode set: the path set
	// and "/", ":", ";", "=", "@", "[", "\", "]" and "|".
	WHATWGUserinfo = NewEncoding(whatwgUserinfo.Complement().Remove("%"))
	// WHATWGComponent encodes the component percent-encode set, used by
	// encodeURIComponent-like APIs: the userinfo set and "$", "%", "&",
	// "+" and ",".
	WHATWGComponent = NewEncoding(whatwgComponent.Complement().Remove("%"))
	// Form is application/x-www-form-urlencoded (URL Standard §5.2): the
	// ASCII alphanumerics and "*-._" literal, space written "+", everything
	// else (UTF-8 bytes of text) escaped.
	Form = NewEncoding(whatwgForm.Complement().Remove("%")).WithSpaceAsPlus()
)

// Exchange is the exchange format of Keith Moore's "Wrappers for URLs"
// (1993), rule 1: the bytes of [ExchangeSafe] literal, every other byte
// written "%" and two upper-case hex digits. Its output is printable,
// non-space ASCII that never begins with "<".
var Exchange = NewEncoding(ExchangeSafe)

// The FidoURL encodings (FGHI URL draft, §5.2). Characters are UTF-8. Bytes
// 00–1F, 7F–FF, space, `"`, "#", "%", "<", ">", "{", "}", "|", "\", "^",
// "~", "[", "]" and "`" must be encoded; "+" is encoded and a space is
// written "+"; and no "---" may appear, so a "-" that would complete one is
// written "%2D".
var (
	fidoSafe = Set{}.AddRange(0x21, 0x7E).Remove("\"#%<>{}|\\^~[]`+")

	// Fido encodes a whole FidoURL: the delimiters "?", "=", "&", "@" and
	// "/" stay literal.
	Fido = NewEncoding(fidoSafe).WithSpaceAsPlus().withNoTripleDash()
	// FidoComponent encodes a value that goes inside one part of a
	// FidoURL: Fido that also encodes "?", "=", "&", "@" and "/".
	FidoComponent = NewEncoding(fidoSafe.Remove("?=&@/")).WithSpaceAsPlus().withNoTripleDash()
)

// encodingNames lists the predefined encodings by the lower-case names that
// LookupEncoding knows, in the order of the README's table.
var encodingNames = []struct {
	name string
	enc  *Encoding
	doc  string
}{
	{"component", Component, "RFC 3986 §2.3 unreserved only"},
	{"path-segment", PathSegment, "RFC 3986 §3.3 segment (pchar)"},
	{"path", Path, "RFC 3986 §3.3 path"},
	{"query", Query, "RFC 3986 §3.4 query"},
	{"fragment", Fragment, "RFC 3986 §3.5 fragment"},
	{"userinfo", Userinfo, "RFC 3986 §3.2.1 userinfo"},
	{"host", Host, "RFC 3986 §3.2.2 reg-name"},
	{"whatwg-c0-control", WHATWGC0Control, "URL Standard C0 control percent-encode set"},
	{"whatwg-fragment", WHATWGFragment, "URL Standard fragment percent-encode set"},
	{"whatwg-query", WHATWGQuery, "URL Standard query percent-encode set"},
	{"whatwg-special-query", WHATWGSpecialQuery, "URL Standard special-query percent-encode set"},
	{"whatwg-path", WHATWGPath, "URL Standard path percent-encode set"},
	{"whatwg-userinfo", WHATWGUserinfo, "URL Standard userinfo percent-encode set"},
	{"whatwg-component", WHATWGComponent, "URL Standard component percent-encode set"},
	{"form", Form, "application/x-www-form-urlencoded (URL Standard §5), space as +"},
	{"exchange", Exchange, "exchange format, Moore 1993"},
	{"fido", Fido, "FidoURL §5.2, whole URL, space as +, no ---"},
	{"fido-component", FidoComponent, "FidoURL §5.2, one part of a URL"},
}

// LookupEncoding returns the predefined encoding with the given lower-case
// name: "component", "path-segment", "path", "query", "fragment",
// "userinfo", "host", "whatwg-c0-control", "whatwg-fragment",
// "whatwg-query", "whatwg-special-query", "whatwg-path", "whatwg-userinfo",
// "whatwg-component", "form", "exchange", "fido" or "fido-component".
// Case and "_" for "-" are ignored.
func LookupEncoding(name string) (*Encoding, bool) {
	for _, n := range encodingNames {
		if equalFoldName(n.name, name) {
			return n.enc, true
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
// README's table), each with its name and source.
func Encodings() []NamedEncoding {
	out := make([]NamedEncoding, len(encodingNames))
	for i, n := range encodingNames {
		out[i] = NamedEncoding{Name: n.name, Doc: n.doc, Encoding: n.enc}
	}
	return out
}

// EncodingNames returns the names that [LookupEncoding] knows, in a fixed
// order, each with a one-line description of its source: [Encodings] as
// two parallel slices.
func EncodingNames() (names, docs []string) {
	for _, n := range encodingNames {
		names = append(names, n.name)
		docs = append(docs, n.doc)
	}
	return names, docs
}

// equalFoldName compares an ASCII name case-insensitively, "_" matching "-".
func equalFoldName(want, got string) bool {
	if len(want) != len(got) {
		return false
	}
	for i := 0; i < len(want); i++ {
		c := lower(got[i])
		if c == '_' {
			c = '-'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}
