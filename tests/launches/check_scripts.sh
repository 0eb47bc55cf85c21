#!/usr/bin/env bash
# Checks every launch script of the corpus as preflight reads it, with the stack of its
# equivalent job file laid under it (--with): the verdict must be the job file's
# `# expect:` class, and the script and the job file must not disagree on any key
# (a `with-conflict` finding means one of the two misstates the launch), and no flag of a
# published example may be reported as unknown (`launch-unknown-flag`).
# Usage: check_scripts.sh PREFLIGHT RULES_DIR
set -uo pipefail
preflight=$1 rules=$2
here=$(cd "$(dirname "$0")" && pwd)
failed=0 passed=0
for script in "$here"/scripts/*.sh; do
  name=$(basename "$script" .sh)
  job="$here/$name.toml"
  if [ ! -f "$job" ]; then echo "FAIL $name: no equivalent job file $name.toml"; failed=$((failed+1)); continue; fi
  expect=$(sed -n 's/^# expect: *\([a-z]*\).*/\1/p' "$job" | head -1)
  json=$("$preflight" check "$script" --with "$job" --rules "$rules" --format json 2>&1)
  got=$(/usr/bin/python3 - "$json" <<'PY'
import json, sys
try:
    report = json.loads(sys.argv[1])
except ValueError:
    print("unreadable|" + sys.argv[1].splitlines()[0] if sys.argv[1] else "unreadable|no output")
    sys.exit()
launches = report.get("launches", [])
problems = [f"{len(launches)} launches, expected 1"] if len(launches) != 1 else []
for launch in launches:
    for f in launch["findings"]:
        if f["rule"] == "with-conflict":
            problems.append(f["message"])
        # A published example's flags are valid: none may read as a typo.
        if f["rule"] == "launch-unknown-flag":
            problems.append("typo warning on a published example: " + f["message"])
print(report["verdict"] + "|" + "; ".join(problems))
PY
)
  verdict=${got%%|*} problems=${got#*|}
  if [ "$verdict" != "$expect" ] || [ -n "$problems" ]; then
    echo "FAIL $name: expected $expect, got $verdict${problems:+; $problems}"; failed=$((failed+1))
  else
    echo "PASS $name ($verdict)"; passed=$((passed+1))
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
