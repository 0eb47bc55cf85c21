#!/usr/bin/env bash
# Builds what ships for every node: the fully static preflight for x86-64 (natively)
# and for aarch64 (cross-compiled through cmake/aarch64-linux-gnu.cmake), only the
# `preflight` target of each, then puts each stripped binary and its Python wheel in
# PREFIX/dist (docs/install.md). Extra arguments go to both configures.
# Usage: build-static.sh [--aarch64-only] [PREFIX] [extra cmake args…]
#   PREFIX (default build-static): x86-64 there, aarch64 in PREFIX-aarch64.
#   --aarch64-only builds PREFIX-aarch64 alone (scripts/test.sh, beside its own tree).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
both=1
if [ "${1:-}" = --aarch64-only ]; then both=0; shift; fi
prefix=$root/build-static
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then prefix=$1; shift; fi
export PREFLIGHT_BUILD_TARGET=preflight

# aarch64 compiles as a unity build: nothing of it is in ccache, and its sources share
# their headers' parsing that way (a fraction of the CPU time). Two files' helpers of the
# same name in anonymous namespaces break a unity build: then it is built file by file,
# and the clash is said (mark the file SKIP_UNITY_BUILD_INCLUSION in src/CMakeLists.txt).
aarch64=(-DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" -DPREFLIGHT_STATIC=ON -DPREFLIGHT_BUILD_TESTS=OFF)
if ! "$root/scripts/build.sh" "$prefix-aarch64" "${aarch64[@]}" -DCMAKE_UNITY_BUILD=ON "$@"; then
  echo "build-static.sh: the aarch64 unity build failed (above); building it file by file" >&2
  "$root/scripts/build.sh" "$prefix-aarch64" "${aarch64[@]}" -DCMAKE_UNITY_BUILD=OFF "$@"
fi
[ $both = 1 ] || exit 0
"$root/scripts/build.sh" "$prefix" -DPREFLIGHT_STATIC=ON "$@"

dist=$prefix/dist
mkdir -p "$dist"
version=$("$prefix/preflight" --version | awk 'NR == 1 {print $2}')
strip -o "$dist/preflight-$version-linux-x86_64" "$prefix/preflight"
aarch64-linux-gnu-strip -o "$dist/preflight-$version-linux-aarch64" "$prefix-aarch64/preflight"
for arch in x86_64 aarch64; do
  /usr/bin/python3 "$root/scripts/make_wheel.py" "$dist/preflight-$version-linux-$arch" "$arch" "$version" "$dist"
done
ls -l "$dist"
