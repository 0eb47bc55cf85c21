#!/usr/bin/python3
"""Differential test: preflight's PEP 440 code against Python's `packaging`.

Versions come from ../shared/FACTS.md plus a seeded generator; every ordered pair
sample and every (version, specifier) sample is asked of both. Any disagreement fails.
Usage: pep440_vs_packaging.py ORACLE [FACTS.md]
"""
import random
import re
import subprocess
import sys

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

oracle = sys.argv[1]
facts = sys.argv[2] if len(sys.argv) > 2 else None
rng = random.Random(440)

versions = set()
# A snapshot of FACTS.md's version strings ships beside this script, so the test
# keeps them when shared/ is not checked out; a FACTS.md given adds any new ones.
import os
snapshot = os.path.join(os.path.dirname(os.path.abspath(__file__)), "facts_versions.txt")
for line in open(snapshot, encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        versions.add(line.strip())
if facts:
    try:
        text = open(facts, encoding="utf-8").read()
        for tok in re.findall(r"v?\d+(?:\.\d+)+[A-Za-z0-9.+_-]*", text):
            versions.add(tok.rstrip(".-_"))
    except OSError:
        pass

def gen_version():
    parts = []
    if rng.random() < 0.08:
        parts.append(f"{rng.randint(0, 3)}!")
    n = rng.choice([1, 2, 2, 3, 3, 3, 4])
    rel = [str(rng.choice([0, 0, 1, 2, 3, 10, 12, 15, 16, 99])) for _ in range(n)]
    if rng.random() < 0.05:
        rel[-1] = "0" + rel[-1]
    parts.append(".".join(rel))
    if rng.random() < 0.3:
        sep = rng.choice(["", ".", "-", "_"])
        label = rng.choice(["a", "b", "rc", "c", "alpha", "beta", "pre", "preview", "RC"])
        num = rng.choice(["", "0", "1", "2", "10"])
        parts.append(f"{sep}{label}{num}")
    if rng.random() < 0.25:
        form = rng.choice(["post", "-", "rev", "r", ".post", "_post"])
        num = rng.choice(["", "1", "2", "4"])
        if form == "-":
            parts.append(f"-{num or '1'}")
        else:
            parts.append(f"{form}{num}")
    if rng.random() < 0.2:
        parts.append(rng.choice([".dev", "dev", "-dev", "_dev"]) + rng.choice(["", "0", "1", "20260322"]))
    if rng.random() < 0.15:
        parts.append("+" + rng.choice(["cpu", "cu121", "git4c901a4", "1.2", "abc.5", "ubuntu-1", "0", "local_07"]))
    s = "".join(parts)
    if rng.random() < 0.05:
        s = "v" + s
    if rng.random() < 0.03:
        s = s.upper()
    return s

while len(versions) < 1500:
    versions.add(gen_version())
# Edge cases of separators, labels and local parts; many must be refused by both.
versions.update(["", "1..0", "8.1.RC1.alpha001", "abc", "1.0+", "1.0-", "1.0.post-1", "01.2.3junk",
                 "1.0a.", "1.0a-", "1.0a-1", "1.0a--1", "1.0.post.", "1.0-post-1", "v1!2.0", "1!", "!1",
                 "1.0+abc-", "1.0+.abc", "1.0+abc..d", "1.0+a_b-c.7", "1.0-dev", "1.0.r", "1.0rev", "1.0_c_3",
                 "1.0.*", "01!02.003", "1.0a1.post2.dev3+x", "1.0pre", "1.0preview2", "1.0-1-2", "1.0.dev.1",
                 "1.0a1-2", "V1.0RC1", "1.0 a1", "1.0dev-", "1.0.0-0", "1.0rc.post", "0", "0.0", "1.0post_dev"])
# Random strings over the version alphabet: mostly invalid, some valid.
alphabet = "0123456789..--__+!avrcdeplhibwtAVRC"
for _ in range(3000):
    versions.add("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))))
versions = sorted(versions)

def py_parse(v):
    try:
        return str(Version(v))
    except InvalidVersion:
        return "invalid"

valid = [v for v in versions if py_parse(v) != "invalid" and " " not in v and v]

def gen_spec():
    clauses = []
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        op = rng.choice(["==", "!=", "<", "<=", ">", ">=", "~=", "===", "== "])
        base = rng.choice(valid)
        if op.strip() in ("==", "!=") and rng.random() < 0.3:
            base = re.sub(r"[+].*$", "", Version(base).base_version) + ".*"
        if op == "~=" and rng.random() < 0.5:
            base = Version(base).base_version + (".0" if "." not in Version(base).base_version else "")
        clauses.append(op + base)
    return ", ".join(clauses)

questions, expected = [], []
for v in versions:
    if " " in v or not v or v != v.strip():
        continue
    questions.append(f"parse {v}")
    expected.append(py_parse(v))
for _ in range(6000):
    a, b = rng.choice(valid), rng.choice(valid)
    questions.append(f"cmp {a} {b}")
    va, vb = Version(a), Version(b)
    expected.append(str((va > vb) - (va < vb)))
specs_checked = 0
while specs_checked < 6000:
    spec = gen_spec()
    v = rng.choice(valid)
    try:
        answer = "true" if SpecifierSet(spec).contains(Version(v)) else "false"
    except InvalidSpecifier:
        answer = "invalid"
    questions.append(f"in {v} {spec}")
    expected.append(answer)
    specs_checked += 1

out = subprocess.run([oracle], input="\n".join(questions) + "\n", capture_output=True, text=True, check=True)
answers = out.stdout.splitlines()
bad = [(q, e, a) for q, e, a in zip(questions, expected, answers) if e != a]
if len(answers) != len(questions):
    print(f"oracle answered {len(answers)} of {len(questions)} questions")
    sys.exit(1)
for q, e, a in bad[:40]:
    print(f"DISAGREE: {q!r}: packaging={e} preflight={a}")
print(f"differential: {len(questions)} questions ({len(versions)} versions), {len(bad)} disagreements")
print(f"{len(questions) - len(bad)} passed, {len(bad)} failed")
sys.exit(1 if bad else 0)
