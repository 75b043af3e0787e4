// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package percent

import (
	"flag"
	"fmt"
	"go/format"
	"math/bits"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// The generator of the package's tables: codec_tables.go (the predefined
// encodings and the byte tables), codec_tables_amd64.go and
// codec_tables_arm64.go (the kernels' shuffle tables). Generated, they are
// data the linker lays out, so that importing the package runs no code for
// them. After changing a builder, run go generate ./... (which runs
// go test -run '^TestTables$' -update).
var updateTables = flag.Bool("update", false, "rewrite the generated tables (codec_tables*.go)")

// A genTable is one generated variable: its name, its doc comment and its
// value.
type genTable struct {
	name, doc string
	value     any
}

// A genFile is one generated file.
type genFile struct {
	name, build string // its name and build constraint
	tables      []genTable
}

func genFiles() []genFile {
	common := genFile{name: "codec_tables.go"}
	for _, b := range predefinedBuilds() {
		e := b.build()
		if e.queryPart != nil {
			common.tables = append(common.tables, genTable{b.table + "QueryPart", "", *e.queryPart})
		}
		if e.plusKept != nil {
			common.tables = append(common.tables, genTable{b.table + "PlusKept", "", *e.plusKept})
		}
		common.tables = append(common.tables, genTable{b.table, "", *e})
	}
	common.tables = append(common.tables,
		genTable{"unhex", `unhex maps a hex digit of either case to its value and every other byte
to 0xFF, so that one test (h|l > 0xF) rejects a bad pair.`, buildUnhex()},
		genTable{"isUnreserved", `isUnreserved is Unreserved as a table, for the comparison loops.`, buildIsUnreserved()},
		genTable{"pathOther", `pathOther is 1 for the bytes that checkPath must look at other than "/"
and ".": "%", "\", "?", "#", controls, DEL and non-ASCII bytes.`, buildPathOther()},
		genTable{"encodeLens", `encodeLens[m] is the output length of eight bytes whose escape mask is m
(bit i set when byte i is written as an escape): 8 + 2*popcount(m). The
mixed-block tables of each architecture (encodeShuffles, encodeTBL) are
indexed by the same m.`, buildEncodeLens()},
	)
	amd64 := genFile{name: "codec_tables_amd64.go", build: "amd64 && !purego", tables: []genTable{
		{"encodeShuffles", `encodeShuffles drives the vector encoder's mixed blocks (scan_amd64.s,
ework): for the escape mask m of eight input bytes (bit i set when byte i
is written as an escape), encodeShuffles[m] holds four PSHUFB controls:
the first 16 output bytes from A and from B, then the next 16 from A and
from B, where A holds the eight literal bytes and then their high hex
digits, and B their low hex digits and then "%" signs. The output length
is encodeLens[m]. It is a string, written compactly: PSHUFB reads only
bit 7 (zero the lane) and bits 0-3 (the index) of a control byte, so an
index i is stored as '@'+i and two zeroed lanes as "\u00c0" (C3 80); the
assembly loads its data pointer.`, compactPSHUFB(buildEncodeShuffles())},
		{"decodeCompact", `decodeCompact drives the vector decoder's blocks (scan_amd64.s,
dmixstart): for the mask m of the eight bytes of a block that are kept
(every byte but the two hex digits of an escape), the first 16 bytes of
decodeCompact[m] are the PSHUFB control that moves the kept bytes to the
front, and byte 16 is how many there are.`, buildDecodeCompact()},
	}}
	arm64 := genFile{name: "codec_tables_arm64.go", build: "arm64 && !purego", tables: []genTable{
		{"encodeTBL", `encodeTBL drives the NEON encoder's mixed blocks: for the escape mask m
of eight input bytes (bit i set when byte i is written as an escape),
encodeTBL[m] is the control of a two-register TBL over A = the eight
literal bytes | their high hex digits and B = their low hex digits | "%"
signs, for the 32 output bytes (index 0xFF: nothing; the length is
encodeLens[m]).`, buildEncodeTBL()},
		{"decodeTBL", `decodeTBL drives the NEON decoder's mixed blocks: for the mask m of the
eight bytes of a block that are kept (every byte but the two hex digits of
an escape), decodeTBL[m] is the TBL control that moves the kept bytes to
the front (index 0x80: nothing). How many there are is popcount(m), which
decodeKept[m] gives.`, buildDecodeTBL()},
		{"decodeKept", `decodeKept[m] is popcount(m): how many bytes decodeTBL[m] keeps.`, buildDecodeKept()},
	}}
	return []genFile{common, amd64, arm64}
}

// TestTables checks that each predefined encoding is the table NewEncoding
// builds, and renders every generated file; with -update (go generate) it
// writes them.
func TestTables(t *testing.T) {
	names := map[*Encoding]string{}
	for _, b := range predefinedBuilds() {
		names[b.enc] = b.table
		if got, want := b.enc, b.build(); !reflect.DeepEqual(*got, *want) {
			t.Errorf("%s is not what its build makes", b.table)
		}
	}
	for _, f := range genFiles() {
		src, err := renderFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		// Whether the files are current is checked one way, for every
		// generated file: CI runs go generate ./... and git diff.
		if *updateTables {
			if err := os.WriteFile(f.name, src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// A pshufbString is PSHUFB controls written compactly (see encodeShuffles).
type pshufbString string

// compactPSHUFB returns the controls of sh as a pshufbString.
func compactPSHUFB(sh [256][64]byte) pshufbString {
	var b []byte
	flat := make([]byte, 0, len(sh)*64)
	for m := range sh {
		flat = append(flat, sh[m][:]...)
	}
	for i := 0; i < len(flat); i++ {
		switch c := flat[i]; {
		case c&0x80 == 0:
			b = append(b, '@'|c&15)
		case (i+1)%64 != 0 && flat[i+1]&0x80 != 0:
			b = append(b, 0xC3, 0x80)
			i++
		default:
			b = append(b, 0x80)
		}
	}
	return pshufbString(b)
}

// TestPSHUFBString: the compact controls do what the builder's do, lane by
// lane, as PSHUFB reads them.
func TestPSHUFBString(t *testing.T) {
	sh := buildEncodeShuffles()
	s := compactPSHUFB(sh)
	if len(s) != 256*64 {
		t.Fatalf("%d bytes", len(s))
	}
	for m := range sh {
		for j, want := range sh[m] {
			got := s[m*64+j]
			if got&0x80 != want&0x80 || want&0x80 == 0 && got&15 != want&15 {
				t.Fatalf("mask %d lane %d: %#x for %#x", m, j, got, want)
			}
		}
	}
}

func renderFile(f genFile) ([]byte, error) {
	var b strings.Builder
	b.WriteString("// Code generated by \"go test -run TestTables -update\"; DO NOT EDIT.\n\n")
	if f.build != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", f.build)
	}
	b.WriteString("package percent\n")
	for _, t := range f.tables {
		b.WriteString("\n")
		if t.doc != "" {
			for _, l := range strings.Split(t.doc, "\n") {
				fmt.Fprintf(&b, "// %s\n", l)
			}
		}
		fmt.Fprintf(&b, "var %s = ", t.name)
		renderValue(&b, reflect.ValueOf(t.value), t.name)
		b.WriteString("\n")
	}
	return format.Source([]byte(b.String()))
}

// renderValue writes v as a Go composite literal; a *Encoding, a field of
// the generated variable name, is the variable named name and the field
// (tabFormPlusKept for tabForm's plusKept).
func renderValue(b *strings.Builder, v reflect.Value, name string) {
	switch v.Kind() {
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Uint8:
		fmt.Fprintf(b, "%d", v.Uint())
	case reflect.Uint16, reflect.Uint32:
		fmt.Fprintf(b, "0x%08x", v.Uint())
	case reflect.Uint64:
		fmt.Fprintf(b, "0x%016x", v.Uint())
	case reflect.String:
		if v.Type().Name() == "pshufbString" {
			renderPSHUFB(b, v.String())
			break
		}
		b.WriteString(strconv.Quote(v.String()))
	case reflect.Pointer:
		b.WriteString("&" + name) // the caller adds the field's name
	case reflect.Array:
		fmt.Fprintf(b, "%s{", typeName(v.Type()))
		per := 16
		if v.Type().Elem().Kind() != reflect.Uint8 {
			per = 8
		}
		for i := 0; i < v.Len(); i++ {
			if i%per == 0 || v.Type().Elem().Kind() == reflect.Array {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
			renderValue(b, v.Index(i), name)
			b.WriteString(",")
		}
		b.WriteString("\n}")
	case reflect.Struct:
		fmt.Fprintf(b, "%s{\n", typeName(v.Type()))
		for i := 0; i < v.NumField(); i++ {
			if v.Field(i).IsZero() {
				continue
			}
			f := v.Type().Field(i).Name
			fmt.Fprintf(b, "%s: ", f)
			renderValue(b, v.Field(i), name)
			if v.Field(i).Kind() == reflect.Pointer {
				b.WriteString(strings.ToUpper(f[:1]) + f[1:])
			}
			b.WriteString(",\n")
		}
		b.WriteString("}")
	default:
		panic("renderValue: " + v.Kind().String())
	}
}

// renderPSHUFB writes a pshufbString as a string literal, 64 controls a
// line, with "\x80" for a lone zeroed lane.
func renderPSHUFB(b *strings.Builder, s string) {
	b.WriteString("\"\" +\n")
	for m := 0; m < len(s); m += 64 {
		b.WriteString("\"")
		line := s[m : m+64]
		for i := 0; i < len(line); i++ {
			switch c := line[i]; {
			case c == 0xC3:
				b.WriteString("\u00c0")
				i++
			case c == 0x80:
				b.WriteString(`\x80`)
			default:
				b.WriteByte(c)
			}
		}
		b.WriteString("\"")
		if m+64 < len(s) {
			b.WriteString(" +")
		}
		b.WriteString("\n")
	}
}

// typeName is t as the package writes it.
func typeName(t reflect.Type) string {
	if t.Kind() == reflect.Array {
		return fmt.Sprintf("[%d]%s", t.Len(), typeName(t.Elem()))
	}
	return t.Name()
}

// The builders of the byte tables.

func buildUnhex() (t [256]uint8) {
	for i := range t {
		t[i] = 0xFF
	}
	for i := 0; i < 16; i++ {
		t[upperHex[i]] = uint8(i)
		t[lowerHex[i]] = uint8(i)
	}
	return t
}

func buildIsUnreserved() (t [256]bool) {
	for c := range t {
		t[c] = Unreserved.Contains(byte(c))
	}
	return t
}

func buildPathOther() (t [256]uint8) {
	look := NewSet(`%\?#`).AddRange(0x00, 0x1F).AddRange(0x7F, 0xFF)
	for c := range t {
		if look.Contains(byte(c)) {
			t[c] = 1
		}
	}
	return t
}

func buildEncodeLens() (lens [256]uint8) {
	for m := range 256 {
		lens[m] = uint8(8 + 2*bits.OnesCount8(uint8(m)))
	}
	return lens
}

func buildEncodeShuffles() (sh [256][64]byte) {
	for m := range 256 {
		var fromA, fromB [32]byte
		for j := range fromA {
			fromA[j], fromB[j] = 0x80, 0x80
		}
		j := 0
		for i := range 8 {
			if m&(1<<i) == 0 {
				fromA[j] = byte(i) // the literal byte
				j++
				continue
			}
			fromB[j] = 8             // "%"
			fromA[j+1] = byte(8 + i) // high digit
			fromB[j+2] = byte(i)     // low digit
			j += 3
		}
		copy(sh[m][0:16], fromA[:16])
		copy(sh[m][16:32], fromB[:16])
		copy(sh[m][32:48], fromA[16:])
		copy(sh[m][48:64], fromB[16:])
	}
	return sh
}

func buildDecodeCompact() (t [256][32]byte) {
	for m := range 256 {
		n := 0
		for i := range 8 {
			if m&(1<<i) != 0 {
				t[m][n] = byte(i)
				n++
			}
		}
		for j := n; j < 16; j++ {
			t[m][j] = 0x80
		}
		t[m][16] = byte(n)
	}
	return t
}

// buildDecodeTBL and buildDecodeKept are buildDecodeCompact's controls and
// counts for NEON: TBL, like PSHUFB, yields 0 for an index of 0x80.
func buildDecodeTBL() (t [256][8]byte) {
	c := buildDecodeCompact()
	for m := range t {
		copy(t[m][:], c[m][:8])
	}
	return t
}

func buildDecodeKept() (t [256]byte) {
	c := buildDecodeCompact()
	for m := range t {
		t[m] = c[m][16]
	}
	return t
}

func buildEncodeTBL() (t [256][32]byte) {
	for m := range 256 {
		for j := range t[m] {
			t[m][j] = 0xFF
		}
		j := 0
		for i := range 8 {
			if m&(1<<i) == 0 {
				t[m][j] = byte(i) // the literal byte, in A
				j++
				continue
			}
			t[m][j] = 24             // "%", in B
			t[m][j+1] = byte(8 + i)  // high digit, in A
			t[m][j+2] = byte(16 + i) // low digit, in B
			j += 3
		}
	}
	return t
}

// A predefinedBuild is how a predefined encoding (or one the package uses
// inside) is built: its generated table in codec_tables.go is the result
// of build, which TestTables checks.
type predefinedBuild struct {
	table string    // the name of the generated variable
	enc   *Encoding // the variable
	build func() *Encoding
}

// predefinedBuilds returns the builds of the generated encodings.
func predefinedBuilds() []predefinedBuild {
	// The URL Standard's sets, by the bytes they encode.
	whatwgC0 := Set{}.AddRange(0x00, 0x1F).AddRange(0x7F, 0xFF)
	whatwgFragment := whatwgC0.Add(" \"<>`")
	whatwgQuery := whatwgC0.Add(" \"#<>")
	whatwgSpecialQ := whatwgQuery.Add("'")
	whatwgPath := whatwgQuery.Add("?^`{}")
	whatwgUserinfo := whatwgPath.Add("/:;=@[\\]|")
	whatwgComponent := whatwgUserinfo.Add("$%&+,")
	whatwgForm := whatwgComponent.Add("!'()~")
	whatwg := func(encoded Set) *Encoding { return NewEncoding(encoded.Complement().Remove("%")) }
	fidoSafe := Set{}.AddRange(0x21, 0x7E).Remove("\"#%<>{}|\\^~[]`+")
	return []predefinedBuild{
		{"tabComponent", Component, func() *Encoding { return NewEncoding(Unreserved) }},
		{"tabPathSegment", PathSegment, func() *Encoding { return NewEncoding(PChar) }},
		{"tabPath", Path, func() *Encoding { return NewEncoding(PChar.Add("/")) }},
		{"tabQuery", Query, func() *Encoding { return NewEncoding(PChar.Add("/?")) }},
		{"tabUserinfo", Userinfo, func() *Encoding { return NewEncoding(Unreserved.Union(SubDelims).Add(":")) }},
		{"tabHost", Host, func() *Encoding { return NewEncoding(Unreserved.Union(SubDelims)) }},
		{"tabWHATWGC0Control", WHATWGC0Control, func() *Encoding { return whatwg(whatwgC0) }},
		{"tabWHATWGFragment", WHATWGFragment, func() *Encoding { return whatwg(whatwgFragment) }},
		{"tabWHATWGQuery", WHATWGQuery, func() *Encoding { return whatwg(whatwgQuery) }},
		{"tabWHATWGSpecialQuery", WHATWGSpecialQuery, func() *Encoding { return whatwg(whatwgSpecialQ) }},
		{"tabWHATWGPath", WHATWGPath, func() *Encoding { return whatwg(whatwgPath) }},
		{"tabWHATWGUserinfo", WHATWGUserinfo, func() *Encoding { return whatwg(whatwgUserinfo) }},
		{"tabWHATWGComponent", WHATWGComponent, func() *Encoding { return whatwg(whatwgComponent) }},
		{"tabForm", Form, func() *Encoding { return whatwg(whatwgForm).WithSpaceAsPlus() }},
		{"tabExchange", Exchange, func() *Encoding { return NewEncoding(ExchangeSafe) }},
		{"tabFido", Fido, func() *Encoding { return NewEncoding(fidoSafe).WithSpaceAsPlus().withNoTripleDash() }},
		{"tabFidoComponent", FidoComponent, func() *Encoding {
			return NewEncoding(fidoSafe.Remove("?=&@/")).WithSpaceAsPlus().withNoTripleDash()
		}},
		{"tabNone", &tabNone, func() *Encoding { return NewEncoding(Set{}) }},
		{"tabToURI", toURI, func() *Encoding {
			// Only MakeSafe uses it: no query-part table.
			e := NewEncoding(Unreserved.Union(Reserved))
			e.queryPart = nil
			return e
		}},
	}
}
