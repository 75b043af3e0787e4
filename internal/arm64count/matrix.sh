#!/usr/bin/env bash
# matrix.sh: counts, with arm64-icount, the instructions every cell of
# internal/arm64count/cells executes on arm64 (NEON kernels, or with
# -tags purego the pure-Go loops), and prints the table of BENCHMARKS.md:
# for each op, kind and length, net/url's instructions per value over
# percent's (above 1: percent executes fewer).
#
# usage: internal/arm64count/matrix.sh [-tags purego] > counts.txt
# (from the module root; about 30 s a cell under qemu). LENGTHS and OPS, in
# the environment, count fewer: LENGTHS="1 8 64" OPS="encode decode"
# KINDS="clean escaped".
set -euo pipefail
cd "$(dirname "$0")/../.."
tags=()
[ "${1:-}" = "-tags" ] && tags=(-tags "$2")
lengths=${LENGTHS:-$(sed -n 's/^var CellLengths = \[\]int{\(.*\)}$/\1/p' internal/arm64count/cells/doc.go | tr -d ' ' | tr ',' ' ')}
ops=${OPS:-encode append-encode decode append-decode path-encode stream-encode}
regexes=()
for op in $ops; do
  for kind in ${KINDS:-clean escaped nonascii}; do
    for n in $lengths; do
      for impl in percent net-url; do
        regexes+=("^BenchmarkCell$/^$op$/^$kind$/^$n$/^$impl$")
      done
    done
  done
done
internal/arm64count/arm64-icount "${tags[@]}" internal/arm64count/cells "${regexes[@]}"
