// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package idna

// A trie maps each code point to a 16-bit value in three steps: top by
// r>>12, a block of 64 block numbers by r>>6&63, a block of 64 values by
// r&63. Equal blocks are stored once (tools/genidna).
type trie struct {
	top  []uint16
	mid  []uint16
	leaf []uint16
}

// get returns r's value; r must be a code point (0 to 0x10FFFF).
func (t *trie) get(r rune) uint16 {
	m := t.top[r>>12&0x1FF]
	l := t.mid[int(m)<<6|int(r>>6&63)]
	return t.leaf[int(l)<<6|int(r&63)]
}
