// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"errors"
	"math/bits"
	"strconv"
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/pieces"
)

// Decode reads a path or header parameter from s, its serialized text as
// [Param.Encode] writes it (the path segment, or the header value), as a
// value of kind. It splits s at the style's literal delimiters first and
// decodes each name and item after (as [percent.PathSegment] decodes: "+"
// stays "+"); header values are not decoded, and white space around their
// items is trimmed. matrix and label check their prefix and names.
// Empty text reads as "" (primitive), [""] (array) or no properties
// (object). Every error is an *Error with its offset in s.
func (p *Param) Decode(s string, kind Kind) (v Value, err error) {
	r, ok := p.pathStyle()
	if !ok {
		if r, err = p.resolve(); err != nil {
			return Value{}, err
		}
	}
	if kind == Primitive && r.s() == sSimple {
		// simple stands only in a path or a header, and takes every kind.
		s, err := p.simplePrimitive(s, r.i() == iHeader)
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: Primitive, String: s}, nil
	}
	// Into the result itself: a local copied out is read in 16-byte words
	// over the 8-byte stores that wrote it, a stall (in a profile of
	// BenchmarkDecode/labels, the copy took 10% of the time, now 2%).
	if err := p.decodePath(s, kind, r, &v); err != nil {
		return Value{}, err
	}
	return v, nil
}

// decodePath is Decode for every style and kind, into v (a Value returned
// through every frame is copied at each).
func (p *Param) decodePath(s string, kind Kind, r resolved, v *Value) error {
	if r.i() != iPath && r.i() != iHeader {
		return p.err(0, "Decode reads path and header parameters: use DecodeQuery", nil)
	}
	if !r.kindAllowed(kind) {
		return p.kindError(r, kind)
	}
	// Field by field: a composite literal is built in a temporary and
	// copied in 16-byte words over its narrower stores, a stall.
	var d decoder
	d.p, d.r, d.src, d.kind = p, r, s, kind
	d.pairItems = kind == Object && r.explode()
	if r.i() == iHeader {
		d.raw, d.trim = true, true
	}
	d.clean = !needsDecode(s, false)
	// Only matrix reads a name.
	d.plainName = r.s() == sMatrix && !needsDecode(p.Name, false)
	if err := d.path(); err != nil {
		return err
	}
	return d.value(v)
}

// simplePrimitive reads a primitive of style simple: all of s is its one
// item, read as the decoder's add reads it.
func (p *Param) simplePrimitive(s string, header bool) (string, error) {
	switch {
	case header:
		return strings.Trim(s, " \t"), nil
	case needsDecode(s, false):
		v, err := percent.PathSegment.Decode(s)
		if err != nil {
			return "", p.escapeErr(0, "malformed escape", err)
		}
		return v, nil
	}
	return s, nil
}

// escapeErr is the *Error of a decoding error in the text read from at.
func (p *Param) escapeErr(at int, reason string, err error) error {
	var de *percent.DecodeError
	if errors.As(err, &de) {
		// The cause's offset counts in the caller's input too.
		c := *de
		c.Offset += at
		at, err = c.Offset, &c
	}
	return p.err(at, reason, err)
}

// DecodeQuery reads a query or cookie parameter from q: for a query, the
// raw query (with or without its "?"), split at "&"; for a cookie, the
// Cookie header, split at ";" with white space trimmed. It reports false
// when q does not hold the parameter. Names compare decoded, byte for
// byte (style cookie's as they stand, as Encode writes them); items are
// decoded after splitting, query items as WHATWG form
// decodes them ("+" is a space), form in a cookie as percent.Component
// decodes them, style cookie not at all. A form-exploded object takes the
// pairs named in props (none given: every pair of q). At most
// percent.DefaultMaxPairs pairs are read. Every error is an *Error with
// its offset in q, and comes with found true, so that no caller reads an
// error as an absent parameter.
func (p *Param) DecodeQuery(q string, kind Kind, props ...string) (v Value, found bool, err error) {
	r, err := p.resolve()
	if err != nil {
		return Value{}, true, err
	}
	if r.i() != iQuery && r.i() != iCookie {
		return Value{}, true, p.err(0, "DecodeQuery reads query and cookie parameters: use Decode", nil)
	}
	if !r.kindAllowed(kind) {
		return Value{}, true, p.kindError(r, kind)
	}
	var d decoder // field by field, as in decodePath
	d.p, d.r, d.src, d.kind, d.props = p, r, q, kind, props
	d.pairItems = kind == Object && (r.explode() || r.s() == sDeep)
	switch {
	case r.i() == iQuery:
		d.plus = true
	case r.s() == sCookie:
		d.raw = true
	}
	d.plainName = !needsDecode(p.Name, d.plus)
	if err := d.query(); err != nil {
		return Value{}, true, err
	}
	if !d.found {
		return Value{}, false, nil
	}
	if err := d.value(&v); err != nil { // into the result itself, as above
		return Value{}, true, err
	}
	return v, true, nil
}

// A decoder reads one parameter. Its items are substrings of the input
// where they need no decoding, and otherwise substrings of one string
// that holds every decoded item (a strings.Builder grown once: a string
// it has returned never changes, so each item is taken as it is
// written). An array or object costs at most two allocations, that
// string and the slice of items or properties.
type decoder struct {
	p     *Param
	r     resolved
	src   string
	kind  Kind
	props []string // the properties a form-exploded object takes
	raw   bool     // items are not decoded (headers, style cookie)
	clean bool     // src holds no "%" (nor "+" with plus): nothing in it decodes
	trim  bool     // white space around items is trimmed (headers)
	plus  bool     // "+" decodes as a space (query items)
	// plainName: the parameter's name holds nothing a raw name decodes
	// from, so a raw name that is the same text is the same name.
	plainName bool
	// pairItems: each property is one pair of q or one key=value piece
	// (an exploded object, a deepObject), so an object may hold
	// percent.DefaultMaxPairs properties, twice as many items.
	pairItems bool

	n     int            // items read
	one   string         // a primitive's item
	items []string       // an array's items
	pairs []percent.Pair // an object's properties
	key   string         // an object's name, until its value is read
	hint  int            // how many items to make room for
	at    int            // where the value begins, for value's errors
	found bool           // DecodeQuery found the parameter
	db    decodeBuf      // the decoded items
	dec   strings.Builder
}

// add reads the item src[from:to].
func (d *decoder) add(from, to int) error {
	if d.n >= d.maxItems() {
		return d.p.err(from, "too many items", percent.ErrTooManyPairs)
	}
	s := d.src[from:to]
	if d.trim {
		s = strings.Trim(s, " \t")
	}
	if !d.raw && !d.clean && needsDecode(s, d.plus) {
		var err error
		if s, err = d.decodeItem(s, from, d.n); err != nil {
			return err
		}
	}
	d.record(s)
	return nil
}

// maxItems is the most items one value may hold: percent.DefaultMaxPairs,
// or twice that where each property is a pair of q.
func (d *decoder) maxItems() int {
	if d.pairItems {
		return 2 * percent.DefaultMaxPairs
	}
	return percent.DefaultMaxPairs
}

// decode decodes the item s, read from src[from:], into the decoder's
// string, through a buffer on the stack: a longer item a part at a time,
// each part ending where no escape runs across its end.
func (d *decoder) decode(s string, from int) (string, error) {
	var tmp [128]byte
	if d.dec.Cap() == 0 {
		d.dec.Grow(len(d.src) - from)
	}
	at := d.dec.Len()
	for len(s) > 0 {
		n := len(s)
		if n > len(tmp) {
			n = len(tmp)
			if k := strings.IndexByte(s[n-2:n], '%'); k >= 0 {
				n -= 2 - k
			}
		}
		out, err := d.enc().AppendDecodeString(tmp[:0], s[:n])
		if err != nil {
			return "", d.p.escapeErr(from, "malformed escape", err)
		}
		d.dec.Write(out)
		s, from = s[n:], from+n
	}
	return d.dec.String()[at:], nil
}

// A decodeBuf holds the decoded items of one value while it is read, in
// the decoder (on the stack of Decode or DecodeQuery): each is written
// after the last, and stands in the value as a placeholder (a substring
// of the input of its decoded length, marked in marks by its item number)
// until fill makes them all parts of one string, in one allocation of
// their size. From an item that does not fit, or whose number is past
// 63, on, they go to the strings.Builder of keep (spill).
type decodeBuf struct {
	used    int
	marks   uint64
	spilled bool // the items went on in the strings.Builder, after b's
	b       [128]byte
}

// decodeItem decodes the item s, read from src[at:], item number i of
// the value.
func (d *decoder) decodeItem(s string, at, i int) (string, error) {
	db := &d.db
	if db.spilled || i >= 64 || len(s) > len(db.b)-db.used {
		d.spill(at)
		return d.decode(s, at)
	}
	out, err := d.enc().AppendDecodeString(db.b[:db.used], s)
	if err != nil {
		return "", d.p.escapeErr(at, "malformed escape", err)
	}
	m := len(out) - db.used
	db.used = len(out)
	db.marks |= 1 << i
	return s[:m], nil
}

// keepItem is keep for item number i of the value, b, decoded from raw
// (which is no shorter).
func (d *decoder) keepItem(b []byte, raw string, from, i int) string {
	db := &d.db
	if db.spilled || i >= 64 || len(b) > len(db.b)-db.used {
		d.spill(from)
		return d.keep(b, from)
	}
	db.used += copy(db.b[db.used:], b)
	db.marks |= 1 << i
	return raw[:len(b)]
}

// spill moves the decoded items to the decoder's strings.Builder, grown
// once for them and for every item still to come from src[from:], so
// that a value still takes one string of decoded items, whatever their
// number and size.
func (d *decoder) spill(from int) {
	db := &d.db
	if db.spilled {
		return
	}
	db.spilled = true
	if db.used > 0 {
		d.dec.Grow(db.used + len(d.src) - from)
		d.dec.Write(db.b[:db.used])
	}
}

// fill replaces the placeholders of the value's items, those db.marks
// marks, by their decodings, in order.
func (d *decoder) fill() {
	db := &d.db
	if db.used == 0 {
		return
	}
	var dec string
	if db.spilled {
		dec = d.dec.String() // b's bytes first
	} else {
		dec = string(db.b[:db.used])
	}
	for m := db.marks; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		f := &d.one
		switch {
		case d.kind == Array:
			f = &d.items[k]
		case d.kind == Object && k%2 == 0:
			f = &d.pairs[k/2].Name
		case d.kind == Object:
			f = &d.pairs[k/2].Value
		}
		n := len(*f)
		*f, dec = dec[:n], dec[n:]
	}
}

// keep writes the decoded item b to the decoder's string and returns it,
// as a substring of that string. from is where in src it was read: what
// is left from there is room enough for every item still to come.
func (d *decoder) keep(b []byte, from int) string {
	if d.dec.Cap() == 0 {
		d.dec.Grow(len(d.src) - from)
	}
	at := d.dec.Len()
	d.dec.Write(b)
	return d.dec.String()[at:]
}

// record adds item s to the value of the decoder's kind.
func (d *decoder) record(s string) {
	switch d.kind {
	case Primitive:
		d.one = s
	case Array:
		if d.items == nil {
			d.items = make([]string, 0, max(d.hint, 1))
		}
		d.items = append(d.items, s)
	default:
		if d.n%2 == 0 {
			d.key = s
			break
		}
		if d.pairs == nil {
			d.pairs = make([]percent.Pair, 0, max(d.hint/2, 1))
		}
		d.pairs = append(d.pairs, percent.Pair{Name: d.key, Value: s})
	}
	d.n++
}

// enc is the encoding items are decoded with.
func (d *decoder) enc() *percent.Encoding {
	switch {
	case d.plus:
		return percent.Form
	case d.r.i() == iCookie:
		return percent.Component
	}
	return percent.PathSegment
}

// split reads src[from:to] as items separated by any of seps: every
// list of every style (",", ".", "|" and its escapes, the spaces).
func (d *decoder) split(from, to int, seps ...string) error {
	src := d.src[:to]
	plain := d.kind == Array && d.n == 0 && d.clean && !d.trim
	if plain && len(seps) == 1 && len(seps[0]) == 1 && to-from <= maxShortList {
		// Every item as it stands, into a slice of their number, found in
		// one pass with no call. It replaced a byte loop that stopped at
		// each separator to store its item (BenchmarkDecode/labels: 1 191
		// to 1 098 instructions an operation, callgrind; the label list
		// against oapi-codegen, eight paired runs: 3.9x to 4.2x).
		if items := splitShort(src[from:], seps[0][0]); items != nil {
			d.items, d.n = items, len(items)
			return nil
		}
	}
	n := 1 // the items in src[from:]
	for _, sep := range seps {
		n += strings.Count(src[from:], sep)
	}
	if d.hint == 0 {
		d.hint = min(n, percent.DefaultMaxPairs)
	}
	if plain && n <= percent.DefaultMaxPairs {
		// Every item as it stands, into a slice of their number.
		items := make([]string, n)
		for k := range n - 1 {
			end, next := cut(src, from, seps)
			items[k], from = src[from:end], next
		}
		items[n-1] = src[from:]
		d.items, d.n = items, n
		return nil
	}
	for {
		end, next := cut(src, from, seps)
		if err := d.add(from, end); err != nil {
			return err
		}
		if next > to {
			return nil
		}
		from = next
	}
}

// maxShortList is the longest list splitShort reads: its offsets fit a
// byte.
const maxShortList = 255

// splitShort splits s, at most maxShortList bytes, at every c, in one pass
// that notes where each c stands (without a branch, a byte costing four
// instructions), into a slice of the items' number; nil when s holds more
// than 31 of c.
func splitShort(s string, c byte) []string {
	var at [32]uint8
	n := 0
	for i := 0; i < len(s); i++ {
		at[n&31] = uint8(i)
		n += b2i(s[i] == c)
	}
	if n >= len(at) { // at[0] may have been written over
		return nil
	}
	items, from := make([]string, n+1), 0
	for k, i := range at[:n] {
		items[k], from = s[from:i], int(i)+1
	}
	items[n] = s[from:]
	return items
}

// cut finds the first of seps in s[from:]: the item before it ends at
// end, and the next begins at next; without one, end is len(s) and next
// is past it. The one splitter of every list and every piece of a path.
func cut(s string, from int, seps []string) (end, next int) {
	t := s[from:]
	if len(seps) == 1 && len(seps[0]) == 1 {
		// A byte at a time through an item of the usual length, where a
		// call costs more; IndexByte past it.
		c, k := seps[0][0], 0
		for ; k < len(t) && k < 16; k++ {
			if t[k] == c {
				return from + k, from + k + 1
			}
		}
		if j := strings.IndexByte(t[k:], c); j >= 0 {
			return from + k + j, from + k + j + 1
		}
		return len(s), len(s) + 1
	}
	best, n := -1, 0
	for _, sep := range seps {
		if k := strings.Index(t, sep); k >= 0 && (best < 0 || k < best) {
			best, n = k, len(sep)
		}
	}
	if best < 0 {
		return len(s), len(s) + 1
	}
	return from + best, from + best + n
}

// value makes the Value of the items read.
func (d *decoder) value(v *Value) error {
	switch {
	case d.kind == Primitive && d.n != 1:
		return d.p.err(d.at, "a primitive reads as one item", nil)
	case d.kind == Object && d.n%2 != 0:
		return d.p.err(d.at, "an unexploded object needs an even number of items", nil)
	}
	// Only now are the placeholders those of a whole value.
	d.fill()
	switch d.kind {
	case Primitive:
		v.Kind, v.String = Primitive, d.one
	case Array:
		v.Kind, v.List = Array, d.items
	default:
		v.Kind, v.Props = Object, d.pairs
	}
	return nil
}

// nameIs reports whether the raw name src[from:to], decoded as the items
// are, is want.
func (d *decoder) nameIs(from, to int, want string) (bool, error) {
	s := d.src[from:to]
	if d.trim {
		s = strings.Trim(s, " \t")
	}
	// Style cookie writes names as they stand, and reads them so.
	if eq := s == want; eq && d.plainName || d.clean || d.r.i() == iHeader || d.r.s() == sCookie || !needsDecode(s, d.plus) {
		return eq, nil
	}
	var tmp [64]byte
	n, err := d.enc().AppendDecodeString(tmp[:0], s) // a cookie's names too, though style cookie leaves its values alone
	if err != nil {
		return false, d.p.escapeErr(from, "malformed escape in a name", err)
	}
	return string(n) == want, nil
}

// path reads the path and header styles.
func (d *decoder) path() error {
	s, r := d.src, &d.r
	if r.s() == sSimple {
		return d.list(0, len(s), ",")
	}
	lead := ";"
	if r.s() == sLabel {
		lead = "."
	}
	if !strings.HasPrefix(s, lead) {
		return d.p.err(0, "a "+string(r.styleName())+" value begins with "+strconv.Quote(lead), nil)
	}
	if r.s() == sLabel {
		sep := ","
		if r.explode() && d.kind != Primitive {
			sep = "."
		}
		return d.list(1, len(s), sep)
	}
	// matrix: ;name=value, exploded ;name=a;name=b or ;k=v;k2=v2.
	if !r.explode() || d.kind == Primitive {
		eq := strings.IndexByte(s, '=')
		end := len(s)
		if eq >= 0 {
			end = eq
		}
		if ok, err := d.nameIs(1, end, d.p.Name); err != nil || !ok {
			if err != nil {
				return err
			}
			return d.p.err(1, "not this parameter's name", nil)
		}
		if eq < 0 {
			eq = len(s) - 1 // ";x": empty
		}
		if d.kind == Primitive {
			return d.add(eq+1, len(s))
		}
		return d.list(eq+1, len(s), ",")
	}
	return d.pieces(1, len(s), ";")
}

// list reads src[from:to] as the items of a value: one primitive, or the
// items of an array or object separated by sep; an exploded object's
// items are key=value pieces.
func (d *decoder) list(from, to int, sep string) error {
	switch {
	case d.kind == Primitive:
		d.at = from
		return d.add(from, to)
	case d.kind == Object && from == to:
		return nil // empty text: no properties
	case d.kind == Object && d.r.explode():
		return d.pieces(from, to, sep)
	}
	d.at = from
	return d.split(from, to, sep)
}

// pieces reads src[from:to] as name=value pieces separated by sep: an
// exploded array's pieces must each name the parameter; an exploded
// object's are its properties ("k" and "k=" both empty).
func (d *decoder) pieces(from, to int, sep string) error {
	name, seps := d.p.Name, []string{sep}
	for from <= to {
		end, next := cut(d.src[:to], from, seps)
		eq := strings.IndexByte(d.src[from:end], '=')
		vfrom := end
		kend := end
		if eq >= 0 {
			kend, vfrom = from+eq, from+eq+1
		}
		if d.kind == Array {
			if ok, err := d.nameIs(from, kend, name); err != nil || !ok {
				if err != nil {
					return err
				}
				return d.p.err(from, "not this parameter's name", nil)
			}
			if err := d.add(vfrom, end); err != nil {
				return err
			}
		} else {
			if err := d.add(from, kend); err != nil {
				return err
			}
			if err := d.add(vfrom, end); err != nil {
				return err
			}
		}
		from = next
	}
	return nil
}

// query reads the query and cookie styles: an exploded array in a query
// through percent.Form.AppendQueryValues, and every other value from each
// piece of src in turn (pieces.Query, the root's splitter; pieces.Cookie),
// as the style reads its pieces. At most percent.DefaultMaxPairs pieces are
// read.
func (d *decoder) query() error {
	r := &d.r
	exploded := r.explode() && d.kind != Primitive
	src, off := d.src, 0
	sep := "&"
	if r.i() == iCookie {
		sep = ";"
	} else if strings.HasPrefix(src, "?") {
		src, off = src[1:], 1
	}
	if exploded && d.kind == Array && r.i() == iQuery {
		// An exploded array in a query (the spec's default) is the values
		// of the pairs of its name: the root reads them with the query
		// scanner's marks, decoding none twice and no other name's value.
		// Its rule is this decoder's (names compare decoded, a malformed
		// one fails, other values are not read; the same limit), so on an
		// error the loop below reads q again, to say where as an *Error.
		items, err := percent.Form.AppendQueryValues(nil, src, d.p.Name, percent.DefaultMaxPairs)
		if err == nil {
			d.items, d.n, d.found = items, len(items), len(items) > 0
			return nil
		}
	}
	d.clean = !needsDecode(d.src, d.plus)
	if exploded || r.s() == sDeep {
		// Room for an item (or a key and a value) a piece.
		d.hint = min(strings.Count(src, sep)+1, percent.DefaultMaxPairs)
		if d.kind == Object {
			d.hint *= 2
		}
	}
	props := r.s() == sDeep || exploded && d.kind == Object // each piece a property
	// Two loops, so that each iterator inlines and nothing escapes.
	count := 0
	if r.i() == iCookie {
		for pc := range pieces.Cookie(src) {
			if err := d.piece(pc, &count, props, exploded); err != nil {
				return err
			}
		}
	} else {
		for pc := range pieces.Query(src) {
			pc.Name, pc.Eq, pc.End = pc.Name+off, pc.Eq+off, pc.End+off
			if err := d.piece(pc, &count, props, exploded); err != nil {
				return err
			}
		}
	}
	if props {
		d.found = d.n > 0
	}
	return nil
}

// piece reads one piece of a query or Cookie header, the count-th, as the
// style reads it.
func (d *decoder) piece(pr pieces.Piece, count *int, props, exploded bool) error {
	if *count == percent.DefaultMaxPairs {
		return d.p.err(pr.Name, "too many pairs", percent.ErrTooManyPairs)
	}
	*count++
	switch {
	case d.r.s() == sDeep:
		return d.deepPair(pr)
	case props:
		return d.propPair(pr)
	}
	return d.namedPair(pr, exploded)
}

// namedPair reads a piece of the parameter's own name: its value, or the
// value's items; exploded, one item of several such pieces.
func (d *decoder) namedPair(pr pieces.Piece, exploded bool) error {
	if ok, err := d.nameIs(pr.Name, pr.Eq, d.p.Name); err != nil || !ok {
		return err
	}
	if d.found && !exploded {
		return d.p.err(pr.Name, "given twice", nil)
	}
	d.found = true
	vfrom := pr.Value()
	switch {
	case d.kind == Object && vfrom == pr.End:
		return nil // "name=" or "name": no properties
	case exploded || d.kind == Primitive:
		return d.add(vfrom, pr.End)
	case d.r.s() == sSpace:
		return d.split(vfrom, pr.End, "%20", "+", " ")
	case d.r.s() == sPipe:
		return d.split(vfrom, pr.End, "|", "%7C", "%7c")
	}
	return d.split(vfrom, pr.End, ",")
}

// propPair reads a piece of a form- or cookie-exploded object: a property,
// if props names it or is empty.
func (d *decoder) propPair(pr pieces.Piece) error {
	if len(d.props) > 0 {
		in := false
		for _, want := range d.props {
			ok, err := d.nameIs(pr.Name, pr.Eq, want)
			if err != nil {
				return err
			}
			in = in || ok
		}
		if !in {
			return nil
		}
	}
	if err := d.add(pr.Name, pr.Eq); err != nil {
		return err
	}
	return d.add(pr.Value(), pr.End)
}

// deepPair reads one pair of a deepObject, if its name is this
// parameter's name followed by "[key]".
func (d *decoder) deepPair(pr pieces.Piece) error {
	raw := d.src[pr.Name:pr.Eq]
	var key string
	if d.clean || !needsDecode(raw, true) {
		from, to, ours, closed := deepKey(raw, d.p.Name)
		if !ours {
			return nil
		}
		if !closed {
			return d.p.err(pr.Name, "deepObject brackets do not close", nil)
		}
		if nested(raw[from:to]) {
			return d.p.err(pr.Name, "deepObject nesting is not defined", nil)
		}
		key = raw[from:to]
	} else if from, to, ok := escapedKey(raw, d.p.Name); ok && d.plainName {
		// name%5Bkey%5D, as Encode writes it: decoded, it is name[key].
		if nested(raw[from:to]) {
			return d.p.err(pr.Name, "deepObject nesting is not defined", nil)
		}
		key = raw[from:to]
	} else {
		var tmp [64]byte
		n, err := percent.Form.AppendDecodeString(tmp[:0], raw)
		if err != nil {
			return d.p.escapeErr(pr.Name, "malformed escape in a name", err)
		}
		from, to, ours, closed := deepKey(n, d.p.Name)
		if !ours {
			return nil // another parameter's
		}
		if !closed {
			return d.p.err(pr.Name, "deepObject brackets do not close", nil)
		}
		if nested(n[from:to]) {
			return d.p.err(pr.Name, "deepObject nesting is not defined", nil)
		}
		key = d.keepItem(n[from:to], raw, pr.Name, d.n)
	}
	if d.n >= d.maxItems() {
		return d.p.err(pr.Name, "too many items", percent.ErrTooManyPairs)
	}
	d.record(key)
	return d.add(pr.Value(), pr.End)
}

// escapedKey finds the key in n[from:to] of a raw deepObject name with
// escaped brackets, name%5Bkey%5D (either hex case), as Encode writes it,
// when the key holds nothing to decode; ok is false for every other name
// (which is decoded whole).
func escapedKey(n, name string) (from, to int, ok bool) {
	l := len(name)
	if len(n) < l+6 || n[:l] != name || !bracketEscape(n[l:l+3], 'B') || !bracketEscape(n[len(n)-3:], 'D') {
		return 0, 0, false
	}
	if needsDecode(n[l+3:len(n)-3], true) {
		return 0, 0, false
	}
	return l + 3, len(n) - 3, true
}

// bracketEscape reports whether the three bytes e are the escape "%5"
// followed by the hex digit c (given in upper case) in either case.
func bracketEscape(e string, c byte) bool {
	return e[0] == '%' && e[1] == '5' && e[2]|0x20 == c|0x20
}

// nested reports whether a deepObject key holds a bracket: a deeper
// nesting, which OpenAPI does not define.
func nested[T string | []byte](key T) bool {
	for i := 0; i < len(key); i++ {
		if key[i] == '[' || key[i] == ']' {
			return true
		}
	}
	return false
}

// deepKey finds the key in n[from:to] of a decoded deepObject name,
// name[key]. ours is false for a name that is not name followed by "[";
// closed is false where the brackets do not close.
func deepKey[T string | []byte](n T, name string) (from, to int, ours, closed bool) {
	if len(n) <= len(name) || string(n[:len(name)]) != name || n[len(name)] != '[' {
		return 0, 0, false, false
	}
	if n[len(n)-1] != ']' || len(n) == len(name)+1 {
		return 0, 0, true, false
	}
	return len(name) + 1, len(n) - 1, true, true
}

// needsDecode reports whether s holds a "%" or, with plus, a "+": whether
// decoding can change it. A loop under 16 bytes (names and most items,
// where two calls cost more), IndexByte beyond.
func needsDecode(s string, plus bool) bool {
	if len(s) < 16 {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == '%' || c == '+' && plus {
				return true
			}
		}
		return false
	}
	return strings.IndexByte(s, '%') >= 0 || plus && strings.IndexByte(s, '+') >= 0
}
