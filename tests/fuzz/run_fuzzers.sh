#!/usr/bin/env bash
# Runs every libFuzzer target of a PREFLIGHT_FUZZ=ON build for a fixed number of
# runs (at most 30 s each), from its seed corpus, as many at once as there are cores
# (PREFLIGHT_FUZZ_JOBS). Everything a fuzzer writes stays under the build tree
# (BUILD_DIR/fuzz-out/<target>/: new inputs in corpus/, crash-*, leak-*, timeout-*
# and oom-* files beside it), never in the working tree: a crash fails the run and
# names its file; copy it into tests/fuzz/corpus/<target>/ by hand so every build
# replays it from then on.
# The seed is fixed (PREFLIGHT_FUZZ_SEED, default 1) so a commit passes or fails the same
# way on every CI run; set PREFLIGHT_FUZZ_SEED=0 for a fresh random seed when exploring.
# Usage: run_fuzzers.sh BUILD_DIR [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
runs=${2:-3000}
seed=${PREFLIGHT_FUZZ_SEED:-1}
out=$build/fuzz-out
rm -rf "$out"
mkdir -p "$out"
# One target per core at a time (each is one process); reports come in target order.
jobs=${PREFLIGHT_FUZZ_JOBS:-$(nproc)}
fuzz_one() {
  local corpus=$1 name start dir
  name=$(basename "$corpus")
  dir=$out/$name
  mkdir -p "$dir/corpus"
  start=$(date +%s)
  # The fuzzer runs in its own output folder: libFuzzer writes a crash to
  # -artifact_prefix, which is relative to the working directory (and is the working
  # directory itself when a flag does not reach it), so the working directory must
  # never be the source tree. Flags first, then the folders: new inputs go to the
  # first one, the seeds are only read.
  if (cd "$dir" && "$build/tests/fuzz/fuzz_$name" -runs="$runs" -seed="$seed" -max_len=4096 -max_total_time=30 \
        -timeout=20 -rss_limit_mb=2048 -print_final_stats=0 -artifact_prefix="$dir/" "$dir/corpus" "$corpus") \
       >"$dir/log" 2>&1; then
    done_line=$(grep -o 'Done [0-9]* runs' "$dir/log" | tail -1) || true
    echo "fuzz $name: ${done_line:-done} (of $runs), $(( $(date +%s) - start )) s" >"$dir/report"
    return 0
  fi
  {
    echo "FAIL fuzz $name: see below"
    tail -40 "$dir/log"
    for crash in "$dir"/*; do
      [ -f "$crash" ] || continue
      case $(basename "$crash") in log | report) continue ;; esac
      echo "input kept as $crash: fix the bug, then copy it to tests/fuzz/corpus/$name/regression-<what>"
    done
  } >"$dir/report"
  return 1
}
pids=()
for corpus in "$root"/tests/fuzz/corpus/*/; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  fuzz_one "${corpus%/}" &
  pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
for corpus in "$root"/tests/fuzz/corpus/*/; do cat "$out/$(basename "$corpus")/report" >&2; done
exit $status
