#!/usr/bin/env bash
# Configures and builds one build tree. Usage: build.sh DIR [extra cmake args…]
# PREFLIGHT_BUILD_TARGET names one target to build (default: all, tests included).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$1
shift
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
cmake --build "$dir" -j "$(nproc)" ${PREFLIGHT_BUILD_TARGET:+--target "$PREFLIGHT_BUILD_TARGET"}
