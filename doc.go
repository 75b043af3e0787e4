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
// On top of the codecs: query strings as ordered pairs
// ([Encoding.ParseQuery], [Encoding.QueryValues], [Encoding.CanonicalQuery],
// [RedactQuery]), untrusted request paths ([CheckPath], [CheckSegments],
// [SplitPath]), comparison and normalization ([Equal], [NormalizeURL]), URLs
// in running text ([Find]) and their display to people ([Display]). Sibling packages:
// uritemplate (RFC 6570), charset (text in other charsets, RFC 8187) and
// dialect (encodings that write, byte for byte, what other ecosystems'
// escapers write).
//
// # URLs in running text
//
// A bare URL that [Find] reports starts at a known scheme (netmail:,
// areafix:, echomail:, area://, fecho://, faqserv://, freq://, http://,
// https://, ftp://, mailto:, news:, nntp://, file:// and other common ones;
// any case; a charset tag such as "http:[EUC]//" included) that does not
// follow a letter, digit, "+", "-" or ".". It ends at white space, "<",
// ">", `"`, "`", "|" (except in an ed2k: URL), at a ")", "]" or "}" that
// closes no bracket opened inside the URL, and at a byte outside 21–7E hex,
// except that it goes on through non-ASCII letters, marks and digits
// (Unicode L, M, N: an IRI such as "https://ru.wikipedia.org/wiki/Москва");
// trailing ".,;:!?'*" are left out. "scheme:" or "scheme://" with nothing
// after it is no URL ("mailto://" neither), except "area://", the FidoURL
// list of echomail areas (§7.2). So Markdown and reStructuredText markup
// around a URL (code spans, "[t](https://h/)", "|https://h/|") is not taken
// into it.
//
// # Showing URLs to people
//
// [Display] never decodes, and writes escaped where they stand raw: C1
// controls; White_Space; Bidi_Control (U+061C, U+200E–200F, U+202A–202E,
// U+2066–2069); format characters (Cf: soft hyphen, zero-width characters,
// U+FEFF, ...); Default_Ignorable_Code_Point (U+034F, U+17B4, ...);
// variation selectors; private-use, unassigned and noncharacter code
// points; U+FFFD; the Hangul fillers and U+2800; the lock emoji
// U+1F50F–U+1F513; every character whose compatibility decomposition holds
// one of / ? # @ : . % & = + \ or a space or control (U+FE55, U+2024,
// U+2100, U+2488, U+FF0F, ...); and every character that UTS #39
// confusables.txt maps to exactly one of them (U+A789, U+2236, U+2215,
// U+30CE, ...). The classes come from Go's unicode tables where it has them
// and from tables generated from the Unicode 17.0.0 data files otherwise.
package percent
