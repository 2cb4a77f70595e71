#!/usr/bin/env bash
# Wall time of the default command (`cryptauditor` without arguments: AES-GCM, CHACHA20-POLY1305, AES-CTR,
# SHA2-256, SHA3-256, ECDSA, EDDSA at 1KB on every backend) for two builds side by side, alternating A and B
# RUNS times so that load on the machine falls on both. Prints each run and the medians; a change passes
# issue #13's bar when B's median is at most 10 % above A's.
#
#   bench/default_wall_time.sh BINARY_A BINARY_B [RUNS=3]
#   (each binary finds its plugins in <its folder>/backends, as a build tree does)
set -euo pipefail
a=$1
b=$2
runs=${3:-3}
declare -a ta tb
one() {
  local start end
  start=$(date +%s.%N)
  "$1" --quiet >/dev/null 2>&1
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
for ((i = 1; i <= runs; i++)); do
  t=$(one "$a"); ta+=("$t"); echo "run $i A $t s"
  t=$(one "$b"); tb+=("$t"); echo "run $i B $t s"
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
ma=$(median "${ta[@]}")
mb=$(median "${tb[@]}")
echo "median A $ma s, B $mb s, B/A $(echo "scale=3; $mb / $ma" | bc)"
