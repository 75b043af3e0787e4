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
)

// Decode reads a path or header parameter from s, its serialized text as
// [Param.Encode] writes it (the path segment, or the header value), as a
// value of kind. It splits s at the style's literal delimiters first and
// decodes each name and item after (as [percent.PathSegment] decodes: "+"
// stays "+"); header values are not decoded, and white space around their
// items is trimmed. matrix and label check their prefix and names.
// Empty text reads as "" (primitive), [""] (array) or no properties
// (object). Every error is an *Error with its offset in s.
func (p *Param) Decode(s string, kind Kind) (Value, error) {
	r, ok := p.pathStyle()
	if !ok {
		var err error
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
	if from, sep, ok := r.pathList(kind, s); ok {
		// The common lists, when nothing in them decodes: no decoder.
		if items, clean, err := p.cleanList(s, from, sep); err != nil {
			return Value{}, err
		} else if clean {
			return Value{Kind: Array, List: items}, nil
		}
	}
	var v Value
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
	if r.i() == iHeader {
		d.raw, d.trim = true, true
	}
	d.clean = !needsDecode(s, false)
	var err error
	if from, sep, ok := r.pathList(kind, s); ok {
		// The common lists, straight to their loop.
		err = d.splitArray(from, len(s), sep)
	} else {
		// Only matrix reads a name.
		d.plainName = r.s() == sMatrix && !needsDecode(p.Name, false)
		err = d.path()
	}
	if err != nil {
		return err
	}
	return d.value(v)
}

// pathList reports whether s, a path parameter's text, is a simple or
// label array (label's "." included), and where its items begin and what
// separates them.
func (r resolved) pathList(kind Kind, s string) (from int, sep string, ok bool) {
	switch {
	case kind != Array || r.i() != iPath:
		return 0, "", false
	case r.s() == sSimple:
		return 0, ",", true
	case r.s() == sLabel && strings.HasPrefix(s, "."):
		if r.explode() {
			return 1, ".", true
		}
		return 1, ",", true
	}
	return 0, "", false
}

// cleanList reads s[from:] as an array's items separated by the one byte
// sep, when nothing in it decodes (else clean is false): splitArray's
// result, sized once from the separators, without a decoder.
func (p *Param) cleanList(s string, from int, sep string) (items []string, clean bool, err error) {
	t, c := s[from:], sep[0]
	if len(t) <= shortList {
		// A word at a time, the separators' places kept on the stack: for
		// a short list (most are) that is less work than a call per item.
		// The last bytes are in the word that ends where t does, the
		// bytes already read masked off; a list under 8 bytes is read a
		// byte at a time.
		var at [shortList]uint8
		n, i := 0, 0
		seps := lows * uint64(c)
		for ; i+8 <= len(t); i += 8 {
			w := load64(t, i)
			if eqMask(w, lows*'%') != 0 {
				return nil, false, nil
			}
			for m := eqMask(w, seps); m != 0; m &= m - 1 {
				at[n] = uint8(i + bits.TrailingZeros64(m)>>3)
				n++
			}
		}
		if i < len(t) && len(t) >= 8 {
			last := len(t) - 8
			w := load64(t, last)
			read := uint64(1)<<(8*(i-last)) - 1
			if eqMask(w, lows*'%')&^read != 0 {
				return nil, false, nil
			}
			for m := eqMask(w, seps) &^ read; m != 0; m &= m - 1 {
				at[n] = uint8(last + bits.TrailingZeros64(m)>>3)
				n++
			}
			i = len(t)
		}
		for ; i < len(t); i++ {
			switch t[i] {
			case c:
				at[n] = uint8(i)
				n++
			case '%':
				return nil, false, nil
			}
		}
		items = make([]string, n+1)
		k := 0
		for j, e := range at[:n] {
			items[j] = t[k:e]
			k = int(e) + 1
		}
		items[n] = t[k:]
		return items, true, nil
	}
	if needsDecode(t, false) {
		return nil, false, nil
	}
	n := strings.Count(t, sep) + 1
	if n > percent.DefaultMaxPairs {
		at := from // the first item past the limit, as splitArray finds it
		for range percent.DefaultMaxPairs {
			at += strings.IndexByte(s[at:], c) + 1
		}
		return nil, true, p.err(at, "too many items", percent.ErrTooManyPairs)
	}
	items = make([]string, n)
	for i := range n - 1 {
		k := strings.IndexByte(s[from:], c) // Count found it
		items[i] = s[from : from+k]
		from += k + 1
	}
	items[n-1] = s[from:]
	return items, true, nil
}

// shortList is the longest list cleanList reads a byte at a time, with no
// call; each of its bytes can be a separator.
const shortList = 64

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
// byte; items are decoded after splitting, query items as WHATWG form
// decodes them ("+" is a space), form in a cookie as percent.Component
// decodes them, style cookie not at all. A form-exploded object takes the
// pairs named in props (none given: every pair of q). At most
// percent.DefaultMaxPairs pairs are read. Every error is an *Error with
// its offset in q, and comes with found true, so that no caller reads an
// error as an absent parameter.
func (p *Param) DecodeQuery(q string, kind Kind, props ...string) (v Value, found bool, err error) {
	if kind == Array && p.formArray() {
		// The commonest query parameter, straight to its loop: no
		// resolve, no decoder.
		if items, ok := queryArray(q, p.Name); ok {
			if items == nil {
				return Value{}, false, nil
			}
			// Into the result itself: a Value built apart and then
			// returned would be copied in 16-byte words over its fields'
			// narrower stores, a stall.
			v.Kind, v.List = Array, items
			return v, true, nil
		}
	}
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
	// pairItems: each property is one pair of q (an exploded object in
	// a query or cookie, a deepObject), so an object may hold
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

// split reads src[from:to] as items separated by sep.
func (d *decoder) split(from, to int, sep string) error {
	if d.hint == 0 {
		d.hint = min(strings.Count(d.src[from:to], sep)+1, percent.DefaultMaxPairs)
	}
	if len(sep) == 1 && d.kind == Array && !d.trim {
		return d.splitArray(from, to, sep)
	}
	for {
		var k int
		if len(sep) == 1 {
			k = strings.IndexByte(d.src[from:to], sep[0])
		} else {
			k = strings.Index(d.src[from:to], sep)
		}
		if k < 0 {
			return d.add(from, to)
		}
		if err := d.add(from, from+k); err != nil {
			return err
		}
		from += k + len(sep)
	}
}

// splitArray is split for an array's untrimmed items at a one-byte
// separator sep (simple, label and form lists): add's work for each item
// written out in one loop.
func (d *decoder) splitArray(from, to int, sep string) error {
	s := d.src[:to]
	if d.items == nil {
		if d.hint == 0 {
			d.hint = min(strings.Count(s[from:], sep)+1, percent.DefaultMaxPairs)
		}
		d.items = make([]string, 0, d.hint)
	}
	for {
		if d.n >= percent.DefaultMaxPairs {
			return d.p.err(from, "too many items", percent.ErrTooManyPairs)
		}
		end := to
		k := strings.IndexByte(s[from:], sep[0])
		if k >= 0 {
			end = from + k
		}
		item := s[from:end]
		if !d.raw && !d.clean && needsDecode(item, d.plus) {
			var err error
			if item, err = d.decodeItem(item, from, len(d.items)); err != nil {
				return err
			}
		}
		d.items = append(d.items, item)
		d.n++
		if k < 0 {
			return nil
		}
		from = end + 1
	}
}

// splitAny reads src[from:to] as items separated by any of seps.
func (d *decoder) splitAny(from, to int, seps ...string) error {
	if d.hint == 0 {
		d.hint = 1
		for _, sep := range seps {
			d.hint += strings.Count(d.src[from:to], sep)
		}
		d.hint = min(d.hint, percent.DefaultMaxPairs)
	}
	for {
		k, n := indexAny(d.src[from:to], seps)
		if k < 0 {
			return d.add(from, to)
		}
		if err := d.add(from, from+k); err != nil {
			return err
		}
		from += k + n
	}
}

// indexAny returns the first place in s where one of seps stands, and its
// length.
func indexAny(s string, seps []string) (int, int) {
	best, n := -1, 0
	for _, sep := range seps {
		if k := strings.Index(s, sep); k >= 0 && (best < 0 || k < best) {
			best, n = k, len(sep)
		}
	}
	return best, n
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
	if eq := s == want; eq && d.plainName || d.clean || d.r.i() == iHeader || !needsDecode(s, d.plus) {
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
	name := d.p.Name
	for from <= to {
		end := strings.Index(d.src[from:to], sep)
		if end < 0 {
			end = to
		} else {
			end += from
		}
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
		from = end + len(sep)
	}
	return nil
}

// A pair is one name=value piece of a query or Cookie header: the raw
// name src[name:eq] and value src[eq+1:end] (eq == end without "=").
type pair struct{ name, eq, end int }

// A cursor is where the next piece of a query or Cookie header is looked
// for, and how many pieces have been read.
type cursor struct{ at, count int }

// start returns the cursor at the first piece: after a query's "?".
func (d *decoder) start() cursor {
	if d.r.i() != iCookie && strings.HasPrefix(d.src, "?") {
		return cursor{at: 1}
	}
	return cursor{}
}

// next returns the piece at or after c, moving c past it; ok is false at
// the end. It skips empty pieces, counts the others, and refuses more
// than percent.DefaultMaxPairs.
func (d *decoder) next(c *cursor) (pr pair, ok bool, err error) {
	s, sep := d.src, byte('&')
	cookie := d.r.i() == iCookie
	if cookie {
		sep = ';'
	}
	for c.at <= len(s) {
		a, b := c.at, len(s)
		if k := strings.IndexByte(s[a:], sep); k >= 0 {
			b = a + k
		}
		c.at = b + 1
		if cookie {
			for a < b && (s[a] == ' ' || s[a] == '\t') {
				a++
			}
			for b > a && (s[b-1] == ' ' || s[b-1] == '\t') {
				b--
			}
		}
		if a == b {
			continue
		}
		if c.count == percent.DefaultMaxPairs {
			return pair{}, false, d.p.err(a, "too many pairs", percent.ErrTooManyPairs)
		}
		c.count++
		eq := b
		if k := strings.IndexByte(s[a:b], '='); k >= 0 {
			eq = a + k
		}
		return pair{a, eq, b}, true, nil
	}
	return pair{}, false, nil
}

// query reads the query and cookie styles: every piece of src in turn,
// as the style reads its pieces.
func (d *decoder) query() error {
	r := &d.r
	exploded := r.explode() && d.kind != Primitive
	d.clean = !needsDecode(d.src, d.plus)
	if exploded || r.s() == sDeep {
		// Room for an item (or a key and a value) a piece.
		sep := "&"
		if r.i() == iCookie {
			sep = ";"
		}
		d.hint = min(strings.Count(d.src, sep)+1, percent.DefaultMaxPairs)
		if d.kind == Object {
			d.hint *= 2
		}
	}
	props := r.s() == sDeep || exploded && d.kind == Object // each piece a property
	d.pairItems = props
	for c := d.start(); ; {
		pr, ok, err := d.next(&c)
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		switch {
		case r.s() == sDeep:
			err = d.deepPair(pr)
		case props:
			err = d.propPair(pr)
		default:
			err = d.namedPair(pr, exploded)
		}
		if err != nil {
			return err
		}
	}
	if props {
		d.found = d.n > 0
	}
	return nil
}

// fastItems is the most items queryArray keeps on the stack; past them,
// its spans move to the heap, sized once for the pieces still to come.
const fastItems = 64

// changed marks, in a span's length, an item that decodes.
const changed = 1 << 15

// changed is past any length in a query queryArray reads (this does not
// compile where it is not).
const _ = uint(changed - 2*percent.DefaultMaxPairs)

// formArray reports whether p is a form-exploded query parameter (the
// spec's defaults included), the one queryArray reads.
func (p *Param) formArray() bool {
	return p.In == InQuery && p.Name != "" && (p.Style == "" || p.Style == Form) && (p.Explode == nil || *p.Explode)
}

// queryArray reads the items of a form-exploded array named name from the
// raw query s, the common case (tag=a&tag=b), in one loop over the query
// and its own variables: the split at "&"; a piece that begins with the
// name and "=" found with one compare of words; a raw name compared as it
// stands, where it holds nothing that decodes. Each item is kept as where
// it stands in s (spans); the items that decode are copied as they stand
// to one buffer, each with an "&" after it (which no escape takes for a
// digit), and decoded with one call at the end, into one string. The
// slice of items is made last, of their number: nil when s does not hold
// the parameter. ok is false for a query it leaves to DecodeQuery's
// decoder, which reads any query: queryArray reads a name under 8 bytes
// with no "%", "+" or "=", in a query under 2*percent.DefaultMaxPairs
// bytes (which can hold no more pieces than that limit), with no raw name
// that decodes, no malformed escape, nor more bytes of items that decode
// than its buffer holds. Up to fastItems items it allocates twice (the
// string of decoded items, the slice); past them, once more.
func queryArray(s, name string) (items []string, ok bool) {
	if len(name) >= 8 || len(s) >= 2*percent.DefaultMaxPairs {
		return nil, false
	}
	// The name and its "=" as one word, compared with a piece's first
	// eight bytes where s has them.
	var nameWord uint64
	for i := 0; i < len(name); i++ {
		nameWord |= uint64(name[i]) << (8 * i)
	}
	if eqMask(nameWord, lows*'%')|eqMask(nameWord, lows*'+')|eqMask(nameWord, lows*'=') != 0 {
		return nil, false // a name that decodes, or holds "="
	}
	nameWord |= '=' << (8 * len(name))
	nameMask := uint64(1)<<(8*(len(name)+1)) - 1 // all of it for 7 bytes
	// spans[i] is where item i begins in s, and (from bit 32) its
	// length: decoded, and with changed set, if it decodes.
	var stack [fastItems]uint64
	spans := stack[:]
	var raw [128]byte // the items that decode, as they stand, each and "&"
	used, decLen := 0, 0
	n, at := 0, 0
	if strings.HasPrefix(s, "?") {
		at = 1
	}
	for at <= len(s) {
		// The "&" that ends the piece: a word at a time for a piece of a
		// query's usual length, where s has eight bytes, IndexByte past.
		from, end := at, len(s)
		for k := at; ; k += 8 {
			if k+8 > len(s) || k-at >= 32 {
				if j := strings.IndexByte(s[k:], '&'); j >= 0 {
					end = k + j
				}
				break
			}
			if m := eqMask(load64(s, k), lows*'&'); m != 0 {
				end = k + bits.TrailingZeros64(m)>>3
				break
			}
		}
		at = end + 1
		if from == end {
			continue
		}
		v := from + len(name) + 1 // the item, if the piece is name=item
		var named bool
		if from+8 <= len(s) {
			named = v <= end && load64(s, from)&nameMask == nameWord
		} else {
			named = v <= end && s[v-1] == '=' && s[from:v-1] == name
		}
		if !named {
			eq := end
			if k := strings.IndexByte(s[from:end], '='); k >= 0 {
				eq = from + k
			}
			if needsDecode(s[from:eq], true) {
				return nil, false
			}
			if s[from:eq] != name {
				continue
			}
			v = min(eq+1, end) // "name" without "=": empty
		}
		if n == len(spans) {
			// Room for this item and every piece still to come, once:
			// under 2*DefaultMaxPairs bytes, at most DefaultMaxPairs.
			rest := 1
			if at < len(s) {
				rest += strings.Count(s[at:], "&") + 1
			}
			grown := make([]uint64, n+rest)
			copy(grown, spans)
			spans = grown
		}
		item := s[v:end]
		k := len(item)
		// formChanges for an item of a query's usual length: the one or
		// two words that end where it ends, the bytes before it masked
		// off (a zero byte is no "%" and no "+").
		var pct int
		var changes bool
		switch {
		case k <= 8 && end >= 8:
			w := load64(s, end-8) &^ (1<<(8*(8-k)) - 1)
			pcts := eqMask(w, lows*'%')
			changes = pcts|eqMask(w, lows*'+') != 0
			pct = bits.OnesCount64(pcts) // one bit a "%"
		case k <= 16 && end >= 16:
			w0, w1 := load64(s, end-16)&^(1<<(8*(16-k))-1), load64(s, end-8)
			pcts0, pcts1 := eqMask(w0, lows*'%'), eqMask(w1, lows*'%')
			changes = pcts0|pcts1|eqMask(w0, lows*'+')|eqMask(w1, lows*'+') != 0
			pct = bits.OnesCount64(pcts0) + bits.OnesCount64(pcts1)
		default:
			pct, changes = formChanges(item)
		}
		if changes {
			if 3*pct > k || k >= len(raw)-used {
				return nil, false // a "%" that begins no escape, or no room
			}
			used += copy(raw[used:], item)
			raw[used] = '&'
			used++
			k -= 2 * pct // each "%" begins an escape of three bytes
			decLen += k + 1
			k |= changed
		}
		spans[n] = uint64(v) | uint64(k)<<32
		n++
	}
	if n == 0 {
		return nil, true // not found
	}
	var dec string
	if used > 0 {
		var out [len(raw)]byte
		b, err := percent.Form.AppendDecode(out[:0], raw[:used])
		if err != nil || len(b) != decLen {
			return nil, false
		}
		dec = string(b)
	}
	items = make([]string, n)
	for i, sp := range spans[:n] {
		from, k := int(uint32(sp)), int(sp>>32&(changed-1))
		if sp>>32&changed == 0 {
			items[i] = s[from : from+k]
			continue
		}
		items[i], dec = dec[:k], dec[k+1:] // and its "&"
	}
	return items, true
}

// load64 returns s[i:i+8] as a little-endian word (eight byte loads,
// which the compiler joins into one).
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

const (
	lows   = 0x0101010101010101
	highs  = 0x8080808080808080
	sevens = 0x7F7F7F7F7F7F7F7F
)

// eqMask returns the top bit of each byte of w that equals the byte rep
// repeats, and no other bit: the exact test, whose carries never cross
// from one byte to the next.
func eqMask(w, rep uint64) uint64 {
	x := w ^ rep
	return ^((x&sevens + sevens) | x) & highs
}

// formChanges returns how many "%" s holds, and whether form decoding
// changes it (it holds a "%" or a "+"): queryArray's check for an item its
// words do not take (over 16 bytes, or near the query's start), under 16
// bytes a byte at a time, with no call.
func formChanges(s string) (pct int, changes bool) {
	if len(s) >= 16 {
		pct = strings.Count(s, "%")
		return pct, pct > 0 || strings.IndexByte(s, '+') >= 0
	}
	// Under 16 bytes, each count fits in four bits of one sum.
	sum := 0
	for i := 0; i < len(s); i++ {
		sum += int(formCount[s[i]])
	}
	return sum & 15, sum != 0
}

// formCount counts the bytes that form decoding changes: 1 a "%", 16 a
// "+".
var formCount = [256]uint8{'%': 1, '+': 16}

// namedPair reads a piece of the parameter's own name: its value, or the
// value's items; exploded, one item of several such pieces.
func (d *decoder) namedPair(pr pair, exploded bool) error {
	if ok, err := d.nameIs(pr.name, pr.eq, d.p.Name); err != nil || !ok {
		return err
	}
	if d.found && !exploded {
		return d.p.err(pr.name, "given twice", nil)
	}
	d.found = true
	vfrom := min(pr.eq+1, pr.end)
	switch {
	case d.kind == Object && vfrom == pr.end:
		return nil // "name=" or "name": no properties
	case exploded || d.kind == Primitive:
		return d.add(vfrom, pr.end)
	case d.r.s() == sSpace:
		return d.splitAny(vfrom, pr.end, "%20", "+", " ")
	case d.r.s() == sPipe:
		return d.splitAny(vfrom, pr.end, "|", "%7C", "%7c")
	}
	return d.split(vfrom, pr.end, ",")
}

// propPair reads a piece of a form- or cookie-exploded object: a property,
// if props names it or is empty.
func (d *decoder) propPair(pr pair) error {
	if len(d.props) > 0 {
		in := false
		for _, want := range d.props {
			ok, err := d.nameIs(pr.name, pr.eq, want)
			if err != nil {
				return err
			}
			in = in || ok
		}
		if !in {
			return nil
		}
	}
	if err := d.add(pr.name, pr.eq); err != nil {
		return err
	}
	return d.add(min(pr.eq+1, pr.end), pr.end)
}

// deepPair reads one pair of a deepObject, if its name is this
// parameter's name followed by "[key]".
func (d *decoder) deepPair(pr pair) error {
	raw := d.src[pr.name:pr.eq]
	var key string
	if d.clean || !needsDecode(raw, true) {
		from, to, ours, closed := deepKey(raw, d.p.Name)
		if !ours {
			return nil
		}
		if !closed {
			return d.p.err(pr.name, "deepObject brackets do not close", nil)
		}
		if nested(raw[from:to]) {
			return d.p.err(pr.name, "deepObject nesting is not defined", nil)
		}
		key = raw[from:to]
	} else if from, to, ok := escapedKey(raw, d.p.Name); ok && d.plainName {
		// name%5Bkey%5D, as Encode writes it: decoded, it is name[key].
		if nested(raw[from:to]) {
			return d.p.err(pr.name, "deepObject nesting is not defined", nil)
		}
		key = raw[from:to]
	} else {
		var tmp [64]byte
		n, err := percent.Form.AppendDecodeString(tmp[:0], raw)
		if err != nil {
			return d.p.escapeErr(pr.name, "malformed escape in a name", err)
		}
		from, to, ours, closed := deepKey(n, d.p.Name)
		if !ours {
			return nil // another parameter's
		}
		if !closed {
			return d.p.err(pr.name, "deepObject brackets do not close", nil)
		}
		if nested(n[from:to]) {
			return d.p.err(pr.name, "deepObject nesting is not defined", nil)
		}
		key = d.keepItem(n[from:to], raw, pr.name, d.n)
	}
	if d.n >= d.maxItems() {
		return d.p.err(pr.name, "too many items", percent.ErrTooManyPairs)
	}
	d.record(key)
	return d.add(min(pr.eq+1, pr.end), pr.end)
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

// needsDecode reports whether s holds a "%" or, with plus, a "+": a loop
// under 8 bytes (names, most items), IndexByte beyond.
func needsDecode(s string, plus bool) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == '%' || c == '+' && plus {
				return true
			}
		}
		return false
	}
	return strings.IndexByte(s, '%') >= 0 || plus && strings.IndexByte(s, '+') >= 0
}
