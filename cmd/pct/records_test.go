// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/urlcodec/percent"
)

// recordsReference encodes the records of in one at a time with e.Encode,
// keeping their ends: what encode -lines and -z write.
func recordsReference(e *percent.Encoding, in string, sep byte) string {
	var b strings.Builder
	for len(in) > 0 {
		k := strings.IndexByte(in, sep)
		if k < 0 {
			b.WriteString(e.Encode(in))
			break
		}
		rec, end := in[:k], string(sep)
		if sep == '\n' && strings.HasSuffix(rec, "\r") {
			rec, end = rec[:len(rec)-1], "\r\n"
		}
		b.WriteString(e.Encode(rec) + end)
		in = in[k+1:]
	}
	return b.String()
}

// cutReader returns its input in two reads, cut at cut.
type cutReader struct {
	parts []string
}

func (r *cutReader) Read(p []byte) (int, error) {
	for len(r.parts) > 0 && r.parts[0] == "" {
		r.parts = r.parts[1:]
	}
	if len(r.parts) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.parts[0])
	r.parts[0] = r.parts[0][n:]
	return n, nil
}

// TestRecords compares encode -lines and -z with encoding each record on
// its own (the splitter's job: "\r\n" and stray "\r", NUL records, the
// FidoURL "---" rule starting afresh in each record), with the input cut
// into reads at every position.
func TestRecords(t *testing.T) {
	if got := recordsReference(percent.Component, "a b\r\nc\rd\n\ne", '\n'); got != "a%20b\r\nc%0Dd\n\ne" {
		t.Fatalf("reference: %q", got)
	}
	r := rand.New(rand.NewPCG(9, 9))
	alphabet := "ab -\r\n\x00é%+"
	for _, name := range []string{"component", "form", "fido"} {
		e, _ := percent.LookupEncoding(name)
		for _, sep := range []byte{'\n', 0} {
			args := []string{"encode", "-set", name, "-lines"}
			if sep == 0 {
				args[3] = "-z"
			}
			t.Run(fmt.Sprintf("%s/sep=%q", name, sep), func(t *testing.T) {
				for trial := 0; trial < 30; trial++ {
					b := make([]byte, r.IntN(40))
					for i := range b {
						b[i] = alphabet[r.IntN(len(alphabet))]
					}
					in := string(b) + []string{"", "\r", "\r\n", "---", "--\n--"}[trial%5]
					want := recordsReference(e, in, sep)
					for cut := 0; cut <= len(in); cut++ {
						var out, errb bytes.Buffer
						if code := run(args, &cutReader{[]string{in[:cut], in[cut:]}}, &out, &errb); code != 0 || out.String() != want {
							t.Fatalf("input %q cut at %d: exit %d %s, %q, want %q", in, cut, code, errb.String(), out.String(), want)
						}
					}
				}
			})
		}
	}
}
