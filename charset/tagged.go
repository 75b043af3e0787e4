// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package charset

import (
	"strings"

	"github.com/urlcodec/percent"
	"github.com/urlcodec/percent/internal/lex"
)

// DecodeTaggedPath returns the path of a charset-tagged URL as text (Nicol,
// "Globalizing URIs", 1995): the tag is split off
// ([percent.SplitCharsetTag]), its charset found with lookup (nil means
// [Lookup]), trying the encoding name, the charset name, and the two joined
// with "-" in either order, and the path's escapes decoded through it. A
// URL without a tag is read as UTF-8 (RFC 3986 §2.5). Every error's Offset
// counts in u. With an EUC-JP charset for "EUC",
// "http:[EUC]//www.jacme.co.jp/%B0%F5%BA%FE.html" gives "/印刷.html".
func DecodeTaggedPath(u string, lookup func(name string) (Charset, bool)) (string, error) {
	if lookup == nil {
		lookup = Lookup
	}
	u2, tag, ok := percent.SplitCharsetTag(u)
	cs, found := Charset(builtinCharsets[0]), true // UTF-8
	tagLen := 0                                    // what the tag took out of u, before the path
	if ok {
		tagLen = len(u) - len(u2)
		names := []string{tag.Encoding}
		if tag.Charset != "" {
			names = append(names, tag.Charset, tag.Encoding+"-"+tag.Charset, tag.Charset+"-"+tag.Encoding)
		}
		found = false
		for _, name := range names {
			if c, hit := lookup(name); hit {
				cs, found = c, true
				break
			}
		}
		if !found {
			return "", &percent.FormatError{Offset: strings.IndexByte(u, '['), Msg: "no charset known for the tag " + tag.String()}
		}
	}
	p := lex.SplitURL(u2, nil)
	start, end := 0, len(u2)
	if p.Scheme >= 0 {
		start, end = p.PathStart, p.PathEnd
	}
	s, err := DecodeText(percent.Path, u2[start:end], cs)
	if err != nil {
		return "", shifted(err, start+tagLen)
	}
	return s, nil
}
