// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"errors"
	"iter"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/urlcodec/percent/internal/lex"
)

// Query strings and form bodies as ordered pairs: the URL Standard's
// application/x-www-form-urlencoded parser and serializer (§5.1, §5.2) and
// RFC 3986 queries (§3.4), with the order kept, duplicates kept, a bound on
// the number of pairs, and the canonical form that request signatures use.

// DefaultMaxPairs is the number of pairs [Encoding.ParseQuery] accepts;
// more is an error, [ErrTooManyPairs]. A query with more pairs than anyone
// sends is how a server's memory is exhausted (as in CVE-2025-61726).
const DefaultMaxPairs = 1000

// ErrTooManyPairs is the error, tested with [errors.Is], of a query with
// more pairs than the parser's limit.
var ErrTooManyPairs = errors.New("percent: too many pairs in query")

// SplitQuery yields the name and value of each piece of q, in order, as
// they stand in q (still encoded): pieces are separated by "&" only (the URL
// Standard, and Go since 1.17: ";" is not a separator, so that no pair can
// hide between parsers that disagree, CVE-2021-23336); empty pieces are
// skipped; the name runs to the first "=", the value after it, and a piece
// without "=" has an empty value. It allocates nothing: the strings are
// substrings of q. Re-encoding only the pair one changes keeps the rest of
// a query byte for byte as it was sent.
func SplitQuery(q string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		var s pieceScanner
		s.init(q, false)
		for {
			p, ok := s.next()
			if !ok || !yield(p.name(q), p.value(q)) {
				return
			}
		}
	}
}

// QueryPieces yields the place of each piece of q that [SplitQuery]
// yields, in order. It allocates nothing.
func QueryPieces(q string) iter.Seq[Piece] {
	return func(yield func(Piece) bool) {
		var s pieceScanner
		s.init(q, false)
		for {
			p, ok := s.next()
			if !ok || !yield(Piece{p.start, p.eq, p.end}) {
				return
			}
		}
	}
}

// Pairs yields the pieces of q that [SplitQuery] yields, each name and value
// decoded by e as [Encoding.DecodeLenient] decodes: [Form] reads "+" as a
// space (application/x-www-form-urlencoded), [Query] and [Component] keep
// it. A malformed escape stays as it is, and decoded octets are returned as
// they are (never replaced by U+FFFD: a value may be binary). It never
// fails, and allocates only for a part that decoding changes.
func (e *Encoding) Pairs(q string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		var s pieceScanner
		s.init(q, e.c.plus)
		for {
			p, ok := s.next()
			if !ok {
				return
			}
			name, value := p.name(q), p.value(q)
			if nm, vm := p.parts(); nm|vm != 0 {
				if nm != 0 {
					name = e.decodeChanged(name, nm)
				}
				if vm != 0 {
					value = e.decodeChanged(value, vm)
				}
			}
			if !yield(name, value) {
				return
			}
		}
	}
}

// ParseQuery returns the pairs of q, in order and with duplicates, each
// name and value decoded by e as [Encoding.Decode] decodes, split as
// [SplitQuery] splits. A malformed escape is a [*DecodeError] whose Offset
// counts from the start of q; more than [DefaultMaxPairs] pairs is an error
// for which errors.Is(err, ErrTooManyPairs). On an error there is no
// partial result. It allocates twice at most: the slice, sized once (from
// the "&" in q, never past the limit), and one string that every decoded
// name and value is a part of.
func (e *Encoding) ParseQuery(q string) ([]Pair, error) {
	return e.ParseQueryMax(q, DefaultMaxPairs)
}

// ParseQueryMax is [Encoding.ParseQuery] with a limit of maxPairs pairs
// instead of DefaultMaxPairs; a limit below zero means no limit. Exactly
// maxPairs pairs are accepted; one more is an error, never a silent
// truncation.
func (e *Encoding) ParseQueryMax(q string, maxPairs int) ([]Pair, error) {
	pairs, err := e.AppendParseQuery(nil, q, maxPairs)
	if err != nil {
		return nil, err
	}
	return pairs, nil
}

// AppendParseQuery appends the pairs of q to dst, as
// [Encoding.ParseQueryMax] parses them with the limit maxPairs (on the
// pairs of q, whatever dst holds), and returns the extended slice. A server
// that reuses one slice from request to request parses a query with one
// allocation at most (for the parts decoding changes, all in one), or none
// when nothing needs decoding and dst has room. On an error it returns dst
// as it was given.
func (e *Encoding) AppendParseQuery(dst []Pair, q string, maxPairs int) ([]Pair, error) {
	pairs, _, err := e.appendParse(dst, nil, q, maxPairs)
	return pairs, err
}

// AppendParseQueryAt is [Encoding.AppendParseQuery] that also appends to
// at the place in q of each pair it appends to dst (at[i] for the pair
// dst[len(dst)+i], both as given), read by the same one pass over q: the
// reader of a structured query reports a fault in a pair at its place
// without splitting q again. On an error it returns dst and at as they
// were given.
func (e *Encoding) AppendParseQueryAt(dst []Pair, at []Piece, q string, maxPairs int) ([]Pair, []Piece, error) {
	if at == nil {
		at = []Piece{} // a non-nil slice: appendParse records places
	}
	return e.appendParse(dst, at, q, maxPairs)
}

// appendParse is AppendParseQuery, and with at non-nil
// AppendParseQueryAt.
func (e *Encoding) appendParse(dst []Pair, at []Piece, q string, maxPairs int) ([]Pair, []Piece, error) {
	at0 := at
	var s pieceScanner
	s.init(q, e.c.plus)
	pairs, first := dst, len(dst)
	// The decoded parts are written one after another to buf, on the stack
	// while they fit, and become strings in one allocation at the end: a
	// decoded part first takes its place in pairs as a substring of q of its
	// decoded length, and decoded marks which parts to replace (the
	// placeholders of queryscan.go).
	var buf [256]byte
	out := buf[:0]
	var decoded [decodedMarks / 64]uint64
	for {
		p, ok := s.next()
		if !ok {
			break
		}
		if len(pairs)-first == maxPairs {
			return dst, at0, tooMany(q, maxPairs)
		}
		if len(pairs) == cap(pairs) {
			pairs = grow(pairs, q, &s, p, maxPairs-(len(pairs)-first))
			if at != nil {
				at = grow(at, q, &s, p, maxPairs-(len(pairs)-first))
			}
		}
		name, value := p.name(q), p.value(q)
		if nm, vm := p.parts(); nm|vm != 0 {
			k := 2 * (len(pairs) - first)
			if nm != 0 {
				var err error
				if out, name, err = e.decodePart(out, name, nm, p.start, k, &decoded); err != nil {
					return dst, at0, err
				}
			}
			if vm != 0 {
				var err error
				if out, value, err = e.decodePart(out, value, vm, p.eq+1, k+1, &decoded); err != nil {
					return dst, at0, err
				}
			}
		}
		pairs = append(pairs, Pair{name, value})
		if at != nil {
			at = append(at, Piece{p.start, p.eq, p.end})
		}
	}
	if len(out) > 0 {
		d := string(out)
		// The words of decoded that parts were marked in.
		for w, m := range decoded[:min(2*(len(pairs)-first)-1, decodedMarks-1)/64+1] {
			for ; m != 0; m &= m - 1 {
				k := w*64 + bits.TrailingZeros64(m)
				f := &pairs[first+k/2].Name
				if k%2 == 1 {
					f = &pairs[first+k/2].Value
				}
				*f, d = d[:len(*f)], d[len(*f):]
			}
		}
	}
	return pairs, at, nil
}

// QueryValues returns the values of the pairs of q named name, in order,
// each decoded by e as [Encoding.Decode] decodes: what url.Values gives for
// name (its Get is the first), without a map of the whole query and
// without decoding the values of other names. Pieces are split as
// [SplitQuery] splits them, at most [DefaultMaxPairs] of them; names
// compare decoded, byte for byte. A malformed escape in any name (which
// leaves undecided whether the pair is name's) or in one of name's values
// is a [*DecodeError] whose Offset counts from the start of q; one in
// another name's value is not read, and not an error. It returns nil when
// q holds no pair named name.
func (e *Encoding) QueryValues(q, name string) ([]string, error) {
	return e.AppendQueryValues(nil, q, name, DefaultMaxPairs)
}

// AppendQueryValues appends the values of the pairs of q named name to
// dst, as [Encoding.QueryValues] reads them with the limit maxPairs (on
// the pairs of q; below zero, none), and returns the extended slice. It
// allocates once at most for all the values that decoding changes, and
// once to grow dst when it has no room. On an error it returns dst as it
// was given.
func (e *Encoding) AppendQueryValues(dst []string, q, name string, maxPairs int) ([]string, error) {
	var s pieceScanner
	s.init(q, e.c.plus)
	vals, first := dst, len(dst)
	// The decoded values go to buf and become one string at the end, as in
	// AppendParseQuery (the placeholders of queryscan.go).
	var buf [256]byte
	out := buf[:0]
	var decoded [decodedMarks / 64]uint64
	for n := 0; ; n++ {
		p, ok := s.next()
		if !ok {
			break
		}
		if n == maxPairs {
			return dst, tooMany(q, maxPairs)
		}
		nm, vm := p.parts()
		if raw := p.name(q); nm == 0 {
			if raw != name {
				continue
			}
		} else if ok, err := e.nameIs(raw, nm, p.start, name); !ok {
			if err != nil {
				return dst, err
			}
			continue
		}
		if len(vals) == cap(vals) {
			vals = grow(vals, q, &s, p, maxPairs-n)
		}
		value := p.value(q)
		if vm != 0 {
			var err error
			if out, value, err = e.decodePart(out, value, vm, p.eq+1, len(vals)-first, &decoded); err != nil {
				return dst, err
			}
		}
		vals = append(vals, value)
	}
	if len(out) > 0 {
		d := string(out)
		// The words of decoded that values were marked in.
		for w, m := range decoded[:min(len(vals)-first-1, decodedMarks-1)/64+1] {
			for ; m != 0; m &= m - 1 {
				f := &vals[first+w*64+bits.TrailingZeros64(m)]
				*f, d = d[:len(*f)], d[len(*f):]
			}
		}
	}
	return vals, nil
}

// nameIs reports whether the raw name of a piece, at offset off in the
// query, with the marks nm (not 0), decodes to name; a malformed escape in
// it is an error.
func (e *Encoding) nameIs(raw string, nm uint64, off int, name string) (bool, error) {
	if nm == unmarked {
		d, err := decodeString(e, raw, false)
		if err != nil {
			return false, rebase(err, off)
		}
		return d == name, nil
	}
	var b [64]byte
	m, bad := decodeMarked(e, b[:len(raw)], raw, nm, false)
	if bad >= 0 {
		return false, rebase(decodeError(raw, bad), off)
	}
	return string(b[:m]) == name, nil
}

// tooMany returns the error of q, which has more pieces than maxPairs.
func tooMany(q string, maxPairs int) error {
	n := 0
	for range SplitQuery(q) {
		n++
	}
	return &tooManyPairs{n: n, max: maxPairs}
}

// tooManyPairs is the error of a query over the limit: it says both counts
// and is ErrTooManyPairs.
type tooManyPairs struct{ n, max int }

// Error says how many pairs the limit allows.
func (e *tooManyPairs) Error() string {
	return ErrTooManyPairs.Error() + ": " + strconv.Itoa(e.n) + " pairs, the limit is " + strconv.Itoa(e.max)
}

// Is reports whether target is ErrTooManyPairs.
func (e *tooManyPairs) Is(target error) bool { return target == ErrTooManyPairs }

// AppendQuery appends pairs to dst as a query string, in the order given:
// each name and value encoded by e, joined by "=", the pairs joined by "&"
// (the URL Standard's urlencoded serializer, §5.2, with [Form]). Where e
// leaves "&", "=", "+", ";" or "#" literal ([Query], [Fido]), they are
// escaped all the same inside names and values, so that every reader
// (net/url, Python, PHP, a server that reads "+" as a space or splits at
// ";") gets the pairs back. Every pair
// is written with its "=", even with an empty value; no pairs write
// nothing. It does not allocate when dst has room.
// e.ParseQuery of the result gives pairs back, whatever bytes they hold.
func (e *Encoding) AppendQuery(dst []byte, pairs []Pair) []byte {
	e = e.ready()
	if e.queryPart != nil {
		e = e.queryPart
	}
	for i, p := range pairs {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = e.AppendEncodeString(dst, p.Name)
		dst = append(dst, '=')
		dst = e.AppendEncodeString(dst, p.Value)
	}
	return dst
}

// EncodeQuery returns pairs as a query string, as [Encoding.AppendQuery]
// writes it.
func (e *Encoding) EncodeQuery(pairs []Pair) string {
	e = e.ready()
	// Built on the stack while it fits, so that the string is the one
	// allocation.
	var buf [mediumBuf]byte
	return string(e.AppendQuery(buf[:0], pairs))
}

// CanonicalQuery returns q in the canonical form that request signatures are
// computed over: the canonical query string of AWS Signature Version 4 and
// the normalized parameters of OAuth 1.0 (RFC 5849 §3.4.1.3.2). q is split
// as [SplitQuery] splits; each name and value is decoded by e ([Form] reads
// "+" as a space, [Query] and [Component] as "+"; a malformed escape is a
// [*DecodeError]) and encoded by [Component] (unreserved literal, upper-case
// hex, space as %20); the pairs are sorted by encoded name, then encoded
// value, in byte order, and joined with "&", each with its "=". More than
// [DefaultMaxPairs] pairs is an error for which errors.Is(err,
// ErrTooManyPairs): a server computes this form of an attacker's query. For
// another limit, call [Encoding.ParseQueryMax] and [CanonicalPairs].
func (e *Encoding) CanonicalQuery(q string) (string, error) {
	pairs, err := e.ParseQueryMax(q, DefaultMaxPairs)
	if err != nil {
		return "", err
	}
	return CanonicalPairs(pairs), nil
}

// CanonicalPairs returns pairs, which are decoded, in the canonical form of
// [Encoding.CanonicalQuery]: for a signer that builds its request from
// pairs, or has parsed the query already.
func CanonicalPairs(pairs []Pair) string {
	enc := make([]Pair, len(pairs))
	for i, p := range pairs {
		enc[i] = Pair{Component.Encode(p.Name), Component.Encode(p.Value)}
	}
	slices.SortFunc(enc, func(a, b Pair) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Value, b.Value)
	})
	n := 0
	for _, p := range enc {
		n += len(p.Name) + len(p.Value) + 2
	}
	var b strings.Builder
	b.Grow(n)
	for i, p := range enc {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p.Name)
		b.WriteByte('=')
		b.WriteString(p.Value)
	}
	return b.String()
}

// RedactQuery returns q with the value of every pair whose name is one of
// names replaced by mask, for logs. q is any text whose tokens are
// separated by white space: a bare query (with or without its "?"), a URL
// or request target, a request line or a log line. A query that a request
// carries holds no raw white space, so white space ends every value: a
// request line keeps its " HTTP/1.1", a log line its status and user
// agent.
//
// RedactQuery does not guess what a token is: it reads each one, less the
// quotes or brackets that enclose it ("...", '...', <...>, (...), {...}),
// in two ways at once and masks every byte that either reading puts inside
// the value of a listed name:
//
//   - as a bare query from its first byte (a leading "?" skipped), whose
//     values run to the next "&": PHP, qs, ASP.NET, Python and net/url
//     read ";", "#" and "?" inside a value as data, so "token=s;x" masks
//     "s;x", and "access_token=s&redirect_uri=https://a/cb?x=1" masks "s";
//   - as a URL, whose query runs from its first "?" to the first "#" after
//     it, and whose values run to "&" or that "#": "https://h/p?token=s#f"
//     masks "s".
//
// In both readings a name is also matched after each ";" of a piece, its
// value running to the next ";" (Rack splits there), and a piece's key
// ends at its first "]=" as well as at its first "=" (qs reads
// "[token]x=1;y]=s" as token=s).
//
// A name matches as the most lenient reader would read it: decoded as
// [Form] decodes it (and IIS's %uXXXX for ASCII), leading spaces and
// brackets dropped, cut at the first "[" or "]" (PHP, Rack and qs read
// token[] and [token] as token) or with that "[" read as "_" (PHP's
// unclosed bracket), cut at the first NUL (PHP), "." and space read as "_"
// (PHP), compared ASCII case-insensitively (ASP.NET). names are folded the
// same way, so "access token" and "access_token" are one name, and
// "+token=", "token%00=", "token%5B%5D=", "to.ken=" (for "to_ken") and
// "API_KEY=" (for "api_key") are all redacted.
//
// mask, written as [Form] encodes it, stands once for each run of masked
// bytes, and for an empty value of a listed name; every other byte of q
// stays as it is. RedactQuery returns q itself, without allocating, when
// no name matches.
func RedactQuery(q, mask string, names ...string) string {
	if len(names) == 0 {
		return q
	}
	r := redactor{mask: mask}
	for i := 0; i < len(q); {
		for i < len(q) && lex.IsSpace(q[i]) {
			i++
		}
		start := i
		for i < len(q) && !lex.IsSpace(q[i]) {
			i++
		}
		if start < i {
			r.token(q, names, start, i)
		}
	}
	if r.b.Cap() == 0 {
		return q
	}
	r.b.WriteString(q[r.last:])
	return r.b.String()
}

// A redactor writes RedactQuery's result: q up to last is in b (nothing
// until the first value is masked).
type redactor struct {
	mask string
	b    strings.Builder
	last int
}

// A span is a value to mask, q[from:to].
type span struct{ from, to int }

// token masks the values of names in q[start:end], a token between white
// space, under both of RedactQuery's readings.
func (r *redactor) token(q string, names []string, start, end int) {
	// The quotes or brackets that enclose the token are not part of it.
	for end-start >= 2 && encloses(q[start], q[end-1]) {
		start, end = start+1, end-1
	}
	var small [8]span
	// The token as a bare query.
	bare := start
	if q[bare] == '?' {
		bare++
	}
	spans := redactValues(small[:0], q, names, bare, end)
	// The token as a URL: its query, from the first "?" to the "#" after.
	if k := strings.IndexByte(q[start:end], '?'); k >= 0 {
		from, to := start+k+1, end
		if h := strings.IndexByte(q[from:end], '#'); h >= 0 {
			to = from + h
		}
		if from != bare || to != end {
			spans = redactValues(spans, q, names, from, to)
		}
	}
	if len(spans) == 0 {
		return
	}
	// Write each run of masked bytes as one mask, in order of position.
	slices.SortFunc(spans, func(a, b span) int { return a.from - b.from })
	if r.b.Cap() == 0 {
		r.mask = Form.Encode(r.mask)
		r.b.Grow(len(q) + 2*len(r.mask))
	}
	cur := spans[0]
	for _, s := range spans[1:] {
		if s.from <= cur.to {
			cur.to = max(cur.to, s.to)
			continue
		}
		r.put(q, cur)
		cur = s
	}
	r.put(q, cur)
}

// put writes q up to the span, then the mask in its place.
func (r *redactor) put(q string, s span) {
	r.b.WriteString(q[r.last:s.from])
	r.b.WriteString(r.mask)
	r.last = s.to
}

// encloses reports whether a and z are a pair of quotes or brackets that
// enclose a token of a log line.
func encloses(a, z byte) bool {
	switch a {
	case '"', '\'':
		return z == a
	case '<':
		return z == '>'
	case '(':
		return z == ')'
	case '{':
		return z == '}'
	}
	return false
}

// redactValues appends to spans the values of names in q[from:to], read
// as a query whose values run to "&" (or to).
func redactValues(spans []span, q string, names []string, from, to int) []span {
	for off := from; off <= to; {
		end := strings.IndexByte(q[off:to], '&')
		if end < 0 {
			end = to
		} else {
			end += off
		}
		piece := q[off:end]
		// The piece's name runs to its first "=" (PHP, Rack, ASP.NET,
		// Python, net/url) or, for qs, to the "]" of its first "]=".
		if eq := strings.IndexByte(piece, '='); eq >= 0 && redactName(piece[:eq], names) {
			spans = append(spans, span{off + eq + 1, end})
		}
		if k := strings.Index(piece, "]="); k >= 0 && redactName(piece[:k+1], names) {
			spans = append(spans, span{off + k + 2, end})
		}
		// Rack splits the piece at ";" too; its first part's name is
		// the piece's, matched above.
		for sub := strings.IndexByte(piece, ';'); sub >= 0; {
			s := off + sub + 1
			next := strings.IndexByte(q[s:end], ';')
			e := end
			if next >= 0 {
				e = s + next
			}
			if eq := strings.IndexByte(q[s:e], '='); eq >= 0 && redactName(q[s:s+eq], names) {
				spans = append(spans, span{s + eq + 1, e})
			}
			if next < 0 {
				break
			}
			sub = e - off
		}
		off = end + 1
	}
	return spans
}

// redactName reports whether the raw name of a pair matches one of names
// as RedactQuery says: both folded by a nameFold, once with "[" ending the
// name and once with it read as "_". It decodes as it compares, so it
// allocates nothing.
func redactName(raw string, names []string) bool {
	for _, n := range names {
		for _, bracketEnds := range [2]bool{true, false} {
			a := nameFold{s: raw, decode: true, bracketEnds: bracketEnds}
			b := nameFold{s: n, bracketEnds: bracketEnds}
			for {
				c, okA := a.next()
				d, okB := b.next()
				if okA != okB || c != d {
					break
				}
				if !okA {
					return true
				}
			}
		}
	}
	return false
}

// A nameFold reads a query name as the most lenient of PHP, Rack, qs and
// ASP.NET would: a byte at a time, decoded (with decode: "+", %XX, and
// %uXXXX below U+0080), leading spaces and brackets dropped, ended at NUL
// and at "]", ended at "[" (bracketEnds) or reading it as "_", "." and
// space read as "_", A–Z folded to a–z.
type nameFold struct {
	s           string
	i           int
	decode      bool
	bracketEnds bool
	started     bool
	done        bool
}

// next returns the next byte of the folded name, or false at its end.
func (f *nameFold) next() (byte, bool) {
	for !f.done && f.i < len(f.s) {
		c, w := f.s[f.i], 1
		if f.decode {
			switch {
			case c == '+':
				c = ' '
			case c == '%':
				if v, ok := unescape(f.s, f.i); ok {
					c, w = v, 3
				} else if v, ok := unescapeU(f.s, f.i); ok {
					c, w = v, 6
				}
			}
		}
		f.i += w
		if !f.started && (c == ' ' || c == '[' || c == ']') {
			continue
		}
		f.started = true
		switch c {
		case 0, ']':
			f.done = true
			return 0, false
		case '[':
			if f.bracketEnds {
				f.done = true
				return 0, false
			}
			return '_', true
		case '.', ' ':
			return '_', true
		}
		return lex.Lower(c), true
	}
	return 0, false
}

// unescapeU reads IIS's %uXXXX at s[i] where it stands for an ASCII byte.
func unescapeU(s string, i int) (byte, bool) {
	if i+5 >= len(s) || s[i+1]|0x20 != 'u' {
		return 0, false
	}
	var v uint32
	for _, c := range []byte(s[i+2 : i+6]) {
		h := unhex[c]
		if h > 0xF {
			return 0, false
		}
		v = v<<4 | uint32(h)
	}
	if v >= 0x80 {
		return 0, false
	}
	return byte(v), true
}
