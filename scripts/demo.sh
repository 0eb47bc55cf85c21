#!/usr/bin/env bash
# The README's first command: install what is missing, build the preflight binary only
# (not the tests), and check the bundled example. The example has findings by design:
# preflight prints `verdict: fail` and exits 1, which this script counts as success.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
echo "== building build/preflight (the test suite is built by scripts/test.sh)" >&2
PREFLIGHT_BUILD_TARGET=preflight "$root/scripts/build.sh" "$root/build"
cd "$root"
status=0
./build/preflight check share/examples/qwen3_5-27b-megatron-npu.toml || status=$?
[ "$status" -le 1 ] || exit "$status"
