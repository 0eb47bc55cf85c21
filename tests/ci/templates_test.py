#!/usr/bin/python3
"""The CI templates, read by YAML as their tools read them, and their commands run by bash.

- share/ci/github-actions.yml: a workflow with the keys GitHub requires; its `run` steps
  (all but the install step) run in order on a repository with a failing job: the SARIF
  step succeeds and writes valid SARIF for the upload step, the gate step fails with
  ::error annotations; on a passing repository every step succeeds.
- share/ci/gitlab-ci.yml: a job whose script, run as GitLab's shell runs it (one bash,
  stopping at the first failing line), writes the JUnit and Code Quality reports its
  artifacts name and fails exactly when a launch has an error.
- Both, on a repository adopting preflight (a baseline written with --write-baseline, a
  waiver file with an expiry): old and waived findings pass, a new failing job fails and
  is the only one named, and a waiver past its expiry no longer holds.
- .pre-commit-hooks.yaml: a hook with the keys pre-commit requires; its entry, given the
  changed files as pre-commit gives them, passes over files that are no jobs.
- Every repository is tests/ci/templates-repo: a job file with every fact its rules ask
  for, and a launch script that takes its facts from a committed site file and model
  file through .preflight.toml's [[with]]. Every template checks with --strict: it
  passes on that repository (the walk never takes the site file for a job, nor breaks
  on it), and fails on the same repository without .preflight.toml, where the script's
  rules cannot decide.

Usage: templates_test.py PREFLIGHT SOURCE_DIR
"""
import datetime
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
fixture = src / "tests/ci/templates-repo"
jobs = fixture / "jobs"


def repository(tmp, failing, settings=True):
    """The fixture repository (a git work tree) with its passing job and script, the
    failing job when `failing`, and its .preflight.toml unless not `settings`."""
    repo = tmp / ("failing" if failing else "passing" if settings else "undetermined")
    shutil.copytree(fixture, repo, ignore=shutil.ignore_patterns(*([] if failing else ["fail.toml"])))
    if not settings:
        (repo / ".preflight.toml").unlink()
    (repo / ".git").mkdir()
    (repo / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    return repo


def strict(name, commands):
    """Every preflight check a template runs passes --strict."""
    checks = [c for c in commands if "preflight check" in c]
    if not checks or not all("--strict" in c for c in checks):
        failures.append(f"{name}: every preflight check must pass --strict: {checks}")


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
    strict("github", runs)
    templates["github"] = lambda repo: github_run(runs, repo, tmp, sarif_file)
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
    fails, errors, in_sarif = github_run(runs, repository(tmp / "github", False, settings=False), tmp, sarif_file)
    if not fails or errors != {"scripts/train.sh"} or in_sarif != {"scripts/train.sh"}:
        failures.append(f"github: a script whose rules cannot decide must fail the gate: {fails} {errors} {in_sarif}")


def github_run(runs, repo, tmp, sarif_file):
    """Runs the workflow's steps in `repo`: whether the job fails, and the findings it
    names as errors (annotations) and in the SARIF (unsuppressed errors), by file."""
    codes, errors = [], set()
    for run in runs:
        out = bash(run, repo, {"GITHUB_PATH": str(tmp / "github_path"), "RUNNER_TEMP": str(tmp)})
        codes.append(out.returncode)
        if "--format github" in run:
            errors |= {line.split("file=", 1)[1].split(",", 1)[0] for line in out.stdout.splitlines() if line.startswith("::error ")}
    sarif = json.loads((repo / sarif_file).read_text())
    in_sarif = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in sarif["runs"][0]["results"]
                if r["level"] == "error" and not r.get("suppressions")}
    if codes[:-1] != [0] * (len(codes) - 1):
        failures.append(f"github: a step before the gate failed: {codes}")
    return codes[-1] != 0, errors, in_sarif


def gitlab_run(job, repo):
    """Runs the job's script in `repo`: whether it fails, the files with JUnit failures
    and those with critical Code Quality issues."""
    reports = job["artifacts"]["reports"]
    out = bash("\n".join(job["script"]), repo)
    suites = ET.parse(repo / reports["junit"]).getroot()
    failed = {c.get("classname") for c in suites.iter("testcase") if c.find("failure") is not None}
    critical = {i["location"]["path"] for i in json.loads((repo / reports["codequality"]).read_text()) if i["severity"] == "critical"}
    return out.returncode != 0, failed, critical


def gitlab(tmp):
    ci = yaml.safe_load((src / "share/ci/gitlab-ci.yml").read_text())
    (name, job), = ci.items()
    reports = job.get("artifacts", {}).get("reports", {})
    if not isinstance(job.get("script"), list) or job["artifacts"].get("when") != "always" or set(reports) != {"junit", "codequality"}:
        failures.append("gitlab: a job with a script list, artifacts when: always, junit and codequality reports")
        return
    strict("gitlab", job["script"])
    templates["gitlab"] = lambda repo: gitlab_run(job, repo)
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
    fails, failed, critical = gitlab_run(job, repository(tmp / "gitlab", False, settings=False))
    if not fails or failed != {"scripts/train.sh"}:
        failures.append(f"gitlab: a script whose rules cannot decide must fail the job: {fails} {failed} {critical}")


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
    strict("pre-commit", [hook["entry"]])
    repo = repository(tmp / "pre-commit", True)
    committed = ["pyproject.toml", ".preflight.toml", "ci/site.toml", "ci/qwen3.5-27b.toml", "jobs/pass.toml", "scripts/train.sh"]
    for files, want in ((["pyproject.toml"], 0), (committed, 0), (committed + ["jobs/fail.toml"], 1)):
        out = bash(hook["entry"] + " " + " ".join(files), repo)
        if out.returncode != want:
            failures.append(f"pre-commit: entry on {files} exited {out.returncode}, want {want}: {out.stdout[-300:]} {out.stderr[:300]}")
    undetermined = repository(tmp / "pre-commit", False, settings=False)
    out = bash(hook["entry"] + " " + " ".join(f for f in committed if f != ".preflight.toml"), undetermined)
    if out.returncode != 1 or "preflight-undetermined" not in out.stdout:
        failures.append(f"pre-commit: a script whose rules cannot decide must fail the hook: exit {out.returncode}")


def adoption(tmp, name, run):
    """A repository adopting preflight as docs/ci.md says: its old findings recorded with
    --write-baseline in .preflight-baseline.json, one job's errors waived until a day
    next year in .preflight-waivers.toml. The template's commands pass; a new failing
    job fails them, naming only the new job; once the waiver has expired the waived job
    fails again."""
    repo = tmp / "adoption" / name
    shutil.copytree(fixture, repo, ignore=shutil.ignore_patterns("fail.toml"))
    (repo / ".git").mkdir()
    for job in ("old.toml", "waived.toml"):
        shutil.copy(jobs / "fail.toml", repo / "jobs" / job)
    report = json.loads(bash("preflight check jobs/waived.toml --format json || test $? -eq 1", repo).stdout)
    errors = sorted({f["rule"] for f in report["findings"] if f["severity"] == "error"})
    if not errors:
        failures.append(f"adoption ({name}): the failing job has no error to waive")
        return

    def waive(expires):
        (repo / ".preflight-waivers.toml").write_text("".join(
            f'[[waive]]\nrule = "{rule}"\npath = "jobs/waived.toml"\njustification = "accepted until the next release"\n'
            f'owner = "ci-team"\nexpires = {expires.isoformat()}\n\n' for rule in errors))

    waive(datetime.date.today() + datetime.timedelta(days=365))
    written = bash("preflight check . --write-baseline .preflight-baseline.json || test $? -eq 1", repo)
    recorded = {(e["file"], e["rule"]) for e in json.loads((repo / ".preflight-baseline.json").read_text())["entries"]}
    want = {("jobs/old.toml", rule) for rule in errors}
    if written.returncode != 0 or not want <= recorded or any(("jobs/waived.toml", rule) in recorded for rule in errors):
        failures.append(f"adoption ({name}): --write-baseline recorded {sorted(recorded)} (exit {written.returncode}), "
                        f"want jobs/old.toml's errors and none of the waived ones")

    fails, *named = run(repo)
    if fails or any(named):
        failures.append(f"adoption ({name}): with old findings baselined and one job waived the template fails: {named}")
    shutil.copy(jobs / "fail.toml", repo / "jobs/new.toml")
    fails, *named = run(repo)
    if not fails or any(n != {"jobs/new.toml"} for n in named):
        failures.append(f"adoption ({name}): a new failing job must fail the template and be the only one named: {fails} {named}")
    (repo / "jobs/new.toml").unlink()
    waive(datetime.date.today() - datetime.timedelta(days=1))
    fails, *named = run(repo)
    if not fails or any(n != {"jobs/waived.toml"} for n in named):
        failures.append(f"adoption ({name}): an expired waiver must let its job fail again: {fails} {named}")


templates = {}
with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    github(tmp)
    gitlab(tmp)
    pre_commit(tmp)
    for name, run in templates.items():
        adoption(tmp, name, run)
    if set(templates) != {"github", "gitlab"}:
        failures.append(f"adoption: ran on {sorted(templates)}, want github and gitlab")

for f in failures:
    print("FAIL " + f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
