// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package uritemplate_test

import (
	"fmt"

	"github.com/urlcodec/percent/uritemplate"
)

func ExampleTemplate() {
	t, err := uritemplate.Parse("https://api.github.com/repos/{owner}/{repo}/issues{?state,labels,page}")
	if err != nil {
		panic(err)
	}
	u, err := t.Expand(map[string]any{
		"owner": "golang", "repo": "go",
		"state": "open", "labels": []string{"NeedsFix", "help wanted"}, "page": 2,
	})
	fmt.Println(u, err)
	// Output:
	// https://api.github.com/repos/golang/go/issues?state=open&labels=NeedsFix,help%20wanted&page=2 <nil>
}

// {+key} keeps the slashes of an S3-style object key; {key} would escape
// them. Existing escapes are kept, never encoded twice.
func ExampleTemplate_reserved() {
	t, _ := uritemplate.Parse("https://{bucket}.s3.amazonaws.com/{+key}")
	u, _ := t.Expand(map[string]any{"bucket": "photos", "key": "2024/été/50%25 off.jpg"})
	fmt.Println(u)
	// Output:
	// https://photos.s3.amazonaws.com/2024/%C3%A9t%C3%A9/50%25%20off.jpg
}

// Match reads a URI back into the template's values, for routing or for
// matching resource URIs.
func ExampleTemplate_Match() {
	t, _ := uritemplate.Parse("/repos/{owner}/{repo}/issues{/number}{?state}")
	v, ok := t.Match("/repos/golang/go/issues/4013?state=closed")
	fmt.Println(v["owner"], v["repo"], v["number"], v["state"], ok)
	_, ok = t.Match("/repos/golang/go/pulls/1")
	fmt.Println(ok)
	// Output:
	// golang go 4013 closed true
	// false
}

func ExampleTemplate_AppendExpand() {
	t, _ := uritemplate.Parse("{/path*}{?q}")
	buf := make([]byte, 0, 64)
	buf, err := t.AppendExpand(buf, map[string]any{"path": []string{"a b", "c"}, "q": "x&y"})
	fmt.Println(string(buf), err)
	// Output:
	// /a%20b/c?q=x%26y <nil>
}

func ExampleParse_error() {
	_, err := uritemplate.Parse("/users/{id:0}")
	fmt.Println(err)
	// Output:
	// uritemplate: offset 11: prefix must be 1 to 9999
}
