#!/usr/bin/env bash
# For every bundled example and pack test job: `fix` writes the job elsewhere,
# checking that output finds nothing fixable, and fixing it again is byte-identical.
# The jobs run on every core. Under the sanitizers (about ten times slower per run) the
# build passes STRIDE 4: every example and every fourth pack job, which still reaches each
# pack's fixes; the plain build checks them all.
# Usage: fix_idempotent.sh PREFLIGHT SOURCE_DIR [STRIDE]
set -u
bin=$1 src=$2 stride=${3:-1}
export PREFLIGHT_RULES_PATH="$src/rules" bin src
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work

one() {
  local job=$1 name out fixable
  name=${job#"$src"/}
  out="$work/$(echo "$name" | tr / _)"
  if ! "$bin" fix "$job" -o "$out" -q 2>"$out.err"; then
    echo "FAIL $name: fix failed: $(cat "$out.err")"; return
  fi
  # check's JSON is indented one key per line: count the fixable findings without a parser.
  fixable=$("$bin" check "$out" --format json | grep -c '"fixable": true')
  "$bin" fix "$out" -o "$out.again" -q 2>/dev/null
  if [ "$fixable" != 0 ]; then
    echo "FAIL $name: the fixed job still has $fixable fixable finding(s)"
  elif ! cmp -s "$out" "$out.again"; then
    echo "FAIL $name: fix is not idempotent"; diff "$out" "$out.again" | head
  else
    echo "PASS $name"
  fi
}
export -f one

{
  printf '%s\0' "$src"/share/examples/*.toml
  printf '%s\n' "$src"/rules/*/tests/*/job.toml | awk -v s="$stride" '(NR - 1) % s == 0' | tr '\n' '\0'
} |
  xargs -0 -n 1 -P "$(nproc)" bash -c 'one "$1"' _ | sort >"$work/results"
grep -v '^PASS' "$work/results"
passed=$(grep -c '^PASS' "$work/results")
failed=$(grep -c '^FAIL' "$work/results")
echo "fix idempotence: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
