#!/usr/bin/python3
"""`preflight probe` must see the same distributions as `pip list` for one interpreter.

For each interpreter given (that has pip), compares the set of (normalized name,
version) pairs of `preflight probe --format json --python PY` with those of
`PY -m pip list --format=json`. Usage: probe_vs_pip.py PREFLIGHT PY [PY …]
"""
import json
import re
import subprocess
import sys

preflight, pythons = sys.argv[1], sys.argv[2:]


def norm(name):
    return re.sub(r"[-_.]+", "-", name).lower()


passed = failed = 0
for py in pythons:
    pip = subprocess.run([py, "-m", "pip", "list", "--format=json"], capture_output=True, text=True)
    if pip.returncode != 0:
        print(f"FAIL {py}: pip list failed: {pip.stderr.strip()[:200]}")
        failed += 1
        continue
    want = {(norm(d["name"]), d["version"]) for d in json.loads(pip.stdout)}
    probe = subprocess.run([preflight, "probe", "--format", "json", "--python", py], capture_output=True, text=True)
    if probe.returncode != 0:
        print(f"FAIL {py}: preflight probe exited {probe.returncode}: {probe.stderr.strip()[:200]}")
        failed += 1
        continue
    report = json.loads(probe.stdout)
    # preflight adds reserved layers (python, cann, ascend-driver, cuda, nvidia-driver) and Megatron source trees.
    added = {n for n in ("python", "cann", "ascend-driver", "cuda", "nvidia-driver")}
    added |= {k.split(".", 1)[1] for k, o in report["origins"].items() if "package_info.py" in o}
    got = {(n, v) for n, v in report["packages"].items() if v is not None and n not in added}
    missing, extra = sorted(want - got), sorted(got - want)
    for n, v in missing[:10]:
        print(f"  pip has {n} {v}, probe does not")
    for n, v in extra[:10]:
        print(f"  probe has {n} {v}, pip does not")
    ok = not missing and not extra
    print(f"{'PASS' if ok else 'FAIL'} {py}: {len(want)} distributions")
    passed, failed = passed + ok, failed + (not ok)
print(f"probe vs pip list: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
