#!/usr/bin/python3
"""bash as the oracle of `preflight fix SCRIPT`.

For each case of tests/golden/fix-launch/ (a train.sh and the site.toml laid under it):
1. `check --format json` of the script gives each launch's patch (config keys, variables
   to set and to unset);
2. `fix` writes the patched script; `check` of it must find nothing fixable, and fixing
   it again must change nothing;
3. a real bash runs the patched script with every launcher replaced by a stub on PATH
   that records its argv and environment;
4. each recorded launch must be the patched run configuration: the variables of the
   patch set (or unset) in the recorded environment, and the recorded command line, read
   back by `preflight import`, equal to the original launch's run configuration with the
   patch's config keys applied.
A case with a `paths` file runs bash once per line of it (the variables that line
assigns, e.g. `LORA=1`, choose a path through the script's if/case arms): each launch
bash runs on a path must be one of the patched launches check reported, and every
reported launch must run on some path.

Usage: fix_scripts_bash.py PREFLIGHT RULES_DIR CASES_DIR
"""
import json
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tempfile
import tomllib

STUB = """#!/usr/bin/python3
import json, os, sys
with open(os.environ["PREFLIGHT_TEST_RECORD"], "a", encoding="utf-8") as f:
    f.write(json.dumps({"argv": [os.path.basename(sys.argv[0])] + sys.argv[1:], "env": dict(os.environ)}) + "\\n")
"""
LAUNCHERS = ["megatron", "swift", "torchrun", "accelerate"]


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


def imported(preflight, rules, script, index=None):
    """The run configuration `import` reads from a script, without its [env]."""
    args = [preflight, "import", str(script), "-o", "-", "--rules", rules]
    if index is not None:
        args += ["--index", str(index)]
    out = run(args)
    if out.returncode != 0:
        raise RuntimeError(f"import {script} failed: {out.stderr.strip()}")
    config = tomllib.loads(out.stdout)
    config.pop("env", None)
    config.get("job", {}).pop("name", None)
    return config


def set_key(config, dotted, value):
    section, key = dotted.split(".", 1)
    config.setdefault(section, {})[key] = value


def check_case(preflight, rules, case, work):
    problems = []
    shutil.copy(case / "train.sh", work / "train.sh")
    shutil.copy(case / "site.toml", work / "site.toml")
    before = run([preflight, "check", "train.sh", "--with", "site.toml", "--rules", rules, "--format", "json"], cwd=work)
    launches = json.loads(before.stdout)["launches"]
    fixed = run([preflight, "fix", "train.sh", "--with", "site.toml", "--rules", rules, "-o", "fixed.sh", "-q"], cwd=work)
    if fixed.returncode != 0:
        return [f"fix failed: {fixed.stderr.strip()}"]
    after = json.loads(run([preflight, "check", "fixed.sh", "--with", "site.toml", "--rules", rules, "--format", "json"],
                           cwd=work).stdout)
    for launch in after["launches"]:
        fixable = [f["rule"] for f in launch["findings"] if f.get("fixable")]
        if fixable:
            problems.append(f"the fixed script still has fixable findings: {fixable}")
    again = run([preflight, "fix", "fixed.sh", "--with", "site.toml", "--rules", rules, "--diff"], cwd=work)
    if again.returncode != 0 or again.stdout:
        problems.append(f"fixing the fixed script again changes it:\n{again.stdout}{again.stderr}")

    stubs = work / "bin"
    stubs.mkdir()
    for name in LAUNCHERS:
        (stubs / name).write_text(STUB)
        (stubs / name).chmod(0o755)
    record = work / "record.jsonl"
    env = {"PATH": f"{stubs}:/usr/bin:/bin", "HOME": str(work), "PREFLIGHT_TEST_RECORD": str(record)}
    if (case / "paths").exists():
        return problems + check_paths(preflight, rules, case, work, env, record, launches)
    ran = run(["bash", "fixed.sh"], cwd=work, env=env)
    if ran.returncode != 0:
        problems.append(f"bash fixed.sh exited {ran.returncode}: {ran.stderr.strip()}")
    recorded = [json.loads(line) for line in record.read_text().splitlines()] if record.exists() else []
    if len(recorded) != len(launches):
        return problems + [f"bash ran {len(recorded)} launches, check reported {len(launches)}"]

    for i, (launch, rec) in enumerate(zip(launches, recorded), start=1):
        patch = launch["patch"]
        for name, value in patch["env"].items():
            if rec["env"].get(name) != value:
                problems.append(f"launch {i}: {name} is {rec['env'].get(name)!r} in the launch, the patch says {value!r}")
        for name in patch["unset_env"]:
            if name in rec["env"]:
                problems.append(f"launch {i}: {name} is still set ({rec['env'][name]!r}); the patch unsets it")
        # The recorded command line as a script of its own, with the variables the
        # launchers read from the environment, read back by preflight.
        wanted = imported(preflight, rules, work / "train.sh", i if len(launches) > 1 else None)
        for dotted, value in patch["config"].items():
            set_key(wanted, dotted, value)
        replay = work / f"recorded-{i}.sh"
        lines = ["#!/bin/sh"]
        lines += [f"export {k}={shlex.quote(v)}" for k, v in sorted(rec["env"].items())
                  if k not in env and k.isidentifier()]
        lines.append(shlex.join(rec["argv"]))
        replay.write_text("\n".join(lines) + "\n")
        got = imported(preflight, rules, replay)
        if got != wanted:
            problems.append(f"launch {i}: the recorded launch reads as {got}, the patched run configuration is {wanted}")
    return problems


def replayed(preflight, rules, work, env, rec, name):
    """A recorded launch as a script of its own, read back by preflight."""
    replay = work / name
    lines = ["#!/bin/sh"]
    lines += [f"export {k}={shlex.quote(v)}" for k, v in sorted(rec["env"].items()) if k not in env and k.isidentifier()]
    lines.append(shlex.join(rec["argv"]))
    replay.write_text("\n".join(lines) + "\n")
    return imported(preflight, rules, replay)


def check_paths(preflight, rules, case, work, env, record, launches):
    problems = []
    wanted = []
    for i, launch in enumerate(launches, start=1):
        config = imported(preflight, rules, work / "train.sh", i if len(launches) > 1 else None)
        for dotted, value in launch["patch"]["config"].items():
            set_key(config, dotted, value)
        wanted.append(config)
    seen = set()
    for n, line in enumerate((case / "paths").read_text().splitlines(), start=1):
        assigned = dict(a.split("=", 1) for a in line.split())
        if record.exists():
            record.unlink()
        ran = run(["bash", "fixed.sh"], cwd=work, env={**env, **assigned})
        if ran.returncode != 0:
            problems.append(f"path {n} ({line or 'nothing set'}): bash exited {ran.returncode}: {ran.stderr.strip()}")
        recorded = [json.loads(x) for x in record.read_text().splitlines()] if record.exists() else []
        if not recorded:
            problems.append(f"path {n} ({line or 'nothing set'}): no launch ran")
        for k, rec in enumerate(recorded):
            got = replayed(preflight, rules, work, {**env, **assigned}, rec, f"path{n}-{k}.sh")
            match = [i for i, w in enumerate(wanted) if w == got and all(
                rec["env"].get(name) == value for name, value in launches[i]["patch"]["env"].items())]
            if not match:
                problems.append(f"path {n} ({line or 'nothing set'}): launch {rec['argv']} is none of the patched launches "
                                f"check reported: {got}")
            seen.update(match)
    for i in range(len(launches)):
        if i not in seen:
            problems.append(f"launch {i + 1} ran on no path of {case / 'paths'}")
    return problems


def main():
    preflight, rules, cases = sys.argv[1], sys.argv[2], pathlib.Path(sys.argv[3])
    failed = 0
    for case in sorted(p for p in cases.iterdir() if (p / "train.sh").exists()):
        with tempfile.TemporaryDirectory() as tmp:
            problems = check_case(os.path.abspath(preflight), os.path.abspath(rules), case, pathlib.Path(tmp))
        print(("FAIL " if problems else "PASS ") + case.name)
        for p in problems:
            print("    " + p)
        failed += bool(problems)
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
