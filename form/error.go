// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form

import "strconv"

// An Error is why a query cannot be read into a value, or a value cannot be
// written as a query: the key path in bracket form (items[3][price]; "[]"
// for an append), the byte offset in the query where the fault is (-1 when
// writing), the reason, and the cause where there is one (a
// *percent.DecodeError, a strconv error, an UnmarshalText error,
// percent.ErrTooManyPairs), which errors.Is and errors.As reach through
// Unwrap.
type Error struct {
	Key    string
	Offset int
	Reason string
	Err    error
}

// Error says which key, where and why.
func (e *Error) Error() string {
	s := "form: "
	if e.Key != "" {
		s += "key " + strconv.Quote(e.Key) + ": "
	}
	s += e.Reason
	if e.Offset >= 0 {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }
