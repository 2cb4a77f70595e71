#!/usr/bin/env bash
# Wall time of the default command (`cryptauditor` without arguments: AES-GCM, CHACHA20-POLY1305, AES-CTR,
# SHA2-256, SHA3-256, ECDSA, EDDSA at 1KB on every backend) for two builds side by side, alternating A and B
# RUNS times so that load on the machine falls on both. Prints each run and the medians; a change passes
# issue #13's bar when B's median is at most 10 % above A's.
#
# Each run also reports the CPU time (user + system) the process and its children used. On a loaded
# machine the wall time is mostly waiting for a CPU; the CPU time is the work itself, so its ratio says
# whether B does more work than A when the wall times are too noisy to (the load average is printed too).
#
#   bench/default_wall_time.sh BINARY_A BINARY_B [RUNS=3]
#   (each binary finds its plugins in <its folder>/backends, as a build tree does)
set -euo pipefail
a=$1
b=$2
runs=${3:-3}
declare -a ta tb ca cb
times=$(mktemp)
trap 'rm -f "$times"' EXIT
# Prints "WALL CPU" in seconds for one run of "$1" --quiet.
one() {
  /usr/bin/time -f '%e %U %S' -o "$times" "$1" --quiet >/dev/null 2>&1
  awk '{printf "%s %.2f\n", $1, $2 + $3}' "$times"
}
for ((i = 1; i <= runs; i++)); do
  read -r w c < <(one "$a"); ta+=("$w"); ca+=("$c"); echo "run $i A $w s (cpu $c s)"
  read -r w c < <(one "$b"); tb+=("$w"); cb+=("$c"); echo "run $i B $w s (cpu $c s)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
ma=$(median "${ta[@]}")
mb=$(median "${tb[@]}")
echo "median A $ma s, B $mb s, B/A $(echo "scale=3; $mb / $ma" | bc)"
mca=$(median "${ca[@]}")
mcb=$(median "${cb[@]}")
echo "median cpu A $mca s, B $mcb s, B/A $(echo "scale=3; $mcb / $mca" | bc); load average $(cut -d' ' -f1-3 /proc/loadavg)"
