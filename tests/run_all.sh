#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run -> README's second command -> this script):
#   1. Release build (warnings are errors) in build/, every CTest test;
#   2. the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/, each test
#      program as CRYPTAUDITOR_ASAN_SHARDS (default 4) GoogleTest shards;
#   3. the libFuzzer targets built with clang in build-fuzz/, each run for CRYPTAUDITOR_FUZZ_SECONDS
#      (default 30) from the seed corpus in fuzz/corpus/ (plus configs/ and, when ../shared/wycheproof
#      exists, its vector files). A crash stops the script; save the input into fuzz/regressions/<target>/.
#   4. an aarch64 cross build in build-aarch64/ (Debian multiarch arm64 libraries, g++-aarch64-linux-gnu,
#      cmake/aarch64-linux-gnu.cmake) whose CTest suite runs under qemu-user (qemu-user-static), less the
#      slowest cross-backend cases unless CRYPTAUDITOR_AARCH64_FULL=1 (the stage says which and why).
#      It installs what it needs with apt-get (root), and registers qemu-aarch64 with binfmt_misc so that the
#      tests which start build-aarch64/cryptauditor as a child process run it under qemu too.
#   5. trixie (run second): the Release build and its CTest suite in a Debian 13 root, build-trixie/root, made
#      once with `mmdebstrap --variant=apt trixie` (about 2 minutes from Debian's archive) and kept for the
#      next run (a root is complete once it has that name: mmdebstrap writes root.new). It installs the
#      Debian 13 list (tools/debian-packages test, less chromium, clang and mmdebstrap, which the suite does
#      not use) inside, mounts /proc, /sys, /dev, the source tree (at the same path), ../shared (read-only,
#      for the Wycheproof files; CRYPTAUDITOR_TRIXIE_SHARED names another folder) and the host's ccache
#      folder, then builds in build-trixie/ (Release, warnings are errors, every backend;
#      CRYPTAUDITOR_TRIXIE_CMAKE_ARGS adds -D options) and runs ctest there. The mounts are made in a mount
#      namespace of the stage's own (unshare), which the kernel drops when the stage ends however it ends,
#      and a trap unmounts them on every exit, failures included; a root that still has mounts (findmnt) is
#      never deleted. Needs root.
# Stages can be picked: tests/run_all.sh release trixie asan fuzz aarch64. Default: release asan fuzz aarch64.
# The trixie stage is not in the default yet: its suite has not passed to the end (with botan3 built, Botan 2
# and Botan 3 in one process died of SIGILL in libbotan-3; botan3 is now off by default, and the rest of the
# stage's suite had not been run to the end when this was decided), and its cold cost (a root, about 130
# packages, a g++ 14 build) was not measured against the 60-minute budget. Run it by name.
# The Debian 13 stage runs second: after the native Release suite it is the check a user on today's Debian
# stable most needs, so a failure there is known before the sanitizer, fuzzing and emulated stages run.
set -euo pipefail
cd "$(dirname "$0")/.."
stages=("$@")
[[ ${#stages[@]} -eq 0 ]] && stages=(release asan fuzz aarch64)
jobs=${CRYPTAUDITOR_JOBS:-2}
fuzz_seconds=${CRYPTAUDITOR_FUZZ_SECONDS:-30}

stage() { echo; echo "==== $* ($(date -u +%H:%M:%S))"; }
# ccache (tools/debian-packages) makes a rebuild of unchanged sources a cache hit: the same compiler on the same
# preprocessed source and flags gives the same object, so it changes nothing but the time.
# Paths under this folder are hashed relative to it (and the -g stages' working folder is not hashed), so a
# fresh clone elsewhere — as CI makes — hits the cache a previous clone filled.
cache=()
if command -v ccache >/dev/null; then
  cache=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD} CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}
fi

# ---- aarch64 stage helpers ----
# arm64 -dev packages that install next to the amd64 ones (Multi-Arch: same), and the tools.
aarch64_packages=(g++-aarch64-linux-gnu qemu-user-static libssl-dev:arm64 libsodium-dev:arm64 libcrypto++-dev:arm64
  nettle-dev:arm64 libgnutls28-dev:arm64 libnss3:arm64 libnspr4:arm64 libmbedtls-dev:arm64 libgtest-dev:arm64 libgmock-dev:arm64
  libgcrypt20:arm64 libgpg-error0:arm64 libwolfssl35:arm64 zlib1g:arm64 libbz2-1.0:arm64 liblzma5:arm64 libsqlite3-0:arm64
  libtomcrypt-dev:arm64 libtommath-dev:arm64)
# arm64 packages that would replace the amd64 ones (libbotan-2-dev, libgcrypt20-dev, libwolfssl-dev are not
# Multi-Arch: same; libbotan-2-19:arm64 needs libtspi1:arm64, which conflicts with libtspi1:amd64): they are
# downloaded and unpacked into build-aarch64/sysroot instead, never installed. libnss3-dev is Multi-Arch: same
# but needs libnspr4-dev, which is not: both are unpacked, their runtime libraries (libnss3, libnspr4) installed.
aarch64_unpacked=(libbotan-2-dev libbotan-2-19 libtspi1 libgcrypt20-dev libgpg-error-dev libwolfssl-dev
  libnss3-dev libnspr4-dev)

aarch64_install() {
  local missing=()
  for p in "${aarch64_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  if [[ ${#missing[@]} -gt 0 || ! -f build-aarch64/sysroot/.complete ]]; then
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
      dpkg --add-architecture arm64
    fi
    apt-get -o DPkg::Lock::Timeout=600 update -qq
  fi
  if [[ ${#missing[@]} -gt 0 ]]; then
    echo "-- installing ${missing[*]}"
    # --no-remove: an arm64 package that would replace an amd64 one stops the stage instead of breaking
    # the x86-64 build.
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends \
      --no-remove "${missing[@]}"
  fi
  if [[ ! -f build-aarch64/sysroot/.complete ]]; then
    echo "-- unpacking ${aarch64_unpacked[*]} (arm64) into build-aarch64/sysroot"
    rm -rf build-aarch64/sysroot build-aarch64/debs
    mkdir -p build-aarch64/sysroot build-aarch64/debs
    (cd build-aarch64/debs && apt-get download -qq "${aarch64_unpacked[@]/%/:arm64}")
    for deb in build-aarch64/debs/*.deb; do dpkg-deb -x "$deb" build-aarch64/sysroot; done
    # Their .pc files say prefix=/usr; point them (and the absolute libdir of botan-2.pc) into the sysroot.
    sed -E -i "s#^(prefix|libdir)=/usr#\1=$PWD/build-aarch64/sysroot/usr#" \
      build-aarch64/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig/*.pc
    # The -dev packages' lib*.so links name runtime libraries installed in /usr/lib/aarch64-linux-gnu
    # (libwolfssl35, libgcrypt20, libgpg-error0): point them there, or the linker takes the static archive.
    for link in build-aarch64/sysroot/usr/lib/aarch64-linux-gnu/*.so; do
      if [[ -L $link && ! -e $link ]]; then ln -sfn "/usr/lib/aarch64-linux-gnu/$(readlink "$link")" "$link"; fi
    done
    # libnspr4-dev and libnss3-dev ship static archives only (the runtime packages hold libnspr4.so ...): a
    # lib*.a without a lib*.so beside it gets a link to the installed runtime library, or the linker, which
    # searches the sysroot first, would take the archive.
    for archive in build-aarch64/sysroot/usr/lib/aarch64-linux-gnu/*.a; do
      shared=/usr/lib/aarch64-linux-gnu/$(basename "${archive%.a}").so
      if [[ ! -e ${archive%.a}.so && -e $shared ]]; then ln -sfn "$shared" "${archive%.a}.so"; fi
    done
    touch build-aarch64/sysroot/.complete
  fi
  # Tests start build-aarch64/cryptauditor as a child process (popen, posix_spawn): the kernel runs it
  # through qemu once qemu-aarch64 is registered with binfmt_misc (flag F: the interpreter is opened now).
  if [[ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]]; then
    [[ -e /proc/sys/fs/binfmt_misc/register ]] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    cat /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register
  fi
}

# ---- trixie stage helpers ----
# The Debian 13 root, made once by mmdebstrap and kept (build-trixie/root exists only once it is complete:
# mmdebstrap writes root.new, renamed when done), and the stage's CMake build tree beside it in build-trixie/.
trixie_dir=$PWD/build-trixie
trixie_root=$trixie_dir/root
# Mount points under the root, as the host sees them (the stage mounts in a private mount namespace, so the
# host normally sees none; a root with any is never deleted).
trixie_mounts() { findmnt -rn -o TARGET | grep -E "^$1(/|$)" || true; }
trixie_make_root() {
  if [[ -d $trixie_root ]]; then
    echo "-- reusing the Debian 13 root $trixie_root"
    return
  fi
  local new=$trixie_dir/root.new
  if [[ -e $new ]]; then
    if [[ -n $(trixie_mounts "$new") ]]; then
      echo "tests/run_all.sh: $new has mounts (findmnt): not deleting it; unmount them first" >&2
      exit 1
    fi
    rm -rf --one-file-system "$new"
  fi
  mkdir -p "$trixie_dir"
  echo "-- mmdebstrap --variant=apt trixie $new"
  # In a mount namespace of its own: the /proc and /dev that mmdebstrap mounts in the root while it works
  # go with it, even if it is killed.
  unshare --mount --propagation private -- mmdebstrap --variant=apt trixie "$new"
  mv "$new" "$trixie_root"
}
# Runs inside `unshare --mount` (below): every mount is in a mount namespace of its own, which the kernel
# drops with its last process, so none outlives the stage even if it is killed; the trap also unmounts them
# on every exit, failures included.
trixie_inside() {
  local root=$trixie_root src=$PWD
  # Global, not local: the EXIT trap runs after this function's locals are gone.
  trixie_mounted=()
  undo() {
    local i
    for ((i = ${#trixie_mounted[@]} - 1; i >= 0; i--)); do
      umount -R "${trixie_mounted[i]}" || umount -lR "${trixie_mounted[i]}"
    done
    echo "-- unmounted ${trixie_mounted[*]}"
  }
  trap undo EXIT
  bind() { # bind SOURCE TARGET [ro]: that folder alone, not the mounts under it
    mkdir -p "$2"
    mount --bind "$1" "$2"; trixie_mounted+=("$2")
    [[ ${3:-} == ro ]] && mount -o remount,bind,ro "$2"
    return 0
  }
  # The source tree first (the root lies inside it, and its mounts are not to appear again under this one) at
  # the same path inside, so build-trixie/ and every path in its CMake cache are the same in and out;
  # ../shared (the Wycheproof files: tests read PROJECT_SOURCE_DIR/../shared/wycheproof) beside it.
  bind "$src" "$root$src"
  mount -t proc proc "$root/proc"; trixie_mounted+=("$root/proc")
  mount -t sysfs sysfs "$root/sys"; trixie_mounted+=("$root/sys")
  # /dev with /dev/pts and /dev/shm under it; slave, so nothing done under it here reaches the host's.
  mount --rbind /dev "$root/dev"; trixie_mounted+=("$root/dev")
  mount --make-rslave "$root/dev"
  [[ -d $shared ]] && bind "$shared" "$root$(dirname "$src")/shared" ro
  # The host's ccache directory, so a rerun (or CI on this machine) compiles only what changed.
  local ccache_dir=
  if command -v ccache >/dev/null; then
    ccache_dir=$(ccache -k cache_dir)
    mkdir -p "$ccache_dir"
    bind "$ccache_dir" "$root$ccache_dir"
  fi
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  # The Debian 13 list from the root's own /etc/os-release, less chromium, mmdebstrap and clang with its
  # runtime: the Release suite here uses none of them but the HTML layout test, which skips without chromium
  # (the release stage runs it on Debian 12), so they would only lengthen the install.
  local pkgs=() missing=() p
  for p in $(CRYPTAUDITOR_OS_RELEASE=$root/etc/os-release tools/debian-packages test); do
    case $p in chromium | mmdebstrap | clang | libclang-rt-*) ;; *) pkgs+=("$p") ;; esac
  done
  for p in "${pkgs[@]}"; do
    chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    echo "-- installing in the root: ${missing[*]}"
    chroot "$root" apt-get update -qq
    chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
  # CRYPTAUDITOR_TRIXIE_CMAKE_ARGS: more -D options for this build (e.g. -DCRYPTAUDITOR_BACKEND_MBEDTLS=OFF).
  chroot "$root" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 \
    CCACHE_DIR="$ccache_dir" CCACHE_BASEDIR="$src" CCACHE_NOHASHDIR=1 \
    bash -euo pipefail -c '
      cd "$1"; shift; jobs=$1; shift
      launcher=()
      command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
      . /etc/os-release; echo "-- inside: $PRETTY_NAME, $(c++ --version | head -1)"
      # A -D option stays in the CMake cache: when CRYPTAUDITOR_TRIXIE_CMAKE_ARGS differs from the last run
      # (e.g. a backend turned off for a test, then not), configure afresh, so no earlier option lingers.
      if [[ -f build-trixie/CMakeCache.txt && "$(cat build-trixie/stage-cmake-args 2>/dev/null)" != "$*" ]]; then
        echo "-- CRYPTAUDITOR_TRIXIE_CMAKE_ARGS changed: configuring build-trixie/ afresh"
        rm -f build-trixie/CMakeCache.txt
      fi
      cmake -S . -B build-trixie -DCMAKE_BUILD_TYPE=Release -DCRYPTAUDITOR_WERROR=ON -DCRYPTAUDITOR_TESTS=ON \
        -DCMAKE_INSTALL_LIBDIR=lib/$(c++ -print-multiarch) "${launcher[@]}" "$@"
      printf "%s" "$*" >build-trixie/stage-cmake-args
      cmake --build build-trixie -j"$jobs"
      build-trixie/cryptauditor list --backends
      ctest --test-dir build-trixie -j"$jobs" --output-on-failure --no-tests=error' \
    trixie "$src" "$jobs" ${CRYPTAUDITOR_TRIXIE_CMAKE_ARGS:-}
}

for s in "${stages[@]}"; do
  case "$s" in
    release)
      stage "release build and test suite"
      # The Debian layout for /usr (lib/<multiarch>), so the install_tree test checks that the installed
      # program finds its plugins through the configured CMAKE_INSTALL_LIBDIR, not a hard-coded lib/.
      multiarch=$(${CXX:-c++} -print-multiarch 2>/dev/null || true)
      cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCRYPTAUDITOR_WERROR=ON -DCRYPTAUDITOR_TESTS=ON \
        -DCMAKE_INSTALL_LIBDIR="lib${multiarch:+/$multiarch}" "${cache[@]}"
      cmake --build build -j"$jobs"
      # --no-tests=error: a build/ that the README's first command configured has CRYPTAUDITOR_TESTS=OFF in
      # its cache (set ON above), and a suite of no tests must not pass.
      ctest --test-dir build -j"$jobs" --output-on-failure --no-tests=error
      ;;
    asan)
      stage "AddressSanitizer + UndefinedBehaviorSanitizer build and test suite"
      # -O1 -g1: sanitizers need no more, and it compiles in about half the time of -O2 -g.
      # Each test program runs as 4 GoogleTest shards rather than one process per case: a program's start
      # costs about 0.9 s of CPU under the sanitizers (it loads every plugin to list its parameterised
      # cases), and at one process per case that was most of this stage (975 s of its tests on 2 CPUs,
      # 2026-12-02). Every case still runs; a failure's output names it.
      cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
        -DCMAKE_C_FLAGS_DEBUG="-O1 -g1" -DCRYPTAUDITOR_WERROR=ON -DCRYPTAUDITOR_SANITIZE=ON \
        -DCRYPTAUDITOR_TEST_SHARDS="${CRYPTAUDITOR_ASAN_SHARDS:-4}" "${cache[@]}"
      cmake --build build-asan -j"$jobs"
      # Left out here: the leak screen's four calibration cases (leaks_test CalibrationTest.*), statistical
      # timing tests that ran 471 s in all under the sanitizers (256 s for one), in a run of this stage whose
      # tests took 869 s with -j2; the release stage runs them, and the same code (the per-call loop, the
      # calibration plugins, the statistics) still runs here in LeaksCommandTest and leak_stats_test.
      # Left out for the same reason: select's leaky-plugin verdict (a 0.5 s timing screen of an instrumented
      # plugin read "inconclusive" in 1 of 2 fresh-clone runs of this stage, 2026-12-04); the other select
      # cases run here.
      # intercept_tls_get_addr=0: LeakSanitizer's own record of dynamic TLS blocks (those of libraries a plugin
      # brings in with dlopen) sometimes holds a garbage range once the GnuTLS plugin has been loaded ("DTLS 5
      # at 0x1461-0x1000002563" with verbosity=1), and its stop-the-world tracer then dies reading it at exit:
      # "Tracer caught signal 11 ... LeakSanitizer has encountered a fatal error", exit 134, after the test
      # itself passed. Seen in 4 shards of one CI run; by hand, 2-3 runs in 30 of one command with the openssl
      # and gnutls plugins under load, 0 in 90 with this flag. Without it, those blocks are still reached
      # through the thread's DTV, so no leak goes unseen that the static TLS scan would not find.
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
        LSAN_OPTIONS=suppressions=$PWD/tests/sanitizers/lsan.supp:print_suppressions=0:intercept_tls_get_addr=0 \
        UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        GTEST_FILTER='-CalibrationTest.*:Select.LeakyBackendIsPassedOverWithTheLeakOnTheCard' \
        ctest --test-dir build-asan -j"$jobs" --output-on-failure
      ;;
    fuzz)
      stage "libFuzzer targets, ${fuzz_seconds} s each"
      cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_COMPILER=clang++ \
        -DCRYPTAUDITOR_FUZZ=ON -DCRYPTAUDITOR_TESTS=OFF "${cache[@]}"
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
    aarch64)
      stage "aarch64 cross build and test suite under qemu-user"
      aarch64_install
      # -O1: this build is for the tests' answers (speed under emulation means nothing), and -O1 compiles
      # faster than Release's -O2.
      launcher=()
      if command -v ccache >/dev/null; then
        launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
      fi
      sysroot=$PWD/build-aarch64/sysroot
      # Under qemu every arm64 instruction is emulated. Three kinds of case push the full suite far past the
      # stage's budget (about 8 minutes of CI), and none of them runs arm64 code that the cases kept do not:
      # the shipped study configs run end to end with real measurement budgets (Configs/ShippedConfig, 436 s
      # here), every Wycheproof vector file through every backend (Wycheproof.EveryBuiltBackend...: the
      # whole verify_test had not ended after 17 minutes) and every pair of backends (Pairs/Agreement,
      # Interop.EveryPairOfBackendsAgrees; backend_conformance_test took 665 s in full). Kept: each backend's
      # self-test on arm64 (known answers, round trip, tamper), the CLI, reports, isolation, journal,
      # verify's other cases. The x86-64 stages run everything; CRYPTAUDITOR_AARCH64_FULL=1 runs everything
      # here too (it passed, Wycheproof excepted: not run to the end).
      filter='*-Configs/ShippedConfig.*:Wycheproof.EveryBuiltBackendPassesEveryVectorItTakes:Pairs/Agreement.*'
      filter+=':Interop.EveryPairOfBackendsAgrees'
      # qemu-user maps the guest's memory itself, so RLIMIT_AS never makes the program's allocations fail:
      # the out-of-memory case ran 335 s and was killed instead of seeing std::bad_alloc.
      filter+=':Isolation.OutOfMemoryInProcessWritesThePartialReport'
      # Under qemu-user the helpers a plugin leaves behind outlived the run (2026-12-02; likely the subreaper or
      # pidfd supervision is not emulated; not investigated): these run natively in the release and ASan stages.
      filter+=':Supervision.*'
      # A timing verdict under emulation: the leak screen read leakytag's early-exit tag check "inconclusive"
      # within select's 0.5 s budget under qemu (2026-12-04), so it was recommended as "acceptable". The x86-64
      # stages run it; the other select cases (agreement and timed-output faults) run here.
      filter+=':Select.LeakyBackendIsPassedOverWithTheLeakOnTheCard'
      [[ ${CRYPTAUDITOR_AARCH64_FULL:-0} == 1 ]] && filter='*'
      cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/aarch64-linux-gnu.cmake" \
        -DCRYPTAUDITOR_AARCH64_SYSROOT="$sysroot" -DCMAKE_BUILD_TYPE=Release -DCRYPTAUDITOR_WERROR=ON \
        -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O1 -DNDEBUG" \
        -DCRYPTAUDITOR_GTEST_FILTER="$filter" "${launcher[@]}"
      cmake --build build-aarch64 -j"$jobs"
      file build-aarch64/cryptauditor
      # The libraries only in the sysroot, for the programs tests start through binfmt_misc (qemu passes
      # the environment on to the arm64 loader; an amd64 program skips arm64 libraries it finds there).
      LD_LIBRARY_PATH=$sysroot/usr/lib/aarch64-linux-gnu build-aarch64/cryptauditor list --backends
      LD_LIBRARY_PATH=$sysroot/usr/lib/aarch64-linux-gnu ctest --test-dir build-aarch64 -j"$jobs" \
        --output-on-failure
      ;;
    trixie)
      stage "Debian 13 (trixie) root: Release build and test suite"
      [[ $(id -u) == 0 ]] || { echo "tests/run_all.sh: the trixie stage needs root (mmdebstrap, mount, chroot)" >&2; exit 1; }
      trixie_make_root
      shared=${CRYPTAUDITOR_TRIXIE_SHARED:-$(dirname "$PWD")/shared}
      export trixie_root shared jobs CRYPTAUDITOR_TRIXIE_CMAKE_ARGS
      unshare --mount --propagation private -- bash -euo pipefail -c "$(declare -f trixie_inside); trixie_inside"
      ;;
    *)
      echo "tests/run_all.sh: unknown stage '$s' (allowed: release, trixie, asan, fuzz, aarch64)" >&2
      exit 2
      ;;
  esac
done
echo; echo "all stages passed: ${stages[*]}"
