#!/usr/bin/env bash
# Runs every libFuzzer target of a PREFLIGHT_FUZZ=ON build for a fixed number of
# runs (at most 30 s each), from its seed corpus. A crash leaves its input in the work folder and fails;
# copy it into tests/fuzz/corpus/<target>/ so every build replays it from then on.
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
status=0
for corpus in "$root"/tests/fuzz/corpus/*/; do
  name=$(basename "$corpus")
  mkdir -p "$work/$name"
  start=$(date +%s)
  # New inputs go to the work folder; the seeds are only read.
  if "$build/tests/fuzz/fuzz_$name" -runs="$runs" -seed="$seed" -max_len=4096 -max_total_time=30 -timeout=20 -rss_limit_mb=2048 \
       -print_final_stats=0 -artifact_prefix="$work/$name-" "$work/$name" "$corpus" >"$work/$name.log" 2>&1; then
    done_line=$(grep -o 'Done [0-9]* runs' "$work/$name.log" | tail -1)
    echo "fuzz $name: ${done_line:-done} (of $runs), $(( $(date +%s) - start )) s" >&2
  else
    echo "FAIL fuzz $name: see below; the input is kept as $(ls "$work/$name"-* 2>/dev/null | head -1)" >&2
    tail -40 "$work/$name.log" >&2
    for crash in "$work/$name"-*; do
      [ -f "$crash" ] && cp "$crash" "$root/tests/fuzz/corpus/$name/regression-$(sha1sum "$crash" | cut -c1-12)" &&
        echo "copied to tests/fuzz/corpus/$name/ as a regression case" >&2
    done
    status=1
  fi
done
exit $status
