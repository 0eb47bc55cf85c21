#!/usr/bin/env bash
# The README's second command, and all that .ci/run does: install what is missing,
# build the static binary (what ships) with gcc and the aarch64 one beside it
# (cross-compiled), run every test against them (the aarch64 binary's under qemu); then build
# again, dynamically linked, with clang under AddressSanitizer and
# UndefinedBehaviorSanitizer, run every test there too, and run each libFuzzer target
# for a fixed number of runs (tests/fuzz/README.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/install-deps.sh"

echo "== lint: clang-format on the changed lines, clang-tidy on the changed files" >&2
"$root/scripts/lint.sh"

# CI builds from nothing (no compiler cache), so both trees compile as unity builds:
# each batch of sources parses the shared headers (toml11, CLI11, fmt, gtest) once,
# about half the CPU time of building file by file (CONTRIBUTING.md, "CI time"). Two
# files' helpers of one name in anonymous namespaces break a unity build: then the
# tree is built file by file, and the clash is said above (rename one, or mark the
# file SKIP_UNITY_BUILD_INCLUSION in src/CMakeLists.txt).
build_tree() {
  if ! "$root/scripts/build.sh" "$@" -DCMAKE_UNITY_BUILD=ON; then
    echo "test.sh: the unity build of $1 failed (above); building it file by file" >&2
    "$root/scripts/build.sh" "$@" -DCMAKE_UNITY_BUILD=OFF
  fi
}

# ship.old_userland's bullseye root is two minutes of downloading and unpacking, mostly
# waiting on the mirror: made in the background now, it overlaps the build, and the test
# waits for it (tests/ship/bullseye_root.sh; a root that cannot be made is the test's
# skip, with the reason, as before).
bash "$root/tests/ship/bullseye_root.sh" "$root/build/bullseye-root" >/dev/null 2>&1 &

echo "== build (the static binary with embedded packs, docs/install.md) and test" >&2
# RelWithDebInfo's code without its debug info: what ships, compiled a quarter faster
# (CI compiles everything twice on 2 cores; CONTRIBUTING.md, "Build time").
nodebug="-O2 -DNDEBUG"
build_tree "$root/build" -DPREFLIGHT_STATIC=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$nodebug" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$nodebug"

echo "== build the aarch64 static binary (cross-compiled; ship.aarch64_binary runs it under qemu)" >&2
# In build-aarch64, beside the static tree, where ship.aarch64_binary looks for it; the
# `preflight` target only, as a unity build (scripts/build-static.sh).
"$root/scripts/build-static.sh" --aarch64-only "$root/build" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$nodebug" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$nodebug"
ctest --test-dir "$root/build" -j "$jobs" --output-on-failure

echo "== build with clang under ASan + UBSan (and libFuzzer coverage); run every test, then fuzz every parser" >&2
# One sanitized tree serves both: PREFLIGHT_FUZZ instruments everything with ASan + UBSan
# and adds the fuzz_NAME binaries, so CI compiles the code twice, not three times.
# Line tables are all a sanitizer report needs to name file and line, and cheaper than -g.
# -O1, as the ASan documentation advises: at -O0 every toml11, fmt and standard-library
# abstraction stays a checked call, and the tests spend most of CI in that tree
# (CONTRIBUTING.md, "CI time"); CMakeLists.txt keeps the frame pointers reports walk.
sanitize_flags="-O1 -gline-tables-only"
CC=clang CXX=clang++ build_tree "$root/build-sanitize" -DCMAKE_BUILD_TYPE=Debug -DPREFLIGHT_FUZZ=ON \
  -DCMAKE_CXX_FLAGS_DEBUG="$sanitize_flags" -DCMAKE_C_FLAGS_DEBUG="$sanitize_flags"
# Tests labelled plain_only (daemons, out-of-tree builds) exercise nothing the
# sanitizers add to what the other tests already run under them.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$root/build-sanitize" -j "$jobs" --output-on-failure -LE plain_only
cmake --build "$root/build-sanitize" -j "$jobs" --target fuzz_all
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$root/tests/fuzz/run_fuzzers.sh" "$root/build-sanitize" 3000
