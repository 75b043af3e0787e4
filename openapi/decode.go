// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package openapi

import (
	"errors"
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
	var r resolved
	if err := p.resolve(&r); err != nil {
		return Value{}, err
	}
	if r.i != iPath && r.i != iHeader {
		return Value{}, p.err(0, "Decode reads path and header parameters: use DecodeQuery", nil)
	}
	if !r.kindAllowed(kind) {
		return Value{}, p.err(0, "style "+strconv.Quote(string(r.styleName))+notPermitted(&r, kind), nil)
	}
	d := decoder{p: p, r: r, src: s, kind: kind}
	if r.i == iHeader {
		d.raw, d.trim = true, true
	}
	return d.path()
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
// its offset in q.
func (p *Param) DecodeQuery(q string, kind Kind, props ...string) (Value, bool, error) {
	var r resolved
	if err := p.resolve(&r); err != nil {
		return Value{}, false, err
	}
	if r.i != iQuery && r.i != iCookie {
		return Value{}, false, p.err(0, "DecodeQuery reads query and cookie parameters: use Decode", nil)
	}
	if !r.kindAllowed(kind) {
		return Value{}, false, p.err(0, "style "+strconv.Quote(string(r.styleName))+notPermitted(&r, kind), nil)
	}
	d := decoder{p: p, r: r, src: q, kind: kind, props: props}
	switch {
	case r.i == iQuery:
		d.plus = true
	case r.s == sCookie:
		d.raw = true
	}
	return d.query()
}

// A decoder reads one parameter. Its items are substrings of the input
// where they need no decoding, and otherwise substrings of one string
// that holds every decoded item: a value costs at most two allocations,
// that string and the slice of items.
type decoder struct {
	p     *Param
	r     resolved
	src   string
	kind  Kind
	props []string
	raw   bool // items are not decoded (headers, style cookie)
	trim  bool // white space around items is trimmed (headers)
	plus  bool // "+" decodes as a space (query items)

	n     int      // items read
	first string   // the first item, until items is made
	items []string // the items, from the second on (then items[0] is first)
	dec   strings.Builder
	spans [8]span // the decoded items: where each stands in dec
	ns    int     // spans used
	more  []span  // the spans past the eighth
	one   span    // the span of the first item, where it was decoded
	hint  int     // how many items to make room for
}

// A span is where a decoded item stands in the decoder's builder: item k
// is dec[from:to].
type span struct{ k, from, to int }

// add reads the item src[from:to].
func (d *decoder) add(from, to int) error {
	if d.n >= percent.DefaultMaxPairs {
		return d.p.err(from, "too many items", percent.ErrTooManyPairs)
	}
	s := d.src[from:to]
	if d.trim {
		s = strings.Trim(s, " \t")
	}
	sp := span{k: -1}
	if !d.raw && needsDecode(s, d.plus) {
		if d.dec.Cap() == 0 {
			d.dec.Grow(len(d.src) - from)
		}
		var tmp [64]byte // most items; a longer one is decoded in a new buffer
		out, err := d.enc().AppendDecodeString(tmp[:0], s)
		if err != nil {
			var de *percent.DecodeError
			off := from
			if errors.As(err, &de) {
				off += de.Offset
			}
			return d.p.err(off, "malformed escape", err)
		}
		sp = span{d.n, d.dec.Len(), d.dec.Len() + len(out)}
		d.dec.Write(out)
		s = ""
	}
	d.record(s, sp)
	return nil
}

// record adds item s, or where sp.k is not negative the item that sp
// says where to find in dec.
func (d *decoder) record(s string, sp span) {
	switch {
	case d.n == 0:
		d.first, d.one = s, sp
	case d.items == nil:
		d.items = make([]string, 1, max(d.hint, 2))
		d.items[0] = d.first
		fallthrough
	default:
		d.items = append(d.items, s)
		if sp.k >= 0 {
			if d.ns < len(d.spans) {
				d.spans[d.ns] = sp
			} else {
				d.more = append(d.more, sp)
			}
			d.ns++
		}
	}
	d.n++
}

// enc is the encoding items are decoded with.
func (d *decoder) enc() *percent.Encoding {
	switch {
	case d.plus:
		return percent.Form
	case d.r.i == iCookie:
		return percent.Component
	}
	return percent.PathSegment
}

// split reads src[from:to] as items separated by any of seps.
func (d *decoder) split(from, to int, seps ...string) error {
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

// collect returns the items read, the decoded ones in place.
func (d *decoder) collect() []string {
	all := d.dec.String()
	if d.one.k >= 0 {
		d.first = all[d.one.from:d.one.to]
	}
	if d.items == nil {
		if d.n == 0 {
			return nil
		}
		return []string{d.first}
	}
	d.items[0] = d.first
	for _, sp := range d.spans[:min(d.ns, len(d.spans))] {
		d.items[sp.k] = all[sp.from:sp.to]
	}
	for _, sp := range d.more {
		d.items[sp.k] = all[sp.from:sp.to]
	}
	return d.items
}

// value makes the Value of the items read.
func (d *decoder) value(at int) (Value, error) {
	switch d.kind {
	case Primitive:
		if d.n != 1 {
			return Value{}, d.p.err(at, "a primitive reads as one item", nil)
		}
		if d.one.k >= 0 {
			all := d.dec.String()
			d.first = all[d.one.from:d.one.to]
		}
		return Value{Kind: Primitive, String: d.first}, nil
	case Array:
		return Value{Kind: Array, List: d.collect()}, nil
	}
	if d.n%2 != 0 {
		return Value{}, d.p.err(at, "an unexploded object needs an even number of items", nil)
	}
	items := d.collect()
	props := make([]percent.Pair, 0, len(items)/2)
	for i := 0; i < len(items); i += 2 {
		props = append(props, percent.Pair{Name: items[i], Value: items[i+1]})
	}
	return Value{Kind: Object, Props: props}, nil
}

// nameIs reports whether the raw name src[from:to], decoded as the items
// are, is want.
func (d *decoder) nameIs(from, to int, want string) (bool, error) {
	s := d.src[from:to]
	if d.trim {
		s = strings.Trim(s, " \t")
	}
	if d.r.i == iHeader || !needsDecode(s, d.plus) {
		return s == want, nil
	}
	n, err := d.enc().Decode(s) // a cookie's names too, though style cookie leaves its values alone
	if err != nil {
		var de *percent.DecodeError
		errors.As(err, &de)
		return false, d.p.err(from+de.Offset, "malformed escape in a name", err)
	}
	return n == want, nil
}

// path reads the path and header styles.
func (d *decoder) path() (Value, error) {
	s, r := d.src, &d.r
	if r.s == sSimple {
		return d.list(0, len(s), ",")
	}
	lead := ";"
	if r.s == sLabel {
		lead = "."
	}
	if !strings.HasPrefix(s, lead) {
		return Value{}, d.p.err(0, "a "+string(r.styleName)+" value begins with "+strconv.Quote(lead), nil)
	}
	if r.s == sLabel {
		sep := ","
		if r.explode && d.kind != Primitive {
			sep = "."
		}
		return d.list(1, len(s), sep)
	}
	// matrix: ;name=value, exploded ;name=a;name=b or ;k=v;k2=v2.
	if !r.explode || d.kind == Primitive {
		eq := strings.IndexByte(s, '=')
		end := len(s)
		if eq >= 0 {
			end = eq
		}
		if ok, err := d.nameIs(1, end, r.name); err != nil || !ok {
			if err != nil {
				return Value{}, err
			}
			return Value{}, d.p.err(1, "not this parameter's name", nil)
		}
		if eq < 0 {
			eq = len(s) - 1 // ";x": empty
		}
		if d.kind == Primitive {
			if err := d.add(eq+1, len(s)); err != nil {
				return Value{}, err
			}
			return d.value(0)
		}
		return d.list(eq+1, len(s), ",")
	}
	return d.pieces(1, len(s), ";")
}

// list reads src[from:to] as the items of a value: one primitive, or the
// items of an array or object separated by sep; an exploded object's
// items are key=value pieces.
func (d *decoder) list(from, to int, sep string) (Value, error) {
	switch {
	case d.kind == Primitive:
		if err := d.add(from, to); err != nil {
			return Value{}, err
		}
		return d.value(from)
	case d.kind == Object && d.r.explode:
		return d.pieces(from, to, sep)
	}
	if err := d.split(from, to, sep); err != nil {
		return Value{}, err
	}
	return d.value(from)
}

// pieces reads src[from:to] as name=value pieces separated by sep: an
// exploded array's pieces must each name the parameter; an exploded
// object's are its properties ("k" and "k=" both empty).
func (d *decoder) pieces(from, to int, sep string) (Value, error) {
	name := d.r.name
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
					return Value{}, err
				}
				return Value{}, d.p.err(from, "not this parameter's name", nil)
			}
			if err := d.add(vfrom, end); err != nil {
				return Value{}, err
			}
		} else {
			if err := d.add(from, kend); err != nil {
				return Value{}, err
			}
			if err := d.add(vfrom, end); err != nil {
				return Value{}, err
			}
		}
		from = end + len(sep)
	}
	return d.value(0)
}

// A pair is one name=value piece of a query or Cookie header: the raw
// name src[name:eq] and value src[eq+1:end] (eq == end without "=").
type pair struct{ name, eq, end int }

// next returns the piece of the query or Cookie header that starts at or
// after from, and where the one after it starts; ok is false at the end.
// It counts the pieces, and refuses more than percent.DefaultMaxPairs.
func (d *decoder) next(from int, count *int) (pr pair, after int, ok bool, err error) {
	s, sep := d.src, byte('&')
	if d.r.i == iCookie {
		sep = ';'
	} else if from == 0 && strings.HasPrefix(s, "?") {
		from = 1
	}
	for from <= len(s) {
		// One pass for the separator and the first "=": pieces are short.
		end, eq := from, -1
		for end < len(s) && s[end] != sep {
			if s[end] == '=' && eq < 0 {
				eq = end
			}
			end++
		}
		a, b := from, end
		if d.r.i == iCookie {
			for a < b && (s[a] == ' ' || s[a] == '\t') {
				a++
			}
			for b > a && (s[b-1] == ' ' || s[b-1] == '\t') {
				b--
			}
		}
		from = end + 1
		if a == b {
			continue
		}
		if *count == percent.DefaultMaxPairs {
			return pair{}, 0, false, d.p.err(a, "too many pairs", percent.ErrTooManyPairs)
		}
		*count++
		if eq < a || eq >= b {
			eq = b
		}
		return pair{a, eq, b}, from, true, nil
	}
	return pair{}, from, false, nil
}

// each calls f with every piece, in order, until f fails.
func (d *decoder) each(f func(pr pair) error) error {
	count := 0
	for from := 0; ; {
		pr, after, ok, err := d.next(from, &count)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		if err := f(pr); err != nil {
			return err
		}
		from = after
	}
}

// query reads the query and cookie styles.
func (d *decoder) query() (Value, bool, error) {
	r := &d.r
	exploded := r.explode && d.kind != Primitive
	if exploded || r.s == sDeep {
		// Room for an item (or a key and a value) a piece.
		sep := "&"
		if r.i == iCookie {
			sep = ";"
		}
		d.hint = min(strings.Count(d.src, sep)+1, percent.DefaultMaxPairs)
		if d.kind == Object {
			d.hint *= 2
		}
	}
	if r.s == sDeep {
		return d.deepObject()
	}
	if exploded && d.kind == Object {
		return d.explodedObject()
	}
	found := false
	err := d.each(func(pr pair) error {
		ok, err := d.nameIs(pr.name, pr.eq, r.name)
		if err != nil || !ok {
			return err
		}
		if found && !exploded {
			return d.p.err(pr.name, "given twice", nil)
		}
		found = true
		vfrom := min(pr.eq+1, pr.end)
		switch {
		case exploded || d.kind == Primitive:
			return d.add(vfrom, pr.end)
		case r.s == sSpace:
			return d.split(vfrom, pr.end, "%20", "+", " ")
		case r.s == sPipe:
			return d.split(vfrom, pr.end, "|", "%7C", "%7c")
		}
		return d.split(vfrom, pr.end, ",")
	})
	if err != nil || !found {
		return Value{}, false, err
	}
	v, err := d.value(0)
	return v, err == nil, err
}

// explodedObject reads a form- or cookie-exploded object: the pairs named
// in props, or every pair.
func (d *decoder) explodedObject() (Value, bool, error) {
	err := d.each(func(pr pair) error {
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
	})
	if err != nil || d.n == 0 {
		return Value{}, false, err
	}
	v, err := d.value(0)
	return v, err == nil, err
}

// deepObject reads the pairs name[key]=value, brackets raw or escaped.
func (d *decoder) deepObject() (Value, bool, error) {
	name := d.r.name
	err := d.each(func(pr pair) error {
		raw := d.src[pr.name:pr.eq]
		var tmp [64]byte
		n := append(tmp[:0], raw...)
		if needsDecode(raw, true) {
			var err error
			if n, err = percent.Form.AppendDecodeString(tmp[:0], raw); err != nil {
				var de *percent.DecodeError
				errors.As(err, &de)
				return d.p.err(pr.name+de.Offset, "malformed escape in a name", err)
			}
		}
		if len(n) <= len(name) || string(n[:len(name)]) != name || n[len(name)] != '[' {
			return nil // another parameter's
		}
		key := n[len(name)+1:]
		switch {
		case len(key) == 0 || key[len(key)-1] != ']':
			return d.p.err(pr.name, "deepObject brackets do not close", nil)
		case strings.ContainsAny(string(key[:len(key)-1]), "[]"):
			return d.p.err(pr.name, "deepObject nesting is not defined", nil)
		case d.n >= 2*percent.DefaultMaxPairs:
			return d.p.err(pr.name, "too many properties", percent.ErrTooManyPairs)
		}
		d.addDecoded(key[:len(key)-1])
		return d.add(min(pr.eq+1, pr.end), pr.end)
	})
	if err != nil || d.n == 0 {
		return Value{}, false, err
	}
	v, err := d.value(0)
	return v, err == nil, err
}

// addDecoded adds an item already decoded, kept in the decoder's string.
func (d *decoder) addDecoded(b []byte) {
	if d.dec.Cap() == 0 {
		d.dec.Grow(len(d.src))
	}
	sp := span{d.n, d.dec.Len(), d.dec.Len() + len(b)}
	d.dec.Write(b)
	d.record("", sp)
}

// needsDecode reports whether s holds a "%" or, with plus, a "+": a loop,
// since items and names are short.
func needsDecode(s string, plus bool) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' || c == '+' && plus {
			return true
		}
	}
	return false
}
