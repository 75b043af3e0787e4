// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"github.com/urlcodec/percent"
)

// An Error is why a query cannot be read into a value, or a value cannot be
// written as a query: the key path in bracket form (items[3][price]; "[]"
// for an append), as read so far, the byte offset in the query where the
// fault is (-1 when writing), the reason, and the cause where there is one
// (a *percent.DecodeError whose Offset counts in the query too, a strconv
// error, an UnmarshalText error, percent.ErrTooManyPairs), which errors.Is
// and errors.As reach through Unwrap.
type Error struct {
	Key    string
	Offset int
	Reason string
	Err    error
}

// Error says which key, where and why, with one offset, and quotes at
// most 64 bytes of the key.
func (e *Error) Error() string {
	s := "form: "
	if e.Key != "" {
		s += "key " + quote(e.Key) + ": "
	}
	s += e.Reason
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	// A malformed escape's Reason says what the cause says, and its
	// offset is the Error's own.
	var de *percent.DecodeError
	if e.Err != nil && !errors.As(e.Err, &de) {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// maxQuoted is the most bytes of an input that an Error's message quotes.
const maxQuoted = 64

// quote quotes s, or its first maxQuoted bytes (whole characters) and "…"
// after the closing quote.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	n := maxQuoted
	for n > maxQuoted-utf8.UTFMax && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "…"
}
