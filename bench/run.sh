#!/usr/bin/env bash
# Reproduces every figure in bench/README.md on this machine:
#   1. Google Benchmark of the pieces (bench_pieces);
#   2. hyperfine: `preflight check` on the bundled example against `pip list
#      --format=json` in the same run, medians and their ratio;
#   3. peak RSS (GNU time) of the same check, median of 21 runs;
#   4. hyperfine: `preflight probe` of a generated site-packages with 5,000
#      distributions against `pip list --path` and importlib.metadata on it;
#   5. hyperfine: `preflight scan` of a 1 GiB tar of shared libraries against
#      `tar -xOf ARCHIVE | sha256sum`;
#   6. hyperfine: `preflight check` of generated jobs with 12,500 and 50,000 [env]
#      keys, beside a binary from before a change (PREFLIGHT_BEFORE=path) in the
#      same run when one is given;
#   7. hyperfine: `preflight check` of a 60-flag launch script beside `check` of the
#      job file `preflight import` writes from it;
#   8. bench/ci/run.sh: 1,000 job files in one `check DIR` beside 1,000 invocations,
#      and the one process's peak RSS.
# Usage: [PREFLIGHT_BEFORE=OLD_BINARY] bench/run.sh [BUILD_DIR]   (default: build-bench, a Release build)
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

echo
echo "== loading large jobs (hyperfine; a one-rule pack, so the job's loading dominates)"
jobs=$(mktemp -d)
trap 'rm -rf "$site" "$big" "$jobs"' EXIT
mkdir -p "$jobs/pack/tiny"
cat >"$jobs/pack/tiny/pack.toml" <<'EOF'
[pack]
name = "tiny"
version = "1.0"
engine = ">=0.1"
summary = "One rule, so that a check times the job's loading"

[[rules]]
id = "tiny-tp"
severity = "info"
summary = "tp is large"
when = "parallel.tp > 64"
message = "tp is {parallel.tp}"
references = ["https://example.org/tiny"]
explain = "A rule for the benchmark."
EOF
for keys in 12500 50000; do
  /usr/bin/python3 - "$jobs/job$keys.toml" "$keys" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write('schema = 1\n[job]\nname = "many keys"\n[env]\n')
    for i in range(int(sys.argv[2])):
        f.write(f'VAR_{i:06d} = "value-{i:06d}"\n')
PY
  commands=("$build/preflight check $jobs/job$keys.toml --rules $jobs/pack --no-default-rules -q")
  [ -n "${PREFLIGHT_BEFORE:-}" ] && commands+=("$PREFLIGHT_BEFORE check $jobs/job$keys.toml --rules $jobs/pack --no-default-rules -q")
  hyperfine -N -i --warmup 1 --runs "$([ "$keys" -gt 20000 ] && echo 3 || echo 5)" --export-json "$build/hyperfine-job$keys.json" \
    "${commands[@]}" >/dev/null
  python3 - "$build/hyperfine-job$keys.json" "$keys" "$(stat -c %s "$jobs/job$keys.toml")" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
line = f"{sys.argv[2]} keys ({int(sys.argv[3]) / 1e6:.2f} MB): this build {r[0]['median']*1000:.0f} ms (median of {len(r[0]['times'])})"
if len(r) > 1:
    line += f"; before {r[1]['median']*1000:.0f} ms (median of {len(r[1]['times'])}), {r[1]['median']/r[0]['median']:.0f}x"
print(line)
PY
done

echo
echo "== check of a 60-flag launch script beside check of the job file import writes from it (hyperfine, one run)"
script=bench/launch/train-60-flags.sh
"$build/preflight" import "$script" -o "$jobs/train-60-flags.toml" -q
hyperfine -N -i --warmup 5 --runs 40 --export-json "$build/hyperfine-launch.json" \
  "$build/preflight check $script" "$build/preflight check $jobs/train-60-flags.toml" >/dev/null
python3 - "$build/hyperfine-launch.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
script, job = r[0]["median"], r[1]["median"]
print(f"check train-60-flags.sh: {script*1000:.2f} ms; check of its imported job: {job*1000:.2f} ms (medians of {len(r[0]['times'])}); ratio {script/job:.2f}x (goal: at most 1.3x)")
PY

echo
"$root/bench/ci/run.sh" "$build/preflight"
