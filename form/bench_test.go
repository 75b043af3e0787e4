// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package form_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/urlcodec/percent/form"
)

// flat is a struct of ten scalar fields, the commonest thing a handler
// binds; flatQuery fills it.
type flat struct {
	Name    string  `form:"name"`
	Email   string  `form:"email"`
	Age     int     `form:"age"`
	Active  bool    `form:"active"`
	Score   float64 `form:"score"`
	City    string  `form:"city"`
	Zip     string  `form:"zip"`
	Page    int     `form:"page"`
	PerPage int     `form:"per_page"`
	Sort    string  `form:"sort"`
}

const flatQuery = "name=Ada+Lovelace&email=ada%40example.com&age=36&active=true&score=99.5" +
	"&city=London&zip=W1&page=2&per_page=50&sort=-created"

type nested struct {
	User struct {
		Name  string `form:"name"`
		Email string `form:"email"`
	} `form:"user"`
	Items []struct {
		SKU string `form:"sku"`
		Qty int    `form:"qty"`
	} `form:"items"`
	Tags []string          `form:"tags"`
	Meta map[string]string `form:"meta"`
}

const nestedQuery = "user[name]=Ada&user[email]=ada%40example.com&items[0][sku]=A-1&items[0][qty]=2" +
	"&items[1][sku]=B-2&items[1][qty]=1&tags[]=new&tags[]=gift&meta[source]=web&meta[campaign]=winter"

func BenchmarkUnmarshal(b *testing.B) {
	b.Run("flat10", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(flatQuery)))
		for range b.N {
			var v flat
			if err := form.Unmarshal(flatQuery, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("flat10/net-url-ParseQuery", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(flatQuery)))
		for range b.N {
			if _, err := url.ParseQuery(flatQuery); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("nested10", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(nestedQuery)))
		for range b.N {
			var v nested
			if err := form.Unmarshal(nestedQuery, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("nested10/net-url-ParseQuery", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(nestedQuery)))
		for range b.N {
			if _, err := url.ParseQuery(nestedQuery); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMarshal(b *testing.B) {
	var v flat
	if err := form.Unmarshal(flatQuery, &v); err != nil {
		b.Fatal(err)
	}
	vals, _ := url.ParseQuery(flatQuery)
	b.Run("flat10", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := form.Marshal(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("flat10/net-url-Values-Encode", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_ = vals.Encode()
		}
	})
	var n nested
	if err := form.Unmarshal(nestedQuery, &n); err != nil {
		b.Fatal(err)
	}
	b.Run("nested10", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := form.Marshal(&n); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkDialectDeepKey: a 4 MB name of 1.3 million "[b]" steps, which
// each dialect reads to its depth limit (Rack's 100, PHP's 64, qs's 5):
// the cost of the deep key must be its depth times its steps, not its
// depth times its length.
func BenchmarkDialectDeepKey(b *testing.B) {
	q := "a" + strings.Repeat("[b]", 1_300_000) + "=1"
	for _, d := range []*form.Dialect{form.QS, form.Rack, form.PHP} {
		b.Run(d.String(), func(b *testing.B) {
			b.SetBytes(int64(len(q)))
			b.ReportAllocs()
			for range b.N {
				_, _ = d.Parse(q)
			}
		})
	}
}
