#!/usr/bin/python3
"""The CI templates, read by YAML as their tools read them, and their commands run by bash.

- share/ci/github-actions.yml: a workflow with the keys GitHub requires; its `run` steps
  (all but the install step) run in order on a repository with a failing job: the SARIF
  step succeeds and writes valid SARIF for the upload step, the gate step fails with
  ::error annotations; on a passing repository every step succeeds.
- share/ci/gitlab-ci.yml: a job whose script, run as GitLab's shell runs it (one bash,
  stopping at the first failing line), writes the JUnit and Code Quality reports its
  artifacts name and fails exactly when a launch has an error.
- .pre-commit-hooks.yaml: a hook with the keys pre-commit requires; its entry, given the
  changed files as pre-commit gives them, passes over files that are no jobs.

Usage: templates_test.py PREFLIGHT SOURCE_DIR
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml

preflight, src = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
failures = []
jobs = src / "tests/golden/ci-many/walk-text/repo/jobs"


def repository(tmp, failing):
    repo = tmp / ("failing" if failing else "passing")
    (repo / "jobs").mkdir(parents=True)
    shutil.copy(jobs / "pass.toml", repo / "jobs")
    if failing:
        shutil.copy(jobs / "fail.toml", repo / "jobs")
    (repo / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    return repo


def bash(script, cwd, extra_env=None):
    env = {"PATH": f"{preflight.parent}:/usr/bin:/bin", "PREFLIGHT_RULES_PATH": str(src / "rules"), "HOME": str(cwd)}
    env.update(extra_env or {})
    return subprocess.run(["bash", "-e", "-c", script], cwd=cwd, env=env, capture_output=True, text=True)


def github(tmp):
    wf = yaml.safe_load((src / "share/ci/github-actions.yml").read_text())
    # YAML 1.1 reads the key `on` as true; GitHub reads it as the string.
    triggers = wf.get("on", wf.get(True))
    if not triggers or "jobs" not in wf or not wf.get("name"):
        failures.append("github: workflow lacks name, on or jobs")
        return
    if wf.get("permissions", {}).get("security-events") != "write":
        failures.append("github: upload-sarif needs permissions: security-events: write")
    (job,) = wf["jobs"].values()
    steps = job.get("steps", [])
    if "runs-on" not in job or not steps or not all(("uses" in s) != ("run" in s) for s in steps):
        failures.append("github: a job needs runs-on and steps, each step exactly one of uses or run")
        return
    upload = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
    if len(upload) != 1 or upload[0].get("if") != "always()" or "sarif_file" not in upload[0].get("with", {}):
        failures.append("github: one upload-sarif step with if: always() and a sarif_file")
        return
    sarif_file = upload[0]["with"]["sarif_file"]
    runs = [s["run"] for s in steps if "run" in s and "PREFLIGHT_URL" not in s["run"]]
    for failing in (True, False):
        repo = repository(tmp / "github", failing)
        codes = []
        for run in runs:
            out = bash(run, repo, {"GITHUB_PATH": str(tmp / "github_path"), "RUNNER_TEMP": str(tmp)})
            codes.append(out.returncode)
            if failing and "--format github" in run and "::error file=jobs/fail.toml" not in out.stdout:
                failures.append(f"github: the gate step printed no ::error annotation: {out.stdout[:300]}")
        want = [0] * (len(runs) - 1) + [1 if failing else 0]
        if codes != want:
            failures.append(f"github ({'failing' if failing else 'passing'} repository): step exit codes {codes}, want {want}")
        sarif = json.loads((repo / sarif_file).read_text())
        if sarif.get("version") != "2.1.0" or (failing and not sarif["runs"][0]["results"]):
            failures.append("github: the SARIF step did not write the file upload-sarif reads")


def gitlab(tmp):
    ci = yaml.safe_load((src / "share/ci/gitlab-ci.yml").read_text())
    (name, job), = ci.items()
    reports = job.get("artifacts", {}).get("reports", {})
    if not isinstance(job.get("script"), list) or job["artifacts"].get("when") != "always" or set(reports) != {"junit", "codequality"}:
        failures.append("gitlab: a job with a script list, artifacts when: always, junit and codequality reports")
        return
    for failing in (True, False):
        repo = repository(tmp / "gitlab", failing)
        out = bash("\n".join(job["script"]), repo)
        if out.returncode != (1 if failing else 0):
            failures.append(f"gitlab ({'failing' if failing else 'passing'}): script exited {out.returncode}: {out.stderr[:300]}")
        try:
            suites = ET.parse(repo / reports["junit"]).getroot()
            issues = json.loads((repo / reports["codequality"]).read_text())
        except (OSError, ET.ParseError, json.JSONDecodeError) as e:
            failures.append(f"gitlab: a report the artifacts name is missing or unreadable: {e}")
            continue
        if (int(suites.get("failures")) > 0) != failing or (any(i["severity"] == "critical" for i in issues)) != failing:
            failures.append(f"gitlab: reports of the {'failing' if failing else 'passing'} repository say otherwise")


def pre_commit(tmp):
    hooks = yaml.safe_load((src / ".pre-commit-hooks.yaml").read_text())
    if not isinstance(hooks, list) or len(hooks) != 1:
        failures.append("pre-commit: .pre-commit-hooks.yaml is a list of one hook")
        return
    hook = hooks[0]
    if not all(isinstance(hook.get(k), str) and hook[k] for k in ("id", "name", "entry", "language")) or hook["language"] != "system":
        failures.append(f"pre-commit: a hook needs id, name, entry and language: system: {hook}")
        return
    if not set(hook.get("types_or", [])) <= {"toml", "shell", "bash"}:
        failures.append(f"pre-commit: types_or names tags identify does not know: {hook['types_or']}")
    repo = repository(tmp / "pre-commit", True)
    for files, want in ((["pyproject.toml"], 0), (["pyproject.toml", "jobs/pass.toml"], 0),
                        (["pyproject.toml", "jobs/pass.toml", "jobs/fail.toml"], 1)):
        out = bash(hook["entry"] + " " + " ".join(files), repo)
        if out.returncode != want:
            failures.append(f"pre-commit: entry on {files} exited {out.returncode}, want {want}: {out.stderr[:300]}")


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    github(tmp)
    gitlab(tmp)
    pre_commit(tmp)

for f in failures:
    print("FAIL " + f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
