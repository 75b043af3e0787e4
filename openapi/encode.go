// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/expand"
	"github.com/urlcodec/percent/internal/lex"
	"github.com/urlcodec/percent/internal/value"
)

var (
	// queryReserved writes a query value under AllowReserved: reserved
	// expansion less the bytes that end a pair or mean a space ("&", "=",
	// "+", "#"), which a query escapes whatever AllowReserved says.
	queryReserved = percent.NewEncoding(percent.Unreserved.Union(percent.Reserved).Remove("&=+#"))
	// cookieReserved is the same for form in a cookie: reserved expansion
	// less "," and ";", which are not cookie-octets (RFC 6265 §4.1.1).
	cookieReserved = percent.NewEncoding(percent.Unreserved.Union(percent.Reserved).Remove(",;"))
	// pathReserved writes a path value under AllowReserved: reserved
	// expansion less "/", "?" and "#", which the spec's Path Templating
	// says a path value MUST NOT hold unescaped.
	pathReserved = percent.NewEncoding(percent.Unreserved.Union(percent.Reserved).Remove("/?#"))
	// cookieOctet is RFC 6265 §4.1.1's cookie-octet: what a cookie value
	// may hold without quoting.
	// tchar is RFC 9110 §5.6.2's token character: what a cookie name may
	// hold (RFC 6265 §4.1.1).
	tchar       = percent.Alpha.Union(percent.Digit).Add("!#$%&'*+-.^_`|~")
	cookieOctet = percent.NewSet("!").AddRange(0x23, 0x2B).AddRange(0x2D, 0x3A).AddRange(0x3C, 0x5B).AddRange(0x5D, 0x7E)
)

// Encode returns the value v serialized as it stands in its place: for
// path and header parameters the text of the segment or header value
// (matrix and label with their leading ";" or "."), for query parameters
// the pairs joined by "&" with no leading "?" or "&", for cookie
// parameters the cookie-pairs joined by "; ". An undefined value writes
// "" (no pair at all). A value of more than percent.DefaultMaxPairs items,
// an object's names and values counted both, is an *Error whose Err is
// percent.ErrTooManyPairs: Decode would not read it back.
func (p *Param) Encode(v any) (string, error) {
	var buf [128]byte
	b, err := p.AppendEncode(buf[:0], v)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendEncode appends what [Param.Encode] writes to dst and returns the
// extended buffer. It allocates nothing when dst has room and v is a
// string, a []string or a []percent.Pair. On an error dst is returned as
// it was.
func (p *Param) AppendEncode(dst []byte, v any) ([]byte, error) {
	r, err := p.resolve()
	if err != nil {
		return dst, err
	}
	if _, ok := v.(string); ok {
		// The four RFC 6570 styles take a string anywhere they stand, and
		// escape or refuse nothing of it that expansion does not: it is
		// written as uritemplate writes it.
		switch {
		case r.s() == sLabel || r.s() == sSimple && r.i() == iPath:
			start := len(dst)
			dst, _ = r.unnamed().AppendExpand(dst, v)
			return p.pathSegment(dst, start, r.s() == sLabel)
		case r.s() == sMatrix && !r.reserved():
			start := len(dst)
			dst, _ = r.expand(dst, v, p.Name)
			return p.pathSegment(dst, start, false)
		case r.s() == sForm:
			return r.expand(dst, v, p.Name)
		}
	}
	return p.appendChecked(dst, v, r)
}

// pathSegment checks the path segment that a path parameter wrote at
// dst[start:]: it must pass percent.CheckSegments as one segment, since a
// server behind it reads a dot segment ("..", which a browser resolves
// away, ". ", "..;x"), an escaped backslash, a control, double encoding,
// invalid UTF-8 or a lookalike as other than data. The one exception is
// label's "." (the Style Examples table's label of the empty string),
// whose doc warns that a path reader resolves it away. On an error dst is
// cut back to start.
func (p *Param) pathSegment(dst []byte, start int, label bool) ([]byte, error) {
	w := dst[start:]
	if label && len(w) == 1 {
		return dst, nil
	}
	// What Encode writes in a path holds no raw space, "/", "\", "?",
	// "#", control or non-ASCII byte (they are escaped, AllowReserved or
	// not), so without a "%" the one thing CheckSegments could refuse is a
	// dot segment: dots alone, or dots and a ";". That test runs at
	// IndexByte's speed (tools/openapibench, BenchmarkEncode/id).
	if bytes.IndexByte(w, '%') < 0 {
		i := 0
		for i < len(w) && w[i] == '.' {
			i++
		}
		if i == 0 || i < len(w) && w[i] != ';' {
			return dst, nil
		}
	}
	if err := percent.CheckSegmentsBytes(w); err != nil {
		return dst[:start], p.err(0, err.(*percent.PathError).Reason+" in the path value it writes", err)
	}
	return dst, nil
}

// appendChecked is AppendEncode for every style, with the kind and the
// items checked first.
func (p *Param) appendChecked(dst []byte, v any, r resolved) ([]byte, error) {
	val, err := value.Read(v)
	if err != nil {
		return dst, p.err(0, err.Error(), err)
	}
	if val.Kind == value.Undefined {
		return dst, nil
	}
	kind := Primitive
	switch val.Kind {
	case value.List:
		kind = Array
	case value.Assoc:
		kind = Object
	}
	if !r.kindAllowed(kind) {
		return dst, p.kindError(r, kind)
	}
	// What Decode counts: an item of a list, a property of an exploded
	// object or a deepObject (one pair of q, or one key=value piece of a
	// path or header), and a name and a value for any other object.
	n := len(val.List) + 2*len(val.Pairs)
	if r.explode() || r.s() == sDeep {
		n = len(val.List) + len(val.Pairs)
	}
	if n > percent.DefaultMaxPairs {
		return dst, p.err(0, "too many items", percent.ErrTooManyPairs)
	}
	if err := r.ambiguous(p, &val); err != nil {
		return dst, err
	}
	start := len(dst)
	switch {
	case r.s() == sMatrix, r.s() == sLabel, r.s() == sSimple && r.i() == iPath, r.s() == sForm:
		dst, err = r.expand(dst, v, p.Name)
		if err == nil && r.s() == sLabel && r.explode() && !r.reserved() && val.Kind != value.Scalar {
			// An item or key that holds a ".", which
			// percent.Component writes as it is, would read back as two:
			// one more dot than the value's items is an ambiguous item.
			if bytes.Count(dst[start:], []byte{'.'}) != len(val.List)+len(val.Pairs) {
				return dst[:start], p.err(0, `an item holds ".", which exploded label writes as its delimiter`, nil)
			}
		}
	case r.s() == sSimple:
		dst = r.header(dst, &val)
	case r.s() == sSpace:
		dst = r.delimited(dst, &val, "%20", p.Name)
	case r.s() == sPipe:
		dst = r.delimited(dst, &val, "%7C", p.Name)
	case r.s() == sDeep:
		dst = r.deepObject(dst, &val, p.Name)
	default:
		dst = r.cookie(dst, &val, p.Name)
	}
	if err != nil {
		return dst[:start], p.err(0, err.Error(), err)
	}
	if r.i() == iPath {
		return p.pathSegment(dst, start, r.s() == sLabel)
	}
	return dst, nil
}

// kindError says why a kind is refused.
func (p *Param) kindError(r resolved, k Kind) error {
	kinds := [...]string{"primitive", "array", "object"}
	why := " takes no " + kinds[k] + " (the Style Values table)"
	switch {
	case r.explode() && (r.s() == sSpace || r.s() == sPipe):
		why = " is not defined exploded (the Style Examples table: n/a)"
	case r.s() == sForm && r.i() == iCookie:
		why = ` in a cookie writes one cookie-pair: exploded, it cannot take an ` + kinds[k] + ` ("&" has no meaning in a Cookie header; use style cookie)`
	}
	return p.err(0, "style "+strconv.Quote(string(r.styleName()))+why, nil)
}

// expand writes the four RFC 6570 styles through uritemplate: {;name},
// {.name}, {name} and {?name}, "*" when exploded, reserved expansion with
// AllowReserved, less form's "?".
func (r resolved) expand(dst []byte, v any, name string) ([]byte, error) {
	if r.s() == sSimple || r.s() == sLabel {
		return r.unnamed().AppendExpand(dst, v)
	}
	op, lit := ";", (*percent.Encoding)(nil)
	if r.reserved() {
		lit = pathReserved
	}
	if r.s() == sForm {
		op = "?"
		if r.reserved() {
			lit = queryReserved
			if r.i() == iCookie {
				lit = cookieReserved
			}
		}
	}
	x, err := expand.NewExpr(op, percent.Component.Encode(name), r.explode(), r.reserved(), lit)
	if err != nil {
		return dst, err
	}
	start := len(dst)
	dst, err = x.AppendExpand(dst, v)
	if err == nil && op == "?" && len(dst) > start {
		// Less the "?": move what follows it back by one.
		dst = append(dst[:start], dst[start+1:]...)
		if len(dst) > start && dst[start] == '?' {
			// An exploded object's first name, under reserved
			// expansion, would begin the query with a "?" that a
			// reader drops: write it escaped.
			dst = append(dst[:start+2], dst[start:]...)
			copy(dst[start:], "%3F")
		}
	}
	return dst, err
}

// unnamed[label][explode][reserved] is the expression of simple ({x},
// {x*}, {+x}, {+x*}) or label ({.x}, ...): neither writes the name, so
// each is built once.
var unnamed = func() (t [2][2][2]expand.Expr) {
	for l, op := range []string{"", "."} {
		for e := range 2 {
			for r := range 2 {
				var lit *percent.Encoding
				if r == 1 {
					lit = pathReserved // a path value holds no raw "/", "?" or "#"
				}
				x, err := expand.NewExpr(op, "x", e == 1, r == 1, lit)
				if err != nil {
					panic(err) // the operators are RFC 6570's
				}
				t[l][e][r] = x
			}
		}
	}
	return t
}()

// unnamed returns the expression of simple or label, which write no name
// and so are built once.
func (r resolved) unnamed() *expand.Expr {
	return &unnamed[b2i(r.s() == sLabel)][b2i(r.explode())][b2i(r.reserved())]
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// header writes simple style in a header: no percent-encoding (Appendix
// D), items joined by ",", an exploded object's pairs as key=value.
func (r resolved) header(dst []byte, val *value.V) []byte {
	switch val.Kind {
	case value.Scalar:
		return append(dst, val.String...)
	case value.List:
		for j, s := range val.List {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, s...)
		}
		return dst
	}
	for j, kv := range val.Pairs {
		if j > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, kv.Name...)
		if r.explode() {
			dst = append(dst, '=')
		} else {
			dst = append(dst, ',')
		}
		dst = append(dst, kv.Value...)
	}
	return dst
}

// item writes one name or value of a query style, as form's {?name}
// writes it: percent.Component, or reserved expansion with AllowReserved.
func (r resolved) item(dst []byte, s string) []byte {
	if r.reserved() {
		return queryReserved.AppendMakeSafe(dst, s)
	}
	return percent.Component.AppendEncodeString(dst, s)
}

// delimited writes spaceDelimited and pipeDelimited: name=items joined by
// sep ("%20" or "%7C"), an object as its keys and values in turn.
func (r resolved) delimited(dst []byte, val *value.V, sep, name string) []byte {
	dst = percent.Component.AppendEncodeString(dst, name)
	dst = append(dst, '=')
	if val.Kind == value.List {
		for j, s := range val.List {
			if j > 0 {
				dst = append(dst, sep...)
			}
			dst = r.item(dst, s)
		}
		return dst
	}
	for j, kv := range val.Pairs {
		if j > 0 {
			dst = append(dst, sep...)
		}
		dst = r.item(dst, kv.Name)
		dst = append(dst, sep...)
		dst = r.item(dst, kv.Value)
	}
	return dst
}

// deepObject writes name%5Bkey%5D=value for each property, joined by "&".
func (r resolved) deepObject(dst []byte, val *value.V, name string) []byte {
	for j, kv := range val.Pairs {
		if j > 0 {
			dst = append(dst, '&')
		}
		dst = percent.Component.AppendEncodeString(dst, name)
		dst = append(dst, "%5B"...)
		dst = r.item(dst, kv.Name)
		dst = append(dst, "%5D="...)
		dst = r.item(dst, kv.Value)
	}
	return dst
}

// cookie writes style cookie (RFC 6265 §4.2.1): no percent-encoding;
// name=a,b,c, or exploded one cookie-pair an item joined by "; ".
func (r resolved) cookie(dst []byte, val *value.V, name string) []byte {
	switch {
	case val.Kind == value.Scalar:
		dst = append(append(append(dst, name...), '='), val.String...)
	case !r.explode():
		dst = append(append(dst, name...), '=')
		dst = r.header(dst, val)
	case val.Kind == value.List:
		for j, s := range val.List {
			if j > 0 {
				dst = append(dst, "; "...)
			}
			dst = append(append(append(dst, name...), '='), s...)
		}
	default:
		for j, kv := range val.Pairs {
			if j > 0 {
				dst = append(dst, "; "...)
			}
			dst = append(append(append(dst, kv.Name...), '='), kv.Value...)
		}
	}
	return dst
}

// ambiguous returns an *Error for an item that holds its style's own
// delimiter where no escape could tell them apart, and for bytes that a
// header or cookie cannot carry.
func (r resolved) ambiguous(p *Param, val *value.V) error {
	if r.s() == sCookie {
		// Style cookie writes the name as it stands: a token.
		for i := 0; i < len(p.Name); i++ {
			if !tchar.Contains(p.Name[i]) {
				return p.err(0, "byte "+strconv.QuoteRune(rune(p.Name[i]))+" cannot stand in a cookie name (RFC 6265 §4.1.1: a token; style cookie applies no escaping)", nil)
			}
		}
	}
	if r.reserved() {
		if err := r.reservedAmbiguous(p, val); err != nil {
			return err
		}
	}
	switch r.s() {
	case sMatrix, sForm:
		return nil // every delimiter of theirs is escaped in an item
	case sSimple, sLabel:
		if r.i() == iPath && (r.s() == sSimple || !r.explode() || r.reserved() || val.Kind == value.Scalar) {
			return nil
		}
	}
	// Where the style's delimiter is one byte written raw, no item may
	// hold it (label here is exploded, unreserved, a list or an object).
	switch r.s() {
	case sSpace:
		return holds(p, val, ' ', "an item holds a space, which spaceDelimited writes as its delimiter")
	case sPipe:
		return holds(p, val, '|', `an item holds "|", which pipeDelimited writes as its delimiter`)
	case sLabel:
		return nil // appendChecked counts the dots it wrote (labelDots)
	}
	check := func(s string, key bool) error {
		switch {
		case r.s() == sDeep && key && strings.ContainsAny(s, "[]"):
			return p.err(0, `a deepObject key holds "[" or "]"`, nil)
		case r.s() == sSimple && r.i() == iHeader:
			return headerItem(p, s, key, val.Kind, r.explode())
		case r.s() == sCookie && key && r.explode():
			for i := 0; i < len(s); i++ {
				if !tchar.Contains(s[i]) {
					return p.err(0, "byte "+strconv.QuoteRune(rune(s[i]))+" cannot stand in a cookie name (RFC 6265 §4.1.1: a token)", nil)
				}
			}
			if s == "" {
				return p.err(0, "an empty cookie name", nil)
			}
		case r.s() == sCookie:
			for i := 0; i < len(s); i++ {
				if !cookieOctet.Contains(s[i]) {
					return p.err(0, "byte "+strconv.QuoteRune(rune(s[i]))+" is not a cookie-octet (RFC 6265 §4.1.1; style cookie applies no escaping)", nil)
				}
			}
		}
		return nil
	}
	switch val.Kind {
	case value.Scalar:
		return check(val.String, false)
	case value.List:
		for _, s := range val.List {
			if err := check(s, false); err != nil {
				return err
			}
		}
		return nil
	}
	for _, kv := range val.Pairs {
		if err := check(kv.Name, true); err != nil {
			return err
		}
		if err := check(kv.Value, false); err != nil {
			return err
		}
	}
	return nil
}

// reservedAmbiguous refuses, under AllowReserved, an item that holds a
// delimiter of its style that reserved expansion writes raw (",", ";",
// "=", "."), or an escape that the decoder splits at (%20 in
// spaceDelimited, %7C in pipeDelimited, %5B and %5D in a deepObject key):
// no escape could tell it from the delimiter, so Decode(Encode(v)) would
// differ from v.
func (r resolved) reservedAmbiguous(p *Param, val *value.V) error {
	list := val.Kind != value.Scalar
	var item, key string // bytes no item, and no object key, may hold
	var esc []string     // escapes no item may hold (keys: escKey)
	var escKey []string
	switch r.s() {
	case sMatrix:
		item = ";"
		if list && !r.explode() {
			item = ";,"
		}
		key = "="
	case sSimple:
		if list {
			item = ","
		}
		if r.explode() {
			key = "="
		}
	case sLabel:
		if list && !r.explode() {
			item = ","
		} else if list {
			item = "."
		}
		if r.explode() {
			key = "="
		}
	case sForm:
		if list && !r.explode() {
			item = ","
		}
	case sSpace:
		esc = []string{"%20"}
	case sPipe:
		esc = []string{"%7C"}
	case sDeep:
		escKey = []string{"%5B", "%5D"}
	}
	if val.Kind == value.Assoc && r.i() == iPath {
		// A path object's keys and values stand between "," or beside
		// "=" (k,v or k=v, in every path style): no item may hold
		// either, whichever a reader splits at first.
		item += ",="
	}
	bad := func(s string, isKey bool) bool {
		if strings.ContainsAny(s, item) || isKey && strings.ContainsAny(s, key) {
			return true
		}
		for _, e := range esc {
			if containsFold(s, e) {
				return true
			}
		}
		for _, e := range escKey {
			if isKey && containsFold(s, e) {
				return true
			}
		}
		return false
	}
	refuse := func(s string) error {
		return p.err(0, "an item holds "+strconv.Quote(s)+", which style "+strconv.Quote(string(r.styleName()))+" with allowReserved writes as its delimiter", nil)
	}
	if val.Kind == value.Scalar && bad(val.String, false) {
		return refuse(val.String)
	}
	for _, s := range val.List {
		if bad(s, false) {
			return refuse(s)
		}
	}
	for _, kv := range val.Pairs {
		if bad(kv.Name, true) {
			return refuse(kv.Name)
		}
		if bad(kv.Value, false) {
			return refuse(kv.Value)
		}
	}
	return nil
}

// containsFold reports whether s holds the escape e ("%7C") in either hex
// case, by the one ASCII fold.
func containsFold(s, e string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if lex.HasPrefixFold(s[i:], e) {
			return true
		}
		k := strings.IndexByte(s[i+1:], '%')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return false
}

// holds returns an *Error with reason where an item of val, a name or a
// value, holds c.
func holds(p *Param, val *value.V, c byte, reason string) error {
	in := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] == c {
				return true
			}
		}
		return false
	}
	for _, s := range val.List {
		if in(s) {
			return p.err(0, reason, nil)
		}
	}
	for _, kv := range val.Pairs {
		if in(kv.Name) || in(kv.Value) {
			return p.err(0, reason, nil)
		}
	}
	if in(val.String) {
		return p.err(0, reason, nil)
	}
	return nil
}

// headerItem checks one item of a header value: no control but HTAB, no
// white space at either end (OWS is trimmed on reading), no "," where
// items are joined, no "=" in an exploded object's key.
func headerItem(p *Param, s string, key bool, k value.Kind, explode bool) error {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' || c == 0x7F {
			return p.err(0, "a header value holds a control character", nil)
		}
	}
	if s != strings.Trim(s, " \t") {
		return p.err(0, "a header item begins or ends with white space, which reading trims", nil)
	}
	if k != value.Scalar && strings.IndexByte(s, ',') >= 0 {
		return p.err(0, `a header item holds ",", which simple writes between items`, nil)
	}
	if key && explode && strings.IndexByte(s, '=') >= 0 {
		return p.err(0, `an exploded object's key holds "="`, nil)
	}
	return nil
}
