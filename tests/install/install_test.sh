#!/usr/bin/env bash
# The install as a user gets it, run from the installed tree (CTest tests install_tree and sdk_example).
#   install_test.sh install BUILD SOURCE WORK LIBDIR
#     installs BUILD into WORK/root/usr (cmake --install --prefix: no rebuild), then runs the installed
#     program with no plugin flag and no $CRYPTAUDITOR_PLUGIN_DIR: it must find its backends in
#     usr/LIBDIR/cryptauditor/backends (LIBDIR is the build's CMAKE_INSTALL_LIBDIR, lib/<multiarch> in CI)
#     and `run default` must find usr/share/cryptauditor/configs/default.json.
#   install_test.sh sdk BUILD SOURCE WORK LIBDIR
#     builds examples/backend against the installed SDK package (find_package(cryptauditor CONFIG)) and
#     the same source through cryptauditor-sdk.pc, and ranks both beside the installed backends.
set -euo pipefail
stage=$1 build=$2 source=$3 work=$4 libdir=$5
prefix=$work/root/usr
program=$prefix/bin/cryptauditor
unset CRYPTAUDITOR_PLUGIN_DIR
fail() { echo "install_test ($stage): $*" >&2; exit 1; }

# Rows of a CSV report with the given column value ("backend" column), counted.
backends_in_csv() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "backend") c = i; next } { print $c }' "$1" | sort -u; }

case $stage in
  install)
    rm -rf "$work/root"
    mkdir -p "$work/cwd"
    cmake --install "$build" --prefix "$prefix" >"$work/install.log"
    plugins=$prefix/$libdir/cryptauditor/backends
    [[ -f $plugins/ca-backend-openssl.so ]] || fail "no ca-backend-openssl.so in $plugins"
    [[ -f $prefix/share/cryptauditor/configs/default.json ]] || fail "configs not installed"
    [[ -f $prefix/share/doc/cryptauditor/LICENSE && -f $prefix/share/doc/cryptauditor/ARCHITECTURE.md ]] ||
      fail "docs or LICENSE not installed"
    [[ $libdir == lib || ! -e $prefix/lib/cryptauditor ]] || fail "something installed to lib/cryptauditor"
    # The man page and the completions the build generated from the catalog and the subcommand table.
    grep -q '^\.TH CRYPTAUDITOR 1' "$prefix/share/man/man1/cryptauditor.1" 2>/dev/null || fail "man page not installed"
    grep -q 'complete -F _cryptauditor cryptauditor' "$prefix/share/bash-completion/completions/cryptauditor" \
      2>/dev/null || fail "bash completion not installed"
    grep -q '^#compdef cryptauditor' "$prefix/share/zsh/vendor-completions/_cryptauditor" 2>/dev/null ||
      fail "zsh completion not installed"
    cd "$work/cwd"
    # Every installed backend is loaded from the installed folder and ranked.
    "$program" -c AES-GCM -r 100 --format csv -o "$work/aes-gcm.csv" --quiet 2>"$work/aes-gcm.err" ||
      { cat "$work/aes-gcm.err" >&2; fail "the installed program did not run AES-GCM"; }
    [[ ! -s $work/aes-gcm.err ]] || { cat "$work/aes-gcm.err" >&2; fail "warnings from the installed program"; }
    installed=$(cd "$plugins" && ls ca-backend-*.so | sed 's/^ca-backend-//; s/\.so$//' | sort)
    ranked=$(backends_in_csv "$work/aes-gcm.csv")
    [[ $installed == "$ranked" ]] || fail "installed backends [$installed] but the report ranks [$ranked]"
    "$program" list --backends >"$work/backends.txt"
    grep -q "$plugins/ca-backend-openssl.so" "$work/backends.txt" ||
      { cat "$work/backends.txt" >&2; fail "list --backends does not show the installed plugin folder"; }
    # A bare config name is looked up in share/cryptauditor/configs.
    "$program" run default -r 5 -b openssl --format json -o "$work/default.json" --quiet ||
      fail "run default failed"
    grep -q "\"EDDSA\"" "$work/default.json" || fail "run default did not run the default study (no EDDSA result)"
    if "$program" run no-such-config 2>"$work/missing.err"; then fail "run no-such-config succeeded"; fi
    grep -q "$prefix/share/cryptauditor/configs" "$work/missing.err" ||
      { cat "$work/missing.err" >&2; fail "the error for an unknown config does not name the configs folder"; }
    ;;
  sdk)
    [[ -x $program ]] || fail "run the install_tree test first"
    example=$work/example-build
    rm -rf "$example" "$work/pc"
    cmake -S "$source/examples/backend" -B "$example" -DCMAKE_PREFIX_PATH="$prefix" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >"$work/example-configure.log" ||
      { cat "$work/example-configure.log" >&2; fail "examples/backend does not configure"; }
    cmake --build "$example" >"$work/example-build.log" ||
      { cat "$work/example-build.log" >&2; fail "examples/backend does not build"; }
    [[ -f $example/backends/ca-backend-example.so ]] || fail "no ca-backend-example.so"
    # The same source through pkg-config, loaded as a second backend under another name.
    mkdir -p "$work/pc"
    export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
    flags=$(pkg-config --cflags cryptauditor-sdk) || fail "pkg-config does not find cryptauditor-sdk"
    # shellcheck disable=SC2086 # word splitting of the flags is intended
    c++ -std=c++20 -O2 -fPIC -shared -fvisibility=hidden $flags "$source/examples/backend/example_backend.cpp" \
      $(pkg-config --libs libcrypto) -o "$work/pc/ca-backend-example.so" || fail "pkg-config build failed"
    cd "$work"
    "$program" --hash SHA2-256 -r 100 --plugin-dir "$example/backends" \
      --plugin "$work/pc/ca-backend-example.so=example-pc" --format csv -o "$work/sha.csv" --quiet \
      2>"$work/sha.err" || { cat "$work/sha.err" >&2; fail "ranking with the example backend failed"; }
    [[ ! -s $work/sha.err ]] || { cat "$work/sha.err" >&2; fail "warnings while loading the example backend"; }
    ranked=$(backends_in_csv "$work/sha.csv")
    for b in example example-pc openssl; do
      grep -qx "$b" <<<"$ranked" || fail "backend $b missing from the ranking [$ranked]"
    done
    ;;
  *) fail "unknown stage" ;;
esac
echo "install_test $stage: ok"
