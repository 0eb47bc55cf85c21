#!/usr/bin/env bash
# 1,000 job files checked by one `preflight check DIR` beside 1,000 separate
# `preflight check FILE` invocations, in one hyperfine run; then the single process's
# peak RSS (GNU time, median of 11 runs). The jobs are variants of one small NPU job
# (parallel sizes, an allocator setting, package versions), a quarter of them failing.
# Usage: bench/ci/run.sh PREFLIGHT_BINARY
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "$1")
export PREFLIGHT_RULES_PATH="$root/rules"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 - "$work/jobs" <<'PY'
import os, sys
out = sys.argv[1]
for i in range(1000):
    d = os.path.join(out, f"team{i % 10}")
    os.makedirs(d, exist_ok=True)
    conf = "expandable_segments:true" if i % 4 == 0 else "expandable_segments:True"
    with open(os.path.join(d, f"job{i:04d}.toml"), "w") as f:
        f.write(f"""schema = 1
[job]
framework = "ms-swift"
backend = "megatron"
[hardware]
accelerator = "npu"
devices_per_node = 8
[model]
arch = "qwen3"
[parallel]
tp = {1 << (i % 3)}
pp = {1 + i % 2}
[env]
PYTORCH_NPU_ALLOC_CONF = "{conf}"
[packages]
"ms-swift" = "4.{i % 6}.0"
"megatron-core" = "0.{15 + i % 4}.0"
""")
PY
find "$work/jobs" -name '*.toml' | sort >"$work/list"
cat >"$work/each.sh" <<SH
while read -r f; do "$bin" check "\$f" -q >/dev/null || true; done <"$work/list"
SH

echo "== 1,000 job files: one process vs 1,000 invocations (hyperfine)"
hyperfine -N --warmup 1 --runs 5 -i --export-json "$work/h.json" \
  "$bin check $work/jobs -q" "bash $work/each.sh" >/dev/null
/usr/bin/python3 - "$work/h.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
one, many = r[0]["median"], r[1]["median"]
print(f"one process, 1,000 files (median of {len(r[0]['times'])}): {one*1000:.0f} ms")
print(f"1,000 invocations (median of {len(r[1]['times'])}): {many*1000:.0f} ms")
print(f"ratio: {many/one:.1f}x")
PY
echo "== peak RSS of the one process (GNU time, median of 11 runs)"
for _ in $(seq 11); do
  { /usr/bin/time -f "%M" "$bin" check "$work/jobs" -q 2>&1 >/dev/null || true; } | tail -1
done | sort -n | awk '{a[NR]=$1} END {printf "peak RSS median: %.1f MiB (min %.1f, max %.1f)\n", a[int((NR+1)/2)]/1024, a[1]/1024, a[NR]/1024}'
