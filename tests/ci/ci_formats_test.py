#!/usr/bin/python3
"""SARIF and GitHub annotations of `check`, read by their consumers' rules.

- SARIF of every bundled example, of launch scripts, of a job with inline waivers and of
  a job checked against a baseline validates against the OASIS SARIF 2.1.0 schema
  (python3-jsonschema); it holds one result per finding of the JSON report, with the same
  rule, level class and line, and a suppression for each suppressed finding.
- GitHub workflow commands decode (the runner's unescaping) back to the JSON report's
  findings: file, line, column, rule and message, byte for byte.

Usage: ci_formats_test.py PREFLIGHT SOURCE_DIR
"""
import json
import pathlib
import re
import subprocess
import sys

import jsonschema

preflight, src = str(pathlib.Path(sys.argv[1]).resolve()), pathlib.Path(sys.argv[2]).resolve()
schema = json.loads((src / "tests/ci/sarif-schema-2.1.0.json").read_text())
validator = jsonschema.Draft4Validator(schema)
failures = []


def check(args, cwd):
    out = subprocess.run([preflight, "check", *args], capture_output=True, text=True, cwd=cwd,
                         env={"PREFLIGHT_RULES_PATH": str(src / "rules"), "PATH": "/usr/bin:/bin"})
    if out.returncode not in (0, 1):
        raise RuntimeError(f"check {args} exited {out.returncode}: {out.stderr}")
    return out.stdout


def findings_of(report):
    if "launches" in report:
        return [f for launch in report["launches"] for f in launch["findings"]]
    return report["findings"]


def unescape(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")


ANNOTATION = re.compile(r"^::(error|warning|notice) (.*?)::(.*)$")


def case(name, args, cwd, want_suppressed=False):
    report = json.loads(check(args + ["--format", "json"], cwd))
    findings = findings_of(report)
    sarif = json.loads(check(args + ["--format", "sarif"], cwd))
    errors = sorted(validator.iter_errors(sarif), key=lambda e: list(e.path))
    if errors:
        failures.append(f"{name}: SARIF does not validate: {errors[0].message} at {list(errors[0].path)}")
        return
    results = sarif["runs"][0]["results"]
    if len(results) != len(findings):
        failures.append(f"{name}: {len(results)} SARIF results for {len(findings)} findings")
        return
    rule_ids = {r["id"] for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    for f, r in zip(findings, results):
        line = r["locations"][0]["physicalLocation"].get("region", {}).get("startLine", 0)
        if r["ruleId"] != f["rule"] or line != (f["location"].get("line") or 0) or r["message"]["text"] != f["message"]:
            failures.append(f"{name}: SARIF result {r['ruleId']}:{line} is not finding {f['rule']}:{f.get('location', {}).get('line')}")
        if "ruleIndex" in r and sarif["runs"][0]["tool"]["driver"]["rules"][r["ruleIndex"]]["id"] != r["ruleId"]:
            failures.append(f"{name}: ruleIndex of {r['ruleId']} points at another rule")
        if f["rule"] in rule_ids and "ruleIndex" not in r:
            failures.append(f"{name}: {f['rule']} is a loaded rule but its result has no ruleIndex")
        if bool(f.get("suppressed")) != bool(r.get("suppressions")):
            failures.append(f"{name}: {f['rule']} suppressed in JSON is not suppressed in SARIF (or the reverse)")
        if len(r["partialFingerprints"]["preflight/v1"]) != 64:
            failures.append(f"{name}: {f['rule']} has no SHA-256 fingerprint")
    if want_suppressed and not any(r.get("suppressions") for r in results):
        failures.append(f"{name}: expected a suppressed result")

    lines = check(args + ["--format", "github"], cwd).splitlines()
    if len(lines) != len(findings):
        failures.append(f"{name}: {len(lines)} annotations for {len(findings)} findings")
        return
    for f, text in zip(findings, lines):
        m = ANNOTATION.match(text)
        if not m:
            failures.append(f"{name}: not a workflow command: {text}")
            continue
        props = dict(p.split("=", 1) for p in m.group(2).split(","))
        props = {k: unescape(v) for k, v in props.items()}
        message = unescape(m.group(3))
        if props.get("title") != f["rule"] or int(props.get("line", 0)) != (f["location"].get("line") or 0):
            failures.append(f"{name}: annotation {props} is not finding {f['rule']}:{f.get('location', {}).get('line')}")
        if not message.endswith(f["message"]):
            failures.append(f"{name}: annotation message {message!r} does not carry {f['message']!r}")


for example in sorted((src / "share/examples").glob("*.toml")):
    case(example.name, [str(example)], src)
for script in sorted((src / "tests/launches/scripts").glob("*.sh"))[:4]:
    case(script.name, [str(script), "--with", str(src / "tests/launches" / (script.stem + ".toml"))], src)
case("waivers/inline", ["job.toml"], src / "tests/golden/waivers/inline", want_suppressed=True)
case("baseline/new-and-fixed", ["job.toml", "--baseline", "baseline.json"], src / "tests/golden/baseline/new-and-fixed",
     want_suppressed=True)

for f in failures:
    print("FAIL " + f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
