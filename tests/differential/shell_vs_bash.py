#!/usr/bin/python3
"""Differential test: the shell reader against a real bash.

Each script under shell_scripts/ runs under `bash` with the launchers (megatron,
swift, torchrun, accelerate, python) replaced by a stub on PATH that records its argv
and environment as JSON; `inner` is a stub too, for launches inside blocks the reader
does not run (bash runs them; the reader must not report them). A script may stop on an error (`set -u`, `set -e`):
bash's exit status then must be non-zero exactly when the reader says the script stops,
and a launch the reader says bash stops in is not one bash ran. The reader's
commands for those launchers, in order, must equal what bash ran: every word the
reader knows, and every variable it knows, byte for byte; no variable bash passed may
be missing from the reader's environment. Exits 77 (skipped) without bash.
Further folders of scripts (the launch corpus) may follow; each runs the same way.
Usage: shell_vs_bash.py SHELL_ORACLE [SCRIPT_DIR…]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

LAUNCHERS = ["megatron", "swift", "torchrun", "accelerate", "python"]
SET_BY_SHELLS = {"PWD", "OLDPWD", "SHLVL", "_"}

oracle = sys.argv[1]
bash = shutil.which("bash") or ("/bin/bash" if os.path.exists("/bin/bash") else None)
if not bash:
    print("SKIP: no bash on this machine")
    sys.exit(77)

here = os.path.dirname(os.path.abspath(__file__))
work = tempfile.mkdtemp(prefix="shell-vs-bash-")
# bash runs copies, so that what the scripts write (logs) lands in the scratch folder
folders = []
for k, source in enumerate([os.path.join(here, "shell_scripts")] + sys.argv[2:]):
    folders.append(os.path.join(work, "scripts%d" % k))
    shutil.copytree(source, folders[-1])
stubs = os.path.join(work, "bin")
os.makedirs(stubs)
home = os.path.join(work, "home")
os.makedirs(home)
recorder = ("import json,os,sys; "
            "open(os.environ['SHELL_ORACLE_LOG'],'a').write(json.dumps({'argv':sys.argv[1:],'env':dict(os.environ)})+'\\n')")
for name in LAUNCHERS + ["inner"]:
    path = os.path.join(stubs, name)
    with open(path, "w") as f:
        f.write('#!/bin/sh\nexec /usr/bin/python3 -c "%s" "%s" "$@"\n' % (recorder.replace('"', '\\"'), name))
    os.chmod(path, 0o755)

failures = []
compared = 0
scripts = [(d, f) for d in folders for f in sorted(os.listdir(d)) if f.endswith(".sh") and not f.startswith("lib-")]
for scripts_dir, script in scripts:
    path = os.path.join(scripts_dir, script)
    log = os.path.join(work, script + ".log")
    env = {"PATH": stubs + ":/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "SHELL_ORACLE_LOG": log,
           "CALLER_SET": "from the caller", "EMPTY_FROM_CALLER": ""}
    run = subprocess.run([bash, script], cwd=scripts_dir, env=env, capture_output=True, text=True, timeout=60)
    ran = [json.loads(l) for l in open(log)] if os.path.exists(log) else []
    ran = [r for r in ran if r["argv"][0] != "inner"]
    read = subprocess.run([oracle, script], cwd=scripts_dir, env=env, capture_output=True, text=True, timeout=60)
    if read.returncode != 0:
        failures.append("%s: the reader failed: %s" % (script, read.stderr))
        continue
    result = json.loads(read.stdout)
    # A script bash stops on an error (set -u, ${X:?}, set -e) must be one the reader
    # says stops, and the other way round; launches it stops in never run.
    stops = result["stop"] is not None
    if (run.returncode != 0) != stops:
        failures.append("%s: bash exited %d (%s), the reader says the script %s" % (
            script, run.returncode, run.stderr.strip()[-300:],
            "stops: " + result["stop"] if stops else "runs to its end"))
        continue
    launches = [c for c in result["commands"] if c["argv"] and c["argv"][0] in LAUNCHERS and not c["stops"]]
    if len(launches) != len(ran):
        failures.append("%s: the reader reports %d launches, bash ran %d:\n  reader %s\n  bash   %s" % (
            script, len(launches), len(ran), [c["argv"] for c in launches], [r["argv"] for r in ran]))
        continue
    for got, want in zip(launches, ran):
        where = "%s:%d" % (script, got["line"])
        if not result["skipped"] and (None in got["argv"] or None in got["env"].values()):
            failures.append("%s: unknown values in a script with no construct left uninterpreted: %s %s" % (
                where, got["argv"], sorted(k for k, v in got["env"].items() if v is None)))
        words = got["argv"]
        if None in words:  # an unknown word may stand for any number of words: compare both ends
            head = words.index(None)
            tail = len(words) - 1 - max(k for k, w in enumerate(words) if w is None)
            if words[:head] != want["argv"][:head] or (tail and words[-tail:] != want["argv"][-tail:]):
                failures.append("%s: words %s, bash ran %s" % (where, words, want["argv"]))
        elif words != want["argv"]:
            failures.append("%s: words %s, bash ran %s" % (where, words, want["argv"]))
        for name, value in got["env"].items():
            if value is None:
                continue
            if want["env"].get(name) != value:
                failures.append("%s: %s=%r, bash passed %r" % (where, name, value, want["env"].get(name)))
        for name, value in want["env"].items():
            if name not in SET_BY_SHELLS and name not in got["env"]:
                failures.append("%s: bash passed %s=%r, which the reader does not have" % (where, name, value))
        compared += 1
    print("%s: %d launches agree (%d skipped constructs)" % (script, len(launches), len(result["skipped"])))

shutil.rmtree(work, ignore_errors=True)
for f in failures:
    print("FAIL " + f)
print("shell reader vs bash: %d launches compared over %d scripts, %d failures" % (compared, len(scripts), len(failures)))
sys.exit(1 if failures or compared == 0 else 0)
