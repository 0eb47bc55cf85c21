#!/usr/bin/python3
"""Replays the Megatron-LM oracle cases: preflight must agree with upstream's own checks.

Each case holds a launch (launch.sh), what Megatron-LM's parse_args / validate_args /
TransformerConfig said about it when tools/oracle/megatron_validate.py ran them from a
mirror at the tag (upstream.txt, the evidence), and expect.toml naming the rule that
encodes the check. Where upstream refused, that rule must fire as an error; where it
accepted, the rule must stay quiet and the verdict must not be a failure. CI replays the
recorded verdicts; it does not run upstream.

  check_oracle.py PREFLIGHT RULES_DIR
"""

import json
import subprocess
import sys
import tomllib
from pathlib import Path

preflight, rules = sys.argv[1], sys.argv[2]
here = Path(__file__).resolve().parent
cases = sorted(p for p in here.iterdir() if (p / "expect.toml").exists())
expects = {case: tomllib.loads((case / "expect.toml").read_text()) for case in cases}

# The launches of one tag go through one check with that tag's stack: a many-file run
# reports each script as that script checked alone (ci.formats asserts it), and loads
# the packs once, not once per case.
reports, unreadable = {}, {}
for tag in sorted({e["tag"] for e in expects.values()}):
    scripts = [str(case / "launch.sh") for case in cases if expects[case]["tag"] == tag]
    run = subprocess.run([preflight, "check", *scripts, "--with", str(here / f"stack-{tag}.toml"), "--rules", rules,
                          "--format", "json"], capture_output=True, text=True)
    try:
        report = json.loads(run.stdout)
        files = report["files"] if "files" in report else [dict(report, config=scripts[0])]
        reports.update((item["config"], item) for item in files)
    except (ValueError, KeyError):
        unreadable.update((script, "unreadable output: " + (run.stdout + run.stderr)[:300]) for script in scripts)

failed = passed = 0
for case in cases:
    expect = expects[case]
    evidence = (case / "upstream.txt").read_text().strip().splitlines()
    problems = []
    if not evidence or not evidence[-1].startswith(expect["upstream"]):
        problems.append(f"upstream.txt ends with {evidence[-1] if evidence else 'nothing'!r}, expect.toml says {expect['upstream']}")
    script = str(case / "launch.sh")
    report = reports.get(script)
    if report is None:
        problems.append(unreadable.get(script, "no report of this launch in the check of its tag"))
    elif "error" in report:
        problems.append(f"check refused the launch: {report['error']}")
        report = None
    if report is not None:
        findings = [f for launch in report.get("launches", []) for f in launch.get("findings", [])]
        fired = {f["rule"] for f in findings if f.get("severity") == "error"}
        named = [f for f in findings if f["rule"] == expect["rule"]]
        if expect["upstream"] == "refused" and expect["rule"] not in fired:
            problems.append(f"upstream refused, but {expect['rule']} did not fire as an error ({named or 'no finding'})")
        if expect["upstream"] == "accepted":
            if named:
                problems.append(f"upstream accepted, but {expect['rule']} spoke: {named}")
            if report.get("verdict") == "fail":
                problems.append(f"upstream accepted, but preflight fails it: {sorted(fired)}")
    if problems:
        failed += 1
        print(f"FAIL {case.name}: " + "; ".join(problems))
    else:
        passed += 1
        print(f"PASS {case.name} ({expect['upstream']}, {expect['rule']})")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
