#!/usr/bin/env bash
# How often does `cryptauditor compare` call two runs of the same build a regression on this machine?
# Runs a small study PAIRS times in pairs (the two runs of a pair at the same time, so outside load hits
# both) and counts, per threshold, the pairs in which some row was flagged SLOWER. A threshold whose count is
# not 0 is below this machine's run-to-run noise (docs/COMPARE.md, "Choosing the threshold"). Each run uses
# --processes PROCESSES: with 1, no row is testable and nothing is ever flagged. bench/aa_calibration.py
# measures the false-positive and detection rates of the default threshold in separate runs.
#
#   bench/compare_noise.sh [PAIRS=5] [BINARY=build/cryptauditor] [PROCESSES=5]
set -euo pipefail
pairs=${1:-5}
bin=${2:-build/cryptauditor}
processes=${3:-5}
study=(--hash SHA2-256 -c AES-GCM -d 1KB -b openssl --budget 0.05 --ci-target 0.5 --quiet --format json
  --processes "$processes")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
thresholds=(5 10 20 50)
declare -A flagged
for t in "${thresholds[@]}"; do flagged[$t]=0; done
for ((i = 1; i <= pairs; i++)); do
  "$bin" "${study[@]}" -o "$dir/a.json" & "$bin" "${study[@]}" -o "$dir/b.json" & wait
  for t in "${thresholds[@]}"; do
    rc=0
    "$bin" compare "$dir/a.json" "$dir/b.json" --threshold "$t%" >"$dir/out.txt" || rc=$?
    if [[ $rc -eq 1 ]]; then flagged[$t]=$((flagged[$t] + 1)); elif [[ $rc -ne 0 ]]; then cat "$dir/out.txt"; exit "$rc"; fi
  done
done
echo "pairs of runs of the same build: $pairs (--processes $processes)"
for t in "${thresholds[@]}"; do
  echo "threshold ${t}%: ${flagged[$t]} of $pairs pairs flagged as a regression"
done
