#!/usr/bin/env bash
# Checks the regression corpus: every case is a closed bug report whose cause a launch's
# configuration shows. Each case's job names, in its header, the rule that must catch it
# (`# rule: ID`); the rule must fire on that job (a finding that is not undetermined).
# A case whose rule another session is still writing carries `# pending: WHO`; while that
# rule is not loaded it is reported as skipped with the reason, not as a failure.
# Every case also needs `# issue:` (the report's address) and `# cause:`.
# Usage: check_corpus.sh PREFLIGHT RULES_DIR
set -uo pipefail
preflight=$1 rules=$2
here=$(cd "$(dirname "$0")" && pwd)
known=$("$preflight" rules list --rules "$rules" --format ids 2>/dev/null)
failed=0 passed=0 skipped=0
for dir in "$here"/*/; do
  name=$(basename "$dir")
  job=$(ls "$dir"/job.toml "$dir"/launch.sh 2>/dev/null | head -1)
  if [ -z "$job" ]; then echo "FAIL $name: no job.toml or launch.sh"; failed=$((failed+1)); continue; fi
  rule=$(sed -n 's/^# rule: *\([a-z0-9.-]*\).*/\1/p' "$job" | head -1)
  pending=$(sed -n 's/^# pending: *\([A-Za-z0-9_-]*\).*/\1/p' "$job" | head -1)
  issue=$(sed -n 's/^# issue: *\(https:\/\/github.com\/[^ ]*\/issues\/[0-9]*\).*/\1/p' "$job" | head -1)
  cause=$(grep -c '^# cause:' "$job")
  if [ -z "$rule" ] || [ -z "$issue" ] || [ "$cause" -eq 0 ]; then
    echo "FAIL $name: the header needs '# issue: https://github.com/OWNER/REPO/issues/N', '# cause:' and '# rule:'"
    failed=$((failed+1)); continue
  fi
  if ! grep -qx -- "$rule" <<<"$known"; then
    if [ -n "$pending" ]; then
      echo "SKIP $name: rule $rule is not loaded yet (pending: $pending)"; skipped=$((skipped+1))
    else
      echo "FAIL $name: rule $rule is in no loaded pack"; failed=$((failed+1))
    fi
    continue
  fi
  json=$("$preflight" check "$job" --rules "$rules" --format json 2>/dev/null)
  got=$(/usr/bin/python3 - "$json" "$rule" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
rule = sys.argv[2]
hits = [f for f in report["findings"] if f["rule"] == rule]
if any(not f["undetermined"] for f in hits):
    print("fires")
elif hits:
    print("undetermined")
else:
    print("quiet")
PY
)
  if [ "$got" = fires ]; then
    echo "PASS $name ($rule)"; passed=$((passed+1))
  else
    echo "FAIL $name: $rule is $got on the reported stack ($issue)"; failed=$((failed+1))
  fi
done
echo "$passed caught, $skipped pending, $failed failed"
[ "$failed" -eq 0 ]
