#!/usr/bin/env bash
# The harness against a hand-written loop in one process (bench/overhead_openssl.cpp), for the cases of
# docs/FIDELITY.md at 16 B and 16 KiB. Each line's last column is harness / hand-loop throughput.
# usage: bench/inprocess.sh [BUILD_DIR]   (env: ROUNDS, default 15; CPU, e.g. 1, to pin with taskset)
set -euo pipefail
build=${1:-build}
rounds=${ROUNDS:-15}
pin=()
[[ -n ${CPU:-} ]] && pin=(taskset -c "$CPU")
run() { "${pin[@]}" "$build/bench/overhead_openssl" "$build/backends/ca-backend-openssl.so" "$@" "$rounds"; }
for size in 16 16384; do
  run aes-256-gcm stream "$size"
  run chacha20-poly1305 stream "$size"
  run sha256 message "$size"
  run aes-256-gcm message "$size"
  run chacha20-poly1305 message "$size"
done
