#!/usr/bin/python3
"""Every failing launch of the seed examples, tests/launches/ and tests/regressions/
gets a plan whose checked result has no error, or is listed in unplannable.txt with
the rule that blocks it (and then must stay blocked by exactly that rule, so a list
entry cannot outlive the plan a new release or fix makes possible).

For each planned case, independently of the plan's own word:
- the planned stack is written as a job file (the moves into [packages], the
  variables into [env], the flags into their sections) and `preflight check` of that
  file must report no error;
- the constraints file (`-o`) parses line by line with Debian's python3-packaging
  (`packaging.requirements.Requirement`), pins exactly the pip moves of the plan, and
  names no package pip does not install;
- the JSON validates against share/schemas/plan.schema.json (python3-jsonschema);
- where upstream documented the fix (tests/plan/upstream.txt), the plan holds it, or
  the list says why it differs.

Usage: check_plans.py PREFLIGHT SOURCE_DIR
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

import jsonschema
from packaging.requirements import Requirement

preflight, src = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
schema = jsonschema.Draft202012Validator(json.loads((src / "share/schemas/plan.schema.json").read_text()))
blocked_expected = {}
for line in (src / "tests/plan/unplannable.txt").read_text().splitlines():
    if line.strip() and not line.startswith("#"):
        case, rule = line.split()[:2]
        blocked_expected[case] = rule

upstream = {}
for line in (src / "tests/plan/upstream.txt").read_text().splitlines():
    if line.strip() and not line.startswith("#"):
        case, expect, source = (part.strip() for part in line.split("|", 2))
        upstream[case] = (expect, source)

cases = sorted(src.glob("share/examples/*.toml")) + sorted(src.glob("tests/launches/*.toml")) + \
    sorted(src.glob("tests/regressions/*/job.toml"))
failures, planned, blocked, clean = [], 0, 0, 0
env = {"PREFLIGHT_RULES_PATH": str(src / "rules"), "NO_COLOR": "1", "PATH": "/usr/bin:/bin"}


def set_in_section(text, section, key, value_literal):
    """`key = value` in [section] of a TOML text: replaced where the key is, else added under
    the header (a new section at the end where there is none)."""
    lines = text.split("\n")
    header = re.compile(r"^\s*\[\s*" + re.escape(section) + r"\s*\]\s*(#.*)?$")
    start = next((i for i, l in enumerate(lines) if header.match(l)), None)
    if start is None:
        return text.rstrip("\n") + f"\n\n[{section}]\n{key} = {value_literal}\n"
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"^\s*\[", lines[i])), len(lines))
    keyre = re.compile(r'^\s*"?' + re.escape(key) + r'"?\s*=')
    for i in range(start + 1, end):
        if keyre.match(lines[i]):
            lines[i] = f"{key} = {value_literal}"
            return "\n".join(lines)
    lines.insert(start + 1, f"{key} = {value_literal}")
    return "\n".join(lines)


def planned_job(job, best):
    text = job.read_text()
    for m in best["packages"]:
        # Any spelling of the name the job used is replaced.
        for spelling in {m["package"], m["package"].replace("-", "_")}:
            text = re.sub(r'^\s*"?' + re.escape(spelling) + r'"?\s*=.*$', "", text, flags=re.M)
        text = set_in_section(text, "packages", json.dumps(m["package"]), json.dumps(m["to"]))
    for s in best["settings"]:
        if s["kind"] == "env":
            value = '""' if s["unset"] else json.dumps(str(s["value"]))
            if s["unset"]:
                text = re.sub(r"^\s*" + re.escape(s["name"]) + r"\s*=.*$", "", text, flags=re.M)
                continue
            text = set_in_section(text, "env", s["name"], value)
        else:
            section, key = s["name"].rsplit(".", 1)
            text = set_in_section(text, section, key, json.dumps(s["value"]))
    return text


for job in cases:
    name = str(job.relative_to(src))
    case = job.parent.name if job.name == "job.toml" else job.stem
    with tempfile.TemporaryDirectory() as tmp:
        constraints = pathlib.Path(tmp) / "constraints.txt"
        run = subprocess.run([str(preflight), "plan", str(job), "--format", "json", "-o", str(constraints)],
                             capture_output=True, text=True, env=env)
        try:
            report = json.loads(run.stdout)
        except json.JSONDecodeError:
            failures.append(f"{name}: no JSON (exit {run.returncode}): {run.stderr.strip()[:300]}")
            continue
        for e in list(schema.iter_errors(report))[:3]:
            failures.append(f"{name}: schema: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}")
        if report["nothing_to_do"]:
            clean += 1
            if case in blocked_expected:
                failures.append(f"{name}: listed in unplannable.txt, but the launch has no error")
            continue
        best = report["best"]
        if best is None:
            rules = sorted({b["rule"] for b in report["blockers"]})
            if case not in blocked_expected:
                failures.append(f"{name}: no plan (exit {run.returncode}); blocked by "
                                + "; ".join(f"{b['rule']}: {b['why']}" for b in report["blockers"]))
            elif blocked_expected[case] not in rules:
                failures.append(f"{name}: expected to be blocked by {blocked_expected[case]}, blocked by {rules}")
            elif run.returncode != 1:
                failures.append(f"{name}: no plan, but exit {run.returncode} (expected 1)")
            else:
                blocked += 1
                print(f"BLOCKED {name}: {blocked_expected[case]} ({report['blockers'][0]['why']})")
            continue
        if case in blocked_expected:
            failures.append(f"{name}: listed in unplannable.txt, but planned: remove it from the list")
            continue
        problems = []
        if run.returncode != 0:
            problems.append(f"exit {run.returncode} with a plan")
        if best["planned"]["verdict"] == "fail":
            problems.append("the planned stack's own check fails")
        # The constraints file: every requirement line parses, and pins exactly the pip moves.
        pins = {}
        for line in constraints.read_text().splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            try:
                r = Requirement(line)
            except Exception as e:  # packaging.requirements.InvalidRequirement
                problems.append(f"constraints line {line!r}: {e}")
                continue
            pins[r.name] = str(r.specifier)
        want = {m["package"]: "==" + m["to"] for m in best["packages"] if m["pip"]}
        if pins != want:
            problems.append(f"constraints pin {pins}, the plan moves {want}")
        # The planned stack as a job file, checked by the real binary; beside links to what
        # the job's folder holds, so its relative paths (model.config) still resolve.
        for entry in job.parent.iterdir():
            (pathlib.Path(tmp) / entry.name).symlink_to(entry)
        planned_path = pathlib.Path(tmp) / f"planned-{job.stem}.toml"
        planned_path.write_text(planned_job(job, best))
        check = subprocess.run([str(preflight), "check", str(planned_path), "--format", "json"],
                               capture_output=True, text=True, env=env)
        try:
            checked = json.loads(check.stdout)
            errors = [f["rule"] for f in checked["findings"] if f["severity"] == "error" and not f["undetermined"]]
            if checked["verdict"] == "fail" or errors:
                problems.append(f"the planned job file checks {checked['verdict']}: {errors}")
        except (json.JSONDecodeError, KeyError):
            problems.append(f"the planned job file is unreadable: {check.stderr.strip()[:300]}")
        # Upstream's documented fix, where there is one: in the plan, or said why not.
        if case in upstream and not upstream[case][0].startswith("differs:"):
            have = {m["requirement"] for m in best["packages"]} | {s["text"] for s in best["settings"]}
            for want in upstream[case][0].split(" | "):
                if want not in have:
                    problems.append(f"upstream's fix {want!r} ({upstream[case][1]}) is not in the plan {sorted(have)}")
        if problems:
            failures.append(f"{name}: " + "; ".join(problems))
        else:
            planned += 1
            moves = (best["pip"] or "") + " " + " ".join(s["text"] for s in best["settings"])
            print(f"PLANNED {name}: {moves.strip()} -> {best['planned']['verdict']}")

for case in list(blocked_expected) + list(upstream):
    if not any((job.parent.name if job.name == "job.toml" else job.stem) == case for job in cases):
        failures.append(f"unplannable.txt or upstream.txt names {case}, which is no case")
for f in failures:
    print("FAIL", f)
print(f"{planned} planned, {blocked} blocked as listed, {clean} with no error, {len(failures)} failed")
sys.exit(1 if failures or not planned else 0)
