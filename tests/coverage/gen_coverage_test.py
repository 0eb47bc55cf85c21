#!/usr/bin/python3
"""tools/gen_coverage.py refuses what a mined file gets wrong, naming the file and line.

Each case writes one mined file into a scratch repository (with the real rule packs)
and checks the exit status and the error lines. A good file is rendered with its
totals; a bad one stops the generator with no output written.
"""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(sys.argv[1])
GEN = ROOT / "tools" / "gen_coverage.py"

HEAD = '[source]\nrepo = "NVIDIA/Megatron-LM"\nread = ["core_v0.15.3"]\nwhere = "validate_args"\n'
AT = 'at = "NVIDIA/Megatron-LM@core_v0.15.3:megatron/training/arguments.py:412"\n'
OK_RULE = 'rule = "topology-megatron-world-size"\n'

CASES = [
    ("good", HEAD + "[[check]]\n" + AT + 'checks = "a"\ndecides = "launch"\n' + OK_RULE
     + "[[check]]\n" + AT + 'checks = "b"\ndecides = "launch"\nreason = "needs data: the dataset"\n',
     0, ["| **all** | | **2** | **2** | **1** | **50%** |", "| launch | needs data | 1 |"]),
    ("unknown-rule", HEAD + "\n[[check]]\n" + AT + 'checks = "a"\ndecides = "launch"\nrule = "no-such-rule"\n',
     1, ['m.toml:6: error: unknown rule id "no-such-rule"']),
    ("both", HEAD + "[[check]]\n" + AT + 'checks = "a"\ndecides = "launch"\n' + OK_RULE + 'reason = "x"\n',
     1, ["m.toml:5: error: a check names exactly one of `rule`", "this one has both"]),
    ("neither", HEAD + "[[check]]\n" + AT + 'checks = "a"\ndecides = "runtime"\n',
     1, ["this one has neither"]),
    ("bad-at", HEAD + "[[check]]\n" + 'at = "megatron/training/arguments.py:412"\nchecks = "a"\ndecides = "other"\nreason = "x"\n',
     1, ["m.toml:5: error: malformed `at`"]),
    ("bad-decides", HEAD + "[[check]]\n" + AT + 'checks = "a"\ndecides = "sometimes"\nreason = "x"\n',
     1, ['`decides` is "sometimes"']),
    ("no-source", "[[check]]\n" + AT + 'checks = "a"\ndecides = "launch"\nreason = "x"\n',
     1, ["m.toml:1: error: missing [source] table"]),
]

failed = 0
for name, text, want_rc, want in CASES:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        shutil.copytree(ROOT / "rules", root / "rules")
        (root / "tools" / "coverage" / "mined").mkdir(parents=True)
        (root / "tools" / "coverage" / "mined" / "m.toml").write_text(text)
        (root / "docs").mkdir()
        p = subprocess.run([sys.executable, str(GEN), "--root", str(root)], capture_output=True, text=True)
        out = p.stderr + ((root / "docs" / "coverage.md").read_text() if (root / "docs" / "coverage.md").exists() else "")
        ok = p.returncode == want_rc and all(w in out for w in want)
        if want_rc != 0 and (root / "docs" / "coverage.md").exists():
            ok = False
        print(f"{'ok  ' if ok else 'FAIL'} {name}")
        if not ok:
            failed += 1
            print(f"  rc {p.returncode} (want {want_rc}); want lines {want}\n  output:\n{out}")
sys.exit(1 if failed else 0)
