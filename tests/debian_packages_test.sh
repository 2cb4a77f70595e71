#!/usr/bin/env bash
# tools/debian-packages and the README's two commands on a faked /etc/os-release (CRYPTAUDITOR_OS_RELEASE):
# on a release other than Debian 12 or 13 each command stops at once, with exit 2 and one line naming the
# supported releases, before apt-get, cmake or the test script runs (stubs on PATH record any call); on
# Debian 12 and 13 the lists hold what each release needs, and the running list no test tool.
# Usage: debian_packages_test.sh SOURCE_DIR
set -uo pipefail
src=$1
tool=$src/tools/debian-packages
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # check DESCRIPTION CONDITION...
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what" >&2; fail=1; fi
}
release() { printf 'PRETTY_NAME="Debian GNU/Linux"\nVERSION_CODENAME=%s\nID=debian\n' "$1" >"$work/os-$1"; echo "$work/os-$1"; }

# Stubs: a command the README line reaches after the package list writes its name into $work/called (bash
# only for tests/run_all.sh: tools/debian-packages itself runs in bash).
mkdir -p "$work/bin"
for c in apt-get cmake; do
  printf '#!/bin/sh\necho %s >>"%s/called"\nexit 0\n' "$c" "$work" >"$work/bin/$c"
  chmod +x "$work/bin/$c"
done
printf '#!/bin/sh\n[ "$1" = tests/run_all.sh ] || exec /bin/bash "$@"\necho bash >>"%s/called"\nexit 0\n' "$work" \
  >"$work/bin/bash"
chmod +x "$work/bin/bash"

for codename in bullseye noble; do
  os=$(release $codename)
  out=$(CRYPTAUDITOR_OS_RELEASE=$os "$tool" run 2>"$work/err"); status=$?
  check "$codename: exit 2" test "$status" -eq 2
  check "$codename: nothing on stdout" test -z "$out"
  check "$codename: one line on stderr" test "$(wc -l <"$work/err")" -eq 1
  check "$codename: the line names it and the supported releases" \
    grep -q "'$codename'.*not supported.*bookworm (Debian 12), trixie (Debian 13)" "$work/err"
  # Each README command exactly as written (the first code block's two lines), run from the source folder.
  for line in 1 2; do
    cmd=$(awk '/^```/{n++; next} n==1' "$src/README.md" | sed -n ${line}p)
    rm -f "$work/called"
    (cd "$src" && CRYPTAUDITOR_OS_RELEASE=$os PATH="$work/bin:$PATH" /bin/bash -c "$cmd") 2>"$work/err"
    status=$?
    check "$codename: README command $line exits 2" test "$status" -eq 2
    check "$codename: README command $line runs nothing after the refusal" test ! -e "$work/called"
    check "$codename: README command $line prints the refusal" grep -q "not supported" "$work/err"
  done
done
os=$(printf 'ID=debian\n' >"$work/os-none"; echo "$work/os-none")
CRYPTAUDITOR_OS_RELEASE=$os "$tool" run >/dev/null 2>&1
check "no VERSION_CODENAME: exit 2" test $? -eq 2
CRYPTAUDITOR_OS_RELEASE=$work/absent "$tool" run >/dev/null 2>&1
check "no os-release file: exit 2" test $? -eq 2
"$tool" >/dev/null 2>&1
check "no argument: exit 2" test $? -eq 2

has() { [[ " $1 " == *" $2 "* ]]; }
lacks() { ! has "$1" "$2"; }
for codename in bookworm trixie; do
  os=$(release $codename)
  run=$(CRYPTAUDITOR_OS_RELEASE=$os "$tool" run)
  all=$(CRYPTAUDITOR_OS_RELEASE=$os "$tool" test)
  for p in g++ cmake pkg-config nlohmann-json3-dev libcxxopts-dev libssl-dev libmbedtls-dev libbotan-2-dev; do
    check "$codename run: $p" has "$run" "$p"
  done
  for p in libgtest-dev chromium clang valgrind python3-scipy; do
    check "$codename run: no $p" lacks "$run" "$p"
    check "$codename test: $p" has "$all" "$p"
  done
  for p in $run; do check "$codename test: $p from the running list" has "$all" "$p"; done
done
bookworm=$(CRYPTAUDITOR_OS_RELEASE=$(release bookworm) "$tool" test)
trixie=$(CRYPTAUDITOR_OS_RELEASE=$(release trixie) "$tool" test)
check "bookworm: libclang-rt-14-dev" has "$bookworm" libclang-rt-14-dev
check "bookworm: no libbotan-3-dev" lacks "$bookworm" libbotan-3-dev
check "trixie: libclang-rt-19-dev, not 14" eval 'has "$trixie" libclang-rt-19-dev && lacks "$trixie" libclang-rt-14-dev'
check "trixie run: libbotan-3-dev" has "$(CRYPTAUDITOR_OS_RELEASE=$(release trixie) "$tool" run)" libbotan-3-dev
exit $fail
