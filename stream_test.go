// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

var streamSamples = []string{
	"",
	"a b+c/d?e=f&g",
	"--- ----- ------",
	"héllo wörld 日本語",
	strings.Repeat("ab-- %", 3000),
	strings.Repeat("é", 5000),
}

// encodeWrites encodes s with one Write per piece.
func encodeWrites(e *Encoding, pieces ...string) (string, error) {
	var out bytes.Buffer
	w := NewEncoder(e, &out)
	for _, p := range pieces {
		n, err := w.Write([]byte(p))
		if err != nil {
			return "", err
		}
		if n != len(p) {
			return "", io.ErrShortWrite
		}
	}
	return out.String(), nil
}

func TestEncoderCuts(t *testing.T) {
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range streamSamples {
				want := tc.enc.Encode(s)
				if len(s) < 64 {
					for i := 0; i <= len(s); i++ {
						got, err := encodeWrites(tc.enc, s[:i], s[i:])
						if err != nil || got != want {
							t.Fatalf("%s: cut at %d of %q: %q, want %q", tc.name, i, s, got, want)
						}
					}
				}
				// One byte a write.
				var out bytes.Buffer
				w := NewEncoder(tc.enc, &out)
				if _, err := io.Copy(w, iotest.OneByteReader(strings.NewReader(s))); err != nil {
					t.Fatal(err)
				}
				if out.String() != want {
					t.Fatalf("%s: 1-byte writes of %.20q differ", tc.name, s)
				}
			}
		})
	}
}

func TestDecoderCuts(t *testing.T) {
	readers := map[string]func(io.Reader) io.Reader{
		"one-byte": iotest.OneByteReader,
		"half":     iotest.HalfReader,
		"data-err": iotest.DataErrReader,
		"plain":    func(r io.Reader) io.Reader { return r },
	}
	for _, tc := range predefinedTables() {
		t.Run(tc.name, func(t *testing.T) {
			for _, s := range streamSamples {
				enc := tc.enc.Encode(s)
				for name, wrap := range readers {
					got, err := io.ReadAll(NewDecoder(tc.enc, wrap(strings.NewReader(enc))))
					if err != nil || string(got) != s {
						t.Fatalf("%s/%s: decoding %.30q: %.30q, %v", tc.name, name, enc, got, err)
					}
				}
				// Every cut of a short input into two reads.
				if len(enc) < 80 {
					for i := 0; i <= len(enc); i++ {
						r := io.MultiReader(strings.NewReader(enc[:i]), strings.NewReader(enc[i:]))
						got, err := io.ReadAll(NewDecoder(tc.enc, r))
						if err != nil || string(got) != s {
							t.Fatalf("%s: cut at %d of %q: %q, %v", tc.name, i, enc, got, err)
						}
					}
				}
				// Small destination buffers.
				got, err := io.ReadAll(iotest.OneByteReader(NewDecoder(tc.enc, strings.NewReader(enc))))
				if err != nil || string(got) != s {
					t.Fatalf("%s: 1-byte reads: %v", tc.name, err)
				}
			}
		})
	}
}

func TestDecoderErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		prefix string
	}{
		{"abc%zz", 3, "abc"},
		{"%", 0, ""},
		{"ab%4", 2, "ab"},
		{strings.Repeat("%41", 3000) + "%G1x", 9000, strings.Repeat("A", 3000)},
		{strings.Repeat("x", streamChunk-1) + "%%41", streamChunk - 1, strings.Repeat("x", streamChunk-1)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			for _, wrap := range []func(io.Reader) io.Reader{iotest.OneByteReader, func(r io.Reader) io.Reader { return r }} {
				got, err := io.ReadAll(NewDecoder(Component, wrap(strings.NewReader(tt.in))))
				var de *DecodeError
				if !errors.As(err, &de) || de.Offset != tt.offset {
					t.Errorf("%.20q: error %v, want offset %d", tt.in, err, tt.offset)
				}
				if string(got) != tt.prefix {
					t.Errorf("%.20q: got %.20q before the error, want %.20q", tt.in, got, tt.prefix)
				}
			}
			// The lenient decoder agrees with DecodeLenient.
			got, err := io.ReadAll(NewLenientDecoder(Component, iotest.OneByteReader(strings.NewReader(tt.in))))
			if err != nil || string(got) != Component.DecodeLenient(tt.in) {
				t.Errorf("lenient %.20q: %.20q, %v", tt.in, got, err)
			}
		})
	}
}

func TestStreamReaderError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("a%41"), iotest.ErrReader(boom))
	got, err := io.ReadAll(NewDecoder(Component, r))
	if string(got) != "aA" || err != boom {
		t.Errorf("got %q, %v", got, err)
	}
	w := NewEncoder(Component, errWriter{boom})
	if n, err := w.Write([]byte("a b")); n != 0 || err != boom {
		t.Errorf("Write = %d, %v", n, err)
	}
}

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

// BenchmarkStream measures the stream codecs on 4 MiB of mixed text beside
// the whole-input append calls.
func BenchmarkStream(b *testing.B) {
	text := []byte(strings.Join(genInputs("mixed", 4<<20, 3), "\n"))
	enc := Component.AppendEncode(nil, text)
	b.Run("encode/stream", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		for range b.N {
			w := NewEncoder(Component, io.Discard)
			w.Write(text)
		}
	})
	b.Run("encode/whole", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		b.ReportAllocs()
		buf := make([]byte, 0, len(enc))
		for range b.N {
			buf = Component.AppendEncode(buf[:0], text)
		}
	})
	b.Run("decode/stream", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		buf := make([]byte, 32<<10)
		for range b.N {
			r := NewDecoder(Component, bytes.NewReader(enc))
			for {
				if _, err := r.Read(buf); err != nil {
					break
				}
			}
		}
	})
	b.Run("decode/whole", func(b *testing.B) {
		b.SetBytes(int64(len(enc)))
		b.ReportAllocs()
		buf := make([]byte, 0, len(enc))
		for range b.N {
			buf, _ = Component.AppendDecode(buf[:0], enc)
		}
	})
}
