// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build arm64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The NEON (ASIMD) kernels that scan_vec.go declares. A set of bytes below
// 0x80 is tested 16 bytes a step with two TBL nibble lookups: byte c is in
// the set when lo[c&15] & hi[c>>4] != 0, where hi[h] = 1<<h for h < 8 and 0
// above, so that no byte >= 0x80 is ever in the set. A bit mask of 16
// compare results is made with SHRN (four bits a byte) where only its zero
// test or its first set bit is needed, and with AND against lane bits and
// ADDP where whole masks are. No kernel reads a byte outside its input: the
// last partial block is read as the block that ends at the end of the
// input, and inputs under 16 bytes with overlapping 8-, 4- or 1-byte loads.

// hiNibble is hi: bit h for the high nibble h < 8.
DATA hiNibble<>+0(SB)/8, $0x8040201008040201
DATA hiNibble<>+8(SB)/8, $0x0000000000000000
GLOBL hiNibble<>(SB), RODATA|NOPTR, $16

// laneBits is bit i%8 in lane i: ANDed with a compare result and summed
// pairwise, it makes the result's bit mask.
DATA laneBits<>+0(SB)/8, $0x8040201008040201
DATA laneBits<>+8(SB)/8, $0x8040201008040201
GLOBL laneBits<>(SB), RODATA|NOPTR, $16

// shiftDown+p, loaded as 16 bytes, is the TBL control that moves bytes
// p..15 of a block to 0..15-p (and zeroes the rest).
DATA shiftDown<>+0(SB)/8, $0x0706050403020100
DATA shiftDown<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA shiftDown<>+16(SB)/8, $0xffffffffffffffff
DATA shiftDown<>+24(SB)/8, $0xffffffffffffffff
GLOBL shiftDown<>(SB), RODATA|NOPTR, $32

// SHRN4(n, d) is SHRN Vd.8B, Vn.8H, #4: the top four bits of each byte of a
// compare result in Vn, packed into the 64 bits of Vd (Go's assembler
// lacks SHRN).
#define SHRN4(n, d) WORD $(0x0f0c8400 | (n<<5) | d)

// CLASSIFY sets out to 0xFF in every byte of in that is not in the set,
// with lo in V30, hi in V29, 0x0F bytes in V28, zero in V31.
#define CLASSIFY(in, out, t) \
	VAND	V28.B16, in.B16, t.B16; \
	VTBL	t.B16, [V30.B16], t.B16; \
	VUSHR	$4, in.B16, out.B16; \
	VTBL	out.B16, [V29.B16], out.B16; \
	VAND	t.B16, out.B16, out.B16; \
	VCMEQ	V31.B16, out.B16, out.B16

// INSET sets out to 0xFF in every byte of in that is in the set (tables as
// for CLASSIFY): one instruction less than CLASSIFY, for the clean loops,
// which test all 64 bits of the SHRN of the AND of these masks for ones.
#define INSET(in, out, t) \
	VAND	V28.B16, in.B16, t.B16; \
	VTBL	t.B16, [V30.B16], t.B16; \
	VUSHR	$4, in.B16, out.B16; \
	VTBL	out.B16, [V29.B16], out.B16; \
	VCMTST	t.B16, out.B16, out.B16

// SETUP loads the classifier tables: lo from (R), hi, 0x0F, zero.
#define SETUP(R) \
	VLD1	(R), [V30.B16]; \
	MOVD	$hiNibble<>(SB), R16; \
	VLD1	(R16), [V29.B16]; \
	VMOVI	$15, V28.B16; \
	VEOR	V31.B16, V31.B16, V31.B16

// func indexNotInSetString(lo *[16]byte, s string) int
TEXT ·indexNotInSetString(SB), NOSPLIT, $0-32
	MOVD	lo+0(FP), R0
	MOVD	s_base+8(FP), R1
	MOVD	s_len+16(FP), R2
	MOVD	$ret+24(FP), R9
	B	indexNotInSet<>(SB)

// func indexNotInSetBytes(lo *[16]byte, s []byte) int
TEXT ·indexNotInSetBytes(SB), NOSPLIT, $0-40
	MOVD	lo+0(FP), R0
	MOVD	s_base+8(FP), R1
	MOVD	s_len+16(FP), R2
	MOVD	$ret+32(FP), R9
	B	indexNotInSet<>(SB)

// indexNotInSet: R0 the lo table, R1 the input, R2 its length; writes the
// index of the first byte not in the set, or the length, to (R9).
TEXT indexNotInSet<>(SB), NOSPLIT, $0
	MOVD	R2, R7 // the answer when every byte is in the set
	CBZ	R2, iret
	SETUP(R0)
	CMP	$16, R2
	BLO	ismall
	MOVD	R1, R3       // the block's start
	ADD	R1, R2, R4   // the end
	SUB	$16, R4, R5  // the last block's start

iloop:
	CMP	R5, R3
	BHI	itail
	VLD1	(R3), [V0.B16]
	CLASSIFY(V0, V1, V2)
	SHRN4(1, 1)
	FMOVD	F1, R6
	CBNZ	R6, ifound
	ADD	$16, R3
	B	iloop

itail:
	// The last 16 bytes, overlapping bytes already known to be in the set.
	CMP	R4, R3
	BEQ	iret
	MOVD	R5, R3
	VLD1	(R3), [V0.B16]
	CLASSIFY(V0, V1, V2)
	SHRN4(1, 1)
	FMOVD	F1, R6
	CBZ	R6, iret

ifound:
	RBIT	R6, R6
	CLZ	R6, R6
	SUB	R1, R3, R7
	ADD	R6>>2, R7, R7
	B	iret

ismall:
	// 1 to 15 bytes, as two overlapping loads into lanes 0-7 and 8-15
	// (or 0-3 and 4-7, or bytes 0, n/2 and n-1 in lanes 0-2).
	ADD	R1, R2, R4
	CMP	$8, R2
	BLO	ismall4
	MOVD	(R1), R5
	MOVD	-8(R4), R6
	FMOVD	R5, F0
	VMOV	R6, V0.D[1]
	CLASSIFY(V0, V1, V2)
	SHRN4(1, 1)
	FMOVD	F1, R6
	CBZ	R6, iret
	RBIT	R6, R6
	CLZ	R6, R6
	LSR	$2, R6
	CMP	$8, R6
	BLO	ifirst
	SUB	$16, R2, R7 // n-8 + (lane-8)
	ADD	R6, R7, R7
	B	iret

ismall4:
	CMP	$4, R2
	BLO	ismall1
	MOVWU	(R1), R5
	MOVWU	-4(R4), R6
	ORR	R6<<32, R5, R5
	FMOVD	R5, F0
	CLASSIFY(V0, V1, V2)
	SHRN4(1, 1)
	FMOVD	F1, R6
	MOVWU	R6, R6 // lanes 0-7 only
	CBZ	R6, iret
	RBIT	R6, R6
	CLZ	R6, R6
	LSR	$2, R6
	CMP	$4, R6
	BLO	ifirst
	SUB	$8, R2, R7 // n-4 + (lane-4)
	ADD	R6, R7, R7
	B	iret

ismall1:
	MOVBU	(R1), R5
	LSR	$1, R2, R8
	MOVBU	(R1)(R8), R6
	ORR	R6<<8, R5, R5
	MOVBU	-1(R4), R6
	ORR	R6<<16, R5, R5
	FMOVD	R5, F0
	CLASSIFY(V0, V1, V2)
	SHRN4(1, 1)
	FMOVD	F1, R6
	AND	$0xfff, R6 // lanes 0-2 only
	CBZ	R6, iret
	TBNZ	$0, R6, izero
	TBNZ	$4, R6, imiddle
	SUB	$1, R2, R7
	B	iret

izero:
	MOVD	$0, R7
	B	iret

imiddle:
	MOVD	R8, R7
	B	iret

ifirst:
	MOVD	R6, R7

iret:
	MOVD	R7, (R9)
	RET

// func encodeVecString(t *vecTab, dst []byte, src string) int
TEXT ·encodeVecString(SB), NOSPLIT, $0-56
	MOVD	t+0(FP), R0
	MOVD	dst_base+8(FP), R2
	MOVD	dst_len+16(FP), R4
	MOVD	src_base+32(FP), R1
	MOVD	src_len+40(FP), R3
	MOVD	$ret+48(FP), R9
	B	encodeVec<>(SB)

// func encodeVecBytes(t *vecTab, dst []byte, src []byte) int
TEXT ·encodeVecBytes(SB), NOSPLIT, $0-64
	MOVD	t+0(FP), R0
	MOVD	dst_base+8(FP), R2
	MOVD	dst_len+16(FP), R4
	MOVD	src_base+32(FP), R1
	MOVD	src_len+40(FP), R3
	MOVD	$ret+56(FP), R9
	B	encodeVec<>(SB)

// encodeVec encodes R1[:R3] into R2[:R4] by the vecTab at R0 and writes the
// output length to (R9); the caller gives it 3*len(src)+1 bytes of dst. A
// block of 16 is classified at once: all literal, it is stored whole; all
// escapes, its 48 bytes are stored interleaved by ST3 ("%", high digits,
// low digits); else each half of eight bytes is placed by one two-register
// TBL whose control is encodeTBL[m] for the half's escape mask m. A last
// block of fewer than 16 bytes that is all literal is stored shifted from
// the block that ends the input; other bytes there go one at a time through
// the code table.
TEXT encodeVec<>(SB), NOSPLIT, $0
	MOVD	R2, R5     // the output's start
	ADD	R2, R4, R4 // the output's end
	MOVD	R1, R13    // the input's start
	ADD	R1, R3, R3 // the input's end
	ADD	$vecTab_code, R0, R22 // the codes
	SUB	R1, R3, R6
	CBZ	R6, edone
	CMP	$16, R6
	BLO	escalar
	ADD	$vecTab_lo, R0, R24 // the nibble table, wherever go_asm.h puts it
	SETUP(R24)
	MOVD	ZR, R23 // the constants of mixed blocks are not loaded yet

eclean32:
	// A clean start, 64 bytes a step, then 32; the first block that is
	// not clean goes to the general loop.
	SUB	R1, R3, R6
	CMP	$64, R6
	BLO	eclean32b
	VLD1	(R1), [V0.B16, V1.B16, V2.B16, V3.B16]
	INSET(V0, V8, V12)
	INSET(V1, V9, V13)
	INSET(V2, V10, V14)
	INSET(V3, V11, V15)
	VAND	V9.B16, V8.B16, V8.B16
	VAND	V11.B16, V10.B16, V10.B16
	VAND	V10.B16, V8.B16, V8.B16
	SHRN4(8, 8)
	FMOVD	F8, R7
	CMN	$1, R7
	BNE	eblock
	VST1	[V0.B16, V1.B16, V2.B16, V3.B16], (R2)
	ADD	$64, R1
	ADD	$64, R2
	B	eclean32

eclean32b:
	CMP	$32, R6
	BLO	eclean16
	VLD1	(R1), [V0.B16, V1.B16]
	INSET(V0, V8, V12)
	INSET(V1, V9, V13)
	VAND	V9.B16, V8.B16, V8.B16
	SHRN4(8, 8)
	FMOVD	F8, R7
	CMN	$1, R7
	BNE	eblock
	VST1	[V0.B16, V1.B16], (R2)
	ADD	$32, R1
	ADD	$32, R2
	SUB	R1, R3, R6

eclean16:
	CMP	$16, R6
	BLO	ecleanlast
	VLD1	(R1), [V0.B16]
	INSET(V0, V8, V12)
	SHRN4(8, 8)
	FMOVD	F8, R7
	CMN	$1, R7
	BNE	eblock
	VST1	[V0.B16], (R2)
	ADD	$16, R1
	ADD	$16, R2
	SUB	R1, R3, R6

ecleanlast:
	// All clean so far, so output and input are the same bytes: the last
	// 16 bytes of the input, if clean, are stored over the last 16 of the
	// output (the input has 16 bytes at least).
	CBZ	R6, edone
	SUB	$16, R3, R8
	VLD1	(R8), [V0.B16]
	INSET(V0, V8, V12)
	SHRN4(8, 8)
	FMOVD	F8, R7
	CMN	$1, R7
	BNE	eblock
	SUB	R1, R8, R10
	ADD	R10, R2, R10
	VST1	[V0.B16], (R10)
	ADD	R6, R2
	MOVD	R3, R1
	B	edone

eblock:
	SUB	R1, R3, R6
	CMP	$16, R6
	BLO	etail
	SUB	R2, R4, R6
	CMP	$64, R6
	BLO	escalar
	VLD1	(R1), [V0.B16]
	CLASSIFY(V0, V1, V2)
	VORR	V1.B16, V1.B16, V3.B16
	SHRN4(3, 3)
	FMOVD	F3, R6
	CBNZ	R6, ework
	VST1	[V0.B16], (R2)
	ADD	$16, R1
	ADD	$16, R2
	B	eblock

ework:
	CBNZ	R23, eready
	// The constants of mixed blocks, loaded at the first one.
	ADD	$vecTab_hex, R0, R16
	VLD1	(R16), [V27.B16]      // the hex digits
	MOVD	$0x25, R16
	VDUP	R16, V4.B16           // "%" signs
	MOVD	$laneBits<>(SB), R16
	VLD1	(R16), [V26.B16]
	MOVD	$·encodeTBL(SB), R19
	MOVD	$·encodeLens(SB), R20
	// Space written as "+" (its code is "+"): V25 spaces, V24 "+" signs.
	MOVWU	(4*0x20)(R22), R16
	AND	$0xff, R16, R21
	CMP	$0x2b, R21
	CSET	EQ, R21
	MOVD	$0x20, R16
	VDUP	R16, V25.B16
	MOVD	$0x2b, R16
	VDUP	R16, V24.B16
	MOVD	$1, R23

eready:
	CBNZ	R21, eplus
	CMN	$1, R6
	BEQ	eexpand
	B	emixed

eplus:
	// Space is written "+": a literal byte, not an escape.
	VCMEQ	V25.B16, V0.B16, V2.B16
	VBIT	V2.B16, V24.B16, V0.B16
	VBIT	V2.B16, V31.B16, V1.B16

emixed:
	// The escape mask of each half: m0 in byte 0, m1 in byte 1.
	VAND	V26.B16, V1.B16, V2.B16
	VADDP	V2.B16, V2.B16, V2.B16
	VADDP	V2.B16, V2.B16, V2.B16
	VADDP	V2.B16, V2.B16, V2.B16
	VMOV	V2.H[0], R7
	// A = literal bytes | high digits, B = low digits | "%" signs, for
	// each half: V16/V17 the low half, V18/V19 the high.
	VUSHR	$4, V0.B16, V5.B16
	VTBL	V5.B16, [V27.B16], V5.B16
	VAND	V28.B16, V0.B16, V6.B16
	VTBL	V6.B16, [V27.B16], V6.B16
	VZIP1	V5.D2, V0.D2, V16.D2
	VZIP1	V4.D2, V6.D2, V17.D2
	VZIP2	V5.D2, V0.D2, V18.D2
	VZIP2	V4.D2, V6.D2, V19.D2
	AND	$0xff, R7, R8
	ADD	R8<<5, R19, R10
	VLD1	(R10), [V20.B16, V21.B16]
	VTBL	V20.B16, [V16.B16, V17.B16], V22.B16
	VTBL	V21.B16, [V16.B16, V17.B16], V23.B16
	VST1	[V22.B16, V23.B16], (R2)
	MOVBU	(R20)(R8), R10
	ADD	R10, R2
	LSR	$8, R7, R8
	ADD	R8<<5, R19, R10
	VLD1	(R10), [V20.B16, V21.B16]
	VTBL	V20.B16, [V18.B16, V19.B16], V22.B16
	VTBL	V21.B16, [V18.B16, V19.B16], V23.B16
	VST1	[V22.B16, V23.B16], (R2)
	MOVBU	(R20)(R8), R10
	ADD	R10, R2
	ADD	$16, R1
	B	eblock

eexpand:
	// Sixteen escapes: "%", high digit, low digit, interleaved.
	VUSHR	$4, V0.B16, V5.B16
	VTBL	V5.B16, [V27.B16], V5.B16
	VAND	V28.B16, V0.B16, V6.B16
	VTBL	V6.B16, [V27.B16], V6.B16
	VST3	[V4.B16, V5.B16, V6.B16], (R2)
	ADD	$16, R1
	ADD	$48, R2
	B	eblock

etail:
	// Fewer than 16 bytes left. Where the input has 16 bytes and they are
	// all literal, the block that ends the input, shifted down past the
	// bytes already done, is stored at once.
	CMP	R1, R3
	BEQ	edone
	SUB	R2, R4, R7
	CMP	$16, R7
	BLO	escalar
	SUB	$16, R3, R8 // the block that ends the input
	CMP	R13, R8
	BLO	escalar     // it would start before the input
	SUB	R8, R1, R10 // its bytes already done
	VLD1	(R8), [V0.B16]
	CLASSIFY(V0, V1, V2)
	MOVD	$shiftDown<>(SB), R12
	ADD	R10, R12, R12
	VLD1	(R12), [V7.B16]
	VTBL	V7.B16, [V1.B16], V1.B16
	SHRN4(1, 1)
	FMOVD	F1, R6
	CBNZ	R6, escalar
	VTBL	V7.B16, [V0.B16], V0.B16
	VST1	[V0.B16], (R2)
	SUB	R1, R3, R6
	ADD	R6, R2
	MOVD	R3, R1
	B	edone

escalar:
	// A byte at a time through the code table, four a step: each code is
	// stored whole (four bytes, within the room: every byte still to do has
	// three) and the output advances by its width, in the code's top byte.
	SUB	R1, R3, R6
	CMP	$4, R6
	BLO	escalar1
escalar4:
	MOVWU.P	4(R1), R7
	UBFXW	$0, R7, $8, R6
	MOVWU	(R22)(R6<<2), R6
	MOVW	R6, (R2)
	ADD	R6>>24, R2, R2
	UBFXW	$8, R7, $8, R6
	MOVWU	(R22)(R6<<2), R6
	MOVW	R6, (R2)
	ADD	R6>>24, R2, R2
	UBFXW	$16, R7, $8, R6
	MOVWU	(R22)(R6<<2), R6
	MOVW	R6, (R2)
	ADD	R6>>24, R2, R2
	LSRW	$24, R7, R6
	MOVWU	(R22)(R6<<2), R6
	MOVW	R6, (R2)
	ADD	R6>>24, R2, R2
	SUB	R1, R3, R6
	CMP	$4, R6
	BHS	escalar4
escalar1:
	CMP	R1, R3
	BEQ	edone
	MOVBU.P	1(R1), R6
	MOVWU	(R22)(R6<<2), R6
	MOVW	R6, (R2)
	ADD	R6>>24, R2, R2
	B	escalar1

edone:
	SUB	R5, R2, R6
	MOVD	R6, (R9)
	RET

// MASK16(a, r) sets r to the 16-bit mask of the compare result a.
#define MASK16(a, r) \
	VAND	V26.B16, a.B16, a.B16; \
	VADDP	a.B16, a.B16, a.B16; \
	VADDP	a.B16, a.B16, a.B16; \
	VADDP	a.B16, a.B16, a.B16; \
	VMOV	a.H[0], r

// dconst: the decoder's constants, loaded by DCONST. hexPlus1 (64 bytes,
// V16-V19) is a four-register TBL indexed by c-0x30: a hex digit's value
// plus one, and 0 for every other byte (TBL yields 0 for indexes >= 64,
// which c-0x30 is for every c below "0" or above "f"); then "0" (V20),
// 0x11 (V21), a space (V22) and the lane bits (V23).
DATA dconst<>+0(SB)/8, $0x0807060504030201
DATA dconst<>+8(SB)/8, $0x0000000000000a09
DATA dconst<>+16(SB)/8, $0x00100f0e0d0c0b00
DATA dconst<>+24(SB)/8, $0x0000000000000000
DATA dconst<>+32(SB)/8, $0x0000000000000000
DATA dconst<>+40(SB)/8, $0x0000000000000000
DATA dconst<>+48(SB)/8, $0x00100f0e0d0c0b00
DATA dconst<>+56(SB)/8, $0x0000000000000000
DATA dconst<>+64(SB)/8, $0x3030303030303030
DATA dconst<>+72(SB)/8, $0x3030303030303030
DATA dconst<>+80(SB)/8, $0x1111111111111111
DATA dconst<>+88(SB)/8, $0x1111111111111111
DATA dconst<>+96(SB)/8, $0x2020202020202020
DATA dconst<>+104(SB)/8, $0x2020202020202020
DATA dconst<>+112(SB)/8, $0x8040201008040201
DATA dconst<>+120(SB)/8, $0x8040201008040201
GLOBL dconst<>(SB), RODATA|NOPTR, $128

// DCONST loads dconst (V16-V23), zero (V31) and the tables of the mixed
// blocks (R21, R22), and sets R14.
#define DCONST \
	MOVD	$dconst<>(SB), R11; \
	VLD1.P	64(R11), [V16.B16, V17.B16, V18.B16, V19.B16]; \
	VLD1	(R11), [V20.B16, V21.B16, V22.B16, V23.B16]; \
	VEOR	V31.B16, V31.B16, V31.B16; \
	MOVD	$·decodeTBL(SB), R21; \
	MOVD	$·decodeKept(SB), R22; \
	MOVD	$1, R14

// HEXT sets t to the hex value plus one of each byte of x, or 0 where x
// holds no hex digit.
#define HEXT(x, t) \
	VSUB	V20.B16, x.B16, t.B16; \
	VTBL	t.B16, [V16.B16, V17.B16, V18.B16, V19.B16], t.B16

// DVALUE sets h to the byte that the hex values plus one in h and l (both
// nonzero) make: 16*(h-1) + (l-1) = 16*h + l - 0x11, modulo 256.
#define DVALUE(h, l) \
	VSHL	$4, h.B16, h.B16; \
	VADD	l.B16, h.B16, h.B16; \
	VSUB	V21.B16, h.B16, h.B16

// DMIXP decodes the block in blk, given the hex values plus one of the
// bytes one and two on in h1 and h2 (HEXT), as if every "%" in it started
// an escape: blk gets each byte's value (an escape's at its "%", a space
// for "+" where V29 holds "+", else the byte), pct the "%" signs, bad those
// of them that start no well-formed escape. h1, h2 and t are overwritten.
#define DMIXP(blk, h1, h2, pct, bad, t) \
	VCMEQ	V30.B16, blk.B16, pct.B16; \
	VCMEQ	V31.B16, h1.B16, bad.B16; \
	VCMEQ	V31.B16, h2.B16, t.B16; \
	VORR	t.B16, bad.B16, bad.B16; \
	VAND	pct.B16, bad.B16, bad.B16; \
	DVALUE(h1, h2); \
	DPLUS(blk, t); \
	VBIT	pct.B16, h1.B16, blk.B16

// DMIXQ is DMIXP where "+" is a literal: without DPLUS.
#define DMIXQ(blk, h1, h2, pct, bad, t) \
	VCMEQ	V30.B16, blk.B16, pct.B16; \
	VCMEQ	V31.B16, h1.B16, bad.B16; \
	VCMEQ	V31.B16, h2.B16, t.B16; \
	VORR	t.B16, bad.B16, bad.B16; \
	VAND	pct.B16, bad.B16, bad.B16; \
	DVALUE(h1, h2); \
	VBIT	pct.B16, h1.B16, blk.B16

// DPLUS puts a space in blk at each "+" where V29 holds "+" (t is
// overwritten).
#define DPLUS(blk, t) \
	VCMEQ	V29.B16, blk.B16, t.B16; \
	VBIT	t.B16, V22.B16, blk.B16

// DMIX is DMIXP on V0, V1 and V2, into V3 and V4.
#define DMIX DMIXP(V0, V1, V2, V3, V4, V5)

// DKEEP sets R12 to the digit bytes of the "%" signs in V3 (to bit 17: an
// escape in the block's last two bytes has digits in the next block) and
// R16 and R17 to the bytes kept of the block's two halves. V3 is
// overwritten.
#define DKEEP \
	VAND	V23.B16, V3.B16, V3.B16; \
	VADDP	V3.B16, V3.B16, V3.B16; \
	VADDP	V3.B16, V3.B16, V3.B16; \
	VADDP	V3.B16, V3.B16, V3.B16; \
	VMOV	V3.H[0], R11; \
	LSL	$1, R11, R12; \
	ORR	R11<<2, R12, R12; \
	MVN	R12, R13; \
	AND	$0xff, R13, R16; \
	UBFX	$8, R13, $8, R17

// DSQUEEZE stores the kept bytes of the block in blk (masks R16 and R17 of
// its halves, DKEEP) at R, eight bytes a half, and moves R past them (R21:
// decodeTBL, R22: decodeKept). blk, V7 and V8 are overwritten.
#define DSQUEEZE(R, blk) \
	ADD	R16<<3, R21, R7; \
	VLD1	(R7), [V7.B8]; \
	VTBL	V7.B8, [blk.B16], V8.B8; \
	FMOVD	F8, (R); \
	MOVBU	(R22)(R16), R7; \
	ADD	R7, R, R; \
	VEXT	$8, V31.B16, blk.B16, blk.B16; \
	ADD	R17<<3, R21, R7; \
	VLD1	(R7), [V7.B8]; \
	VTBL	V7.B8, [blk.B16], V8.B8; \
	FMOVD	F8, (R); \
	MOVBU	(R22)(R17), R7; \
	ADD	R7, R, R

// SPECIAL1 sets R10 to the SHRN mask of the "%" signs (V30) and the "+"
// signs where they mean space (V29: "+", else "%" again) of the block in V0;
// SPECIAL2 to that of the blocks in V0 and V1 together. V1-V5 are
// overwritten.
#define SPECIAL1 \
	VCMEQ	V30.B16, V0.B16, V1.B16; \
	VCMEQ	V29.B16, V0.B16, V2.B16; \
	VORR	V2.B16, V1.B16, V1.B16; \
	SHRN4(1, 1); \
	FMOVD	F1, R10

#define SPECIAL2 \
	VCMEQ	V30.B16, V0.B16, V2.B16; \
	VCMEQ	V29.B16, V0.B16, V3.B16; \
	VCMEQ	V30.B16, V1.B16, V4.B16; \
	VCMEQ	V29.B16, V1.B16, V5.B16; \
	VORR	V3.B16, V2.B16, V2.B16; \
	VORR	V5.B16, V4.B16, V4.B16; \
	VORR	V4.B16, V2.B16, V2.B16; \
	SHRN4(2, 2); \
	FMOVD	F2, R10

// func decodeVecString(dst []byte, src string, plus bool) (nsrc, ndst int)
TEXT ·decodeVecString(SB), NOSPLIT, $0-64
	MOVD	dst_base+0(FP), R2
	MOVD	src_base+24(FP), R1
	MOVD	src_len+32(FP), R3
	MOVBU	plus+40(FP), R4
	MOVD	$nsrc+48(FP), R9
	B	decodeVec<>(SB)

// func decodeVecBytes(dst []byte, src []byte, plus bool) (nsrc, ndst int)
TEXT ·decodeVecBytes(SB), NOSPLIT, $0-72
	MOVD	dst_base+0(FP), R2
	MOVD	src_base+24(FP), R1
	MOVD	src_len+32(FP), R3
	MOVBU	plus+48(FP), R4
	MOVD	$nsrc+56(FP), R9
	B	decodeVec<>(SB)

// decodeVec decodes R1[:R3] into R2 (which has room for len(src) bytes) to
// the end, and stops before a malformed escape, which it leaves to the
// caller; it writes the bytes read and written to (R9) and 8(R9). R4 is 1
// when "+" means space. A block of 16 without "%" (or "+") is copied
// whole; 48 bytes that are 16 well-formed escapes are decoded with LD3; a
// block that mixes escapes and literals is decoded whole when every "%" in
// it starts a well-formed escape (dmix), else up to its first "%" or "+",
// which is decoded alone (dfirst). The output never runs ahead of the
// input, so a 16-byte store at the output stays within the room that the
// input's 16 bytes give. The last bytes under 16 are the block that ends
// the input, its bytes already done left out (dlast, decoded into a buffer
// at 8(RSP), and copied from there); inputs under 32 bytes with something
// to decode, and 16 or 17 bytes left after a block, go a byte at a time
// (dscalar).
TEXT decodeVec<>(SB), NOSPLIT, $56-0
	MOVD	R1, R5 // the input's start
	MOVD	R2, R6 // the output's start
	ADD	R1, R3, R3
	MOVD	$0x25, R19
	CBZ	R4, dnoplus
	MOVD	$0x2b, R19

dnoplus:
	// R19: "+", or "%" again when "+" is a literal.
	MOVD	$·unhex(SB), R8
	SUB	R1, R3, R7
	CMP	$16, R7
	BLO	dshort       // (and R3-16 below cannot wrap)
	MOVD	$0x25, R11
	VDUP	R11, V30.B16 // "%"
	VDUP	R19, V29.B16
	MOVD	ZR, R14 // dconst is not loaded yet
	SUB	$16, R3, R15 // the last block's start
	CMP	$32, R7
	BHS	dlong
	// 16 to 31 bytes: the first and the last block, stored as they are
	// when neither has anything to decode, else the tail.
	VLD1	(R1), [V0.B16]
	VLD1	(R15), [V1.B16]
	SPECIAL2
	CBNZ	R10, dscalar
	VST1	[V0.B16], (R2)
	ADD	R7, R2, R2
	SUB	$16, R2, R11
	VST1	[V1.B16], (R11)
	MOVD	R3, R1
	B	ddone

dlong:
	SUB	$16, R15, R20 // the last start of 32 bytes (below the input when there are none)

dloop:
	// Two blocks without "%" (or "+") are copied 32 bytes a step.
	CMP	R20, R1
	BHI	dloop16
	VLD1	(R1), [V0.B16, V1.B16]
	SPECIAL2
	CBNZ	R10, dloop16
	VST1	[V0.B16, V1.B16], (R2)
	ADD	$32, R1
	ADD	$32, R2
	B	dloop

dloop16:
	// One block; after a special byte the loop stays here until a block
	// is clean.
	CMP	R15, R1
	BHI	dtail // fewer than 16 bytes left
	VLD1	(R1), [V0.B16]
	SPECIAL1
	VST1	[V0.B16], (R2)
	CBNZ	R10, dspecial
	ADD	$16, R1
	ADD	$16, R2
	B	dloop

dspecial:
	// R10: the SHRN mask of the "%" (and "+") bytes of the block.
	SUB	R1, R3, R7
	CMP	$18, R7
	BLO	dtail
	CBNZ	R14, dready
	DCONST

dready:
	// An escape at the block's start with another three bytes on may begin
	// sixteen in a row: two bit tests, no load, before trying.
	TBZ	$0, R10, dmix
	TBZ	$12, R10, dmix
	CMP	$48, R7
	BLO	dmix
	MOVBU	(R1), R11
	CMP	$0x25, R11
	BNE	dmix
	MOVBU	45(R1), R11
	CMP	$0x25, R11
	BNE	dmix
	// Sixteen escapes in a row are decoded at once: LD3 parts 48 bytes
	// into the "%" signs, the high digits and the low digits.
	VLD3	(R1), [V4.B16, V5.B16, V6.B16]
	VCMEQ	V30.B16, V4.B16, V3.B16
	HEXT(V5, V5)
	HEXT(V6, V6)
	VCMEQ	V31.B16, V5.B16, V7.B16
	VCMEQ	V31.B16, V6.B16, V8.B16
	VORR	V8.B16, V7.B16, V7.B16
	VCMEQ	V31.B16, V7.B16, V7.B16 // the well-formed digit pairs
	VAND	V7.B16, V3.B16, V3.B16
	SHRN4(3, 3)
	FMOVD	F3, R11
	CMN	$1, R11
	BNE	dmix
	DVALUE(V5, V6)
	VST1	[V5.B16], (R2)
	ADD	$48, R1
	ADD	$16, R2
	B	dloop16

dmix:
	// The whole block at once, when every "%" in it starts a well-formed
	// escape (18 bytes are left): each byte's value as the start of an
	// escape, from the hex digits of the blocks one and two bytes on, is
	// put in at the "%" signs (and a space at each "+" that means one), and
	// the two digit bytes of each escape are squeezed out, eight bytes at a
	// time, by the TBL controls of decodeTBL. An escape that starts in the
	// block's last two bytes takes the next block's first. Each half's 8
	// bytes are stored whole: the output is 2 bytes behind the input at
	// least, so they stay inside the room.
	CMP	$34, R7
	BHS	dmix32
	ADD	$1, R1, R11
	VLD1.P	(R11)(R14), [V1.B16]
	VLD1	(R11), [V2.B16]
	HEXT(V1, V1)
	HEXT(V2, V2)
	DMIX
	SHRN4(4, 4)
	FMOVD	F4, R11
	CBNZ	R11, dfirst
	DKEEP
	DSQUEEZE(R2, V0)
	// Past the block and the digits of an escape that began in it.
	LSR	$16, R12, R11
	AND	$1, R11, R13
	ADD	R11>>1, R13, R13
	ADD	$16, R1, R1
	ADD	R13, R1, R1
	B	dloop16

dmix32:
	// dmix on two blocks at once (34 bytes are left): one test for a
	// malformed escape, one mask of the "%" signs for both, whose digit
	// bytes may fall in the next block; else each block by dmix.
	ADD	$1, R1, R11
	VLD1.P	(R11)(R14), [V1.B16] // (R14 is 1 once dconst is loaded)
	VLD1	(R11), [V2.B16]
	ADD	$16, R1, R11
	VLD1.P	(R11)(R14), [V10.B16]
	VLD1.P	(R11)(R14), [V11.B16]
	VLD1	(R11), [V12.B16]
	HEXT(V1, V1)
	HEXT(V2, V2)
	HEXT(V11, V11)
	HEXT(V12, V12)
	CBZ	R4, dmix32q
	DPLUS(V0, V5) // (before the escapes' values go in: "+" is none of them)
	DPLUS(V10, V15)

dmix32q:
	DMIXQ(V0, V1, V2, V3, V4, V5)
	DMIXQ(V10, V11, V12, V13, V14, V15)
	VORR	V14.B16, V4.B16, V4.B16
	SHRN4(4, 4)
	FMOVD	F4, R11
	CBNZ	R11, dmix32bad
	VAND	V23.B16, V3.B16, V3.B16
	VAND	V23.B16, V13.B16, V13.B16
	VADDP	V13.B16, V3.B16, V3.B16
	VADDP	V3.B16, V3.B16, V3.B16
	VADDP	V3.B16, V3.B16, V3.B16
	VMOV	V3.S[0], R11 // the "%" signs of both blocks
	LSL	$1, R11, R12
	ORR	R11<<2, R12, R12 // their digit bytes, to bit 33
	MVN	R12, R13         // the bytes kept
	AND	$0xff, R13, R16
	UBFX	$8, R13, $8, R17
	DSQUEEZE(R2, V0)
	UBFX	$16, R13, $8, R16
	UBFX	$24, R13, $8, R17
	DSQUEEZE(R2, V10)
	LSR	$32, R12, R11
	AND	$1, R11, R13
	ADD	R11>>1, R13, R13
	ADD	$32, R1, R1
	ADD	R13, R1, R1
	// Again while 34 bytes are left and the next block has something to
	// decode.
	SUB	R1, R3, R7
	CMP	$34, R7
	BLO	dloop16
	VLD1	(R1), [V0.B16]
	SPECIAL1
	VST1	[V0.B16], (R2) // (dfirst keeps the bytes before the first special)
	CBNZ	R10, dmix32
	ADD	$16, R1
	ADD	$16, R2
	B	dloop

dmix32bad:
	// A malformed escape in one of them: the first block again, alone.
	VLD1	(R1), [V0.B16]
	MOVD	$17, R7 // (under 34: dmix takes one block)
	B	dmix

dfirst:
	// The block is stored up to its first "%" or "+", which is decoded.
	RBIT	R10, R10
	CLZ	R10, R10
	LSR	$2, R10
	ADD	R10, R1
	ADD	R10, R2
	MOVBU	(R1), R11
	CMP	$0x25, R11
	BNE	dspace
	MOVBU	1(R1), R11
	MOVBU	(R8)(R11), R11
	MOVBU	2(R1), R12
	MOVBU	(R8)(R12), R12
	ORR	R11, R12, R13
	CMP	$0x0f, R13
	BHI	ddone // a malformed escape: stop before it
	ORR	R11<<4, R12, R11
	MOVB	R11, (R2)
	ADD	$3, R1
	ADD	$1, R2
	B	dloop16

dspace:
	MOVD	$0x20, R11
	MOVB	R11, (R2)
	ADD	$1, R1
	ADD	$1, R2
	B	dloop16

dtail:
	// Fewer than 18 bytes left. When fewer than 16 are and
	// the block that ends the input (R15) has nothing to decode, it is
	// stored over the output's end when nothing has been decoded yet (its
	// bytes already done are the same in both), or moved down to R2 when
	// the output is at least as much behind as the block reaches back.
	SUB	R1, R3, R7
	CBZ	R7, ddone
	CMP	$16, R7
	BHS	dscalar
	SUB	R5, R3, R10
	CMP	$16, R10
	BLO	dscalar
	VLD1	(R15), [V0.B16]
	SPECIAL1
	CBNZ	R10, dlast
	SUB	R5, R1, R10
	SUB	R6, R2, R11
	SUB	R11, R10, R10 // how much the output is behind the input
	CBNZ	R10, dshrunk
	SUB	R15, R1, R10 // the block's bytes already done
	SUB	R10, R2, R11
	VST1	[V0.B16], (R11)
	ADD	R7, R2
	MOVD	R3, R1
	B	ddone

dshrunk:
	MOVD	$16, R11
	SUB	R7, R11, R11
	CMP	R11, R10
	BLO	dlast
	MOVD	$shiftDown<>(SB), R12
	ADD	R11, R12
	VLD1	(R12), [V1.B16]
	VTBL	V1.B16, [V0.B16], V0.B16
	VST1	[V0.B16], (R2)
	ADD	R7, R2
	MOVD	R3, R1
	B	ddone

dlast:
	// The block that ends the input (in V0, at R15), its first R1-R15
	// bytes already done: its hex values one and two bytes on are its own
	// moved down a lane or two, the last lanes zero (no digit: an escape cut
	// by the end is malformed), so nothing past the input is read. Its
	// bytes from R1 on, up to a malformed escape, are squeezed into the
	// buffer at 8(RSP) (R24) and copied from there to R2 (dlout).
	CBNZ	R14, dlready
	DCONST

dlready:
	HEXT(V0, V1)
	VEXT	$2, V31.B16, V1.B16, V2.B16
	VEXT	$1, V31.B16, V1.B16, V1.B16
	DMIX
	SHRN4(4, 4)
	FMOVD	F4, R11
	MOVD	$16, R25 // where the bytes to decode end
	CBZ	R11, dlgood
	RBIT	R11, R11
	CLZ	R11, R11
	LSR	$2, R11, R25

dlgood:
	DKEEP
	SUB	R15, R1, R4 // the bytes already done
	MOVD	$1, R11
	LSL	R25, R11, R11
	SUB	$1, R11, R11
	MOVD	$1, R10
	LSL	R4, R10, R10
	SUB	$1, R10, R10
	BIC	R10, R11, R11
	AND	R11, R16, R16
	LSR	$8, R11, R11
	AND	R11, R17, R17
	ADD	$8, RSP, R24
	MOVD	R24, R10
	DSQUEEZE(R10, V0)
	SUB	R4, R25, R25 // the bytes decoded
	B	dlout

dshort:
	CBZ	R7, ddone

dscalar:
	// A byte at a time, to the end or to a malformed escape: inputs under
	// 32 bytes with something to decode, and 16 or 17 bytes left after a
	// block.
	MOVBU	(R1), R11
	CMP	$0x25, R11
	BEQ	dscpct
	CMP	R19, R11
	BNE	dsclit
	MOVD	$0x20, R11 // "+" as a space

dsclit:
	ADD	$1, R1
	MOVB.P	R11, 1(R2)
	CMP	R1, R3
	BNE	dscalar
	B	ddone

dscpct:
	SUB	R1, R3, R7
	CMP	$3, R7
	BLO	ddone
	MOVBU	1(R1), R11
	MOVBU	(R8)(R11), R11
	MOVBU	2(R1), R12
	MOVBU	(R8)(R12), R12
	ORR	R11, R12, R13
	CMP	$0x0f, R13
	BHI	ddone // a malformed escape: stop before it
	ORR	R11<<4, R12, R11
	MOVB.P	R11, 1(R2)
	ADD	$3, R1
	CMP	R1, R3
	BNE	dscalar
	B	ddone

dlout:
	// R10-R24 bytes decoded (at most 16), from the buffer to R2, with
	// stores that stay inside the output; R25 bytes read.
	SUB	R24, R10, R10
	CMP	$16, R10
	BLO	dlout8
	VLD1	(R24), [V0.B16]
	SUB	$16, R10, R11
	ADD	R24, R11, R12
	VLD1	(R12), [V1.B16]
	VST1	[V0.B16], (R2)
	ADD	R2, R11, R12
	VST1	[V1.B16], (R12)
	B	dlend

dlout8:
	CMP	$8, R10
	BLO	dlout4
	SUB	$8, R10, R13
	MOVD	(R24), R11
	MOVD	(R24)(R13), R12
	MOVD	R11, (R2)
	MOVD	R12, (R2)(R13)
	B	dlend

dlout4:
	CMP	$4, R10
	BLO	dlout1
	SUB	$4, R10, R13
	MOVWU	(R24), R11
	MOVWU	(R24)(R13), R12
	MOVW	R11, (R2)
	MOVW	R12, (R2)(R13)
	B	dlend

dlout1:
	CBZ	R10, dlend
	MOVBU	(R24), R11
	MOVB	R11, (R2)
	LSR	$1, R10, R13
	MOVBU	(R24)(R13), R11
	MOVB	R11, (R2)(R13)
	SUB	$1, R10, R13
	MOVBU	(R24)(R13), R11
	MOVB	R11, (R2)(R13)

dlend:
	ADD	R10, R2, R2
	ADD	R25, R1, R1

ddone:
	SUB	R5, R1, R1
	SUB	R6, R2, R2
	MOVD	R1, 0(R9)
	MOVD	R2, 8(R9)
	RET

// func queryMasksString(s string, plus bool) (amp, eq, chg uint64)
TEXT ·queryMasksString(SB), NOSPLIT, $0-48
	MOVD	s_base+0(FP), R1
	MOVD	s_len+8(FP), R2
	MOVBU	plus+16(FP), R3
	MOVD	$amp+24(FP), R9
	B	queryMasks<>(SB)

// func queryMasksBytes(b []byte, plus bool) (amp, eq, chg uint64)
TEXT ·queryMasksBytes(SB), NOSPLIT, $0-56
	MOVD	b_base+0(FP), R1
	MOVD	b_len+8(FP), R2
	MOVBU	plus+24(FP), R3
	MOVD	$amp+32(FP), R9
	B	queryMasks<>(SB)

// MASK64(a, b, c, d, r) sets r to the bit mask of the four compare results
// a-d (64 lanes), with the lane bits in V26; a-d are overwritten.
#define MASK64(a, b, c, d, r) \
	VAND	V26.B16, a.B16, a.B16; \
	VAND	V26.B16, b.B16, b.B16; \
	VAND	V26.B16, c.B16, c.B16; \
	VAND	V26.B16, d.B16, d.B16; \
	VADDP	b.B16, a.B16, a.B16; \
	VADDP	d.B16, c.B16, c.B16; \
	VADDP	c.B16, a.B16, a.B16; \
	VADDP	a.B16, a.B16, a.B16; \
	VMOV	a.D[0], r

// QCHUNK ORs the masks of the 16 bytes at R1+R4, shifted up by R4, into R5
// ("&"), R6 ("=") and R7 ("%", and "+" where it counts); the patterns are
// in V20-V23 and V19 is all ones where "+" counts.
#define QCHUNK \
	ADD	R4, R1, R10; \
	VLD1	(R10), [V0.B16]; \
	VCMEQ	V20.B16, V0.B16, V1.B16; \
	MASK16(V1, R10); \
	LSL	R4, R10, R10; \
	ORR	R10, R5, R5; \
	VCMEQ	V21.B16, V0.B16, V1.B16; \
	MASK16(V1, R10); \
	LSL	R4, R10, R10; \
	ORR	R10, R6, R6; \
	VCMEQ	V22.B16, V0.B16, V1.B16; \
	VCMEQ	V23.B16, V0.B16, V2.B16; \
	VAND	V19.B16, V2.B16, V2.B16; \
	VORR	V2.B16, V1.B16, V1.B16; \
	MASK16(V1, R10); \
	LSL	R4, R10, R10; \
	ORR	R10, R7, R7

// queryMasks: R1 the input, R2 its length (at least 16; only the first 64
// bytes are read), R3 1 when "+" counts, R9 where the three masks go. Under
// 64 bytes, 16-byte chunks are read from the start and one more ends at the
// end, overlapping the one before: nothing past the input is read.
TEXT queryMasks<>(SB), NOSPLIT, $0
	MOVD	$laneBits<>(SB), R10
	VLD1	(R10), [V26.B16]
	MOVD	$0x26, R10
	VDUP	R10, V20.B16
	MOVD	$0x3d, R10
	VDUP	R10, V21.B16
	MOVD	$0x25, R10
	VDUP	R10, V22.B16
	MOVD	$0x2b, R10
	VDUP	R10, V23.B16
	NEG	R3, R3
	VDUP	R3, V19.B16
	CMP	$64, R2
	BLO	qpartial
	VLD1	(R1), [V0.B16, V1.B16, V2.B16, V3.B16]
	VCMEQ	V20.B16, V0.B16, V4.B16
	VCMEQ	V20.B16, V1.B16, V5.B16
	VCMEQ	V20.B16, V2.B16, V6.B16
	VCMEQ	V20.B16, V3.B16, V7.B16
	MASK64(V4, V5, V6, V7, R5)
	VCMEQ	V21.B16, V0.B16, V4.B16
	VCMEQ	V21.B16, V1.B16, V5.B16
	VCMEQ	V21.B16, V2.B16, V6.B16
	VCMEQ	V21.B16, V3.B16, V7.B16
	MASK64(V4, V5, V6, V7, R6)
	VCMEQ	V22.B16, V0.B16, V4.B16
	VCMEQ	V22.B16, V1.B16, V5.B16
	VCMEQ	V22.B16, V2.B16, V6.B16
	VCMEQ	V22.B16, V3.B16, V7.B16
	VCMEQ	V23.B16, V0.B16, V0.B16
	VCMEQ	V23.B16, V1.B16, V1.B16
	VCMEQ	V23.B16, V2.B16, V2.B16
	VCMEQ	V23.B16, V3.B16, V3.B16
	VAND	V19.B16, V0.B16, V0.B16
	VAND	V19.B16, V1.B16, V1.B16
	VAND	V19.B16, V2.B16, V2.B16
	VAND	V19.B16, V3.B16, V3.B16
	VORR	V0.B16, V4.B16, V4.B16
	VORR	V1.B16, V5.B16, V5.B16
	VORR	V2.B16, V6.B16, V6.B16
	VORR	V3.B16, V7.B16, V7.B16
	MASK64(V4, V5, V6, V7, R7)
	MOVD	R5, 0(R9)
	MOVD	R6, 8(R9)
	MOVD	R7, 16(R9)
	RET

qpartial:
	MOVD	ZR, R5
	MOVD	ZR, R6
	MOVD	ZR, R7
	MOVD	ZR, R4
	QCHUNK
	CMP	$32, R2
	BLO	qlast
	MOVD	$16, R4
	QCHUNK
	CMP	$48, R2
	BLO	qlast
	MOVD	$32, R4
	QCHUNK

qlast:
	SUB	$16, R2, R4
	QCHUNK
	MOVD	R5, 0(R9)
	MOVD	R6, 8(R9)
	MOVD	R7, 16(R9)
	RET
