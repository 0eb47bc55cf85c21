#!/usr/bin/env bash
# Checks every launch of the corpus: its verdict must be the class its `# expect:` header
# names (a documented working launch is never `fail`), and every finding that is not
# undetermined must cite upstream (owner/repo@tag:path or a URL).
# All jobs go through one `check` run: each file's report in a many-file run is the
# report of that file checked alone (ci.formats asserts it), and one run loads the packs
# once instead of once per job (about 1 s each under the sanitizers).
# Usage: check_corpus.sh PREFLIGHT RULES_DIR
set -uo pipefail
preflight=$1 rules=$2
here=$(cd "$(dirname "$0")" && pwd)
jobs=("$here"/*.toml)
report=$(mktemp)
trap 'rm -f "$report"' EXIT
"$preflight" check "${jobs[@]}" --rules "$rules" --format json >"$report" 2>/dev/null
/usr/bin/python3 - "$report" "${jobs[@]}" <<'PY'
import json, os, re, sys

report_path, jobs = sys.argv[1], sys.argv[2:]
try:
    files = {f["config"]: f for f in json.load(open(report_path))["files"]}
except (ValueError, KeyError) as e:
    files = {}
    print(f"FAIL the corpus run printed no many-file JSON report: {e}")
failed = passed = 0
for job in jobs:
    name = os.path.basename(job)
    m = re.search(r"^# expect: *([a-z]*)", open(job).read(), re.M)
    expect = m.group(1) if m else ""
    if not expect:
        print(f"FAIL {name}: no '# expect:' header"); failed += 1; continue
    report = files.get(job)
    if report is None or "error" in report:
        print(f"FAIL {name}: expected {expect}, got {report['error']['message'] if report else 'no report'}"); failed += 1; continue
    problems = [f"{f['rule']} cites no upstream source" for f in report["findings"] if not f["undetermined"]
                and not any("@" in r or r.startswith("https://") for r in f["references"])]
    got = report["verdict"]
    seen = ", ".join(sorted({f["rule"] for f in report["findings"] if not f["undetermined"] and f["severity"] != "info"}))
    if expect == "fail":
        print(f"FAIL {name}: the corpus holds working launches only; 'expect: fail' is not allowed"); failed += 1
    elif got != expect or problems:
        print(f"FAIL {name}: expected {expect}, got {got}" + (f" ({seen})" if seen else "") + (f"; {'; '.join(problems)}" if problems else ""))
        failed += 1
    else:
        print(f"PASS {name} ({got}" + (f": {seen}" if seen else "") + ")"); passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
PY
