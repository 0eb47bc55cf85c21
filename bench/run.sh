#!/usr/bin/env bash
# Reproduces every figure in bench/README.md on this machine:
#   1. Google Benchmark of the pieces (bench_pieces);
#   2. hyperfine: `preflight check` on the bundled example against `pip list
#      --format=json` in the same run, medians and their ratio;
#   3. peak RSS (GNU time) of the same check, median of 21 runs;
#   4. hyperfine: `preflight probe` of a generated site-packages with 5,000
#      distributions against `pip list --path` and importlib.metadata on it;
#   5. hyperfine: `preflight scan` of a 1 GiB tar of shared libraries against
#      `tar -xOf ARCHIVE | sha256sum`.
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

echo
echo "== probe of 5,000 distributions (hyperfine; the same generated directory for all three)"
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
/usr/bin/python3 - "$site" <<'PY'
import os, sys
site = sys.argv[1]
for i in range(5000):
    d = os.path.join(site, f"pkg_{i:04d}-1.{i % 97}.{i % 13}.dist-info")
    os.makedirs(d)
    with open(os.path.join(d, "METADATA"), "w") as f:
        f.write(f"Metadata-Version: 2.1\nName: pkg-{i:04d}\nVersion: 1.{i % 97}.{i % 13}\nSummary: generated\n\nbody\n")
PY
py=/usr/bin/python3
hyperfine -N --warmup 3 --runs 15 --export-json "$build/hyperfine-probe.json" \
  "$build/preflight probe --format json --site-packages $site" \
  "$py -m pip list --format=json --path $site" \
  "$py -c \"import importlib.metadata as m; [d.version for d in m.distributions(path=['$site'])]\"" >/dev/null
python3 - "$build/hyperfine-probe.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
probe, pip, meta = (x["median"] for x in r)
print(f"preflight probe (median of {len(r[0]['times'])}): {probe*1000:.1f} ms")
print(f"pip list --path (median of {len(r[1]['times'])}): {pip*1000:.1f} ms  ({pip/probe:.0f}x the probe)")
print(f"importlib.metadata (median of {len(r[2]['times'])}): {meta*1000:.1f} ms  ({meta/probe:.1f}x the probe)")
PY

echo
echo "== scan of a 1 GiB archive (hyperfine; the same uncompressed tar for both)"
big=$(mktemp -d)
trap 'rm -rf "$site" "$big"' EXIT
mkdir -p "$big/pkg/lib"
for i in 1 2 3 4; do head -c $((256 << 20)) /dev/urandom > "$big/pkg/lib/libpart$i.so"; done
tar -C "$big" -cf "$big/pkg.tar" pkg
hyperfine -N --warmup 1 --runs 5 --export-json "$build/hyperfine-scan.json" \
  "$build/preflight scan $big/pkg.tar" \
  "bash -c 'tar -xOf $big/pkg.tar | sha256sum'" >/dev/null
python3 - "$build/hyperfine-scan.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
scan, peer = r[0]["median"], r[1]["median"]
print(f"preflight scan (median of {len(r[0]['times'])}): {scan*1000:.0f} ms")
print(f"tar -xOf | sha256sum (median of {len(r[1]['times'])}): {peer*1000:.0f} ms")
print(f"ratio: scan / (tar | sha256sum) = {scan/peer:.2f}")
PY
