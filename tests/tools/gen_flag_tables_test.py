#!/usr/bin/env python3
"""tools/gen_flag_tables.py and the pack it writes (rules/launcher-flag-tables):
1. the tool reads the fixture definitions (tests/tools/flag_tables/fixtures, in the
   shapes of ms-swift's dataclasses and Megatron-LM's argparse and ArgumentGroupFactory
   definitions) into exactly tests/tools/flag_tables/expected.toml;
2. the committed pack was written by the tool: its header says so, and the tags it
   records are the tool's (`--tags`), every one of them;
3. the flags a user reported as false typos are in the pack at every line read;
4. a release too large to mirror is read where it is installed (--installed), only when
   its dist-info version is the tag's, and the pack's torchrun table is exactly what
   torch 2.11.0's own parser defines (torch.distributed.run.get_args_parser(), run on
   the lent GPU machine; its option strings are kept in torchrun-2.11.0-options.json).
Usage: gen_flag_tables_test.py SOURCE_DIR"""
import difflib
import json
import os
import shutil
import tempfile
import subprocess
import sys
import tomllib

src = sys.argv[1]
tool = os.path.join(src, "tools", "gen_flag_tables.py")
here = os.path.join(src, "tests", "tools", "flag_tables")
passed = failed = 0


def check(ok, what):
    global passed, failed
    print(("PASS " if ok else "FAIL ") + what)
    passed, failed = passed + (1 if ok else 0), failed + (0 if ok else 1)


got = subprocess.run([sys.executable, tool, "--fixtures", os.path.join(here, "fixtures")], check=True,
                     capture_output=True, text=True).stdout
with open(os.path.join(here, "expected.toml"), encoding="utf-8") as f:
    want = f.read()
if got != want:
    sys.stdout.writelines(difflib.unified_diff(want.splitlines(True), got.splitlines(True), "expected.toml", "tool output"))
check(got == want, "the tool's output for the fixtures is expected.toml")

pack_path = os.path.join(src, "rules", "launcher-flag-tables", "pack.toml")
with open(pack_path, encoding="utf-8") as f:
    text = f.read()
check(text.startswith("# GENERATED FILE") and "tools/gen_flag_tables.py" in text.split("[pack]")[0],
      "the pack's header says it is generated, and by what")
pack = tomllib.loads(text)
tables = pack["tables"]
recorded = sorted({(r["repo"], t) for r in tables["launcher_flag_sources"] for t in r["tag"].split()})
tags = subprocess.run([sys.executable, tool, "--tags"], check=True, capture_output=True, text=True).stdout
expected_tags = sorted({tuple(line.split()) for line in tags.splitlines() if line.strip()})
check(recorded == expected_tags, f"the pack records the tool's {len(expected_tags)} tags ({len(recorded)} recorded)")

accepted = {}
for row in tables["launcher_accepts"]:
    for entry in row["flags"].splitlines():
        if entry.strip():
            accepted.setdefault((row["launcher"], entry.split()[0]), set()).update(row["lines"].split())
lines_of = {}
for r in tables["launcher_flag_sources"]:
    lines_of.setdefault((r["launcher"], r["package"]), set()).add(r["line"])
for launcher, package, flag in [("megatron-swift", "ms-swift", "--model_name"), ("megatron-swift", "ms-swift", "--loss_type"),
                                ("megatron-swift", "ms-swift", "--train_iters"), ("megatron", "megatron-core", "--ffn-hidden-size")]:
    check(accepted.get((launcher, flag)) == lines_of[(launcher, package)],
          f"{launcher} accepts {flag} at every {package} line read")

# 4. The installed-release reader: the fixture laid out as a site-packages directory.
with tempfile.TemporaryDirectory() as site:
    shutil.copytree(os.path.join(here, "fixtures", "pytorch", "v2.11.0", "torch"), os.path.join(site, "torch"))
    info = os.path.join(site, "torch-2.11.0.dist-info")
    os.makedirs(info)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write("Metadata-Version: 2.1\nName: torch\nVersion: 2.11.0+cu130\n")
    run = subprocess.run([sys.executable, tool, "--partial", "--installed", f"pytorch={site}"], capture_output=True, text=True)
    torchrun = [r for r in tomllib.loads(run.stdout)["tables"]["launcher_accepts"] if r["launcher"] == "torchrun"] \
        if run.returncode == 0 else []
    check(len(torchrun) == 1 and "--standalone switch" in torchrun[0]["flags"] and "--not-a-flag" not in torchrun[0]["flags"],
          "--installed reads torchrun's flags from an installed torch 2.11.0 (+cu130 is the build)")
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as f:
        f.write("Metadata-Version: 2.1\nName: torch\nVersion: 2.10.0\n")
    run = subprocess.run([sys.executable, tool, "--partial", "--installed", f"pytorch={site}"], capture_output=True, text=True)
    check(run.returncode != 0 and "not the tag read (v2.11.0)" in run.stderr,
          "--installed refuses a torch whose version is not the tag's")

with open(os.path.join(here, "torchrun-2.11.0-options.json"), encoding="utf-8") as f:
    oracle = set(json.load(f)["options"]) - {"-h", "--help"}
table = set()
for row in tables["launcher_accepts"]:
    if row["launcher"] == "torchrun" and "2.11" in row["lines"].split():
        for entry in row["flags"].splitlines():
            words = entry.split()
            if words:
                table.update([words[0], *words[2:]])
check(table == oracle, f"the pack's torchrun 2.11 table is torch 2.11.0's parser ({len(oracle)} option strings; "
      f"missing {sorted(oracle - table)}, extra {sorted(table - oracle)})")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
