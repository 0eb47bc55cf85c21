#!/usr/bin/env bash
# For every bundled example and pack test job: `fix` writes the job elsewhere,
# checking that output finds nothing fixable, and fixing it again is byte-identical.
# Usage: fix_idempotent.sh PREFLIGHT SOURCE_DIR
set -u
bin=$1 src=$2
export PREFLIGHT_RULES_PATH="$src/rules"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0
for job in "$src"/share/examples/*.toml "$src"/rules/*/tests/*/job.toml; do
  name=${job#"$src"/}
  out="$work/$(echo "$name" | tr / _)"
  if ! "$bin" fix "$job" -o "$out" -q 2>"$work/err"; then
    echo "FAIL $name: fix failed: $(cat "$work/err")"; failed=$((failed + 1)); continue
  fi
  fixable=$("$bin" check "$out" --format json | /usr/bin/python3 -c \
    'import json,sys; print(sum(1 for f in json.load(sys.stdin)["findings"] if f["fixable"]))')
  "$bin" fix "$out" -o "$out.again" -q 2>/dev/null
  if [ "$fixable" != 0 ]; then
    echo "FAIL $name: the fixed job still has $fixable fixable finding(s)"; failed=$((failed + 1))
  elif ! cmp -s "$out" "$out.again"; then
    echo "FAIL $name: fix is not idempotent"; diff "$out" "$out.again" | head; failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done
echo "fix idempotence: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
