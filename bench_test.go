// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
)

// BenchmarkEncode compares Component (the append and string forms) with
// url.QueryEscape and the simple loop on the same inputs. MB/s counts input
// bytes.
func BenchmarkEncode(b *testing.B) {
	for _, kind := range inputKinds {
		in := benchSet(kind)
		bin := make([][]byte, len(in))
		for i, s := range in {
			bin[i] = []byte(s)
		}
		b.Run(kind+"/append", func(b *testing.B) {
			report(b, in)
			buf := make([]byte, 0, 1024)
			for range b.N {
				for _, s := range bin {
					buf = Component.AppendEncode(buf[:0], s)
				}
			}
		})
		b.Run(kind+"/string", func(b *testing.B) {
			report(b, in)
			for range b.N {
				for _, s := range in {
					_ = Component.Encode(s)
				}
			}
		})
		b.Run(kind+"/net-url", func(b *testing.B) {
			report(b, in)
			for range b.N {
				for _, s := range in {
					_ = url.QueryEscape(s)
				}
			}
		})
		b.Run(kind+"/simple", func(b *testing.B) {
			report(b, in)
			buf := make([]byte, 0, 1024)
			for range b.N {
				for _, s := range bin {
					buf = simpleEncode(buf[:0], s)
				}
			}
		})
		b.Run(kind+"/copy", func(b *testing.B) { benchCopy(b, in, bin) })
	}
}

// BenchmarkDecode compares Component's decoders with url.QueryUnescape on
// the Component encoding of the inputs. MB/s counts encoded input bytes.
func BenchmarkDecode(b *testing.B) {
	for _, kind := range inputKinds {
		var in []string
		for _, s := range benchSet(kind) {
			in = append(in, Component.Encode(s))
		}
		bin := make([][]byte, len(in))
		for i, s := range in {
			bin[i] = []byte(s)
		}
		b.Run(kind+"/append", func(b *testing.B) {
			report(b, in)
			buf := make([]byte, 0, 1024)
			for range b.N {
				for _, s := range bin {
					buf, _ = Component.AppendDecode(buf[:0], s)
				}
			}
		})
		b.Run(kind+"/string", func(b *testing.B) {
			report(b, in)
			for range b.N {
				for _, s := range in {
					_, _ = Component.Decode(s)
				}
			}
		})
		b.Run(kind+"/net-url", func(b *testing.B) {
			report(b, in)
			for range b.N {
				for _, s := range in {
					_, _ = url.QueryUnescape(s)
				}
			}
		})
		b.Run(kind+"/copy", func(b *testing.B) { benchCopy(b, in, bin) })
	}
}

// BenchmarkFamilies measures each family of predefined encodings, with the
// append forms, on the clean, mixed and non-ASCII inputs, with url.PathEscape
// and url.PathUnescape (the nearest net/url codec to most of them) in the
// same tree.
func BenchmarkFamilies(b *testing.B) {
	families := []struct {
		name string
		enc  *Encoding
	}{
		{"Component", Component}, {"Path", Path}, {"Query", Query}, {"Form", Form},
		{"WHATWGPath", WHATWGPath}, {"WHATWGComponent", WHATWGComponent},
		{"Exchange", Exchange}, {"Fido", Fido},
	}
	for _, kind := range inputKinds[:3] {
		in := benchSet(kind)
		bin := make([][]byte, len(in))
		for i, s := range in {
			bin[i] = []byte(s)
		}
		for _, f := range families {
			enc := make([]string, len(in))
			benc := make([][]byte, len(in))
			for i, s := range in {
				enc[i] = f.enc.Encode(s)
				benc[i] = []byte(enc[i])
			}
			b.Run("encode/"+kind+"/"+f.name, func(b *testing.B) {
				report(b, in)
				buf := make([]byte, 0, 1024)
				for range b.N {
					for _, s := range bin {
						buf = f.enc.AppendEncode(buf[:0], s)
					}
				}
			})
			b.Run("decode/"+kind+"/"+f.name, func(b *testing.B) {
				report(b, enc)
				buf := make([]byte, 0, 1024)
				for range b.N {
					for _, s := range benc {
						buf, _ = f.enc.AppendDecode(buf[:0], s)
					}
				}
			})
		}
		b.Run("encode/"+kind+"/net-url-PathEscape", func(b *testing.B) {
			report(b, in)
			for range b.N {
				for _, s := range in {
					_ = url.PathEscape(s)
				}
			}
		})
		pathEnc := make([]string, len(in))
		for i, s := range in {
			pathEnc[i] = url.PathEscape(s)
		}
		b.Run("decode/"+kind+"/net-url-PathUnescape", func(b *testing.B) {
			report(b, pathEnc)
			for range b.N {
				for _, s := range pathEnc {
					_, _ = url.PathUnescape(s)
				}
			}
		})
	}
}

// BenchmarkCompare measures the comparisons on pairs built from the mixed
// input: its Component encoding against the same with lower-case hex and
// unreserved bytes escaped, and URLs that differ in scheme and host case and
// dot segments. "net-url-unescape" compares by url.PathUnescape, the usual
// way to ask EqualOctets's question with the standard library.
func BenchmarkCompare(b *testing.B) {
	var as, bs, ua, ub []string
	for _, s := range benchSet("mixed") {
		a := Component.Encode(s)
		as = append(as, a)
		bs = append(bs, equalVariant(a))
		ua = append(ua, "HTTP://www.Example.COM/"+a+"/./x/../y")
		ub = append(ub, "http://www.example.com/"+a+"/y")
	}
	b.Run("Equal", func(b *testing.B) {
		report(b, as)
		for range b.N {
			for i := range as {
				Equal(as[i], bs[i])
			}
		}
	})
	b.Run("Compare", func(b *testing.B) {
		report(b, as)
		for range b.N {
			for i := range as {
				Compare(as[i], bs[i])
			}
		}
	})
	b.Run("EqualOctets", func(b *testing.B) {
		report(b, as)
		for range b.N {
			for i := range as {
				EqualOctets(as[i], bs[i])
			}
		}
	})
	b.Run("net-url-unescape", func(b *testing.B) {
		report(b, as)
		for range b.N {
			for i := range as {
				x, _ := url.PathUnescape(as[i])
				y, _ := url.PathUnescape(bs[i])
				_ = x == y
			}
		}
	})
	b.Run("Normalize", func(b *testing.B) {
		report(b, bs)
		for range b.N {
			for _, s := range bs {
				_ = Normalize(s)
			}
		}
	})
	b.Run("EqualURL", func(b *testing.B) {
		report(b, ua)
		for range b.N {
			for i := range ua {
				EqualURL(ua[i], ub[i])
			}
		}
	})
	b.Run("NormalizeURL", func(b *testing.B) {
		report(b, ua)
		for range b.N {
			for _, s := range ua {
				_ = NormalizeURL(s)
			}
		}
	})
}

// queryCorpus returns realistic query strings: search forms, tracking
// parameters, API filters, OAuth-signed requests and form bodies with
// non-ASCII text, deterministically.
func queryCorpus() []string {
	r := rand.New(rand.NewPCG(3, 5))
	names := []string{"q", "page", "per_page", "sort", "utm_source", "utm_medium", "utm_campaign", "filter[status]", "ids", "lang", "oauth_consumer_key", "oauth_nonce", "oauth_signature", "redirect_uri", "state", "code"}
	values := []string{"1", "20", "desc", "newsletter", "email", "spring 2026", "open", "12,34,56", "ru", "dpf43f3p2l4k3l03", "kllo9940pd9333jh", "tR3%2BTy81lMeYAr%2FFid0kMTYa%2FWM%3D", "https%3A%2F%2Fexample.com%2Fcb%3Fx%3D1", "caf%C3%A9+au+lait", "%D0%BC%D0%B8%D1%80", "a+b+c", "x"}
	var out []string
	for range 2000 {
		n := 1 + r.IntN(8)
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(names[r.IntN(len(names))])
			b.WriteByte('=')
			b.WriteString(values[r.IntN(len(values))])
		}
		out = append(out, b.String())
	}
	return out
}

// BenchmarkQuery compares parsing (Form.ParseQuery, Form.AppendParseQuery
// into a reused slice, Form.Pairs) with
// url.ParseQuery, and building (Form.AppendQuery, Form.EncodeQuery) with
// url.Values.Encode, on the same queries. MB/s counts query bytes.
func BenchmarkQuery(b *testing.B) {
	qs := queryCorpus()
	parsed := make([][]Pair, len(qs))
	values := make([]url.Values, len(qs))
	for i, q := range qs {
		parsed[i], _ = Form.ParseQuery(q)
		values[i], _ = url.ParseQuery(q)
	}
	b.Run("parse/ParseQuery", func(b *testing.B) {
		report(b, qs)
		for range b.N {
			for _, q := range qs {
				_, _ = Form.ParseQuery(q)
			}
		}
	})
	b.Run("parse/AppendParseQuery", func(b *testing.B) {
		report(b, qs)
		var ps []Pair
		for range b.N {
			for _, q := range qs {
				ps, _ = Form.AppendParseQuery(ps[:0], q, DefaultMaxPairs)
			}
		}
	})
	b.Run("parse/Pairs", func(b *testing.B) {
		report(b, qs)
		for range b.N {
			for _, q := range qs {
				for n, v := range Form.Pairs(q) {
					_, _ = n, v
				}
			}
		}
	})
	b.Run("parse/net-url", func(b *testing.B) {
		report(b, qs)
		for range b.N {
			for _, q := range qs {
				_, _ = url.ParseQuery(q)
			}
		}
	})
	b.Run("build/AppendQuery", func(b *testing.B) {
		report(b, qs)
		buf := make([]byte, 0, 1024)
		for range b.N {
			for _, ps := range parsed {
				buf = Form.AppendQuery(buf[:0], ps)
			}
		}
	})
	b.Run("build/EncodeQuery", func(b *testing.B) {
		report(b, qs)
		for range b.N {
			for _, ps := range parsed {
				_ = Form.EncodeQuery(ps)
			}
		}
	})
	b.Run("build/net-url", func(b *testing.B) {
		report(b, qs)
		for range b.N {
			for _, v := range values {
				_ = v.Encode()
			}
		}
	})
}

// BenchmarkFind runs Find on 64 KiB of each of the adversarial shapes of
// TestFindLinearGrowth and on ordinary prose with URLs, so that a step that
// grows with more than the length shows here first.
func BenchmarkFind(b *testing.B) {
	prose := "See https://example.com/a/b?q=1 and <URL:ftp://h/x> (or http://e.org/wiki/Foo_(bar)). "
	shapes := append([]struct{ name, unit, tail string }{{"prose", prose, ""}}, findShapes...)
	for _, sh := range shapes {
		text := findShape(sh.unit, sh.tail, 64<<10)
		b.Run(sh.name, func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			b.ReportAllocs()
			for range b.N {
				Find(text)
			}
		})
	}
}

// pathCorpus returns deterministic request paths like a web server's: a few
// segments of letters, digits and "-_.", file names with extensions.
func pathCorpus() []string {
	r := rand.New(rand.NewPCG(5, 6))
	words := []string{"api", "v1", "users", "static", "assets", "img", "docs", "index", "item-42", "search_results", "2026", "a1b2c3"}
	exts := []string{".html", ".js", ".min.css", ".png", ""}
	var out []string
	for range 1000 {
		var b strings.Builder
		for n := 1 + r.IntN(5); n > 0; n-- {
			b.WriteByte('/')
			b.WriteString(words[r.IntN(len(words))])
		}
		b.WriteString(exts[r.IntN(len(exts))])
		out = append(out, b.String())
	}
	return out
}

// BenchmarkPath: CheckPath and SplitPath on clean request paths, beside
// Component.Decode and url.PathUnescape of the same paths.
func BenchmarkPath(b *testing.B) {
	paths := pathCorpus()
	run := func(name string, f func(p string)) {
		b.Run(name, func(b *testing.B) {
			report(b, paths)
			for range b.N {
				for _, p := range paths {
					f(p)
				}
			}
		})
	}
	run("CheckPath", func(p string) { _ = CheckPath(p) })
	run("Component.Decode", func(p string) { _, _ = Component.Decode(p) })
	run("SplitPath", func(p string) { _, _ = SplitPath(p) })
	run("url.PathUnescape", func(p string) { _, _ = url.PathUnescape(p) })
}

// BenchmarkMakeSafe makes the mixed values safe for a path: raw bytes to
// escape, with some existing escapes ("half-encoded") and without; a Form
// value with "+" signs. net/url has no such call: url.PathEscape, which
// encodes the "%" of an escape again, is the nearest.
func BenchmarkMakeSafe(b *testing.B) {
	raw := benchSet("mixed")
	var half, form []string
	for i, s := range raw {
		if i%2 == 0 {
			s = Component.Encode(s[:len(s)/2]) + s[len(s)/2:]
		}
		half = append(half, s)
		form = append(form, strings.ReplaceAll(s, " ", "+"))
	}
	for _, bc := range []struct {
		name string
		in   []string
		f    func(string) string
	}{
		{"raw/Path", raw, Path.MakeSafe},
		{"half/Path", half, Path.MakeSafe},
		{"half/Form", form, Form.MakeSafe},
		{"raw/net-url-PathEscape", raw, url.PathEscape},
	} {
		b.Run(bc.name, func(b *testing.B) {
			report(b, bc.in)
			for range b.N {
				for _, s := range bc.in {
					bc.f(s)
				}
			}
		})
	}
}

// BenchmarkCallFloor measures what bounds the short-value benchmarks: the
// append forms on empty inputs (the call, the dispatch and the kernel's
// entry and exit, and nothing to do), as many calls an operation as
// "short" has values, beside a plain append of those values (the copy
// floor). MB/s counts the bytes of the short values each call stands for,
// so that it compares with "short": its MB/s over net/url's on "short" is
// the highest ratio any kernel could reach there.
func BenchmarkCallFloor(b *testing.B) {
	in := benchSet("short")
	empty := make([][]byte, len(in))
	short := make([][]byte, len(in))
	for i, s := range in {
		short[i] = []byte(s)
		empty[i] = short[i][:0]
	}
	total := totalLen(in)
	perValue := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/value")
	}
	b.Run("encode-empty", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(total)
		buf := make([]byte, 0, 1024)
		for range b.N {
			for _, s := range empty {
				buf = Component.AppendEncode(buf[:0], s)
			}
		}
		perValue(b)
	})
	b.Run("decode-empty", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(total)
		buf := make([]byte, 0, 1024)
		for range b.N {
			for _, s := range empty {
				buf, _ = Component.AppendDecode(buf[:0], s)
			}
		}
		perValue(b)
	})
	b.Run("copy-short", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(total)
		buf := make([]byte, 0, 1024)
		for range b.N {
			for _, s := range short {
				buf = append(buf[:0], s...)
			}
		}
		perValue(b)
	})
}

// benchCopy times the floor of the append forms: each input appended as
// it stands.
func benchCopy(b *testing.B, in []string, bin [][]byte) {
	report(b, in)
	buf := make([]byte, 0, 1024)
	for range b.N {
		for _, s := range bin {
			buf = append(buf[:0], s...)
		}
	}
}
