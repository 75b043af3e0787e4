// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
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
	r, err := p.resolve()
	if err != nil {
		return Value{}, err
	}
	if r.i() != iPath && r.i() != iHeader {
		return Value{}, p.err(0, "Decode reads path and header parameters: use DecodeQuery", nil)
	}
	if !r.kindAllowed(kind) {
		return Value{}, p.kindError(r, kind)
	}
	var d decoder // zeroed in place: a composite literal is built in a temporary and copied
	d.p, d.r, d.src, d.kind, d.enc = p, r, s, kind, percent.PathSegment
	if r.i() == iHeader {
		d.enc, d.trim = nil, true
	}
	if err := d.path(); err != nil {
		return Value{}, err
	}
	return d.value()
}

// DecodeQuery reads a query or cookie parameter from q: for a query, the
// raw query (with or without its "?"), split at "&" by the root's query
// reader (percent.QueryPieces); for a cookie, the Cookie header, split at
// ";" with white space trimmed. It reports false when q does not hold the
// parameter. Names compare decoded, byte for byte (style cookie's as they
// stand, as Encode writes them); items are decoded after splitting, query
// items as WHATWG form decodes them ("+" is a space), form in a cookie as
// percent.Component decodes them, style cookie not at all. A form-exploded
// object takes the pairs named in props (none given: every pair of q). At
// most percent.DefaultMaxPairs pairs are read. Every error is an *Error
// with its offset in q, found on the one reading of q, and comes with
// found true, so that no caller reads an error as an absent parameter.
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
	var d decoder
	d.p, d.r, d.src, d.kind, d.props = p, r, q, kind, props
	switch {
	case r.i() == iQuery:
		d.enc = percent.Form
	case r.s() != sCookie:
		d.enc = percent.Component
	}
	if err := d.query(); err != nil {
		return Value{}, true, err
	}
	if !d.found {
		return Value{}, false, nil
	}
	v, err = d.value()
	return v, true, err
}

// A decoder reads one parameter: it splits its text at the style's
// delimiters, and decodes each name and item after. An item that needs no
// decoding is a substring of the input; the items that do are decoded one
// after another into one buffer (on the stack while it fits), and take
// their place as a placeholder, a substring of the input as long as the
// decoding, marked in marks by the item's number, until value makes the
// buffer one string and each marked item the next part of it. So an array
// or object costs at most two allocations: that string and the slice of
// items.
type decoder struct {
	p     *Param
	r     resolved
	src   string
	kind  Kind
	props []string          // the properties a form-exploded object takes
	enc   *percent.Encoding // the items' decoding; nil: not decoded (headers, style cookie)
	trim  bool              // white space around items is trimmed (headers)
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
	// The decoded items, one after another: in buf while they fit
	// (used bytes), then in sb, grown once for what is left of the input.
	used  int
	sb    strings.Builder
	marks [(2*percent.DefaultMaxPairs + 63) / 64]uint64
	buf   [128]byte
}

// maxItems is the most items one value may hold: percent.DefaultMaxPairs,
// or twice that where each property is a pair of q.
func (d *decoder) maxItems() int {
	if d.pairItems {
		return 2 * percent.DefaultMaxPairs
	}
	return percent.DefaultMaxPairs
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
	if d.enc != nil && changes(s, d.enc) {
		m, err := d.decode(s, from)
		if err != nil {
			return err
		}
		s = d.mark(s, m)
	}
	d.record(s)
	return nil
}

// decode appends the decoding of item s, read at from, to the decoded
// items, and returns its length: in buf while it fits, else, from then
// on, in sb, a part at a time through buf's tail (never cutting an
// escape).
func (d *decoder) decode(s string, from int) (int, error) {
	if d.sb.Cap() == 0 && len(s) <= len(d.buf)-d.used {
		out, err := d.enc.AppendDecodeString(d.buf[:d.used], s)
		if err != nil {
			return 0, d.escapeErr(from, "malformed escape", err)
		}
		m := len(out) - d.used
		d.used = len(out)
		return m, nil
	}
	if d.sb.Cap() == 0 {
		d.sb.Grow(d.used + len(d.src) - from)
		d.sb.Write(d.buf[:d.used])
	}
	var tmp [128]byte
	m := 0
	for len(s) > 0 {
		k := len(s)
		if k > len(tmp) {
			k = len(tmp)
			if j := strings.IndexByte(s[k-2:k], '%'); j >= 0 {
				k -= 2 - j
			}
		}
		out, err := d.enc.AppendDecodeString(tmp[:0], s[:k])
		if err != nil {
			return 0, d.escapeErr(from, "malformed escape", err)
		}
		d.sb.Write(out)
		m += len(out)
		s, from = s[k:], from+k
	}
	return m, nil
}

// keep appends b, decoded already, to the decoded items.
func (d *decoder) keep(b []byte, from int) {
	if d.sb.Cap() == 0 && len(b) <= len(d.buf)-d.used {
		d.used += copy(d.buf[d.used:], b)
		return
	}
	if d.sb.Cap() == 0 {
		d.sb.Grow(d.used + len(d.src) - from)
		d.sb.Write(d.buf[:d.used])
	}
	d.sb.Write(b)
}

// mark marks item d.n as decoded, m bytes of the decoded items, and
// returns its placeholder: the first m bytes of raw, which decoding never
// made longer.
func (d *decoder) mark(raw string, m int) string {
	d.marks[d.n/64] |= 1 << (d.n % 64)
	return raw[:m]
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

// changes reports whether decoding s by e can change it: a "%", or a "+"
// where e reads it as a space.
func changes(s string, e *percent.Encoding) bool {
	plus := e.SpaceAsPlus()
	if len(s) >= 16 {
		// IndexByte's vector loop, less its call, costs less than a byte
		// loop from here.
		return strings.IndexByte(s, '%') >= 0 || plus && strings.IndexByte(s, '+') >= 0
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' || c == '+' && plus {
			return true
		}
	}
	return false
}

// escapeErr is the *Error of a decoding error in the text read from at:
// the cause's offset counts in the caller's input too.
func (d *decoder) escapeErr(at int, reason string, err error) error {
	if de, ok := err.(*percent.DecodeError); ok {
		c := *de
		c.Offset += at
		at, err = c.Offset, &c
	}
	return d.p.err(at, reason, err)
}

// nameIs reports whether the raw name src[from:to], decoded as the items
// are (style cookie's as it stands), is want.
func (d *decoder) nameIs(from, to int, want string) (bool, error) {
	s := d.src[from:to]
	if d.trim {
		s = strings.Trim(s, " \t")
	}
	if d.enc == nil || !changes(s, d.enc) {
		return s == want, nil
	}
	var tmp [64]byte
	n, err := d.enc.AppendDecodeString(tmp[:0], s)
	if err != nil {
		return false, d.escapeErr(from, "malformed escape in a name", err)
	}
	return string(n) == want, nil
}

// value makes the Value of the items read, each marked item the next
// part of the string of dec.
func (d *decoder) value() (Value, error) {
	switch {
	case d.kind == Primitive && d.n != 1:
		return Value{}, d.p.err(d.at, "a primitive reads as one item", nil)
	case d.kind == Object && d.n%2 != 0:
		return Value{}, d.p.err(d.at, "an unexploded object needs an even number of items", nil)
	}
	if d.used > 0 || d.sb.Cap() > 0 {
		all := d.sb.String()
		if d.sb.Cap() == 0 {
			all = string(d.buf[:d.used])
		}
		for w, m := range d.marks[:(d.n+63)/64] {
			for ; m != 0; m &= m - 1 {
				k := w*64 + bits.TrailingZeros64(m)
				f := &d.one
				switch {
				case d.kind == Array:
					f = &d.items[k]
				case d.kind == Object && k%2 == 0:
					f = &d.pairs[k/2].Name
				case d.kind == Object:
					f = &d.pairs[k/2].Value
				}
				*f, all = all[:len(*f)], all[len(*f):]
			}
		}
	}
	switch d.kind {
	case Primitive:
		return Value{Kind: Primitive, String: d.one}, nil
	case Array:
		return Value{Kind: Array, List: d.items}, nil
	}
	return Value{Kind: Object, Props: d.pairs}, nil
}

// cut finds the first of seps in s[from:]: the item before it ends at
// end, and the next begins at next; without one, end is len(s) and next
// is past it. The one splitter of every list and every piece of a path
// or Cookie header.
func cut(s string, from int, seps []string) (end, next int) {
	t := s[from:]
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

// list reads src[from:to] as the items of a value: one primitive, or the
// items of an array or object separated by any of seps; an exploded
// object's items are key=value pieces.
func (d *decoder) list(from, to int, seps ...string) error {
	switch {
	case d.kind == Primitive:
		d.at = from
		return d.add(from, to)
	case d.kind == Object && from == to:
		return nil // empty text: no properties
	case d.kind == Object && d.r.explode() && d.r.i() != iQuery:
		return d.pieces(from, to, seps)
	}
	d.at = from
	if d.hint == 0 {
		d.hint = 1
		for _, sep := range seps {
			d.hint += strings.Count(d.src[from:to], sep)
		}
		d.hint = min(d.hint, d.maxItems())
	}
	for {
		end, next := cut(d.src[:to], from, seps)
		if err := d.add(from, end); err != nil {
			return err
		}
		if next > to {
			return nil
		}
		from = next
	}
}

// pieces reads src[from:to] as name=value pieces separated by seps: an
// exploded array's pieces must each name the parameter; an exploded
// object's are its properties ("k" and "k=" both empty).
func (d *decoder) pieces(from, to int, seps []string) error {
	d.pairItems = d.kind == Object
	if d.hint == 0 {
		d.hint = 1
		for _, sep := range seps {
			d.hint += strings.Count(d.src[from:to], sep)
		}
		d.hint = min(d.hint, percent.DefaultMaxPairs) * (1 + b2i(d.kind == Object))
	}
	for from <= to {
		end, next := cut(d.src[:to], from, seps)
		kend, vfrom := end, end
		if eq := strings.IndexByte(d.src[from:end], '='); eq >= 0 {
			kend, vfrom = from+eq, from+eq+1
		}
		if d.kind == Array {
			if ok, err := d.nameIs(from, kend, d.p.Name); err != nil || !ok {
				if err != nil {
					return err
				}
				return d.p.err(from, "not this parameter's name", nil)
			}
		} else if err := d.add(from, kend); err != nil {
			return err
		}
		if err := d.add(vfrom, end); err != nil {
			return err
		}
		from = next
	}
	return nil
}

// path reads the path and header styles: simple, label and matrix.
func (d *decoder) path() error {
	s, r := d.src, d.r
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
		if r.explode() && d.kind != Primitive {
			return d.list(1, len(s), ".")
		}
		return d.list(1, len(s), ",")
	}
	// matrix: ;name=value, exploded ;name=a;name=b or ;k=v;k2=v2.
	if r.explode() && d.kind != Primitive {
		return d.pieces(1, len(s), []string{";"})
	}
	end := strings.IndexByte(s, '=')
	if end < 0 {
		end = len(s) // ";x": empty
	}
	if ok, err := d.nameIs(1, end, d.p.Name); err != nil || !ok {
		if err != nil {
			return err
		}
		return d.p.err(1, "not this parameter's name", nil)
	}
	return d.list(min(end+1, len(s)), len(s), ",")
}

// query reads the query and cookie styles, each piece of src in turn, as
// the style reads its pieces: the one reading of q, which finds every
// error too. At most percent.DefaultMaxPairs pieces are read.
func (d *decoder) query() error {
	src, off := d.src, 0
	if d.r.i() == iQuery && strings.HasPrefix(src, "?") {
		src, off = src[1:], 1
	}
	if d.r.explode() || d.r.s() == sDeep {
		// Room for an item (or a key and a value) a piece.
		sep := "&"
		if d.r.i() == iCookie {
			sep = ";"
		}
		d.hint = min(strings.Count(src, sep)+1, percent.DefaultMaxPairs)
		if d.kind == Object {
			d.hint *= 2
		}
	}
	count := 0
	each := func(p percent.Piece) error {
		if count == percent.DefaultMaxPairs {
			return d.p.err(p.Start, "too many pairs", percent.ErrTooManyPairs)
		}
		count++
		return d.piece(p)
	}
	if d.r.i() == iCookie {
		// cookie-pairs, split at ";", white space around them trimmed
		// (RFC 6265 §5.2, as servers read the header).
		for from := 0; from <= len(src); {
			end, next := cut(src, from, []string{";"})
			for from < end && (src[from] == ' ' || src[from] == '\t') {
				from++
			}
			for end > from && (src[end-1] == ' ' || src[end-1] == '\t') {
				end--
			}
			if from < end {
				eq := strings.IndexByte(src[from:end], '=')
				if eq < 0 {
					eq = end - from
				}
				if err := each(percent.Piece{Start: from, Eq: from + eq, End: end}); err != nil {
					return err
				}
			}
			from = next
		}
		return nil
	}
	for p := range percent.QueryPieces(src) {
		p.Start, p.Eq, p.End = p.Start+off, p.Eq+off, p.End+off
		if err := each(p); err != nil {
			return err
		}
	}
	return nil
}

// piece reads one piece of a query or Cookie header as the style reads
// it.
func (d *decoder) piece(p percent.Piece) error {
	r := d.r
	switch {
	case r.s() == sDeep:
		return d.deepPair(p)
	case r.explode() && d.kind == Object:
		return d.propPair(p)
	}
	if ok, err := d.nameIs(p.Start, p.Eq, d.p.Name); err != nil || !ok {
		return err
	}
	exploded := r.explode() && d.kind == Array
	if d.found && !exploded {
		return d.p.err(p.Start, "given twice", nil)
	}
	d.found = true
	vfrom := p.ValueAt()
	switch {
	case d.kind == Object && vfrom == p.End:
		return nil // "name=" or "name": no properties
	case exploded || d.kind == Primitive:
		d.at = vfrom
		return d.add(vfrom, p.End)
	case r.s() == sSpace:
		return d.list(vfrom, p.End, "%20", "+", " ")
	case r.s() == sPipe:
		return d.list(vfrom, p.End, "|", "%7C", "%7c")
	}
	return d.list(vfrom, p.End, ",")
}

// propPair reads a piece of a form- or cookie-exploded object: a property,
// if props names it or is empty.
func (d *decoder) propPair(p percent.Piece) error {
	d.pairItems = true
	if len(d.props) > 0 {
		in := false
		for _, want := range d.props {
			ok, err := d.nameIs(p.Start, p.Eq, want)
			if err != nil {
				return err
			}
			in = in || ok
		}
		if !in {
			return nil
		}
	}
	d.found = true
	if err := d.add(p.Start, p.Eq); err != nil {
		return err
	}
	return d.add(p.ValueAt(), p.End)
}

// deepPair reads one pair of a deepObject, if its name, decoded, is this
// parameter's name followed by "[key]".
func (d *decoder) deepPair(p percent.Piece) error {
	d.pairItems = true
	raw := d.src[p.Start:p.Eq]
	if !changes(raw, percent.Form) {
		from, to, err := deepKey(d, raw, p.Start)
		if err != nil || from < 0 {
			return err
		}
		d.record(raw[from:to])
		return d.add(p.ValueAt(), p.End)
	}
	var tmp [64]byte
	n, err := percent.Form.AppendDecodeString(tmp[:0], raw)
	if err != nil {
		return d.escapeErr(p.Start, "malformed escape in a name", err)
	}
	from, to, err := deepKey(d, n, p.Start)
	if err != nil || from < 0 {
		return err
	}
	// The key, a part of the decoded name, joins the decoded items (no
	// string of its own).
	d.keep(n[from:to], p.Start)
	d.record(d.mark(raw, to-from))
	return d.add(p.ValueAt(), p.End)
}

// deepKey finds the key in n[from:to] of a decoded deepObject name,
// name[key], read at off; from < 0 for another parameter's name.
func deepKey[T string | []byte](d *decoder, n T, off int) (from, to int, err error) {
	want := d.p.Name
	if len(n) <= len(want) || string(n[:len(want)]) != want || n[len(want)] != '[' {
		return -1, -1, nil // another parameter's
	}
	if n[len(n)-1] != ']' || len(n) == len(want)+1 {
		return -1, -1, d.p.err(off, "deepObject brackets do not close", nil)
	}
	for i := len(want) + 1; i < len(n)-1; i++ {
		if n[i] == '[' || n[i] == ']' {
			return -1, -1, d.p.err(off, "deepObject nesting is not defined", nil)
		}
	}
	if d.n >= d.maxItems() {
		return -1, -1, d.p.err(off, "too many items", percent.ErrTooManyPairs)
	}
	d.found = true
	return len(want) + 1, len(n) - 1, nil
}
