// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command aws runs the escaper of the AWS SDK for Go v2 (smithy-go's
// httpbinding.EscapePath, which the SDK's SigV4 signer applies to the
// canonical URI and its REST serializers to URI labels) on the hex-encoded
// byte strings of standard input, one a line, and writes one result a line
// for the recorder in the directory above: "x" and the hex of the output.
//
//	go run . version | EscapePath | EscapePath-keep-slash
//
// EscapePath(s, true) escapes "/" (SigV4 UriEncode of one segment or a query
// value); EscapePath(s, false) keeps it (a greedy label such as an S3
// object key, and the canonical URI).
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"log"
	"os"
	"runtime/debug"
	"strings"

	"github.com/aws/smithy-go/encoding/httpbinding"
)

func main() {
	if len(os.Args) != 2 {
		log.Fatal("usage: aws version | EscapePath | EscapePath-keep-slash")
	}
	name := os.Args[1]
	if name == "version" {
		info, ok := debug.ReadBuildInfo()
		if !ok {
			log.Fatal("no build info")
		}
		for _, d := range info.Deps {
			if d.Path == "github.com/aws/smithy-go" {
				fmt.Printf("github.com/aws/smithy-go %s (%s)\n", d.Version, info.GoVersion)
				return
			}
		}
		log.Fatal("smithy-go is not a dependency")
	}
	var encodeSep bool
	switch name {
	case "EscapePath":
		encodeSep = true
	case "EscapePath-keep-slash":
	default:
		log.Fatalf("unknown function %s", name)
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		b, err := hex.DecodeString(strings.TrimSpace(in.Text()))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(out, "x%x\n", httpbinding.EscapePath(string(b), encodeSep))
	}
	if err := in.Err(); err != nil {
		log.Fatal(err)
	}
}
