// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package percent implements URL percent-encoding (RFC 3986 §2.1): the
// RFC 3986 component sets, the WHATWG URL Standard's percent-encode sets and
// application/x-www-form-urlencoded, the exchange and print formats of Keith
// Moore's "Wrappers for URLs" (1993), the conventional encoding of RFC 1630,
// the FidoURL encoding rules, charset-tagged URLs and RFC 8187 header values.
//
// Every codec is an [*Encoding]: a [Set] of bytes that may stand literally,
// plus a few options. The predefined encodings ([Component], [Path], [Query],
// [Form], [WHATWGPath], [Exchange], [Fido], ...) cover the standards; derive
// others with [NewEncoding], [Encoding.WithSpaceAsPlus] and
// [Encoding.WithLowerHex].
//
// Encoding and decoding run over a 256-entry byte table. The string forms
// ([Encoding.Encode], [Encoding.Decode]) return their input itself, without
// allocating, when there is nothing to change, and allocate once otherwise;
// the append forms ([Encoding.AppendEncode], [Encoding.AppendDecode]) do not
// allocate when the destination has room.
//
// On top of the codecs: URI Templates (RFC 6570, [ParseTemplate]), query
// strings as ordered pairs ([Encoding.ParseQuery], [Encoding.CanonicalQuery]),
// untrusted request paths ([CheckPath], [SplitPath]), comparison and
// normalization ([Equal], [NormalizeURL]), URLs in running text ([Find]) and
// their display to people ([Display]). Package
// github.com/urlcodec/percent/dialect holds encodings that write, byte for
// byte, what other ecosystems' escapers write.
package percent
