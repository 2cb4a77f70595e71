#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run -> README's second command -> this script):
#   1. Release build (warnings are errors) in build/, every CTest test;
#   2. the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/;
#   3. the libFuzzer targets built with clang in build-fuzz/, each run for CRYPTAUDITOR_FUZZ_SECONDS
#      (default 30) from the seed corpus in fuzz/corpus/ (plus configs/ and, when ../shared/wycheproof
#      exists, its vector files). A crash stops the script; save the input into fuzz/regressions/<target>/.
# Stages can be picked: tests/run_all.sh release asan fuzz (default: all three, in that order).
set -euo pipefail
cd "$(dirname "$0")/.."
stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(release asan fuzz)
jobs=${CRYPTAUDITOR_JOBS:-2}
fuzz_seconds=${CRYPTAUDITOR_FUZZ_SECONDS:-30}

stage() { echo; echo "==== $* ($(date -u +%H:%M:%S))"; }

for s in "${stages[@]}"; do
  case "$s" in
    release)
      stage "release build and test suite"
      # The Debian layout for /usr (lib/<multiarch>), so the install_tree test checks that the installed
      # program finds its plugins through the configured CMAKE_INSTALL_LIBDIR, not a hard-coded lib/.
      multiarch=$(${CXX:-c++} -print-multiarch 2>/dev/null || true)
      cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCRYPTAUDITOR_WERROR=ON \
        -DCMAKE_INSTALL_LIBDIR="lib${multiarch:+/$multiarch}"
      cmake --build build -j"$jobs"
      ctest --test-dir build -j"$jobs" --output-on-failure
      ;;
    asan)
      stage "AddressSanitizer + UndefinedBehaviorSanitizer build and test suite"
      # -O1 -g1: sanitizers need no more, and it compiles in about half the time of -O2 -g.
      cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
        -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCRYPTAUDITOR_WERROR=ON -DCRYPTAUDITOR_SANITIZE=ON
      cmake --build build-asan -j"$jobs"
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
        LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir build-asan -j"$jobs" --output-on-failure
      ;;
    fuzz)
      stage "libFuzzer targets, ${fuzz_seconds} s each"
      cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_COMPILER=clang++ \
        -DCRYPTAUDITOR_FUZZ=ON -DCRYPTAUDITOR_TESTS=OFF
      cmake --build build-fuzz -j"$jobs" --target fuzz_targets
      work=$(mktemp -d)
      trap 'rm -rf "$work"' EXIT
      for t in size_and_unit study_config vector_file report_file; do
        seeds=()
        # libFuzzer stops at a seed folder that does not exist (git keeps no empty folders).
        [[ -d fuzz/corpus/$t ]] && seeds+=(fuzz/corpus/$t)
        [[ -d fuzz/regressions/$t ]] && seeds+=(fuzz/regressions/$t)
        [[ $t == study_config ]] && seeds+=(configs)
        if [[ $t == vector_file && -d ../shared/wycheproof/testvectors_v1 ]]; then
          seeds+=(../shared/wycheproof/testvectors_v1)
        fi
        mkdir -p "$work/$t"
        echo "-- fuzz_$t (seeds: ${seeds[*]})"
        # New inputs go to $work (the checked-in corpus stays as it is); a crash writes crash-* into $work.
        if ! build-fuzz/fuzz/fuzz_$t -max_total_time="$fuzz_seconds" -timeout=10 -rss_limit_mb=4096 \
            -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/" "$work/$t" "${seeds[@]}" \
            >"$work/$t.log" 2>&1; then
          tail -60 "$work/$t.log"
          echo "fuzz_$t found a failing input; it is in $work (kept): save it to fuzz/regressions/$t/" >&2
          trap - EXIT
          exit 1
        fi
        grep -E "^stat::number_of_executed_units|^Done " "$work/$t.log" || tail -3 "$work/$t.log"
      done
      ;;
    *)
      echo "tests/run_all.sh: unknown stage '$s' (allowed: release, asan, fuzz)" >&2
      exit 2
      ;;
  esac
done
echo; echo "all stages passed: ${stages[*]}"
