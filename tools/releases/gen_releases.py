#!/usr/bin/python3
"""Writes rules/releases/pack.toml: the releases the packs know of each package that
the rules reason about, one table row per release, for `preflight plan`.

Usage: gen_releases.py --mirrors DIR [--rules RULES_DIR] [-o rules/releases/pack.toml]

Two sources, both recorded in every row's `source`:
- upstream release tags, read from bare git mirrors laid out as DIR/owner+repo/repo
  (the `fetch` tool's layout) or DIR/owner/repo: `git tag` for the versions and
  `git log -1 --format=%cs TAG` for the date;
- the vendors' matrices already encoded in the compat packs (torch_npu <-> torch <->
  CANN, vllm-ascend's policy, MindSpeed's versions, transformers per arch): for the
  packages no mirror here holds (torch, CANN, vllm, transformers, torch_npu's wheel
  versions), their versions are the ones those rows name, without a date.

`line` is the release line a version belongs to (a development or local build maps to
it by its base version): major.minor by default; vllm-ascend's vllm line, torch_npu's
torch release, MindSpeed's megatron-core line where the matrices say so.
Python's standard library only; the output is sorted, so a re-run with the same
mirrors writes the same file.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import tomllib

# package -> (owner/repo, tag pattern whose group 1 is the version). Tags outside the
# pattern (branches' snapshots, container tags, other products) are not releases of it.
TAGGED = {
    "megatron-core": ("NVIDIA/Megatron-LM", r"core_v(\d+\.\d+\.\d+(?:rc\d+)?)"),
    "ms-swift": ("modelscope/ms-swift", r"v(\d+\.\d+\.\d+)"),
    "mcore-bridge": ("modelscope/mcore-bridge", r"v(\d+\.\d+\.\d+)"),
    "twinkle-kit": ("modelscope/twinkle", r"v(\d+\.\d+(?:\.\d+)?)"),
    "vllm-ascend": ("vllm-project/vllm-ascend", r"v(\d+\.\d+\.\d+(?:rc\d+|\.post\d+)?)"),
    "triton-ascend": ("Ascend/triton-ascend", r"v(\d+\.\d+\.\d+(?:rc\d+)?)"),
    "transformer-engine": ("NVIDIA/TransformerEngine", r"v(\d+\.\d+(?:\.\d+)?)"),
    "flash-attn": ("Dao-AILab/flash-attention", r"v(\d+\.\d+\.\d+(?:\.post\d+)?)"),
    "flash-linear-attention": ("fla-org/flash-linear-attention", r"v(\d+\.\d+\.\d+)"),
    "mindspeed-llm": ("Ascend/MindSpeed-LLM", r"v(\d+\.\d+\.\d+)"),
    "deepspeed": ("deepspeedai/DeepSpeed", r"v(\d+\.\d+\.\d+)"),
    "accelerate": ("huggingface/accelerate", r"v(\d+\.\d+\.\d+)"),
    "torch-memory-saver": ("fzyzcjy/torch_memory_saver", r"v(\d+\.\d+\.\d+)"),
}


# Installed otherwise than by pip: CANN is a toolkit (its installer), MindSpeed is
# installed from a clone of its branch (`pip install -e .`); plan names their
# version, and leaves them out of pip lines and constraints files.
NOT_PIP = {"cann", "mindspeed"}


def mirror_dir(root, repo):
    owner, name = repo.split("/")
    for d in (root / f"{owner}+{name}" / "repo", root / f"{owner}+{name}", root / owner / name):
        if (d / "HEAD").exists() or (d / ".git").exists():
            return d
    return None


def git(d, *args):
    return subprocess.run(["git", "-C", str(d), *args], capture_output=True, text=True, check=True).stdout


def version_key(v):
    """PEP 440 order for the plain versions this file holds (N.N[.N][rcN|.postN]);
    CANN's N.N.RCn orders before N.N.0."""
    m = re.match(r"^(\d+(?:\.\d+)*)(?:\.?(rc|RC)(\d+)|\.post(\d+)|\.alpha(\d+)|\.beta(\d+))?", v)
    nums = [int(x) for x in m.group(1).split(".")] if m else [0]
    while len(nums) > 1 and nums[-1] == 0:
        nums.pop()
    if m and m.group(5):  # alpha
        return (nums, -3, int(m.group(5)))
    if m and m.group(6):  # beta
        return (nums, -2, int(m.group(6)))
    if m and m.group(3):  # rc
        return (nums, -1, int(m.group(3)))
    if m and m.group(4):  # post
        return (nums, 1, int(m.group(4)))
    return (nums, 0, 0)


def line_of(v):
    parts = re.split(r"[.]", re.sub(r"(rc|RC|\.post|\.alpha|\.beta|\+).*$", "", v))
    return ".".join(parts[:2])


def is_pre(v):
    return bool(re.search(r"rc\d|RC\d|alpha|beta|\.dev|a\d|b\d", v))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mirrors", required=True, type=pathlib.Path)
    ap.add_argument("--rules", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parents[2] / "rules")
    ap.add_argument("-o", "--output", type=pathlib.Path)
    # Older tags name stacks no rule reasons about; each row costs every check a little.
    ap.add_argument("--since", default="2024-01-01", help="leave out tags dated before this day (YYYY-MM-DD)")
    args = ap.parse_args()

    rows = {}  # (package, version) -> row
    read = []  # what each mirror was read at, for the header

    def add(package, version, date, line, source):
        key = (package, version)
        if key in rows:
            # A tag's date beats a matrix's none; the first source read stays.
            if date and not rows[key]["date"]:
                rows[key]["date"] = date
            return
        rows[key] = {"package": package, "version": version, "date": date, "line": line,
                     "pre": is_pre(version) and package != "cann", "pip": package not in NOT_PIP, "source": source}

    for package, (repo, pattern) in sorted(TAGGED.items()):
        d = mirror_dir(args.mirrors, repo)
        if d is None:
            print(f"gen_releases: no mirror of {repo} under {args.mirrors}; {package} left out", file=sys.stderr)
            continue
        dated = [(t, git(d, "log", "-1", "--format=%cs", t).strip()) for t in git(d, "tag").split()
                 if re.fullmatch(pattern, t)]
        dated = sorted((t, date) for t, date in dated if date >= args.since)
        head = git(d, "rev-parse", "HEAD").strip()
        read.append(f"{repo} at {head[:12]}: {len(dated)} tags since {args.since}"
                    f" ({', '.join(t for t, _ in dated) if dated else 'none'})")
        for tag, date in dated:
            add(package, re.fullmatch(pattern, tag).group(1), date, line_of(re.fullmatch(pattern, tag).group(1)),
                f"{repo}@{tag}")

    packs = {p.parent.name: tomllib.load(open(p, "rb")) for p in sorted(args.rules.glob("*/pack.toml"))}
    tables = {name: rows_ for pack in packs.values() for name, rows_ in pack.get("tables", {}).items()}
    src = lambda t: f"matrix: {next(p for p, d in packs.items() if t in d.get('tables', {}))}/{t}"

    for row in tables.get("vllm_ascend", []):
        s = src("vllm_ascend")
        key = ("vllm-ascend", row["vllm_ascend"])
        if key in rows:
            rows[key]["line"] = row["vllm_line"]
        else:
            add("vllm-ascend", row["vllm_ascend"], "", row["vllm_line"], s)
        add("vllm", row["vllm_line"] + ".0", "", row["vllm_line"], s)
        add("torch", row["torch"], "", line_of(row["torch"]), s)
        add("torch-npu", row["torch_npu"], "", re.sub(r"(\.post\d+)?(\+.*)?$", "", row["torch_npu"]), s)
        add("cann", row["cann"], "", line_of(row["cann"]), s)
        if row["triton_ascend"]:
            add("triton-ascend", row["triton_ascend"], "", line_of(row["triton_ascend"]), s)
    for row in tables.get("torch_npu_cann", []):
        s = src("torch_npu_cann")
        add("torch-npu", row["torch_npu"], "", row["torch"], s)
        add("torch", row["torch"], "", line_of(row["torch"]), s)
        add("cann", row["cann"], "", line_of(row["cann"]), s)
    for row in tables.get("torch_npu_releases", []):
        # Ascend/pytorch's tag of the release gives its date where the mirror has it.
        repo_tag = row["tag"]
        if not re.fullmatch(r"[\w.-]+/[\w.-]+@[\w.+-]+", repo_tag):
            # "Ascend/pytorch@branch v2.7.1-26.1.0 (untagged)": no tag to date it by.
            add("torch-npu", row["torch_npu"], "", re.sub(r"(\.post\d+)?(\+.*)?$", "", row["torch_npu"]),
                src("torch_npu_releases"))
            continue
        d = mirror_dir(args.mirrors, repo_tag.split("@")[0])
        date = ""
        if d is not None:
            try:
                date = git(d, "log", "-1", "--format=%cs", repo_tag.split("@")[1]).strip()
            except subprocess.CalledProcessError:
                date = ""
        add("torch-npu", row["torch_npu"], date, re.sub(r"(\.post\d+)?(\+.*)?$", "", row["torch_npu"]), repo_tag)
    for row in tables.get("triton_ascend_cann", []):
        for cann in row["cann"].split(","):
            add("cann", cann, "", line_of(cann), src("triton_ascend_cann"))
    for row in tables.get("torchvision_torch", []):
        add("torchvision", row["torchvision"] + ".0", "", row["torchvision"], src("torchvision_torch"))
    for row in tables.get("mindspeed_versions", []):
        add("mindspeed", row["version"], "", row["megatron"], src("mindspeed_versions"))
    for row in tables.get("transformers_arch", []):
        add("transformers", row["first"], "", line_of(row["first"]), src("transformers_arch"))

    # Dev/local builds the matrices name (2.9.0.post1+git4c901a4) are no installable release.
    out = [r for r in rows.values() if "+" not in r["version"]]
    out.sort(key=lambda r: (r["package"], version_key(r["version"]), r["version"]))

    text = [
        "# Generated by tools/releases/gen_releases.py; do not edit (re-run it, docs/rule-packs.md).",
        "# The releases the packs know of each package the rules reason about, read by",
        "# `preflight plan` (docs/manual.md, \"Planning a stack\"). Read from:",
        *[f"#   {r}" for r in read],
        "#   the matrices of the compat packs (source matrix:PACK/TABLE), for the",
        "#   packages no mirror holds (torch, CANN, vllm, transformers, torch_npu's wheels).",
        "# One row per package; `releases` holds one line per release, oldest first:",
        "#   VERSION DATE LINE SOURCE [pre]",
        "# DATE: the tag's commit day, - where a matrix alone names the version; LINE: the",
        "# release line (major.minor; vllm-ascend's vllm line; torch_npu's torch release);",
        "# SOURCE: owner/repo@tag, or matrix:PACK/TABLE; pre: a pre-release, which pip installs",
        "# only when named (CANN's RCs are its releases).",
        "# pip: installed with pip (CANN is a toolkit; MindSpeed is installed from its branch).",
        "[pack]",
        'name = "releases"',
        'version = "0.1.0"',
        'engine = ">=0.2,<0.3"',
        'summary = "Release lists: the known releases of each package the rules reason about (for plan)"',
        "",
    ]
    # One row per package, its releases one line each: a row per release would cost
    # every check that loads the packs (about 14 ms for 550 rows), for a table only
    # `plan` reads.
    for package in sorted({r["package"] for r in out}):
        mine = [r for r in out if r["package"] == package]
        text += [
            "[[tables.releases]]",
            f'package = "{package}"',
            f'pip = {"true" if mine[0]["pip"] else "false"}',
            'releases = """',
            *[" ".join([r["version"], r["date"] or "-", r["line"], r["source"].replace("matrix: ", "matrix:")]
                       + (["pre"] if r["pre"] else [])) for r in mine],
            '"""',
            "",
        ]
    body = "\n".join(text).rstrip("\n") + "\n"
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(body, encoding="utf-8")
    else:
        sys.stdout.write(body)


if __name__ == "__main__":
    main()
