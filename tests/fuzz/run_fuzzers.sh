#!/usr/bin/env bash
# Runs every libFuzzer target of a PREFLIGHT_FUZZ=ON build for a fixed number of
# runs (at most 30 s each), from its seed corpus, as many at once as there are cores
# (PREFLIGHT_FUZZ_JOBS). A crash leaves its input in the work folder and fails; copy it
# into tests/fuzz/corpus/<target>/ so every build replays it from then on.
# The seed is fixed (PREFLIGHT_FUZZ_SEED, default 1) so a commit passes or fails the same
# way on every CI run; set PREFLIGHT_FUZZ_SEED=0 for a fresh random seed when exploring.
# Usage: run_fuzzers.sh BUILD_DIR [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$1
runs=${2:-3000}
seed=${PREFLIGHT_FUZZ_SEED:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One target per core at a time (each is one process); reports come in target order.
jobs=${PREFLIGHT_FUZZ_JOBS:-$(nproc)}
fuzz_one() {
  local corpus=$1 name start
  name=$(basename "$corpus")
  mkdir -p "$work/$name"
  start=$(date +%s)
  # New inputs go to the work folder; the seeds are only read.
  if "$build/tests/fuzz/fuzz_$name" -runs="$runs" -seed="$seed" -max_len=4096 -max_total_time=30 -timeout=20 -rss_limit_mb=2048 \
       -print_final_stats=0 -artifact_prefix="$work/$name-" "$work/$name" "$corpus" >"$work/$name.log" 2>&1; then
    done_line=$(grep -o 'Done [0-9]* runs' "$work/$name.log" | tail -1) || true
    echo "fuzz $name: ${done_line:-done} (of $runs), $(( $(date +%s) - start )) s" >"$work/$name.report"
    return 0
  fi
  {
    echo "FAIL fuzz $name: see below; the input is kept as $(ls "$work/$name"-* 2>/dev/null | head -1)"
    tail -40 "$work/$name.log"
    for crash in "$work/$name"-*; do
      [ -f "$crash" ] && cp "$crash" "$root/tests/fuzz/corpus/$name/regression-$(sha1sum "$crash" | cut -c1-12)" &&
        echo "copied to tests/fuzz/corpus/$name/ as a regression case"
    done
  } >"$work/$name.report"
  return 1
}
pids=()
for corpus in "$root"/tests/fuzz/corpus/*/; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "$corpus" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for corpus in "$root"/tests/fuzz/corpus/*/; do cat "$work/$(basename "$corpus").report" >&2; done
exit $status
