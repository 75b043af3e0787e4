// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"io"
)

// streamChunk is how many input bytes a stream codec handles at a time; its
// buffers are a fixed size, whatever the length of the stream.
const streamChunk = 4096

// NewEncoder returns a writer that percent-encodes what is written to it by
// e and writes the result to w. The output is the same as e.Encode of
// everything written, however the writes cut the input (FidoURL's "---" rule
// is kept across writes). Memory use is constant. There is nothing to flush.
func NewEncoder(e *Encoding, w io.Writer) io.Writer {
	e = e.ready()
	return &encoder{e: e, w: w}
}

type encoder struct {
	e     *Encoding
	w     io.Writer
	dash  int // literal "-" bytes that end the output so far
	err   error
	short codeBuf // a short write's encoding
	buf   [3*streamChunk + 1]byte
}

// Write encodes p and writes the result, a chunk at a time; it returns how
// much of p was encoded and written before an error of the underlying writer.
func (enc *encoder) Write(p []byte) (n int, err error) {
	if enc.err != nil {
		return 0, enc.err
	}
	c := &enc.e.c
	if 0 < len(p) && len(p) <= shortMax && !c.noDash {
		// A short write in one step: scanned by a byte loop, passed on as
		// it is when clean, else written whole by the code-table loop, as
		// Encode's short route writes it.
		out := p
		skip := &c.skip
		i := 0
		for i < len(p) && skip[p[i]] != 0 {
			i++
		}
		if i < len(p) {
			out = enc.short[:putCodes(&c.vt.code, &enc.short, p)]
		}
		if _, err := enc.w.Write(out); err != nil {
			enc.err = err
			return 0, err
		}
		return len(p), nil
	}
	vec := encodeKernel(c, len(p))
	for len(p) > 0 {
		k := min(len(p), streamChunk)
		chunk := p[:k]
		out := chunk // nothing to encode: passed on as it is
		i, dash := cleanSpan(c, chunk, enc.dash, vec)
		if i < k {
			var m int
			m, dash = encodeAfter(c, enc.buf[:], chunk, i, dash, vec)
			out = enc.buf[:m]
		}
		enc.dash = dash
		if _, err := enc.w.Write(out); err != nil {
			enc.err = err
			return n, err
		}
		n += k
		p = p[k:]
	}
	return n, nil
}

// NewDecoder returns a reader that decodes, as e.Decode does, the
// percent-encoded stream read from r. An escape split across reads is still
// decoded. A malformed escape ends the stream with a [*DecodeError] whose
// Offset counts from the start of the stream, after every byte decoded before
// it has been returned. Memory use is constant.
func NewDecoder(e *Encoding, r io.Reader) io.Reader {
	return &decoder{e: e, r: r}
}

// NewLenientDecoder is [NewDecoder] that keeps a malformed escape as it
// stands, as [Encoding.DecodeLenient] does, and so fails only when r does.
func NewLenientDecoder(e *Encoding, r io.Reader) io.Reader {
	return &decoder{e: e, r: r, lenient: true}
}

type decoder struct {
	e          *Encoding
	r          io.Reader
	lenient    bool
	start, end int   // buf[start:end] is read but not yet decoded
	off        int64 // stream offset of buf[start]
	rerr       error // error from r, returned once buf is drained
	err        error // a decode error, returned once what precedes it is delivered
	ostart     int   // obuf[ostart:oend] is decoded but not yet returned
	oend       int
	buf        [streamChunk]byte
	obuf       [streamChunk]byte // for reads smaller than the pending input
}

// Read decodes into p what can be decoded of the input read so far, reading
// more when a trailing "%" or "%X" may begin an escape.
func (d *decoder) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	for {
		if d.ostart < d.oend {
			n := copy(p, d.obuf[d.ostart:d.oend])
			d.ostart += n
			return n, nil
		}
		if d.err != nil {
			return 0, d.err
		}
		pending := d.buf[d.start:d.end]
		// Decode what can be decoded without knowing what comes next: all
		// of it at the end of the stream, else all but a trailing "%" or
		// "%X" that may be the start of an escape.
		k := len(pending)
		if d.rerr == nil {
			k = escapeCut(pending, k)
		}
		if k > 0 {
			// The output is at most as long as the input: decode straight
			// into p when it has room, else through obuf.
			direct := len(p) >= k
			dst := p
			if !direct {
				dst = d.obuf[:]
			}
			n, bad := decodeBlock(dst, pending[:k], d.e.c.plus, d.lenient, decodeKernel(k))
			if bad >= 0 {
				d.err = rebase(decodeError(pending, bad), int(d.off))
				k = bad
			}
			d.start += k
			d.off += int64(k)
			if !direct {
				d.ostart, d.oend = 0, n
				continue
			}
			if n > 0 {
				return n, nil
			}
			continue
		}
		if d.rerr != nil {
			return 0, d.rerr
		}
		// Need more input (at most two bytes are pending): move them to
		// the front and read.
		d.end = copy(d.buf[:], pending)
		d.start = 0
		for tries := 0; d.rerr == nil; tries++ {
			n, err := d.r.Read(d.buf[d.end:])
			d.end += n
			if err != nil {
				d.rerr = err
			} else if tries == 100 {
				d.rerr = io.ErrNoProgress
			}
			if n > 0 {
				break
			}
		}
	}
}
