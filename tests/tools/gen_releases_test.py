#!/usr/bin/python3
"""tools/releases/gen_releases.py against fixtures made here: a bare-layout mirror
(DIR/owner+repo/repo) whose tags include releases, a pre-release, an old tag and tags of
no release; and a compat pack whose matrix names versions no mirror holds. The output
must be the pack `plan` reads (one row per package, one line per release:
VERSION DATE LINE SOURCE [pre]) with the tags read recorded in its header; and the
committed rules/releases/pack.toml must have that shape too.

Usage: gen_releases_test.py SOURCE_DIR
"""
import os
import pathlib
import subprocess
import sys
import tempfile
import tomllib

src = pathlib.Path(sys.argv[1]).resolve()
gen = src / "tools/releases/gen_releases.py"
failures = []


def git(d, *args, date="2025-06-01T12:00:00"):
    env = dict(os.environ, GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date, GIT_AUTHOR_NAME="t",
               GIT_AUTHOR_EMAIL="t@t", GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@t")
    subprocess.run(["git", "-C", str(d), *args], check=True, capture_output=True, env=env)


def releases_of(pack, package):
    rows = [r for r in pack["tables"]["releases"] if r["package"] == package]
    return rows[0] if len(rows) == 1 else None


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    repo = tmp / "mirrors/NVIDIA+Megatron-LM/repo"
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    for i, (tag, date) in enumerate([("core_v0.4.0", "2023-05-01T00:00:00"), ("core_v0.16.0rc1", "2026-01-10T00:00:00"),
                                     ("core_v0.16.0", "2026-02-26T00:00:00"), ("26.04-alpha.rc1", "2026-03-01T00:00:00"),
                                     ("core_r0.16.0", "2026-03-02T00:00:00")]):
        (repo / "f").write_text(str(i))
        git(repo, "add", "f", date=date)
        git(repo, "commit", "-qm", tag, date=date)
        git(repo, "tag", tag, date=date)
    rules = tmp / "rules/compat"
    rules.mkdir(parents=True)
    (rules / "pack.toml").write_text('''[pack]
name = "compat"
version = "1"
engine = ">=0.1"
summary = "s"

[[tables.vllm_ascend]]
vllm_ascend = "0.13.0"
vllm_line = "0.13"
python = ">=3.10"
cann = "8.5.0"
torch = "2.8.0"
torch_npu = "2.8.0.post2"
triton_ascend = "3.2.0"
''')
    out = tmp / "out/pack.toml"
    run = subprocess.run([sys.executable, str(gen), "--mirrors", str(tmp / "mirrors"), "--rules", str(tmp / "rules"),
                          "-o", str(out)], capture_output=True, text=True)
    if run.returncode != 0:
        failures.append(f"the generator failed: {run.stderr}")
    else:
        text = out.read_text()
        pack = tomllib.loads(text)
        mc = releases_of(pack, "megatron-core")
        lines = mc["releases"].strip().splitlines() if mc else []
        want = ["0.16.0rc1 2026-01-10 0.16 NVIDIA/Megatron-LM@core_v0.16.0rc1 pre",
                "0.16.0 2026-02-26 0.16 NVIDIA/Megatron-LM@core_v0.16.0"]
        if lines != want:
            failures.append(f"megatron-core releases: {lines}, want {want} (core_v0.4.0 predates --since; "
                            "26.04-alpha.rc1 and core_r0.16.0 are no release of the package)")
        if "NVIDIA/Megatron-LM at" not in text or "core_v0.16.0, core_v0.16.0rc1" not in text:
            failures.append("the header does not record the mirror read and its tags")
        va = releases_of(pack, "vllm-ascend")
        if not va or va["releases"].strip() != "0.13.0 - 0.13 matrix:compat/vllm_ascend":
            failures.append(f"vllm-ascend from the matrix: {va}")
        cann = releases_of(pack, "cann")
        if not cann or cann["pip"] or "8.5.0 - 8.5 matrix:compat/vllm_ascend" not in cann["releases"]:
            failures.append(f"cann: not installed with pip, from the matrix: {cann}")
        npu = releases_of(pack, "torch-npu")
        if not npu or "2.8.0.post2 - 2.8.0 " not in npu["releases"]:
            failures.append(f"torch-npu's line is its torch release: {npu}")
        # A second run with the same inputs writes the same file.
        again = subprocess.run([sys.executable, str(gen), "--mirrors", str(tmp / "mirrors"), "--rules", str(tmp / "rules")],
                               capture_output=True, text=True)
        if again.stdout != text:
            failures.append("two runs over the same mirrors differ")

committed = tomllib.loads((src / "rules/releases/pack.toml").read_text())
for row in committed["tables"]["releases"]:
    for line in row["releases"].strip().splitlines():
        words = line.split()
        if len(words) not in (4, 5) or (len(words) == 5 and words[4] != "pre"):
            failures.append(f"rules/releases/pack.toml: {row['package']}: malformed line {line!r}")
for package in ("megatron-core", "ms-swift", "mcore-bridge", "torch", "torch-npu", "cann", "vllm", "vllm-ascend",
                "triton-ascend", "transformers", "transformer-engine", "flash-attn", "twinkle-kit", "mindspeed"):
    if not any(r["package"] == package for r in committed["tables"]["releases"]):
        failures.append(f"rules/releases/pack.toml lists no release of {package}")

for f in failures:
    print("FAIL", f)
print("gen_releases: ok" if not failures else f"{len(failures)} failed")
sys.exit(1 if failures else 0)
