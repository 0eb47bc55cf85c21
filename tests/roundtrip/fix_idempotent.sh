#!/usr/bin/env bash
# For every bundled example and pack test job: `fix` writes the job elsewhere,
# checking that output finds nothing fixable, and fixing it again is byte-identical.
# One many-file `check` of every pack job first says which have fixable findings: each of
# those is fixed (every one, in both builds); of the others, whose fix must leave the job
# as it is, every STRIDE-th is (the plain build passes 1, the sanitizers 8: each run costs
# about ten times as much there). A fix that changed nothing is not fixed again: its
# input was the same file, so fixing it again is the same run. The jobs run on every core.
# Usage: fix_idempotent.sh PREFLIGHT SOURCE_DIR [STRIDE]
set -u
bin=$1 src=$2 stride=${3:-1}
export PREFLIGHT_RULES_PATH="$src/rules" bin src
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export work

# Fixes the job twice; the fixable findings of the first fix's output are counted below,
# in one `check` of every output (a many-file run reports each file as that file checked
# alone, ci.formats asserts it; one run loads the packs once, not once per job).
one() {
  local job=$1 name out
  name=${job#"$src"/}
  out="$work/$(echo "$name" | tr / _)"
  if ! "$bin" fix "$job" -o "$out" -q 2>"$out.err"; then
    echo "FAIL $name: fix failed: $(cat "$out.err")"; return
  fi
  if cmp -s "$job" "$out"; then
    echo "FIXED $name $out"; return  # unchanged: fixing it again is this same run
  fi
  "$bin" fix "$out" -o "$out.again" -q 2>/dev/null
  if ! cmp -s "$out" "$out.again"; then
    echo "FAIL $name: fix is not idempotent"; diff "$out" "$out.again" | head
  else
    echo "FIXED $name $out"
  fi
}
export -f one

printf '%s\0' "$src"/rules/*/tests/*/job.toml | xargs -0 "$bin" check --format json >"$work/before.json" 2>/dev/null
/usr/bin/python3 - "$work/before.json" "$stride" "$src"/rules/*/tests/*/job.toml >"$work/jobs" <<'PY'
import json, sys
report, stride, jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
try:
    files = {f["config"]: f for f in json.load(open(report))["files"]}
except (ValueError, KeyError) as e:
    sys.exit(f"FAIL the check of the pack jobs printed no many-file JSON report: {e}")
quiet = 0
for job in jobs:
    if any(f.get("fixable") for f in files.get(job, {}).get("findings", [])):
        print(job)
    else:
        if quiet % stride == 0:
            print(job)
        quiet += 1
PY
{
  printf '%s\0' "$src"/share/examples/*.toml
  tr '\n' '\0' <"$work/jobs"
} |
  xargs -0 -n 1 -P "$(nproc)" bash -c 'one "$1"' _ | sort >"$work/results"
# Every fixed job's output through one check: any fixable finding left is a FAIL.
awk '$1 == "FIXED" {print $3}' "$work/results" | tr '\n' '\0' | xargs -0 -r "$bin" check --format json >"$work/check.json" 2>/dev/null
/usr/bin/python3 - "$work/results" "$work/check.json" >"$work/judged" <<'PY'
import json, sys
results, report = sys.argv[1], sys.argv[2]
fixed = [line.split() for line in open(results) if line.startswith("FIXED ")]
try:
    files = {f["config"]: f for f in json.load(open(report))["files"]} if fixed else {}
except (ValueError, KeyError) as e:
    sys.exit(f"FAIL the check of the fixed jobs printed no many-file JSON report: {e}")
for _, name, out in fixed:
    if out not in files:
        print(f"FAIL {name}: the check of the fixed jobs has no report of {out}")
        continue
    # A file check cannot read has no findings: counted as none fixable, as before.
    fixable = sum(1 for f in files[out].get("findings", []) if f.get("fixable"))
    print(f"FAIL {name}: the fixed job still has {fixable} fixable finding(s)" if fixable else f"PASS {name}")
PY
grep -v '^FIXED ' "$work/results" >>"$work/judged"
sort "$work/judged" >"$work/results"
grep -v '^PASS' "$work/results"
passed=$(grep -c '^PASS' "$work/results")
failed=$(grep -c '^FAIL' "$work/results")
echo "fix idempotence: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
