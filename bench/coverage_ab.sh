#!/usr/bin/env bash
# Issue #32's coverage check for two builds side by side: RUNS runs of the issue's command with each build,
# alternating A and B so that load on the machine falls on both, each run's JSON report kept in OUTDIR; then
# bench/ranking_stability.py --reports prints, per build, how often each run's 95 % CI of a pair's paired
# ratio contains the median ratio of that build's runs (the issue asks >= 90 % of pair-runs when quiet).
#
#   bench/coverage_ab.sh BINARY_A BINARY_B [RUNS=6] [OUTDIR=coverage-ab] [-- EXTRA ARGS FOR B]
#   e.g. bench/coverage_ab.sh /work/main/build/cryptauditor build/cryptauditor 6 /tmp/cov
# The command is `-c AES-GCM,CHACHA20-POLY1305 -d 16KB --operations encrypt --quiet` over every loaded
# backend (each binary finds its plugins in <its folder>/backends, as a build tree does).
set -euo pipefail
a=$1
b=$2
runs=${3:-6}
out=${4:-coverage-ab}
shift $(( $# < 4 ? $# : 4 ))
[[ ${1:-} == -- ]] && shift
extra=("$@")
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cmd=(-c AES-GCM,CHACHA20-POLY1305 -d 16KB --operations encrypt --quiet --format json)
for ((i = 1; i <= runs; i++)); do
  "$a" "${cmd[@]}" -o "$out/a-$i.json" || [[ $? == 1 ]]
  "$b" "${cmd[@]}" "${extra[@]}" -o "$out/b-$i.json" || [[ $? == 1 ]]
  echo "run $i done" >&2
done
for side in a b; do
  echo "=== $side: $([[ $side == a ]] && echo "$a" || echo "$b ${extra[*]}")"
  python3 "$here/ranking_stability.py" --reports "$out/$side"-*.json | grep -E '^(coverage|summary)'
done
