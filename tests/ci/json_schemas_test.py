#!/usr/bin/python3
"""Every JSON output against its published schema (share/schemas/), with Debian's
python3-jsonschema as the oracle:

- each schema is itself a valid Draft 2020-12 schema;
- every golden case whose command asks for --format json (check in its three shapes,
  fleet, rules list …): its expected stdout validates against the schema of its command;
- the outputs no golden fixes (probe reads the live environment; plugins list the
  search path), run here: `probe --format json`, `plugins list --format json`,
  `rules list --format json`, `scan --format json` of a small directory.

A schema that stopped describing its output, or an output that dropped a field its
schema requires, fails here.

Usage: json_schemas_test.py PREFLIGHT SOURCE_DIR
"""
import json
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile

import jsonschema

preflight, src = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
schemas_dir = src / "share/schemas"
failures = []

schemas = {}
for path in sorted(schemas_dir.glob("*.schema.json")):
    schema = json.loads(path.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    schemas[path.name.removesuffix(".schema.json")] = jsonschema.Draft202012Validator(schema)
for name in ("check", "probe", "fleet", "scan", "rules-list", "rules-verify", "rules-outdated", "plugins-list", "plan"):
    if name not in schemas:
        failures.append(f"share/schemas/{name}.schema.json is missing")


def schema_for(words):
    """The schema of a command line's output: its subcommand (two words for `rules list`)."""
    if not words:
        return None
    if words[0] == "rules" and len(words) > 1 and words[1] in ("list", "verify", "outdated"):
        return "rules-" + words[1]
    if words[0] == "plugins" and len(words) > 1 and words[1] == "list":
        return "plugins-list"
    return words[0] if words[0] in ("check", "probe", "fleet", "scan", "plan") else None


def validate(name, text, what):
    try:
        document = json.loads(text)
    except json.JSONDecodeError as e:
        failures.append(f"{what}: not JSON: {e}")
        return
    errors = sorted(schemas[name].iter_errors(document), key=lambda e: list(e.absolute_path))
    for e in errors[:5]:
        failures.append(f"{what}: {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]}")


golden = src / "tests/golden"
checked = 0
for cmd in sorted(golden.glob("*/*/cmd")):
    words = shlex.split(cmd.read_text())
    if "json" not in [w.split("=", 1)[-1] for w in words if w.startswith("--format")] and not (
        "--format" in words and words[words.index("--format") + 1] == "json"
    ):
        continue
    stdout = cmd.parent / "stdout"
    name = schema_for(words)
    if name is None or not stdout.exists() or not stdout.read_text().strip():
        continue
    validate(name, stdout.read_text(), str(cmd.parent.relative_to(src)))
    checked += 1
if checked < 8:
    failures.append(f"only {checked} golden JSON outputs found; expected the check, fleet and rules cases")

env = dict(os.environ, PREFLIGHT_RULES_PATH=str(src / "rules"), NO_COLOR="1")
with tempfile.TemporaryDirectory() as tmp:
    # A directory `scan` reads: one distribution, one shared library.
    tree = pathlib.Path(tmp, "tree")
    (tree / "demo-1.0.dist-info").mkdir(parents=True)
    (tree / "demo-1.0.dist-info/METADATA").write_text("Metadata-Version: 2.1\nName: demo\nVersion: 1.0\n")
    (tree / "libdemo.so").write_bytes(b"\x7fELF not really")
    for name, args in (
        ("probe", ["probe", "--format", "json", "--site-packages", tmp]),
        ("scan", ["scan", str(tree), "--format", "json"]),
        ("plugins-list", ["plugins", "list", "--format", "json"]),
        ("rules-list", ["rules", "list", "--format", "json"]),
    ):
        run = subprocess.run([str(preflight), *args], capture_output=True, text=True, env=env)
        if run.returncode != 0:
            failures.append(f"preflight {' '.join(args)}: exit {run.returncode}: {run.stderr[:300]}")
            continue
        validate(name, run.stdout, "preflight " + " ".join(args))

for f in failures:
    print("FAIL", f)
print(f"{checked} golden JSON outputs and 4 live ones against {len(schemas)} schemas: {len(failures)} failures")
sys.exit(1 if failures else 0)
