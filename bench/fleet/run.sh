#!/usr/bin/env bash
# `preflight fleet` over 10,000 generated bundles (200 packages each, 1% of nodes
# drifting), beside `preflight probe -o` of one such node, on this machine:
#   1. fleet DIR --expect n[00000-09999]: wall time and peak RSS (GNU time), median of 3;
#   2. the same with --job (every node checked against a job), median of 3;
#   3. probe -o of one node's 200-package site directory: wall time, median of 21.
# Not part of ctest. Usage: bench/fleet/run.sh [PREFLIGHT_BINARY]  (default: a Release
# build in build-bench/, built when missing)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=${1:-$root/build-bench/preflight}
if [ ! -x "$bin" ]; then
  "$root/scripts/build.sh" "$root/build-bench" -DCMAKE_BUILD_TYPE=Release -DPREFLIGHT_BUILD_TESTS=OFF | tail -n 3
fi
export PREFLIGHT_RULES_PATH="$root/rules"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 "$root/bench/fleet/generate.py" "$bin" "$work/bundles" 10000 200
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

# median FILE: the middle line of a file of numbers.
median() { sort -n "$1" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

measure() {  # measure NAME RUNS COMMAND…: median wall and CPU seconds and peak RSS (MiB)
  local name=$1 runs=$2 status
  shift 2
  : >"$work/wall" && : >"$work/cpu" && : >"$work/rss"
  for _ in $(seq "$runs"); do
    # 0 and 1 are verdicts (pass, fail); anything else is a crash or an input error, and
    # its time is no figure.
    status=0
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$work/out" 2>&1 || status=$?
    if [ "$status" -gt 1 ]; then
      echo "$name: exit $status from: $*" >&2
      tail -n 20 "$work/out" >&2
      exit 1
    fi
    # GNU time writes "Command exited with non-zero status 1" first on a failing verdict.
    read -r wall user sys rss < <(tail -n 1 "$work/time")
    echo "$wall" >>"$work/wall"
    awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f\n", u + s}' >>"$work/cpu"
    echo "$rss" >>"$work/rss"
  done
  printf '%-40s median %6s s wall, %6s s CPU, peak RSS %s MiB (%s runs)\n' "$name" "$(median "$work/wall")" \
    "$(median "$work/cpu")" "$(awk -v k="$(median "$work/rss")" 'BEGIN {printf "%.1f", k / 1024}')" "$runs"
}

measure "fleet, 10,000 bundles" 3 "$bin" fleet "$work/bundles" --expect 'n[00000-09999]'
measure "fleet --job, 10,000 bundles" 3 "$bin" fleet "$work/bundles" --expect 'n[00000-09999]' --job "$root/tests/golden/fleet/job.toml"

# One node's probe, of the same 200 distributions the bundles hold.
mkdir -p "$work/site"
for i in $(seq 0 199); do
  d=$(printf '%s/site/pkg%03d-1.%d.0.dist-info' "$work" "$i" "$i")
  mkdir -p "$d"
  printf 'Metadata-Version: 2.1\nName: pkg%03d\nVersion: 1.%d.0\n' "$i" "$i" >"$d/METADATA"
done
measure "probe -o, one node (200 packages)" 21 "$bin" probe --site-packages "$work/site" --python /nonexistent --force -o "$work/one.tar.gz"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
