#!/usr/bin/env bash
# Reproduces every figure in bench/README.md on this machine:
#   1. Google Benchmark of the pieces (bench_pieces);
#   2. hyperfine: `preflight check` on the bundled example against `pip list
#      --format=json` in the same run, medians and their ratio;
#   3. peak RSS (GNU time) of the same check, median of 21 runs.
# Usage: bench/run.sh [BUILD_DIR]   (default: build-bench, a Release build)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-bench}
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" "$build" -DCMAKE_BUILD_TYPE=Release -DPREFLIGHT_BUILD_BENCH=ON -DPREFLIGHT_BUILD_TESTS=OFF | tail -n 3
cd "$root"
export PREFLIGHT_RULES_PATH="$root/rules"
example=share/examples/qwen3_5-27b-megatron-npu.toml

echo "== pieces (Google Benchmark)"
"$build/bench/bench_pieces" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true 2>/dev/null |
  grep -E "_median|^Benchmark|^-" || true

# The peer: the Python tool a user would otherwise run to see what is installed.
pip_cmd="pip list --format=json"
command -v pip >/dev/null || pip_cmd="python3 -m pip list --format=json"

echo
echo "== whole commands (hyperfine; preflight check exits 1 on the example by design)"
hyperfine -N --warmup 5 --runs 50 -i --export-json "$build/hyperfine.json" \
  "$build/preflight check $example" "$pip_cmd" >/dev/null
python3 - "$build/hyperfine.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
check, pip = r[0]["median"], r[1]["median"]
print(f"preflight check (median of {len(r[0]['times'])}): {check*1000:.2f} ms")
print(f"{r[1]['command']} (median of {len(r[1]['times'])}): {pip*1000:.1f} ms")
print(f"ratio: pip list / preflight check = {pip/check:.0f}x")
PY

echo
echo "== peak RSS of preflight check (GNU time, median of 21 runs)"
for _ in $(seq 21); do
  { /usr/bin/time -f "%M" "$build/preflight" check "$example" 2>&1 >/dev/null || true; } | tail -1
done | sort -n | awk '{a[NR]=$1} END {printf "peak RSS median: %.1f MiB (min %.1f, max %.1f)\n", a[int((NR+1)/2)]/1024, a[1]/1024, a[NR]/1024}'
