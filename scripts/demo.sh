#!/usr/bin/env bash
# The README's first command: install what is missing, build, and check the bundled
# example. The example has findings by design, so preflight's exit 1 is a success here.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$root/build" >/dev/null
cd "$root"
status=0
./build/preflight check share/examples/qwen3_5-27b-megatron-npu.toml || status=$?
[ "$status" -le 1 ] || exit "$status"
