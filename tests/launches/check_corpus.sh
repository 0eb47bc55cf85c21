#!/usr/bin/env bash
# Checks every launch of the corpus: its verdict must be the class its `# expect:` header
# names (a documented working launch is never `fail`), and every finding that is not
# undetermined must cite upstream (owner/repo@tag:path or a URL).
# Usage: check_corpus.sh PREFLIGHT RULES_DIR
set -uo pipefail
preflight=$1 rules=$2
here=$(cd "$(dirname "$0")" && pwd)
failed=0 passed=0
for job in "$here"/*.toml; do
  name=$(basename "$job")
  expect=$(sed -n 's/^# expect: *\([a-z]*\).*/\1/p' "$job" | head -1)
  if [ -z "$expect" ]; then echo "FAIL $name: no '# expect:' header"; failed=$((failed+1)); continue; fi
  json=$("$preflight" check "$job" --rules "$rules" --format json 2>/dev/null)
  verdict=$(/usr/bin/python3 - "$json" "$expect" <<'PY'
import json, sys
report = json.loads(sys.argv[1])
problems = []
for f in report["findings"]:
    if f["undetermined"]:
        continue
    if not any("@" in r or r.startswith("https://") for r in f["references"]):
        problems.append(f"{f['rule']} cites no upstream source")
summary = ", ".join(sorted({f["rule"] for f in report["findings"] if not f["undetermined"] and f["severity"] != "info"}))
print(report["verdict"] + ("|" + summary if summary else "|") + ("|" + "; ".join(problems) if problems else "|"))
PY
)
  got=${verdict%%|*} rest=${verdict#*|} rules_seen=${rest%%|*} problems=${rest#*|}
  if [ "$expect" = fail ]; then
    echo "FAIL $name: the corpus holds working launches only; 'expect: fail' is not allowed"; failed=$((failed+1))
  elif [ "$got" != "$expect" ] || [ -n "$problems" ]; then
    echo "FAIL $name: expected $expect, got $got${rules_seen:+ ($rules_seen)}${problems:+; $problems}"; failed=$((failed+1))
  else
    echo "PASS $name ($got${rules_seen:+: $rules_seen})"; passed=$((passed+1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
