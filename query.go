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
)

// Query strings and form bodies as ordered pairs: the URL Standard's
// application/x-www-form-urlencoded parser and serializer (§5.1, §5.2) and
// RFC 3986 queries (§3.4), with the order kept, duplicates kept, a bound on
// the number of pairs, and the canonical form that request signatures use.

// A Pair is one name and value of a query string or form body.
type Pair struct{ Name, Value string }

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
		for p := range pieces(q) {
			if !yield(p.name(q), p.value(q)) {
				return
			}
		}
	}
}

// queryBytes marks the bytes a query scan stops at: the piece separator,
// the name-value separator, and what makes a part need decoding.
var queryBytes = [256]uint8{'&': qAmp, '=': qEq, '%': qChange, '+': qPlus}

const (
	qAmp = 1 << iota
	qEq
	qChange // "%"
	qPlus   // "+", a change where "+" means space
)

// A piece is one piece of a query: q[start:end], the name q[start:eq] and
// the value after the "=" at eq (eq == end when there is none); nameBits
// and valueBits say whether each holds a "%" (qChange) or "+" (qPlus).
type piece struct {
	start, eq, end      int
	nameBits, valueBits uint8
}

// pieces yields the non-empty pieces of q, in order.
func pieces(q string) iter.Seq[piece] {
	return func(yield func(piece) bool) {
		for i := 0; i < len(q); {
			p := nextPiece(q, i)
			i = p.end + 1
			if p.start < p.end && !yield(p) {
				return
			}
		}
	}
}

// name and value return the piece's raw name and value in q.
func (p piece) name(q string) string  { return q[p.start:p.eq] }
func (p piece) value(q string) string { return q[min(p.eq+1, p.end):p.end] }

// nextPiece reads the piece of q that starts at i, in one pass over its
// bytes: the name up to "=" or "&", then the value up to "&", each part's
// bits gathered as it goes.
func nextPiece(q string, i int) piece {
	p := piece{start: i}
	i, p.nameBits = scanPart(q, i, true)
	p.eq = i
	if i < len(q) && q[i] == '=' {
		i, p.valueBits = scanPart(q, i+1, false)
	}
	p.end = i
	return p
}

// scanPart returns where the part of q that starts at i ends (at "&", or
// also at "=" for a name) and its bits: qChange if it holds a "%", qPlus if
// a "+". Eight bytes a step (SWAR, as decodeTo), then one at a time.
func scanPart(q string, i int, name bool) (int, uint8) {
	var b uint8
	for ; len(q)-i >= 8; i += 8 {
		w := load64(q, i)
		stop := hasByte(w, '&')
		if name {
			stop |= hasByte(w, '=')
		}
		pct, plus := hasByte(w, '%'), hasByte(w, '+')
		if stop != 0 {
			// Only the bytes before the stop count; hasByte's lowest mark
			// is exact, so a mark below it is a real "%" or "+".
			k := bits.TrailingZeros64(stop) &^ 7
			below := uint64(1)<<k - 1
			if pct&below != 0 {
				b |= qChange
			}
			if plus&below != 0 {
				b |= qPlus
			}
			return i + k>>3, b
		}
		if pct != 0 {
			b |= qChange
		}
		if plus != 0 {
			b |= qPlus
		}
	}
	stop := uint8(qAmp)
	if name {
		stop |= qEq
	}
	for ; i < len(q); i++ {
		c := queryBytes[q[i]]
		if c&stop != 0 {
			break
		}
		b |= c
	}
	return i, b &^ qEq
}

// changes reports whether decoding by e changes a part with these bits.
func (e *Encoding) changes(bits uint8) bool {
	return bits&qChange != 0 || e.plus && bits&qPlus != 0
}

// Pairs yields the pieces of q that [SplitQuery] yields, each name and value
// decoded by e as [Encoding.DecodeLenient] decodes: [Form] reads "+" as a
// space (application/x-www-form-urlencoded), [Query] and [Component] keep
// it. A malformed escape stays as it is, and decoded octets are returned as
// they are (never replaced by U+FFFD: a value may be binary). It never
// fails, and allocates only for a part that decoding changes.
func (e *Encoding) Pairs(q string) iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for p := range pieces(q) {
			name, value := p.name(q), p.value(q)
			if e.changes(p.nameBits) {
				name, _ = decodeString(e, name, true)
			}
			if e.changes(p.valueBits) {
				value, _ = decodeString(e, value, true)
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
// partial result.
func (e *Encoding) ParseQuery(q string) ([]Pair, error) {
	return e.ParseQueryMax(q, DefaultMaxPairs)
}

// ParseQueryMax is [Encoding.ParseQuery] with a limit of maxPairs pairs
// instead of DefaultMaxPairs; a limit below zero means no limit. Exactly
// maxPairs pairs are accepted; one more is an error, never a silent
// truncation.
func (e *Encoding) ParseQueryMax(q string, maxPairs int) ([]Pair, error) {
	// Sized once from the number of "&" (an upper bound on the pairs); a
	// query over the limit fails before anything is decoded.
	n := strings.Count(q, "&") + 1
	if maxPairs >= 0 && n > maxPairs {
		k := 0
		for range SplitQuery(q) {
			k++
		}
		if k > maxPairs {
			return nil, &tooManyPairs{n: k, max: maxPairs}
		}
		n = k
	}
	var pairs []Pair
	for p := range pieces(q) {
		if pairs == nil {
			pairs = make([]Pair, 0, n)
		}
		name, value := p.name(q), p.value(q)
		if e.changes(p.nameBits) {
			d, err := decodeString(e, name, false)
			if err != nil {
				return nil, shiftError(err, p.start)
			}
			name = d
		}
		if e.changes(p.valueBits) {
			d, err := decodeString(e, value, false)
			if err != nil {
				return nil, shiftError(err, p.eq+1)
			}
			value = d
		}
		pairs = append(pairs, Pair{name, value})
	}
	return pairs, nil
}

// shiftError moves the offset of the *DecodeError that decoding a part
// returns by off, the part's offset in the query.
func shiftError(err error, off int) error {
	de := err.(*DecodeError)
	return &DecodeError{Offset: de.Offset + off, Escape: de.Escape}
}

// tooManyPairs is the error of a query over the limit: it says both counts
// and is ErrTooManyPairs.
type tooManyPairs struct{ n, max int }

func (e *tooManyPairs) Error() string {
	return ErrTooManyPairs.Error() + ": " + strconv.Itoa(e.n) + " pairs, the limit is " + strconv.Itoa(e.max)
}

func (e *tooManyPairs) Is(target error) bool { return target == ErrTooManyPairs }

// AppendQuery appends pairs to dst as a query string, in the order given:
// each name and value encoded by e, joined by "=", the pairs joined by "&"
// (the URL Standard's urlencoded serializer, §5.2, with [Form]). Where e
// leaves "&" or "=" literal ([Query], [Fido]), they are escaped all the
// same inside names and values, so that the pairs read back. Every pair
// is written with its "=", even with an empty value; no pairs write
// nothing. It does not allocate when dst has room.
// e.ParseQuery of the result gives pairs back, whatever bytes they hold.
func (e *Encoding) AppendQuery(dst []byte, pairs []Pair) []byte {
	if e.pair != nil {
		e = e.pair
	}
	for i, p := range pairs {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = e.appendString(dst, p.Name)
		dst = append(dst, '=')
		dst = e.appendString(dst, p.Value)
	}
	return dst
}

// appendString appends the encoding of s to dst, as AppendEncode does for
// a byte slice.
func (e *Encoding) appendString(dst []byte, s string) []byte {
	i, dash := clean(e, s, 0)
	dst = append(dst, s[:i]...)
	if i == len(s) {
		return dst
	}
	rest := s[i:]
	// The 3× bound (which the vector encoder needs) when there is room,
	// else the exact length.
	if n := 3*len(rest) + 1; cap(dst)-len(dst) < n {
		dst = slices.Grow(dst, encodedLen(e, rest, dash))
	}
	l := len(dst)
	m, _ := encode(e, dst[l:cap(dst)], rest, dash)
	return dst[:l+m]
}

// EncodeQuery returns pairs as a query string, as [Encoding.AppendQuery]
// writes it.
func (e *Encoding) EncodeQuery(pairs []Pair) string {
	return string(e.AppendQuery(nil, pairs))
}

// CanonicalQuery returns q in the canonical form that request signatures are
// computed over: the canonical query string of AWS Signature Version 4 and
// the normalized parameters of OAuth 1.0 (RFC 5849 §3.4.1.3.2). q is split
// as [SplitQuery] splits; each name and value is decoded by e ([Form] reads
// "+" as a space, [Query] and [Component] as "+"; a malformed escape is a
// [*DecodeError]) and encoded by [Component] (unreserved literal, upper-case
// hex, space as %20); the pairs are sorted by encoded name, then encoded
// value, in byte order, and joined with "&", each with its "=".
func (e *Encoding) CanonicalQuery(q string) (string, error) {
	pairs, err := e.ParseQueryMax(q, -1)
	if err != nil {
		return "", err
	}
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
	return b.String(), nil
}

// FirstValue returns the value of the first pair named name, and whether
// there is one: url.Values.Get for an ordered list.
func FirstValue(pairs []Pair, name string) (string, bool) {
	for _, p := range pairs {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// AllValues returns the values of the pairs named name, in order.
func AllValues(pairs []Pair, name string) []string {
	var vs []string
	for _, p := range pairs {
		if p.Name == name {
			vs = append(vs, p.Value)
		}
	}
	return vs
}
