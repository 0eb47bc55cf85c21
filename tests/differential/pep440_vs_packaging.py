#!/usr/bin/python3
"""Differential test: preflight's PEP 440 code against Python's `packaging`.

Versions come from a snapshot of the version strings the project's research notes
name (facts_versions.txt, beside this script; a notes file given as the second
argument adds any new ones) plus a seeded generator; every ordered pair sample and
every (version, specifier) sample is asked of both. Any disagreement fails.

Besides parse and cmp, two kinds of membership question:
  in V SPEC         may an installer pick V (preflight's Membership::candidate);
                    the oracle is Debian's packaging 23, except where newer packaging
                    changed a clause to follow PEP 440's text ("Where newer packaging
                    differs" below); those answers are counted and reported per rule;
  installed V SPEC  is an installed V inside SPEC (Membership::installed), checked
                    against the PEP 440 table INSTALLED_FROM_PEP and against random
                    questions derived from the same rule.
Usage: pep440_vs_packaging.py ORACLE [NOTES.md]
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
# The snapshot ships beside this script, so the test keeps its versions when the
# notes are not checked out; a notes file given adds any new ones.
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

# --- Where newer packaging differs from Debian's packaging 23 -------------------------
# preflight follows the newer `packaging` (read at pypa/packaging@26.3:
# src/packaging/specifiers.py and tests/test_specifiers.py), which follows the PEP's
# text where 23 did not. Each function below is one such clause, written from the
# PEP; every other clause is asked of packaging 23 itself. Questions whose answer a
# newer rule changes are counted per rule and reported (NEWER_PACKAGING).

def names_prerelease(sp):
    """Every operator but != and a prefix opts a set in by naming a pre-release
    (packaging 26.0 on; 23 counted only == >= <= ~= ===)."""
    if sp.operator == "!=" or sp.version.endswith(".*"):
        return False
    try:
        return Version(sp.version).is_prerelease
    except InvalidVersion:
        return False

def release_only(v):
    return (f"{v.epoch}!" if v.epoch else "") + ".".join(map(str, v.release))

def has_prefix(v, prefix):
    """PEP 440 "Version matching": same epoch, padded release starts with the prefix's."""
    p = Version(prefix)
    padded = list(v.release) + [0] * max(0, len(p.release) - len(v.release))
    return v.epoch == p.epoch and padded[: len(p.release)] == list(p.release)

def clause(sp, text, v):
    """(answer, rule) for one clause; rule names the newer-packaging rule applied, or None."""
    op, ver = sp.operator, sp.version
    if op == "===":  # 26.1 (#1124): the text as given, not the normalized version
        return text.lower() == ver.lower(), "=== compares the text as given (26.1)"
    if ver.endswith(".*"):  # 24.0 (#712): the epoch takes part in prefix matching
        return has_prefix(v, ver[:-2]) == (op == "=="), "==V.* with epochs (24.0)"
    if op == "~=":  # 26.3: the prefix is the parsed release less its last number
        s = Version(ver)
        prefix = (f"{s.epoch}!" if s.epoch else "") + ".".join(map(str, s.release[:-1]))
        return Version(v.public) >= s and has_prefix(v, prefix), "~= prefix from the parsed release (26.3)"
    if op == "<":  # 26.1 (#1140): only pre-releases of V itself are excluded
        s = Version(ver)
        ok = v < s and (s.is_prerelease or not v.is_prerelease or v < Version(str(s) + ".dev0"))
        return ok, "<V excludes pre-releases of V itself (26.1)"
    if op == ">":  # 26.1 (#1097, #1141): only post and local releases of V itself
        s = Version(ver)
        post_base = Version(release_only(v) + (f"{v.pre[0]}{v.pre[1]}" if v.pre else ""))
        ok = (v > s and not (not s.is_postrelease and v.is_postrelease and post_base == s)
              and not (v.local is not None and Version(v.public) == s))
        return ok, ">V excludes post and local releases of V itself (26.1)"
    return sp.contains(v, prereleases=True), None

def expected_membership(spec, text, installed):
    """(answer, the newer rules among those that decided it)."""
    specs = SpecifierSet(spec)
    v = Version(text)
    rules = set()
    admitted = installed or any(names_prerelease(sp) for sp in specs)
    if v.is_prerelease and not installed and admitted != any(sp.prereleases for sp in specs):
        rules.add("a clause naming a pre-release opts in, < and > too (26.0)")
    if v.is_prerelease and not admitted:
        return False, rules
    answer = True
    for sp in specs:
        ok, rule = clause(sp, text, v)
        if rule and ok != sp.contains(v, prereleases=True):
            rules.add(rule)
        answer = answer and ok
    return answer, rules

def packaging23(spec, text):
    try:
        return SpecifierSet(spec).contains(Version(text))
    except InvalidVersion:  # 23 raises on a === operand that is no version
        return None

# --- Installed versions, from the PEP 440 text ---------------------------------------
# Debian's packaging 23 cannot serve as the oracle here: its contains(installed=True)
# (since pypa/packaging@22.0, f61a11b6) only acts once pre-releases are admitted
# anyway, and then judges the pre-release's base version (4.2.0rc1 as 4.2.0);
# pypa/packaging@26.0 (#897) made installed=True admit the pre-release as it is. The
# rows below are written from the PEP; each says which rule it follows, paraphrased.
PRE = 'PEP 440 "Handling of pre-releases": specifiers leave pre-releases and dev releases out unless already installed, asked for, or the only choice; an installed one is accepted by every specifier its value satisfies'
ORDER = 'PEP 440 "Summary of permitted suffixes and relative ordering": dev and pre-releases of a release sort before it'
INCLUSIVE = 'PEP 440 "Inclusive ordered comparison": >= and <= hold when the ordering does'
LT = 'PEP 440 "Exclusive ordered comparison": <V takes no pre-release of V unless V is one'
GT = 'PEP 440 "Exclusive ordered comparison": >V takes no post-release of V unless V is one, and no local version of V'
MATCH = 'PEP 440 "Version matching": a public specified version ignores the candidate\'s local label; a local one compares it'
PREFIX = 'PEP 440 "Version matching": a .* prefix ignores everything after the release; an installed pre-release is "requested"'
COMPAT = 'PEP 440 "Compatible release": ~=V.N is >=V.N together with ==V.*'
ARBITRARY = 'PEP 440 "Arbitrary equality": plain string equality, no padding, no local label dropped'
INSTALLED_FROM_PEP = [
    # (installed version, specifier, inside?, rule)
    ("4.4.0.dev0", ">=4.2.0", True, PRE),           # a source build past the bound
    ("4.4.0.dev0+g1234abc", ">=4.2.0", True, PRE),
    ("4.2.0rc1", ">=4.2.0", False, ORDER),          # below the bound, whoever asks
    ("4.2.0.dev0", ">=4.2.0", False, ORDER),
    ("0.16.0.dev0", ">=0.16.0.dev0", True, INCLUSIVE),
    ("0.16.0rc1", ">=0.16.0.dev0", True, INCLUSIVE),
    ("1.0.0.dev1", "<=1.0", True, INCLUSIVE),
    ("1.9.0.dev1", ">=2.0", False, ORDER),
    ("0.15.0rc1", "<0.16", True, PRE),
    ("0.16.0rc1", "<0.16", False, LT),
    ("0.16.0.dev0", ">=0.15,<0.16", False, LT),
    ("1.0rc1", "<1.0.post1", True, LT),             # a pre-release of 1.0, not of 1.0.post1
    ("1.0.post1.dev0", "<1.0.post1", False, LT),    # a pre-release of 1.0.post1
    ("1.0a1", "<1.0a2", True, LT),                  # V is itself a pre-release
    ("1.0.0.post1", ">1.0.0", False, GT),
    ("1.7.0.post3", ">1.7.post2", True, GT),        # the PEP's own example
    ("1.7.1", ">1.7", True, GT),
    ("1.0+local", ">1.0", False, GT),
    ("1.0.post0", ">1.0a1", True, GT),              # a post-release of 1.0, not of 1.0a1
    ("1.0a1.post0", ">1.0a1", False, GT),
    ("1.0a2.dev1", ">1.0a1", True, PRE),
    ("2.7.1+cpu", "==2.7.1", True, MATCH),
    ("2.7.1+cpu", "==2.7.1+cu121", False, MATCH),
    ("1.1a1", "==1.1", False, MATCH),
    ("1.1.post1", "==1.1", False, MATCH),
    ("2.0.dev1", "!=2.0", True, PRE),
    ("1.5.0a1", "==1.*", True, PREFIX),
    ("1.1a1", "==1.1.*", True, PREFIX),
    ("2.7.1.post2+cpu", "==2.7.1.*", True, PREFIX),
    ("1.1.0.dev1", "~=1.0", True, COMPAT),
    ("1.1.0rc1", "~=1.0", True, COMPAT),
    ("1.0a1", "~=1.0", False, COMPAT),
    ("3.0.0.dev1", "~=1.0", False, COMPAT),
    ("1.0+downstream1", "===1.0", False, ARBITRARY),  # the PEP's own example
    ("1.0", "===1.0", True, ARBITRARY),
    ("1.0.0", "===1.0", False, ARBITRARY),
    ("1.0a1", "", True, PRE),                       # the empty set takes everything installed
]

questions, expected, notes = [], [], []

def ask(question, answer, note=""):
    questions.append(question)
    expected.append(answer)
    notes.append(note)

for v in versions:
    if " " in v or not v or v != v.strip():
        continue
    ask(f"parse {v}", py_parse(v))
# Non-ASCII white space around a version is stripped as Python's str.strip() does.
for pad_l, pad_r in [("\u00a0", ""), ("", "\u3000"), ("\u2003", "\u2009"), ("\x1c", "\x1f"), ("\u0085", "\u202f")]:
    for v in ["1.0", "4.4.0.dev0", "2.7.1+cpu"]:
        ask(f"parse {pad_l}{v}{pad_r}", py_parse(pad_l + v + pad_r))
for _ in range(6000):
    a, b = rng.choice(valid), rng.choice(valid)
    va, vb = Version(a), Version(b)
    ask(f"cmp {a} {b}", str((va > vb) - (va < vb)))

newer = {}
def ask_in(v, spec, installed=False):
    """A membership question; a candidate one whose answer differs from packaging 23's
    is marked with the newer rules that decided it."""
    verb = "installed" if installed else "in"
    try:
        inside, rules = expected_membership(spec, v, installed)
    except InvalidSpecifier:
        ask(f"{verb} {v} {spec}", "invalid")
        return
    note = ""
    if not installed and inside != packaging23(spec, v):
        if not rules:
            sys.exit(f"model error: {v!r} in {spec!r} differs from packaging 23 by no listed rule")
        for rule in rules:
            newer[rule] = newer.get(rule, 0) + 1
        note = "newer packaging: " + "; ".join(sorted(rules))
    ask(f"{verb} {v} {spec}", "true" if inside else "false", note)

for _ in range(6000):
    spec = gen_spec()
    ask_in(rng.choice(valid), spec)
# Every operator against versions around one release, as both kinds of question: the
# pre, post, dev and local neighbours are where the clauses differ.
around = ["1.0", "1.0.0", "1.0a1", "1.0a2", "1.0rc1", "1.0.dev0", "1.0.dev1", "1.0.post0", "1.0.post1",
          "1.0.post1.dev0", "1.0.post0.dev0", "1.0+local", "1.0.post1+l", "1.0a1+l", "1.0a1.post0",
          "1.0a2.post0", "1.0.dev2+local", "0.9", "0.9.dev0", "0.9.post0", "1.1", "1.1.dev0", "1.1a1",
          "1.0-1", "1.01", "01.0", "1.0A1", "v1.0", "0!1.0", "1.0.POST1", "2.0", "2.0.post0"]
for op in ["<", ">", "<=", ">=", "==", "!=", "~=", "==="]:
    for operand in around:
        for v in around:
            ask_in(v, op + operand)
            ask_in(v, op + operand, installed=True)
# Clauses on white space packaging strips (str.strip() and `\s`, both Unicode).
for spec in ["\u00a0>=1.0", ">=\u30001.0", ">=1.0,\u2003<2", "===\u00a01.0", "==1.0\u202f"]:
    ask_in("1.0", spec)
ask("in 1.0 ===1.0\u00a0x", "invalid")  # === takes no white space inside its operand

# Installed versions: the table from the PEP text, then random questions by its rule.
for v, spec, inside, rule in INSTALLED_FROM_PEP:
    ask(f"installed {v} {spec}", "true" if inside else "false", rule)
rng_installed = random.Random(441)
for _ in range(4000):
    ask_in(rng_installed.choice(valid), gen_spec(), installed=True)

out = subprocess.run([oracle], input="\n".join(questions) + "\n", capture_output=True, text=True, check=True)
answers = out.stdout.splitlines()
if len(answers) != len(questions):
    print(f"oracle answered {len(answers)} of {len(questions)} questions")
    sys.exit(1)
bad = [(q, e, a, n) for q, e, a, n in zip(questions, expected, answers, notes) if e != a]
for q, e, a, n in bad[:40]:
    print(f"DISAGREE: {q!r}: expected={e} preflight={a}" + (f"  [{n}]" if n else ""))
print(f"differential: {len(questions)} questions ({len(versions)} versions), {len(bad)} disagreements")
print(f"answers that follow newer packaging where 23 differs: {sum(newer.values())}")
for rule, count in sorted(newer.items()):
    print(f"  {count:5}  {rule}")
print(f"installed-version rows from the PEP text: {len(INSTALLED_FROM_PEP)}")
print(f"{len(questions) - len(bad)} passed, {len(bad)} failed")
sys.exit(1 if bad else 0)
