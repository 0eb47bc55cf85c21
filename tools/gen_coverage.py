#!/usr/bin/python3
"""Generate docs/coverage.md from the mined upstream checks and the rule packs.

Each tools/coverage/mined/<area>.toml lists the places where an upstream framework
refuses a configuration (docs/rule-packs.md, "Mined checks"). Every check names the
rule that encodes it or the reason it is not encoded; this script checks that, and
writes one table per source plus totals.

  gen_coverage.py [--root DIR] [--out FILE]

--root is the repository (default: this script's parent's parent); --out defaults to
DIR/docs/coverage.md ("-" for stdout). Exit status 1 when any mined file has an error;
nothing is written then. Python's standard library only.
"""

import argparse
import re
import sys
import tomllib
from collections import Counter, OrderedDict
from pathlib import Path

DECIDES = {
    "launch": "a launch's flags, environment, versions, model shape or hardware decide it",
    "runtime": "known only while the job runs (data, loaded state, hardware queried at run time)",
    "other": "deprecated, internal or not a refusal of a user's setting",
}
# owner/repo@ref:path:line or :first-last. The ref may hold dots, slashes-free text.
AT_RE = re.compile(r"^(?P<repo>[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*)@(?P<ref>[^:\s@]+):"
                   r"(?P<path>[^:\n]+):(?P<line>[1-9][0-9]*)(?:-(?P<last>[1-9][0-9]*))?$")
SOURCE_KEYS = {"repo", "read", "where"}
CHECK_KEYS = {"at", "checks", "decides", "rule", "reason"}


class Errors:
    def __init__(self):
        self.items = []

    def add(self, where, text):
        self.items.append(f"{where}: error: {text}")


def rule_ids(root, errors):
    ids = set()
    for pack in sorted((root / "rules").glob("*/pack.toml")):
        try:
            data = tomllib.loads(pack.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as e:
            errors.add(pack, f"not TOML: {e}")
            continue
        for rule in data.get("rules", []):
            if isinstance(rule, dict) and isinstance(rule.get("id"), str):
                ids.add(rule["id"])
    return ids


def header_lines(text, header):
    """1-based lines of each `header` table line, so errors can point near a check."""
    pattern = re.compile(r"^\s*" + re.escape(header) + r"\s*(#.*)?$")
    return [n for n, line in enumerate(text.splitlines(), 1) if pattern.match(line)]


def as_rule_list(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return value
    return None


def load_mined(path, known_rules, errors):
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        errors.add(path, f"not TOML: {e}")
        return None
    rel = path.as_posix()
    src = data.get("source")
    if not isinstance(src, dict):
        errors.add(f"{rel}:1", "missing [source] table (repo, read, where)")
        return None
    src_line = (header_lines(text, "[source]") or [1])[0]
    for key in sorted(SOURCE_KEYS - src.keys()):
        errors.add(f"{rel}:{src_line}", f"[source] lacks `{key}`")
    for key in sorted(src.keys() - SOURCE_KEYS):
        errors.add(f"{rel}:{src_line}", f"[source] has unknown key `{key}`")
    if "read" in src and not (isinstance(src["read"], list) and all(isinstance(t, str) for t in src["read"])):
        errors.add(f"{rel}:{src_line}", "[source] `read` must be a list of tags or branches")
    for key in sorted(data.keys() - {"source", "check"}):
        errors.add(f"{rel}:1", f"unknown top-level table `{key}`")
    checks = data.get("check", [])
    lines = header_lines(text, "[[check]]")
    good = []
    for i, chk in enumerate(checks):
        where = f"{rel}:{lines[i] if i < len(lines) else '?'}"
        bad = False
        for key in sorted(chk.keys() - CHECK_KEYS):
            errors.add(where, f"check has unknown key `{key}`")
            bad = True
        for key in ("at", "checks", "decides"):
            if not isinstance(chk.get(key), str) or not chk[key].strip():
                errors.add(where, f"check lacks `{key}` (a non-empty string)")
                bad = True
        at = chk.get("at")
        if isinstance(at, str) and not AT_RE.match(at):
            errors.add(where, f"malformed `at` \"{at}\": expected owner/repo@tag:path:line")
            bad = True
        if isinstance(chk.get("decides"), str) and chk["decides"] not in DECIDES:
            errors.add(where, f"`decides` is \"{chk['decides']}\"; expected one of {', '.join(DECIDES)}")
            bad = True
        has_rule, has_reason = "rule" in chk, "reason" in chk
        if has_rule == has_reason:
            errors.add(where, "a check names exactly one of `rule` (the rule that encodes it) or `reason` "
                              f"(why it is not encoded); this one has {'both' if has_rule else 'neither'}")
            bad = True
        elif has_rule:
            rules = as_rule_list(chk["rule"])
            if rules is None:
                errors.add(where, "`rule` must be a rule id or a non-empty list of rule ids")
                bad = True
            else:
                for r in rules:
                    if r not in known_rules:
                        errors.add(where, f"unknown rule id \"{r}\" (no [[rules]] of rules/*/pack.toml has it)")
                        bad = True
        elif not isinstance(chk["reason"], str) or not chk["reason"].strip():
            errors.add(where, "`reason` must be a non-empty string")
            bad = True
        if not bad:
            good.append(chk)
    return {"file": path.name, "source": src, "checks": good}


def reason_class(reason):
    """The part of a reason before its first colon groups the totals."""
    return reason.split(":", 1)[0].strip()


def cell(text):
    return " ".join(str(text).split()).replace("|", "\\|")


def tally(checks):
    launch = [c for c in checks if c["decides"] == "launch"]
    encoded = [c for c in launch if "rule" in c]
    return len(checks), len(launch), len(encoded)


def pct(part, whole):
    return f"{100.0 * part / whole:.0f}%" if whole else "–"


def render(areas):
    out = []
    w = out.append
    w("# Coverage of upstream start-up checks")
    w("")
    w("<!-- generated by tools/gen_coverage.py from tools/coverage/mined/*.toml and rules/*/pack.toml;"
      " do not edit -->")
    w("")
    w("Each row is one place where an upstream framework refuses a configuration, read at the "
      "release tag it cites, with the rule that encodes it or the reason it is not encoded. "
      "*decides*: `launch` (a launch's flags, environment, installed versions, model shape or "
      "hardware decide it), `runtime` (known only while the job runs), `other` (deprecated, "
      "internal, or not a refusal). The format is described in docs/rule-packs.md, "
      "\"Mined checks\".")
    w("")
    all_checks = [c for a in areas for c in a["checks"]]
    mined, launch, encoded = tally(all_checks)
    w("## Totals")
    w("")
    w("| source | file | mined | decided by a launch | encoded (of those) | % encoded |")
    w("|---|---|---|---|---|---|")
    for a in areas:
        m, l, e = tally(a["checks"])
        w(f"| {cell(a['source'].get('repo', '?'))} | {a['file']} | {m} | {l} | {e} | {pct(e, l)} |")
    w(f"| **all** | | **{mined}** | **{launch}** | **{encoded}** | **{pct(encoded, launch)}** |")
    w("")
    all_encoded = sum(1 for c in all_checks if "rule" in c)
    w(f"Checks with a rule, whatever decides them: {all_encoded} of {mined}.")
    w("")
    reasons = Counter((c["decides"], reason_class(c["reason"])) for c in all_checks if "reason" in c)
    if reasons:
        w("Not encoded, by reason:")
        w("")
        w("| decides | reason | checks |")
        w("|---|---|---|")
        for (dec, why), n in sorted(reasons.items(), key=lambda kv: (list(DECIDES).index(kv[0][0]), -kv[1], kv[0][1])):
            w(f"| {dec} | {cell(why)} | {n} |")
        w("")
    for a in areas:
        src = a["source"]
        w(f"## {cell(src.get('repo', '?'))}: {cell(src.get('where', ''))}")
        w("")
        w(f"From `tools/coverage/mined/{a['file']}`; read at {', '.join(f'`{t}`' for t in src.get('read', []))}.")
        w("")
        w("| upstream (file:line at tag) | what it refuses | decides | rule or reason |")
        w("|---|---|---|---|")
        for c in a["checks"]:
            if "rule" in c:
                verdict = ", ".join(f"`{r}`" for r in as_rule_list(c["rule"]))
            else:
                verdict = "not encoded: " + cell(c["reason"])
            w(f"| `{cell(c['at'])}` | {cell(c['checks'])} | {c['decides']} | {verdict} |")
        w("")
    return "\n".join(out)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    root = args.root
    errors = Errors()
    known = rule_ids(root, errors)
    areas = []
    for path in sorted((root / "tools" / "coverage" / "mined").glob("*.toml")):
        area = load_mined(path, known, errors)
        if area:
            areas.append(area)
    if errors.items:
        for e in errors.items:
            print(str(e).replace(str(root) + "/", ""), file=sys.stderr)
        print(f"gen_coverage: {len(errors.items)} error(s); docs/coverage.md not written", file=sys.stderr)
        return 1
    text = render(areas) + "\n"
    out = args.out if args.out is not None else str(root / "docs" / "coverage.md")
    if out == "-":
        sys.stdout.write(text)
    else:
        Path(out).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
