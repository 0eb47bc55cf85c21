#!/usr/bin/python3
"""Checks every #include "folder/..." between src/ folders against the "may use"
column of the folder table in ARCHITECTURE.md, so the layering cannot drift.

Usage: check_includes.py REPO_ROOT
A folder may include itself. "may use" lists folders (`core`) or single files
(`lang/type.hpp`); "everything above" means every src/ folder in the rows above,
"everything" means all of them. Using is transitive: a folder may also use what the
folders it may use may use (main.cpp may use app, so core too). Exits 1 and lists each
include that the table does not allow, or the table's absence.
"""
import pathlib
import re
import sys

# Includes the table does not allow yet but whose fix is under way: each names the
# change that removes it. Delete an entry once that change is merged; the test fails
# on an entry that no longer matches anything, so none outlives its fix.
EXPECTED: set = {
    # (file under src/, included header) pairs that break the table and are being
    # removed; each names who removes it. Empty: the layering holds.
}

ROW = re.compile(r"^\|\s*`src/([^`]+)`\s*\|(.*)\|(.*)\|\s*$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def read_table(architecture):
    """folder (or main.cpp) → the set of folders and files it may include."""
    allowed, above = {}, []
    for line in architecture.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if not m:
            continue
        folder = m.group(1).rstrip("/")
        may_use = m.group(3).strip()
        if may_use.startswith("everything above"):
            names = set(above)
        elif may_use.startswith("everything"):
            names = {"*"}
        else:
            names = set(re.findall(r"`([^`]+)`", may_use))
        allowed[folder] = names
        above.append(folder)
    if not allowed:
        sys.exit("check_includes: no src/ folder table found in " + str(architecture))
    folders = {f for f in allowed if "." not in f}
    for folder, names in allowed.items():
        if "*" in names:
            allowed[folder] = set(folders)
    # Close over "may use": repeat until nothing is added (the table is small).
    changed = True
    while changed:
        changed = False
        for folder, names in allowed.items():
            more = set().union(*(allowed.get(n, set()) for n in names)) - names
            if more:
                names |= more
                changed = True
    return allowed, folders


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    allowed, folders = read_table(root / "ARCHITECTURE.md")
    violations, seen_expected = [], set()
    for path in sorted((root / "src").rglob("*")):
        if path.suffix not in (".cpp", ".hpp", ".h") or not path.is_file():
            continue
        rel = path.relative_to(root / "src").as_posix()
        owner = rel.split("/")[0] if "/" in rel else rel
        if owner not in allowed:
            violations.append(f"src/{rel}: folder '{owner}' is not in the table of ARCHITECTURE.md")
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = m.group(1)
            used = target.split("/")[0]
            if "/" not in target or used not in folders or used == owner:
                continue  # not a src/ folder (a sibling header, a library), or the folder itself
            if used in allowed[owner] or target in allowed[owner]:
                continue
            if (rel, target) in EXPECTED:
                seen_expected.add((rel, target))
                continue
            violations.append(f"src/{rel}:{number}: includes \"{target}\", but ARCHITECTURE.md lets "
                              f"src/{owner} use only {', '.join(sorted(allowed[owner])) or 'the standard library'}")
    for stale in sorted(set(EXPECTED) - seen_expected):
        violations.append(f"expected violation src/{stale[0]} → {stale[1]} is gone: remove it from EXPECTED in {__file__}")
    for v in violations:
        print(v)
    if violations:
        print(f"{len(violations)} include(s) break the layering of ARCHITECTURE.md")
        return 1
    print(f"layering: every include between src/ folders is allowed ({len(folders)} folders)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
