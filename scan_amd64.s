// Copyright 2026 The percent Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// The vector kernels of the byte classifier (scan_vec.go declares each,
// with its contract; scan_amd64.go picks SSSE3 or AVX2). A set of bytes below 0x80 is tested 16 or 32 bytes a step with two
// PSHUFB nibble lookups: byte c is in the set when
// lo[c&15] & hi[c>>4] != 0, where hi[h] = 1<<h for h < 8 and 0 above, and
// PSHUFB yields 0 for an index byte >= 0x80, so that no byte >= 0x80 is
// ever in the set. No kernel reads a byte outside its input: the last
// partial block is read as one block that ends at the end of the input
// (overlapping blocks already known), or, for inputs under 16 bytes, by
// two overlapping loads of 8, 4 or 1 bytes.

// hiNibble is hi: bit h for the high nibble h < 8.
DATA hiNibble<>+0(SB)/8, $0x8040201008040201
DATA hiNibble<>+8(SB)/8, $0x0000000000000000
GLOBL hiNibble<>(SB), RODATA|NOPTR, $16

DATA lowNibbles<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA lowNibbles<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL lowNibbles<>(SB), RODATA|NOPTR, $16

DATA percents<>+0(SB)/8, $0x2525252525252525
DATA percents<>+8(SB)/8, $0x2525252525252525
GLOBL percents<>(SB), RODATA|NOPTR, $16

DATA eights<>+0(SB)/8, $0x0808080808080808
DATA eights<>+8(SB)/8, $0x0808080808080808
GLOBL eights<>(SB), RODATA|NOPTR, $16

DATA spaces<>+0(SB)/8, $0x2020202020202020
DATA spaces<>+8(SB)/8, $0x2020202020202020
GLOBL spaces<>(SB), RODATA|NOPTR, $16

DATA pluses<>+0(SB)/8, $0x2b2b2b2b2b2b2b2b
DATA pluses<>+8(SB)/8, $0x2b2b2b2b2b2b2b2b
GLOBL pluses<>(SB), RODATA|NOPTR, $16

DATA amps<>+0(SB)/8, $0x2626262626262626
DATA amps<>+8(SB)/8, $0x2626262626262626
GLOBL amps<>(SB), RODATA|NOPTR, $16

DATA equals<>+0(SB)/8, $0x3d3d3d3d3d3d3d3d
DATA equals<>+8(SB)/8, $0x3d3d3d3d3d3d3d3d
GLOBL equals<>(SB), RODATA|NOPTR, $16

// Hex digit decoding: c-'0' <= 9, or (c|0x20)-'a' <= 5.
DATA zeros30<>+0(SB)/8, $0x3030303030303030
DATA zeros30<>+8(SB)/8, $0x3030303030303030
GLOBL zeros30<>(SB), RODATA|NOPTR, $16

DATA nines<>+0(SB)/8, $0x0909090909090909
DATA nines<>+8(SB)/8, $0x0909090909090909
GLOBL nines<>(SB), RODATA|NOPTR, $16

DATA fives<>+0(SB)/8, $0x0505050505050505
DATA fives<>+8(SB)/8, $0x0505050505050505
GLOBL fives<>(SB), RODATA|NOPTR, $16

DATA lowerBit<>+0(SB)/8, $0x2020202020202020
DATA lowerBit<>+8(SB)/8, $0x2020202020202020
GLOBL lowerBit<>(SB), RODATA|NOPTR, $16

DATA smallA<>+0(SB)/8, $0x6161616161616161
DATA smallA<>+8(SB)/8, $0x6161616161616161
GLOBL smallA<>(SB), RODATA|NOPTR, $16

DATA tens<>+0(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA tens<>+8(SB)/8, $0x0a0a0a0a0a0a0a0a
GLOBL tens<>(SB), RODATA|NOPTR, $16

// shiftDown+p, loaded as 16 bytes, is the PSHUFB control that moves bytes
// p..15 of a block to 0..15-p and zeroes the rest.
DATA shiftDown<>+0(SB)/8, $0x0706050403020100
DATA shiftDown<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA shiftDown<>+16(SB)/8, $0x8080808080808080
DATA shiftDown<>+24(SB)/8, $0x8080808080808080
GLOBL shiftDown<>(SB), RODATA|NOPTR, $32

// shiftUp+16-k, loaded as 16 bytes, is the PSHUFB control that moves bytes
// 0..15-k of a block to k..15 and zeroes bytes 0..k-1.
DATA shiftUp<>+0(SB)/8, $0x8080808080808080
DATA shiftUp<>+8(SB)/8, $0x8080808080808080
DATA shiftUp<>+16(SB)/8, $0x0706050403020100
DATA shiftUp<>+24(SB)/8, $0x0f0e0d0c0b0a0908
GLOBL shiftUp<>(SB), RODATA|NOPTR, $32

// expandHi, expandLo and expandPct (three blocks each) place the high and
// low hex digits of 16 bytes, and the "%" signs, in 48 output bytes;
// gatherHi, gatherLo and gatherPct do the reverse for 16 escapes.
DATA expandHi<>+0(SB)/8, $0x0280800180800080
DATA expandHi<>+8(SB)/8, $0x8080048080038080
DATA expandHi<>+16(SB)/8, $0x8007808006808005
DATA expandHi<>+24(SB)/8, $0x0a80800980800880
DATA expandHi<>+32(SB)/8, $0x80800c80800b8080
DATA expandHi<>+40(SB)/8, $0x800f80800e80800d
GLOBL expandHi<>(SB), RODATA|NOPTR, $48
DATA expandLo<>+0(SB)/8, $0x8080018080008080
DATA expandLo<>+8(SB)/8, $0x8004808003808002
DATA expandLo<>+16(SB)/8, $0x0780800680800580
DATA expandLo<>+24(SB)/8, $0x8080098080088080
DATA expandLo<>+32(SB)/8, $0x800c80800b80800a
DATA expandLo<>+40(SB)/8, $0x0f80800e80800d80
GLOBL expandLo<>(SB), RODATA|NOPTR, $48
DATA expandPct<>+0(SB)/8, $0x0025000025000025
DATA expandPct<>+8(SB)/8, $0x2500002500002500
DATA expandPct<>+16(SB)/8, $0x0000250000250000
DATA expandPct<>+24(SB)/8, $0x0025000025000025
DATA expandPct<>+32(SB)/8, $0x2500002500002500
DATA expandPct<>+40(SB)/8, $0x0000250000250000
GLOBL expandPct<>(SB), RODATA|NOPTR, $48
DATA gatherHi<>+0(SB)/8, $0x8080800d0a070401
DATA gatherHi<>+8(SB)/8, $0x8080808080808080
DATA gatherHi<>+16(SB)/8, $0x0603008080808080
DATA gatherHi<>+24(SB)/8, $0x80808080800f0c09
DATA gatherHi<>+32(SB)/8, $0x8080808080808080
DATA gatherHi<>+40(SB)/8, $0x0e0b080502808080
GLOBL gatherHi<>(SB), RODATA|NOPTR, $48
DATA gatherLo<>+0(SB)/8, $0x8080800e0b080502
DATA gatherLo<>+8(SB)/8, $0x8080808080808080
DATA gatherLo<>+16(SB)/8, $0x0704018080808080
DATA gatherLo<>+24(SB)/8, $0x8080808080800d0a
DATA gatherLo<>+32(SB)/8, $0x8080808080808080
DATA gatherLo<>+40(SB)/8, $0x0f0c090603008080
GLOBL gatherLo<>(SB), RODATA|NOPTR, $48
DATA gatherPct<>+0(SB)/8, $0x80800f0c09060300
DATA gatherPct<>+8(SB)/8, $0x8080808080808080
DATA gatherPct<>+16(SB)/8, $0x0502808080808080
DATA gatherPct<>+24(SB)/8, $0x80808080800e0b08
DATA gatherPct<>+32(SB)/8, $0x8080808080808080
DATA gatherPct<>+40(SB)/8, $0x0d0a070401808080
GLOBL gatherPct<>(SB), RODATA|NOPTR, $48


// CLASSIFY sets out to 0xFF in every byte of in that is not in the set
// (lo in X13, hi in X14, 0x0F bytes in X15, zero in X12).
#define CLASSIFY(in, out, t1, t2) \
	MOVO X13, out; PSHUFB in, out; \
	MOVO in, t1; PSRLW $4, t1; PAND X15, t1; \
	MOVO X14, t2; PSHUFB t1, t2; \
	PAND t2, out; PCMPEQB X12, out

// VCLASSIFY is CLASSIFY on 32 bytes (tables in Y13, Y14, Y15, zero Y12).
#define VCLASSIFY(in, out, t1) \
	VPSHUFB in, Y13, out; \
	VPSRLW $4, in, t1; VPAND Y15, t1, t1; VPSHUFB t1, Y14, t1; \
	VPAND t1, out, out; VPCMPEQB Y12, out, out

// EXPAND writes output bytes OFF..OFF+15 of the 48 escapes of a block of
// 16 bytes whose high hex digits are in X3 and low ones in X4.
#define EXPAND(OFF) \
	MOVOU expandHi<>+OFF(SB), X5; MOVO X3, X6; PSHUFB X5, X6; \
	MOVOU expandLo<>+OFF(SB), X5; MOVO X4, X7; PSHUFB X5, X7; \
	POR X7, X6; MOVOU expandPct<>+OFF(SB), X5; POR X5, X6; \
	MOVOU X6, OFF(DI)

// EHALF writes the encoding of eight bytes of a mixed block: the low eight
// (UNPACK = PUNPCKLQDQ, SHIFT = 0) or the high eight (PUNPCKHQDQ, 8). X4
// holds the literal bytes, X2 the high and X3 the low hex digits, X5 "%"
// signs, AX the block's escape mask, R8 encodeShuffles, DX encodeLens.
#define EHALF(UNPACK, SHIFT) \
	MOVO X4, X6; UNPACK X2, X6; \
	MOVO X3, X7; UNPACK X5, X7; \
	MOVL AX, BX; SHRL $SHIFT, BX; ANDL $0xff, BX; SHLL $6, BX; \
	MOVOU (R8)(BX*1), X8; MOVO X6, X9; PSHUFB X8, X9; \
	MOVOU 16(R8)(BX*1), X8; MOVO X7, X10; PSHUFB X8, X10; \
	POR X10, X9; MOVOU X9, (DI); \
	MOVOU 32(R8)(BX*1), X8; MOVO X6, X9; PSHUFB X8, X9; \
	MOVOU 48(R8)(BX*1), X8; MOVO X7, X10; PSHUFB X8, X10; \
	POR X10, X9; MOVOU X9, 16(DI); \
	SHRL $6, BX; MOVBLZX (DX)(BX*1), BX; ADDQ BX, DI

// DHALF squeezes the kept bytes of eight bytes of a decoded block in X5 to
// DI and moves DI past them: the low eight (SHIFT = 0, no ADJUST) or the
// high eight (SHIFT = 8, ADJUST adds 8 to the shuffle's indexes). DX holds
// the mask of kept bytes, AX decodeCompact.
#define ADD8 MOVOU eights<>(SB), X7; PADDB X7, X6

#define DHALF(SHIFT, ADJUST) \
	MOVL DX, R12; SHRL $SHIFT, R12; ANDL $0xff, R12; SHLL $5, R12; \
	MOVOU (AX)(R12*1), X6; ADJUST; \
	MOVO X5, X7; PSHUFB X6, X7; MOVOU X7, (DI); \
	MOVBLZX 16(AX)(R12*1), R12; ADDQ R12, DI

// DHALF8 is DHALF with an 8-byte store, for a block with under 24 bytes of
// room.
#define DHALF8(SHIFT, ADJUST) \
	MOVL DX, R12; SHRL $SHIFT, R12; ANDL $0xff, R12; SHLL $5, R12; \
	MOVOU (AX)(R12*1), X6; ADJUST; \
	MOVO X5, X7; PSHUFB X6, X7; MOVQ X7, (DI); \
	MOVBLZX 16(AX)(R12*1), R12; ADDQ R12, DI

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func indexNotInSetString(lo *[16]byte, s string) int
TEXT ·indexNotInSetString(SB), NOSPLIT, $0-32
	MOVQ lo+0(FP), DI
	MOVQ s_base+8(FP), SI
	MOVQ s_len+16(FP), BX
	LEAQ ret+24(FP), R11
	JMP indexNotInSet<>(SB)

// func indexNotInSetBytes(lo *[16]byte, s []byte) int
TEXT ·indexNotInSetBytes(SB), NOSPLIT, $0-40
	MOVQ lo+0(FP), DI
	MOVQ s_base+8(FP), SI
	MOVQ s_len+16(FP), BX
	LEAQ ret+32(FP), R11
	JMP indexNotInSet<>(SB)

// indexNotInSet: SI input, BX length, DI the lo table; writes the index of
// the first byte not in the set, or the length, to (R11).
TEXT indexNotInSet<>(SB), NOSPLIT, $0
	XORQ AX, AX
	TESTQ BX, BX
	JEQ ret
	MOVOU (DI), X13
	MOVOU hiNibble<>(SB), X14
	MOVOU lowNibbles<>(SB), X15
	PXOR X12, X12
	CMPQ BX, $16
	JB small
	XORQ CX, CX
	CMPB ·kernel(SB), $const_kernelAVX2
	JNE loop16
	CMPQ BX, $32
	JB loop16
	VBROADCASTI128 (DI), Y13
	VBROADCASTI128 hiNibble<>(SB), Y14
	VBROADCASTI128 lowNibbles<>(SB), Y15
	VPXOR Y12, Y12, Y12

loop64:
	LEAQ 64(CX), DX
	CMPQ DX, BX
	JA loop32
	VMOVDQU (SI)(CX*1), Y0
	VMOVDQU 32(SI)(CX*1), Y4
	VCLASSIFY(Y0, Y1, Y2)
	VCLASSIFY(Y4, Y5, Y6)
	VPOR Y1, Y5, Y7
	VPTEST Y7, Y7
	JNZ found64
	MOVQ DX, CX
	JMP loop64

found64:
	VPMOVMSKB Y1, AX
	TESTL AX, AX
	JNZ avxfound
	ADDQ $32, CX
	VPMOVMSKB Y5, AX
	JMP avxfound

loop32:
	LEAQ 32(CX), DX
	CMPQ DX, BX
	JA tail32
	VMOVDQU (SI)(CX*1), Y0
	VCLASSIFY(Y0, Y1, Y2)
	VPMOVMSKB Y1, AX
	TESTL AX, AX
	JNZ avxfound
	MOVQ DX, CX
	JMP loop32

tail32:
	// The last 32 bytes, overlapping bytes already known to be in the set.
	CMPQ CX, BX
	JEQ avxall
	MOVQ BX, CX
	SUBQ $32, CX
	VMOVDQU (SI)(CX*1), Y0
	VCLASSIFY(Y0, Y1, Y2)
	VPMOVMSKB Y1, AX
	TESTL AX, AX
	JNZ avxfound

avxall:
	VZEROUPPER
	MOVQ BX, AX
	JMP ret

avxfound:
	VZEROUPPER
	BSFL AX, AX
	ADDQ CX, AX
	JMP ret

loop16:
	LEAQ 16(CX), DX
	CMPQ DX, BX
	JA tail16
	MOVOU (SI)(CX*1), X0
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	TESTL AX, AX
	JNZ found16
	MOVQ DX, CX
	JMP loop16

tail16:
	CMPQ CX, BX
	JEQ all
	MOVQ BX, CX
	SUBQ $16, CX
	MOVOU (SI)(CX*1), X0
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	TESTL AX, AX
	JNZ found16

all:
	MOVQ BX, AX
	JMP ret

found16:
	BSFL AX, AX
	ADDQ CX, AX
	JMP ret

small:
	// 1 to 15 bytes, read as two overlapping loads.
	CMPQ BX, $8
	JB small4
	MOVQ (SI), X0
	MOVQ -8(SI)(BX*1), X4
	PUNPCKLQDQ X4, X0
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	TESTL $0xff, AX
	JNZ lowfound
	TESTL AX, AX
	JZ all
	BSFL AX, AX
	LEAQ -16(BX)(AX*1), AX // n-8 + (bit-8)
	JMP ret

small4:
	CMPQ BX, $4
	JB small1
	MOVL (SI), X0
	MOVL -4(SI)(BX*1), X4
	PUNPCKLLQ X4, X0
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	ANDL $0xff, AX
	TESTL $0x0f, AX
	JNZ lowfound
	TESTL AX, AX
	JZ all
	BSFL AX, AX
	LEAQ -8(BX)(AX*1), AX // n-4 + (bit-4)
	JMP ret

lowfound:
	BSFL AX, AX
	JMP ret

small1:
	// 1 to 3 bytes: bytes 0, n/2 and n-1.
	MOVBLZX (SI), AX
	MOVQ BX, DX
	SHRQ $1, DX
	MOVBLZX (SI)(DX*1), CX
	SHLL $8, CX
	ORL CX, AX
	MOVBLZX -1(SI)(BX*1), CX
	SHLL $16, CX
	ORL CX, AX
	MOVL AX, X0
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	TESTL $1, AX
	JNZ first
	TESTL $2, AX
	JNZ middle
	TESTL $4, AX
	JNZ all1
	JMP all

first:
	XORQ AX, AX
	JMP ret

middle:
	MOVQ DX, AX
	JMP ret

all1:
	LEAQ -1(BX), AX

ret:
	MOVQ AX, (R11)
	RET

// loadShort sets X0 to the BX bytes at SI (1 to 15), zero-padded, reading
// no other byte: two overlapping loads of 8, 4 or 1 bytes. AX, CX, DX, X1
// and X2 are overwritten.
TEXT loadShort<>(SB), NOSPLIT, $0
	CMPQ BX, $8
	JB lshort4
	MOVQ (SI), X0
	MOVQ -8(SI)(BX*1), X1
	LEAQ shiftUp<>+24(SB), AX // shiftUp+16-(BX-8): bytes BX-8..BX-1 in place
	SUBQ BX, AX
	MOVOU (AX), X2
	PSHUFB X2, X1
	POR X1, X0
	RET

lshort4:
	CMPQ BX, $4
	JB lshort1
	MOVL (SI), AX
	MOVL -4(SI)(BX*1), DX
	LEAQ -32(BX*8), CX
	SHLQ CX, DX
	ORQ DX, AX
	MOVQ AX, X0
	RET

lshort1:
	// One to three bytes: the first, the middle and the last.
	MOVBLZX (SI), AX
	MOVBLZX -1(SI)(BX*1), DX
	LEAQ -8(BX*8), CX
	SHLL CX, DX
	ORL DX, AX
	MOVQ BX, CX
	SHRQ $1, CX
	MOVBLZX (SI)(CX*1), DX
	SHLL $3, CX
	SHLL CX, DX
	ORL DX, AX
	MOVQ AX, X0
	RET

// func encodeVecString(t *vecTab, dst []byte, src string) int
TEXT ·encodeVecString(SB), NOSPLIT, $0-56
	MOVQ t+0(FP), R12
	MOVQ dst_base+8(FP), DI
	MOVQ dst_len+16(FP), R13
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R11
	LEAQ ret+48(FP), R10
	JMP encodeVec<>(SB)

// func encodeVecBytes(t *vecTab, dst []byte, src []byte) int
TEXT ·encodeVecBytes(SB), NOSPLIT, $0-64
	MOVQ t+0(FP), R12
	MOVQ dst_base+8(FP), DI
	MOVQ dst_len+16(FP), R13
	MOVQ src_base+32(FP), SI
	MOVQ src_len+40(FP), R11
	LEAQ ret+56(FP), R10
	JMP encodeVec<>(SB)

// encodeVec encodes SI[:R11] into DI[:R13] by the vecTab at R12 (vecTab_lo,
// vecTab_hex, and the 4-byte codes at vecTab_code, whose top byte is the width),
// and writes the output length to (R10). The caller gives it at least
// 3*len(src)+1 bytes of dst. A block of 16 is classified at once: all
// literal, it is stored whole; all >= 0x80, its 48 escapes are made with
// shuffles; else each half of eight bytes is placed by the four PSHUFB
// controls of encodeShuffles[m] for its escape mask m (EHALF), and its
// output length is encodeLens[m]. The last bytes under 16, and a short
// input, are one partial block of the same kind (etail) where dst has 64
// bytes of room left, else a byte at a time through the code table.
TEXT encodeVec<>(SB), NOSPLIT, $0
	MOVQ DI, R9
	ADDQ DI, R13
	ADDQ SI, R11
	MOVOU vecTab_lo(R12), X13
	MOVOU hiNibble<>(SB), X14
	MOVOU lowNibbles<>(SB), X15
	PXOR X12, X12
	MOVOU vecTab_hex(R12), X11
	LEAQ shiftDown<>(SB), CX
	// Bit 1 of R14 is set when space is written "+" (its code is "+"),
	// bit 2 when the input is at least 16 bytes long.
	XORL R14, R14
	CMPB (vecTab_code+4*0x20)(R12), $0x2b
	JNE eplusdone
	MOVL $2, R14

eplusdone:
	MOVQ R11, AX
	SUBQ SI, AX
	CMPQ AX, $16
	JB eavxdone
	ORL $4, R14
	// With AVX2, a clean start is copied 32 bytes a step.
	CMPB ·kernel(SB), $const_kernelAVX2
	JNE eavxdone
	CMPQ AX, $32
	JB eavxdone
	VBROADCASTI128 vecTab_lo(R12), Y13
	VBROADCASTI128 hiNibble<>(SB), Y14
	VBROADCASTI128 lowNibbles<>(SB), Y15
	VPXOR Y12, Y12, Y12

eavx:
	MOVQ R11, AX
	SUBQ SI, AX
	CMPQ AX, $32
	JB eavxlast
	VMOVDQU (SI), Y0
	VCLASSIFY(Y0, Y1, Y2)
	VPTEST Y1, Y1
	JNZ eavxend
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	JMP eavx

eavxlast:
	// All clean so far, so output and input are the same bytes: the last
	// 32 bytes of the input, if clean, are stored over the last 32 of the
	// output.
	TESTQ AX, AX
	JZ eavxdonevz
	VMOVDQU -32(R11), Y0
	VCLASSIFY(Y0, Y1, Y2)
	VPTEST Y1, Y1
	JNZ eavxend
	ADDQ AX, DI
	VMOVDQU Y0, -32(DI)
	MOVQ R11, SI

eavxdonevz:
	VZEROUPPER
	JMP edone

eavxend:
	VZEROUPPER
	MOVOU vecTab_lo(R12), X13
	MOVOU hiNibble<>(SB), X14
	MOVOU lowNibbles<>(SB), X15
	PXOR X12, X12

eavxdone:

eblock:
	MOVQ R11, AX
	SUBQ SI, AX
	CMPQ AX, $16
	JB etail
	MOVQ R13, AX
	SUBQ DI, AX
	CMPQ AX, $64
	JB etail
	MOVOU (SI), X0
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	TESTL AX, AX
	JNZ ework
	MOVOU X0, (DI)
	ADDQ $16, SI
	ADDQ $16, DI
	JMP eblock

ework:
	PMOVMSKB X0, BX
	CMPL BX, $0xffff
	JEQ eexpand

ework2:

	// A mixed block, eight bytes at a time, without a branch on its bytes:
	// encodeShuffles[m] holds the PSHUFB controls that place, for the
	// escape mask m of eight bytes, each literal byte and each escape's
	// "%" and hex digits, picked from A = literal bytes | high digits and
	// B = low digits | "%" signs; encodeLens[m] is the output length.
	MOVO X0, X4
	TESTL $2, R14
	JZ etnoplus
	// Space is written "+": a literal byte, not an escape.
	MOVOU spaces<>(SB), X5
	PCMPEQB X0, X5
	PMOVMSKB X5, BX
	NOTL BX
	ANDL BX, AX
	MOVOU pluses<>(SB), X6
	PAND X5, X6
	PANDN X4, X5
	POR X6, X5
	MOVO X5, X4

etnoplus:
	MOVO X0, X1
	PSRLW $4, X1
	PAND X15, X1
	MOVO X11, X2
	PSHUFB X1, X2
	MOVO X0, X1
	PAND X15, X1
	MOVO X11, X3
	PSHUFB X1, X3
	MOVOU percents<>(SB), X5
	MOVQ ·encodeShuffles(SB), R8 // the data of the string (codec_tables_amd64.go)
	LEAQ ·encodeLens(SB), DX
	EHALF(PUNPCKLQDQ, 0)
	EHALF(PUNPCKHQDQ, 8)
	TESTL $8, R14
	JNZ epartdone
	ADDQ $16, SI
	JMP eblock

epartdone:
	// A partial block: its CX padding bytes were each written as one
	// literal byte after the output's end.
	SUBQ CX, DI
	JMP edone

eexpand:
	MOVO X0, X1
	PSRLW $4, X1
	PAND X15, X1
	MOVO X0, X2
	PAND X15, X2
	MOVO X11, X3
	PSHUFB X1, X3
	MOVO X11, X4
	PSHUFB X2, X4
	EXPAND(0)
	EXPAND(16)
	EXPAND(32)
	ADDQ $16, SI
	ADDQ $48, DI
	JMP eblock

etail:
	// Under 16 bytes left (all of a short input), as one partial block
	// when there is room: the input's last 16 bytes shifted down, or a
	// short input's bytes loaded alone, the rest of the block zero, and its
	// escape mask cut to the bytes left. Written whole, it goes 56 bytes
	// past DI at most.
	CMPQ SI, R11
	JAE edone
	MOVQ R13, AX
	SUBQ DI, AX
	CMPQ AX, $64
	JB escalar
	MOVQ R11, BX
	SUBQ SI, BX
	TESTL $4, R14
	JZ etailshort
	MOVQ $16, AX
	SUBQ BX, AX
	MOVOU -16(R11), X0
	MOVOU (CX)(AX*1), X2 // shiftDown+16-BX
	PSHUFB X2, X0
	JMP etailblock

etailshort:
	CALL loadShort<>(SB)

etailblock:
	MOVQ R11, SI
	CLASSIFY(X0, X1, X2, X3)
	PMOVMSKB X1, AX
	XORL DX, DX
	BTSL BX, DX
	DECL DX
	ANDL DX, AX
	JNZ etailmix
	MOVOU X0, (DI)
	ADDQ BX, DI
	JMP edone

etailmix:
	MOVQ $16, CX
	SUBQ BX, CX
	ORL $8, R14
	JMP ework2

escalar:
	CMPQ SI, R11
	JAE edone
	MOVBLZX (SI), BX
	MOVL vecTab_code(R12)(BX*4), BX
	MOVL BX, (DI)
	SHRL $24, BX
	ADDQ BX, DI
	INCQ SI
	JMP escalar

edone:
	SUBQ R9, DI
	MOVQ DI, (R10)
	RET

// GATHER sets out to the bytes of the 48 at SI that the three blocks of tab
// pick (X0, X1, X2 and t are overwritten).
#define GATHER(tab, out, t) \
	MOVOU (SI), X0; MOVOU 16(SI), X1; MOVOU 32(SI), X2; \
	MOVOU tab+0(SB), t; MOVO X0, out; PSHUFB t, out; \
	MOVOU tab+16(SB), t; PSHUFB t, X1; POR X1, out; \
	MOVOU tab+32(SB), t; PSHUFB t, X2; POR X2, out

// HEXVAL turns the hex digits in x into their values and sets ok to 0xFF
// where x held a hex digit (a, u temporaries; constants in X8-X13).
#define HEXVAL(x, ok, a, u) \
	MOVO x, a; POR X11, a; PSUBB X12, a; \
	PSUBB X8, x; \
	MOVO x, ok; PMINUB X9, ok; PCMPEQB x, ok; \
	MOVO a, u; PMINUB X10, u; PCMPEQB a, u; \
	PAND ok, x; PADDB X13, a; PAND u, a; POR a, x; \
	POR u, ok

// VHEXVAL is HEXVAL on 32 bytes, with VEX (constants in Y8-Y13).
#define VHEXVAL(x, ok, a, u) \
	VPOR Y11, x, a; VPSUBB Y12, a, a; \
	VPSUBB Y8, x, x; \
	VPMINUB Y9, x, ok; VPCMPEQB x, ok, ok; \
	VPMINUB Y10, a, u; VPCMPEQB a, u, u; \
	VPAND ok, x, x; VPADDB Y13, a, a; VPAND u, a, a; VPOR a, x, x; \
	VPOR u, ok, ok

// VSQUEEZE squeezes the kept bytes of eight bytes of a decoded block in x
// to DI with an 8-byte store and moves DI past them: the kept mask is bits
// SHIFT to SHIFT+7 of DX; ADJUST adds 8 to the shuffle's indexes for the
// high eight; AX holds decodeCompact.
#define VSQUEEZE(x, SHIFT, ADJUST) \
	MOVL DX, R12; SHRL $SHIFT, R12; ANDL $0xff, R12; SHLL $5, R12; \
	VMOVDQU (AX)(R12*1), X6; ADJUST; \
	VPSHUFB X6, x, X7; VMOVQ X7, (DI); \
	MOVBLZX 16(AX)(R12*1), R12; ADDQ R12, DI

#define VADD8 VPADDB eights<>(SB), X6, X6

// DMIXV decodes a block of 16 bytes in X0, given the hex values of the
// 16 bytes one and two on in X1 and X2 and where they are hex digits in X3
// and X4 (HEXVAL), as if every "%" in it started an escape: X5 gets each
// byte's value (an escape's value at its "%", a space for "+" where X14
// holds "+", else the byte), R12 the mask of the "%" signs, BX the mask of
// those that start no well-formed escape. X1-X7 are overwritten.
#define DMIXV \
	PAND X3, X4; \
	MOVO X0, X5; PCMPEQB X15, X5; \
	MOVO X4, X3; PANDN X5, X3; \
	PMOVMSKB X3, BX; \
	PSLLW $4, X1; POR X2, X1; \
	MOVO X0, X7; PCMPEQB X14, X7; \
	MOVOU spaces<>(SB), X3; PAND X7, X3; PANDN X0, X7; POR X3, X7; \
	PMOVMSKB X5, R12; \
	PAND X5, X1; PANDN X7, X5; POR X1, X5

// DMIX is DMIXV with the bytes one and two on in X1 and X2.
#define DMIX \
	HEXVAL(X1, X3, X6, X7); \
	HEXVAL(X2, X4, X6, X7); \
	DMIXV

// DKEEP sets BX to the digit bytes of the "%" signs in R12 (to bit 17: an
// escape in the block's last two bytes has digits in the next block) and
// DX to the bytes kept; R12 is overwritten.
#define DKEEP \
	MOVL R12, BX; SHLL $1, BX; SHLL $2, R12; ORL R12, BX; \
	MOVL BX, DX; NOTL DX

// DPAST moves SI past the block and the digits of an escape that began in
// it (BX from DKEEP).
#define DPAST \
	SHRL $16, BX; MOVL BX, DX; SHRL $1, DX; ANDL $1, BX; ADDL DX, BX; \
	ADDQ $16, SI; ADDQ BX, SI

// DSPECIAL sets AX to the mask of the "%" signs (X15) and the "+" signs
// where they mean space (X14: "+", else "%" again) of the block in X0; X1
// and X2 are overwritten.
#define DSPECIAL \
	MOVO X0, X1; PCMPEQB X15, X1; \
	MOVO X0, X2; PCMPEQB X14, X2; \
	POR X2, X1; PMOVMSKB X1, AX

// func decodeVecString(dst []byte, src string, plus bool) (nsrc, ndst int)
TEXT ·decodeVecString(SB), NOSPLIT, $0-64
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R11
	MOVBLZX plus+40(FP), DX
	LEAQ nsrc+48(FP), R8
	JMP decodeVec<>(SB)

// func decodeVecBytes(dst []byte, src []byte, plus bool) (nsrc, ndst int)
TEXT ·decodeVecBytes(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DI
	MOVQ src_base+24(FP), SI
	MOVQ src_len+32(FP), R11
	MOVBLZX plus+48(FP), DX
	LEAQ nsrc+56(FP), R8
	JMP decodeVec<>(SB)

// decodeVec decodes SI[:R11] into DI (which has room for len(src) bytes) to
// the end, and stops before a malformed escape, which it leaves to the
// caller; it writes the bytes read and written to (R8) and 8(R8). With
// AVX2, a start without "%" (or "+" where DX says it means space) is
// copied 32 bytes a step. A block of 16 without either is copied whole; 48
// bytes that are 16 well-formed escapes are decoded with shuffles; a block
// that mixes escapes and literals is decoded whole when every "%" in it
// starts a well-formed escape (dmixstart: the values blended in at the "%"
// signs, the digits squeezed out by decodeCompact, eight bytes at a time;
// dnear with 8-byte stores under 32 bytes left), else one escape at a time
// (dmixslow, or dscalar under 32 bytes left). The last bytes under 16 are
// the block that ends the input with its bytes already done left out
// (dlast; an input under 16 bytes is loaded by loadShort), decoded into a
// buffer at 0(SP) and copied from there: no byte outside the input is read
// and the input is never copied.
TEXT decodeVec<>(SB), NOSPLIT, $72-0
	MOVQ SI, R10
	MOVQ DI, R9
	ADDQ SI, R11
	MOVQ DX, 64(SP) // "+" means space
	MOVOU percents<>(SB), X15
	MOVO X15, X14
	TESTQ DX, DX
	JZ dnoplus
	MOVOU pluses<>(SB), X14

dnoplus:
	MOVOU zeros30<>(SB), X8
	MOVOU nines<>(SB), X9
	MOVOU fives<>(SB), X10
	MOVOU lowerBit<>(SB), X11
	MOVOU smallA<>(SB), X12
	MOVOU tens<>(SB), X13
	LEAQ ·unhex(SB), CX
	LEAQ shiftDown<>(SB), R13
	// With AVX2, a start with nothing to decode is copied 32 bytes a step.
	CMPB ·kernel(SB), $const_kernelAVX2
	JNE dloop
	MOVQ R11, BX
	SUBQ SI, BX
	CMPQ BX, $32
	JB dloop
	VINSERTI128 $1, X15, Y15, Y15
	VINSERTI128 $1, X14, Y14, Y14

davx:
	VMOVDQU (SI), Y0
	VPCMPEQB Y15, Y0, Y1
	VPCMPEQB Y14, Y0, Y2
	VPOR Y2, Y1, Y1
	VPTEST Y1, Y1
	JNZ davxend
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $32, BX
	CMPQ BX, $32
	JAE davx

davxend:
	VZEROUPPER

dloop:
	MOVQ R11, BX
	SUBQ SI, BX
	CMPQ BX, $16
	JB dshort
	MOVOU (SI), X0
	DSPECIAL
	MOVOU X0, (DI)
	TESTL AX, AX
	JNZ dspecial
	ADDQ $16, SI
	ADDQ $16, DI
	JMP dloop

dspecial:
	MOVQ R11, BX
	SUBQ SI, BX
	CMPQ BX, $32
	JB dnear
	// 16 escapes in a row, from the start of the block, are decoded at
	// once; a cheap test of the last of them comes first.
	TESTL $1, AX
	JZ dmixstart
	CMPQ BX, $48
	JB dmixstart
	CMPB (SI), $0x25
	JNE dmixstart
	CMPB 45(SI), $0x25
	JNE dmixstart
	GATHER(gatherPct<>, X3, X6)
	PCMPEQB X15, X3
	PMOVMSKB X3, AX
	CMPL AX, $0xffff
	JNE dmixreload
	GATHER(gatherHi<>, X4, X6)
	GATHER(gatherLo<>, X5, X6)
	HEXVAL(X4, X3, X6, X7)
	HEXVAL(X5, X0, X6, X7)
	PAND X3, X0
	PMOVMSKB X0, AX
	CMPL AX, $0xffff
	JNE dmixreload
	PSLLW $4, X4
	POR X5, X4
	MOVOU X4, (DI)
	ADDQ $48, SI
	ADDQ $16, DI
	JMP dloop

dmixreload:
	MOVOU (SI), X0
	DSPECIAL

dmixstart:
	// With AVX2 and 34 bytes left (BX), two blocks at once (dmix32).
	CMPB ·kernel(SB), $const_kernelAVX2
	JNE dmix16
	CMPQ BX, $34
	JAE dmix32

dmix16:
	// The whole block at once, when every "%" in it starts a well-formed
	// escape: each byte's value as the start of an escape, from the hex
	// digits of the blocks one and two bytes on, is blended in at the "%"
	// signs, and the two digit bytes of each escape are squeezed out, eight
	// bytes at a time, by the shuffles of decodeCompact. An escape that
	// starts in the block's last two bytes takes the next block's first.
	MOVOU 1(SI), X1
	MOVOU 2(SI), X2
	DMIX
	TESTL BX, BX
	JNZ dmixslow
	DKEEP
	LEAQ ·decodeCompact(SB), AX
	DHALF(0, NOP)
	DHALF(8, ADD8)
	DPAST
	JMP dloop

dmix32:
	// dmix16 on 32 bytes with AVX2, while 34 bytes are left and the next
	// 32 hold something to decode: one test for a malformed escape, one
	// mask of the "%" signs of both blocks, whose digit bytes may fall in
	// the next; the kept bytes squeezed eight at a time with 8-byte stores
	// (the output is 2 bytes behind the input at least, so they stay
	// inside the room). A malformed escape leaves the pair to dmix16.
	VBROADCASTI128 zeros30<>(SB), Y8
	VBROADCASTI128 nines<>(SB), Y9
	VBROADCASTI128 fives<>(SB), Y10
	VBROADCASTI128 lowerBit<>(SB), Y11
	VBROADCASTI128 smallA<>(SB), Y12
	VBROADCASTI128 tens<>(SB), Y13
	VINSERTI128 $1, X15, Y15, Y15
	VINSERTI128 $1, X14, Y14, Y14
	LEAQ ·decodeCompact(SB), AX
	VMOVDQU (SI), Y0

dmix32loop:
	VMOVDQU 1(SI), Y1
	VMOVDQU 2(SI), Y2
	VHEXVAL(Y1, Y3, Y6, Y7)
	VHEXVAL(Y2, Y4, Y6, Y7)
	VPAND Y3, Y4, Y4
	VPCMPEQB Y15, Y0, Y5
	VPANDN Y5, Y4, Y3 // the "%" signs that start no well-formed escape
	VPMOVMSKB Y3, BX
	TESTL BX, BX
	JNZ dmix32bad
	VPSLLW $4, Y1, Y1
	VPOR Y2, Y1, Y1
	VBROADCASTI128 spaces<>(SB), Y6
	VPCMPEQB Y14, Y0, Y7
	VPBLENDVB Y7, Y6, Y0, Y0 // "+" as a space where it means one
	VPBLENDVB Y5, Y1, Y0, Y0
	VPMOVMSKB Y5, R12
	MOVQ R12, BX
	SHLQ $1, BX
	SHLQ $2, R12
	ORQ R12, BX // the digit bytes, to bit 33
	MOVL BX, DX
	NOTL DX
	VEXTRACTI128 $1, Y0, X1
	VSQUEEZE(X0, 0, NOP)
	VSQUEEZE(X0, 8, VADD8)
	VSQUEEZE(X1, 16, NOP)
	VSQUEEZE(X1, 24, VADD8)
	SHRQ $32, BX
	MOVL BX, DX
	SHRL $1, DX
	ANDL $1, BX
	ADDL DX, BX
	ADDQ $32, SI
	ADDQ BX, SI

dmix32next:
	MOVQ R11, BX
	SUBQ SI, BX
	CMPQ BX, $34
	JB dmix32end
	VMOVDQU (SI), Y0
	VPCMPEQB Y15, Y0, Y1
	VPCMPEQB Y14, Y0, Y2
	VPOR Y2, Y1, Y1
	VPTEST Y1, Y1
	JNZ dmix32loop
	VMOVDQU Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	JMP dmix32next

dmix32end:
	VZEROUPPER
	JMP dloop

dmix32bad:
	VZEROUPPER
	MOVOU (SI), X0
	DSPECIAL
	JMP dmix16

dnear:
	// 16 to 31 bytes left, the block at SI with something to decode: as
	// dmixstart with 8-byte stores from 18 bytes (the digits of an escape
	// in the block's last two bytes are read), the last block from 16,
	// else a byte at a time.
	CMPQ BX, $16
	JEQ dlastw
	CMPQ BX, $18
	JB dscalar
	MOVOU 1(SI), X1
	MOVOU 2(SI), X2
	DMIX
	TESTL BX, BX
	JNZ dscalar
	DKEEP
	LEAQ ·decodeCompact(SB), AX
	DHALF8(0, NOP)
	DHALF8(8, ADD8)
	DPAST
	JMP dloop

dmixslow:
	// Every "%" and "+" of the block in turn, without reloading it. DI is
	// the output position of the block's byte 0 as if every byte so far
	// were literal: a literal run p..k-1 goes to DI+p, the byte an escape at
	// k decodes to, to DI+k, after which DI moves back by 2. At least 32
	// bytes remain, so the escape's digits and the 16-byte stores stay
	// inside the buffers.
	XORL R12, R12

dmix:
	BSFL AX, DX
	MOVOU (R13)(R12*1), X2
	MOVO X0, X3
	PSHUFB X2, X3
	MOVOU X3, (DI)(R12*1)
	CMPB (SI)(DX*1), $0x25
	JNE dmixplus
	MOVBLZX 1(SI)(DX*1), BX
	MOVBLZX (CX)(BX*1), BX
	MOVBLZX 2(SI)(DX*1), R12
	MOVBLZX (CX)(R12*1), R12
	CMPL R12, $0x0f
	JA dmixbad
	SHLL $4, BX
	ORL R12, BX
	CMPL BX, $0xff // above when the high digit was not hex (0xFF0 or more)
	JA dmixbad
	MOVB BL, (DI)(DX*1)
	SUBQ $2, DI
	LEAQ 3(DX), R12
	JMP dmixnext

dmixplus:
	MOVB $0x20, (DI)(DX*1)
	LEAQ 1(DX), R12

dmixnext:
	// Clear the mask below the next literal byte, R12.
	XORL BX, BX
	BTSL R12, BX
	NEGL BX
	ANDL BX, AX
	JNZ dmix
	CMPQ R12, $16
	JAE dmixdone
	MOVOU (R13)(R12*1), X2
	MOVO X0, X3
	PSHUFB X2, X3
	MOVOU X3, (DI)(R12*1)
	MOVL $16, R12

dmixdone:
	ADDQ R12, SI
	ADDQ R12, DI
	JMP dloop

dmixbad:
	// A malformed escape: stop before it, for the caller.
	ADDQ DX, SI
	ADDQ DX, DI
	JMP ddone

dshort:
	// Under 16 bytes left (BX of them). When the input's last 16 hold
	// nothing to decode, they are literal: stored over the output's last 16
	// when all so far was literal too, else shifted down and stored at DI
	// when the room left holds 16 bytes. Else the last block (dlast).
	TESTQ BX, BX
	JZ ddone
	MOVQ R11, AX
	SUBQ R10, AX
	CMPQ AX, $16
	JB dsmall
	MOVOU -16(R11), X0
	DSPECIAL
	TESTL AX, AX
	JNZ dlastw
	MOVQ SI, AX
	SUBQ R10, AX
	MOVQ DI, DX
	SUBQ R9, DX
	SUBQ DX, AX // how much shorter the output is than the input so far
	JNZ dshrunk
	MOVOU X0, -16(DI)(BX*1)
	ADDQ BX, DI
	MOVQ R11, SI
	JMP ddone

dshrunk:
	MOVQ $16, DX
	SUBQ BX, DX
	CMPQ AX, DX
	JB dlastw
	MOVOU (R13)(DX*1), X2
	PSHUFB X2, X0
	MOVOU X0, (DI)
	ADDQ BX, DI
	MOVQ R11, SI
	JMP ddone

dsmall:
	// An input under 16 bytes: loaded alone, in lanes 0 to BX-1.
	CALL loadShort<>(SB)
	XORL AX, AX
	JMP dlast

dlastw:
	// The block that ends the input, its first 16-BX bytes already done.
	MOVOU -16(R11), X0
	MOVQ $16, AX
	SUBQ BX, AX
	MOVQ $16, BX

dlast:
	// The block in X0, lanes AX to BX-1 to decode: the hex values one and
	// two bytes on are its own moved down a lane or two, zero at the top
	// (no digit: an escape cut by the end is malformed). They are decoded
	// up to a malformed escape into the buffer at 0(SP) and copied to DI.
	// 48(SP) and 56(SP) keep the lanes' start and end.
	MOVQ AX, 48(SP)
	MOVQ BX, 56(SP)
	MOVO X0, X1
	HEXVAL(X1, X3, X6, X7)
	MOVO X1, X2
	PSRLDQ $2, X2
	PSRLDQ $1, X1
	MOVO X3, X4
	PSRLDQ $2, X4
	PSRLDQ $1, X3
	DMIXV
	// DX: the lanes to decode; R14: those before them.
	MOVQ 48(SP), AX
	XORL R14, R14
	BTSL AX, R14
	DECL R14
	NOTL R14
	MOVQ 56(SP), AX
	XORL DX, DX
	BTSL AX, DX
	DECL DX
	ANDL R14, DX
	ANDL DX, BX
	JZ dlgood
	BSFL BX, AX // the first malformed escape ends them
	MOVQ AX, 56(SP)
	XORL DX, DX
	BTSL AX, DX
	DECL DX
	ANDL R14, DX

dlgood:
	MOVL R12, BX
	SHLL $1, BX
	SHLL $2, R12
	ORL R12, BX
	NOTL BX
	ANDL BX, DX
	MOVQ DI, R14
	LEAQ 0(SP), DI
	LEAQ ·decodeCompact(SB), AX
	DHALF(0, NOP)
	DHALF(8, ADD8)
	// BX bytes decoded (at most 16), from 0(SP) to R14.
	LEAQ 0(SP), AX
	MOVQ DI, BX
	SUBQ AX, BX
	MOVQ R14, DI
	CMPQ BX, $16
	JB dlout8
	MOVOU 0(SP), X0
	MOVOU X0, (DI)
	JMP dlend

dlout8:
	CMPQ BX, $8
	JB dlout4
	MOVQ 0(SP), AX
	MOVQ -8(SP)(BX*1), DX
	MOVQ AX, (DI)
	MOVQ DX, -8(DI)(BX*1)
	JMP dlend

dlout4:
	CMPQ BX, $4
	JB dlout1
	MOVL 0(SP), AX
	MOVL -4(SP)(BX*1), DX
	MOVL AX, (DI)
	MOVL DX, -4(DI)(BX*1)
	JMP dlend

dlout1:
	TESTQ BX, BX
	JZ dlend
	MOVB 0(SP), AX
	MOVB -1(SP)(BX*1), DX
	MOVB AX, (DI)
	MOVB DX, -1(DI)(BX*1)
	MOVQ BX, CX
	SHRQ $1, CX
	MOVB 0(SP)(CX*1), AX
	MOVB AX, (DI)(CX*1)

dlend:
	ADDQ BX, DI
	MOVQ 56(SP), AX
	SUBQ 48(SP), AX
	ADDQ AX, SI
	JMP ddone

dscalar:
	// A byte at a time, to the end or to a malformed escape.
	CMPQ SI, R11
	JAE ddone
	MOVBLZX (SI), AX
	CMPL AX, $0x25
	JEQ dscpct
	CMPL AX, $0x2b
	JNE dsclit
	CMPQ 64(SP), $0
	JEQ dsclit
	MOVL $0x20, AX // "+" as a space

dsclit:
	MOVB AL, (DI)
	INCQ SI
	INCQ DI
	JMP dscalar

dscpct:
	MOVQ R11, DX
	SUBQ SI, DX
	CMPQ DX, $3
	JB ddone
	MOVBLZX 1(SI), AX
	MOVBLZX (CX)(AX*1), AX
	MOVBLZX 2(SI), DX
	MOVBLZX (CX)(DX*1), DX
	MOVL AX, BX
	ORL DX, BX
	CMPL BX, $0x0f
	JA ddone // a malformed escape: stop before it
	SHLL $4, AX
	ORL DX, AX
	MOVB AL, (DI)
	ADDQ $3, SI
	INCQ DI
	JMP dscalar

ddone:
	SUBQ R10, SI
	SUBQ R9, DI
	MOVQ SI, 0(R8)
	MOVQ DI, 8(R8)
	RET

// func queryMasksString(s string, plus bool) (amp, eq, chg uint64)
TEXT ·queryMasksString(SB), NOSPLIT, $0-48
	MOVQ s_base+0(FP), SI
	MOVQ s_len+8(FP), R13
	MOVBQZX plus+16(FP), DX
	LEAQ amp+24(FP), R11
	JMP queryMasks<>(SB)

// func queryMasksBytes(b []byte, plus bool) (amp, eq, chg uint64)
TEXT ·queryMasksBytes(SB), NOSPLIT, $0-56
	MOVQ b_base+0(FP), SI
	MOVQ b_len+8(FP), R13
	MOVBQZX plus+24(FP), DX
	LEAQ amp+32(FP), R11
	JMP queryMasks<>(SB)

// MASK16 sets R to the mask of the bytes of X0-X3 (64 bytes) equal to the
// byte repeated in P, using X5 and BX.
#define MASK16(P, R) \
	MOVO X0, X5; PCMPEQB P, X5; PMOVMSKB X5, R; \
	MOVO X1, X5; PCMPEQB P, X5; PMOVMSKB X5, BX; SHLQ $16, BX; ORQ BX, R; \
	MOVO X2, X5; PCMPEQB P, X5; PMOVMSKB X5, BX; SHLQ $32, BX; ORQ BX, R; \
	MOVO X3, X5; PCMPEQB P, X5; PMOVMSKB X5, BX; SHLQ $48, BX; ORQ BX, R

// MASK32 is MASK16 for the 64 bytes in Y0 and Y1 and a pattern in Y2.
#define MASK32(P, R) \
	VPCMPEQB Y0, P, Y5; VPMOVMSKB Y5, R; \
	VPCMPEQB Y1, P, Y5; VPMOVMSKB Y5, BX; SHLQ $32, BX; ORQ BX, R

// QCHUNK ORs the masks of the 16 bytes at SI+CX, shifted up by CX, into
// AX ("&"), R8 ("="), R9 ("%") and R10 ("+"); the patterns are in X12-X15.
#define QCHUNK \
	MOVOU (SI)(CX*1), X0; \
	MOVO X0, X5; PCMPEQB X12, X5; PMOVMSKB X5, BX; SHLQ CX, BX; ORQ BX, AX; \
	MOVO X0, X5; PCMPEQB X13, X5; PMOVMSKB X5, BX; SHLQ CX, BX; ORQ BX, R8; \
	MOVO X0, X5; PCMPEQB X14, X5; PMOVMSKB X5, BX; SHLQ CX, BX; ORQ BX, R9; \
	MOVO X0, X5; PCMPEQB X15, X5; PMOVMSKB X5, BX; SHLQ CX, BX; ORQ BX, R10

// queryMasks: SI the input, R13 its length (at least 16; only the first 64
// bytes are read), DX 1 when "+" counts, R11 where the three masks go. The
// "+" mask is kept or dropped with an AND, not a branch. Under 64 bytes,
// 16-byte chunks are read from the start and one more ends at the end,
// overlapping the one before: nothing past the input is read.
TEXT queryMasks<>(SB), NOSPLIT, $0
	NEGQ DX
	CMPQ R13, $64
	JB qpartial
	CMPB ·kernel(SB), $const_kernelAVX2
	JNE qsse
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VPBROADCASTB amps<>(SB), Y2
	MASK32(Y2, AX)
	MOVQ AX, 0(R11)
	VPBROADCASTB equals<>(SB), Y2
	MASK32(Y2, AX)
	MOVQ AX, 8(R11)
	VPBROADCASTB pluses<>(SB), Y2
	MASK32(Y2, AX)
	ANDQ DX, AX
	VPBROADCASTB percents<>(SB), Y2
	MASK32(Y2, CX)
	ORQ CX, AX
	MOVQ AX, 16(R11)
	VZEROUPPER
	RET

qsse:
	MOVOU (SI), X0
	MOVOU 16(SI), X1
	MOVOU 32(SI), X2
	MOVOU 48(SI), X3
	MOVOU amps<>(SB), X4
	MASK16(X4, AX)
	MOVQ AX, 0(R11)
	MOVOU equals<>(SB), X4
	MASK16(X4, AX)
	MOVQ AX, 8(R11)
	MOVOU pluses<>(SB), X4
	MASK16(X4, AX)
	ANDQ DX, AX
	MOVOU percents<>(SB), X4
	MASK16(X4, CX)
	ORQ CX, AX
	MOVQ AX, 16(R11)
	RET

qpartial:
	MOVOU amps<>(SB), X12
	MOVOU equals<>(SB), X13
	MOVOU percents<>(SB), X14
	MOVOU pluses<>(SB), X15
	XORQ AX, AX
	XORQ R8, R8
	XORQ R9, R9
	XORQ R10, R10
	XORQ CX, CX
	QCHUNK
	CMPQ R13, $32
	JB qlast
	MOVQ $16, CX
	QCHUNK
	CMPQ R13, $48
	JB qlast
	MOVQ $32, CX
	QCHUNK

qlast:
	LEAQ -16(R13), CX
	QCHUNK
	ANDQ DX, R10
	ORQ R10, R9
	MOVQ AX, 0(R11)
	MOVQ R8, 8(R11)
	MOVQ R9, 16(R11)
	RET
