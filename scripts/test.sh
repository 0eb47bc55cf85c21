#!/usr/bin/env bash
# The README's second command, and all that .ci/run does: install what is missing,
# build, run every test; then build again under AddressSanitizer and
# UndefinedBehaviorSanitizer and run every test there too; then build the libFuzzer
# targets with clang and run each for a fixed number of runs (tests/fuzz/README.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)
"$root/scripts/install-deps.sh"

echo "== build and test" >&2
"$root/scripts/build.sh" "$root/build"
ctest --test-dir "$root/build" -j "$jobs" --output-on-failure

echo "== build and test under ASan + UBSan" >&2
"$root/scripts/build.sh" "$root/build-sanitize" -DPREFLIGHT_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir "$root/build-sanitize" -j "$jobs" --output-on-failure

echo "== fuzz every parser (clang, libFuzzer, ASan + UBSan; fixed number of runs)" >&2
CC=clang CXX=clang++ cmake -S "$root" -B "$root/build-fuzz" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPREFLIGHT_FUZZ=ON >/dev/null
cmake --build "$root/build-fuzz" -j "$jobs" --target fuzz_all
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$root/tests/fuzz/run_fuzzers.sh" "$root/build-fuzz" 3000
