#!/usr/bin/env python3
"""Writes rules/launcher-flag-tables/pack.toml: every flag each launcher accepts, per
release line, read from the launcher's own argument definitions at a release tag.

Maintainer tool (stdlib only). It reads local mirrors of the upstream repositories
(bare git directories, as `git clone --mirror` makes them) and never runs upstream code:
the definitions are read with Python's `ast`, as the parsers build them:

  hf-dataclass  transformers' HfArgumentParser over dataclasses (ms-swift): each field is
                `--a_b` (and `--a-b`); a bool field defaulting to True also gets `--no_a_b`;
                field(metadata={'aliases': ...}) adds spellings; init=False fields are none.
  argparse      every `add_argument('--a', '-b', ...)` call in the files read (Megatron-LM,
                MindSpeed, MindSpeed-LLM, accelerate, DeepSpeed, torchrun; an action class
                defined there that passes nargs=0, like torch's check_env, is a switch), and Megatron-LM's
                ArgumentGroupFactory(Config, exclude=[...]) (core_v0.16 on): each dataclass
                field is `--a-b`, a bool defaulting to True is `--no-a-b` / `--disable-a-b`,
                field metadata argparse_meta.arg_names replaces the names.

Usage:
  tools/gen_flag_tables.py --mirror ms-swift=DIR --mirror Megatron-LM=DIR ... [--out FILE]
  tools/gen_flag_tables.py ... --installed pytorch=SITE
        a repository too large to mirror is read from an installed copy of its release
        instead: SITE holds the distribution's files at their installed paths and its
        NAME-VERSION.dist-info/METADATA, whose Version must be the tag's (a wheel's Python
        files are the tag's files), e.g. the site-packages of an environment with torch
  tools/gen_flag_tables.py --fixtures DIR ...   a directory DIR/<repo>/<tag>/<path> per file
                                                 stands for each mirror (the CTest's input)
  tools/gen_flag_tables.py --tags               the tags read, one `repo tag` a line

A source whose mirror is not given is left out of the output (say so with --partial;
without it, a missing mirror is an error, so a regenerated pack is always whole).
"""

import argparse
import ast
import io
import os
import re
import subprocess
import sys
import tarfile

# Each source: the launcher whose accepted flags it gives, the package whose installed
# version selects the release line, how the launcher parses, the repository and, per
# release line, the tag read. `entries` name the classes a parser is built from
# (hf-dataclass) or the files whose add_argument calls it runs (argparse); `search`
# the directories holding every class an entry inherits from.
SOURCES = [
    {
        "launcher": "megatron-swift", "package": "ms-swift", "repo": "modelscope/ms-swift", "mirror": "ms-swift",
        "parser": "hf-dataclass", "search": ["swift"],
        "entries": ["MegatronSftArguments", "MegatronPretrainArguments", "MegatronRLHFArguments"],
        "lines": {"4.0": "v4.0.4", "4.1": "v4.1.3", "4.2": "v4.2.3", "4.3": "v4.3.2", "4.4": "v4.4.3", "4.5": "v4.5.2"},
    },
    {
        # SftArguments also inherits transformers' Seq2SeqTrainingArguments (learning rate,
        # epochs, ...), which lives outside ms-swift: the table is incomplete (complete =
        # false), so an unknown flag is never an error and never gets a did-you-mean.
        "launcher": "swift", "package": "ms-swift", "repo": "modelscope/ms-swift", "mirror": "ms-swift",
        "parser": "hf-dataclass", "search": ["swift"],
        "entries": ["SftArguments", "PretrainArguments", "RLHFArguments"],
        "lines": {"4.0": "v4.0.4", "4.1": "v4.1.3", "4.2": "v4.2.3", "4.3": "v4.3.2", "4.4": "v4.4.3", "4.5": "v4.5.2"},
    },
    {
        "launcher": "megatron", "package": "megatron-core", "repo": "NVIDIA/Megatron-LM", "mirror": "Megatron-LM",
        "parser": "argparse", "search": ["megatron"], "entries": ["megatron/training/arguments.py"],
        "lines": {"0.12": "core_v0.12.1", "0.13": "core_v0.13.1", "0.14": "core_v0.14.0", "0.15": "core_v0.15.3",
                  "0.16": "core_v0.16.1", "0.17": "core_v0.17.1", "0.18": "core_v0.18.2"},
    },
    {
        # MindSpeed adds its flags to Megatron-LM's parser. pip reports the version in its
        # setup.py, which is not always its branch's line: core_r0.17.0 and core_r0.18.0
        # say 0.12.1 (Ascend/MindSpeed@core_r0.17.0:setup.py:11), so line 0.12 is any of
        # three branches, and accepts what any of them does.
        "launcher": "megatron", "package": "mindspeed", "repo": "Ascend/MindSpeed", "mirror": "MindSpeed",
        "parser": "argparse", "search": ["mindspeed"], "entries": ["mindspeed"],
        "lines": {"0.12": ["v2.3.0_core_r0.12.1", "core_r0.17.0", "core_r0.18.0"], "0.15": "core_r0.15.3",
                  "0.16": "core_r0.16.0"},
    },
    {
        "launcher": "megatron", "package": "mindspeed-llm", "repo": "Ascend/MindSpeed-LLM", "mirror": "MindSpeed-LLM",
        "parser": "argparse", "search": ["mindspeed_llm"], "entries": ["mindspeed_llm"],
        "lines": {"2.3": "v2.3.0", "26.0": "v26.0.0", "26.1": "v26.1.0"},
    },
    {
        "launcher": "accelerate", "package": "accelerate", "repo": "huggingface/accelerate", "mirror": "accelerate",
        "parser": "argparse", "search": ["src/accelerate"], "entries": ["src/accelerate/commands/launch.py"],
        "lines": {"1.10": "v1.10.1", "1.11": "v1.11.0", "1.12": "v1.12.0", "1.13": "v1.13.0", "1.14": "v1.14.0"},
    },
    {
        # pytorch's repository is over the size a mirror can be fetched at, so its release
        # is read where it is installed (--installed): torch 2.11.0's wheel on the lent GPU
        # machine (docs/manual.md, "Every flag a launcher accepts").
        "launcher": "torchrun", "package": "torch", "repo": "pytorch/pytorch", "mirror": "pytorch",
        "parser": "argparse", "search": ["torch/distributed"], "entries": ["torch/distributed/run.py"],
        "lines": {"2.11": "v2.11.0"}, "dist": "torch",
    },
    {
        "launcher": "deepspeed", "package": "deepspeed", "repo": "deepspeedai/DeepSpeed", "mirror": "DeepSpeed",
        "parser": "argparse", "search": ["deepspeed/launcher"], "entries": ["deepspeed/launcher/runner.py"],
        "lines": {"0.16": "v0.16.9", "0.17": "v0.17.6", "0.18": "v0.18.9", "0.19": "v0.19.5"},
    },
]

HEADER = """\
# GENERATED FILE: do not edit by hand. Written by tools/gen_flag_tables.py from the
# upstream argument definitions at the tags in launcher_flag_sources; regenerate with
#   python3 tools/gen_flag_tables.py --mirror ms-swift=DIR --mirror Megatron-LM=DIR \\
#     --mirror MindSpeed=DIR --mirror MindSpeed-LLM=DIR --mirror accelerate=DIR --mirror DeepSpeed=DIR \\
#     --installed pytorch=SITE --out rules/launcher-flag-tables/pack.toml
# (DIR: a bare mirror of the repository; SITE: site-packages holding torch at the tag read).
# tests/tools/gen_flag_tables_test.py checks the tool against fixtures and that the tags
# here are the tool's.
#
# launcher_flag_sources: one row per (launcher, package, release line): the tag read (several
#   when the version the package reports does not tell its branches apart: their union).
#   complete         every flag the launcher accepts is in the table for this package
#   refuses_unknown  the parser stops on a flag it does not define (HfArgumentParser as
#                    ms-swift calls it, argparse): a flag outside the table is an error
#                    when the package's installed line is known, a warning otherwise
# launcher_accepts: the flags of one package accepted at the same release lines
#   (`lines`), one a line: FLAG TYPE [OTHER SPELLING ...], TYPE one of switch, bool
#   (an optional truth value), int, float, str, list (one or more words).
# Flags with run-configuration keys keep their rows in rules/launcher-flags (launcher_flags).
"""


class MirrorReader:
    """Files of a repository at a tag, from a bare git mirror."""

    def __init__(self, git_dir):
        self.git_dir = git_dir
        self.cache = {}

    def files(self, tag, dirs):
        key = (tag, tuple(dirs))
        if key not in self.cache:
            data = subprocess.run(["git", "-C", self.git_dir, "archive", tag, "--", *dirs],
                                  check=True, capture_output=True).stdout
            out = {}
            with tarfile.open(fileobj=io.BytesIO(data)) as tar:
                for m in tar.getmembers():
                    if m.isfile() and m.name.endswith(".py"):
                        out[m.name] = tar.extractfile(m).read().decode("utf-8", "replace")
            self.cache[key] = out
        return self.cache[key]


class FixtureReader:
    """The same from a directory: ROOT/<tag>/<path>."""

    def __init__(self, root):
        self.root = root

    def files(self, tag, dirs):
        base = os.path.join(self.root, tag)
        out = {}
        for d in dirs:
            top = os.path.join(base, d)
            if os.path.isfile(top):
                walk = [(os.path.dirname(top), [], [os.path.basename(top)])]
            else:
                walk = os.walk(top)
            for dirpath, _, names in walk:
                for n in sorted(names):
                    if n.endswith(".py"):
                        p = os.path.join(dirpath, n)
                        with open(p, encoding="utf-8") as f:
                            out[os.path.relpath(p, base)] = f.read()
        return out


class InstalledReader:
    """The same from an installed release: ROOT/<path> for a repository path, read only when
    ROOT's DIST-*.dist-info says the version is the tag's (v2.11.0 → 2.11.0; a local
    label such as +cu130 is the build, not the source)."""

    def __init__(self, root, dist):
        self.root, self.dist = root, dist

    def version(self):
        prefix = self.dist.replace("-", "_") + "-"
        for name in sorted(os.listdir(self.root)):
            if name.startswith(prefix) and name.endswith(".dist-info"):
                with open(os.path.join(self.root, name, "METADATA"), encoding="utf-8") as f:
                    for line in f:
                        if line.startswith("Version:"):
                            return line.split(":", 1)[1].strip().split("+")[0]
        return None

    def files(self, tag, dirs):
        found = self.version()
        if found != tag.lstrip("v"):
            raise SystemExit(f"gen_flag_tables: {self.root} holds {self.dist} {found}, not the tag read ({tag})")
        return FixtureReader(self.root).files("", dirs)


def annotation_type(node):
    """The argument type a field annotation gives: switch/bool/int/float/str/list."""
    if node is None:
        return "str"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return "str"
    if isinstance(node, ast.Name):
        return {"bool": "bool", "int": "int", "float": "float", "list": "list", "List": "list"}.get(node.id, "str")
    if isinstance(node, ast.Attribute):
        return annotation_type(ast.Name(id=node.attr))
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):  # X | None
        for side in (node.left, node.right):
            if not (isinstance(side, ast.Constant) and side.value is None):
                return annotation_type(side)
    if isinstance(node, ast.Subscript):
        head = node.value.attr if isinstance(node.value, ast.Attribute) else getattr(node.value, "id", "")
        inner = node.slice
        if head in ("List", "list", "Sequence", "Tuple", "tuple"):
            return "list"
        if head == "Optional":
            return annotation_type(inner)
        if head == "Union":
            members = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            real = [m for m in members if not (isinstance(m, ast.Constant) and m.value is None)]
            kinds = {annotation_type(m) for m in real}
            return kinds.pop() if len(kinds) == 1 else "str"
        if head == "Literal":
            members = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            values = [m.value for m in members if isinstance(m, ast.Constant)]
            if values and all(isinstance(v, bool) for v in values):
                return "bool"
            if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                return "int"
            return "str"
    return "str"


def call_name(node):
    if isinstance(node, ast.Call):
        f = node.func
        return f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
    return ""


def literal(node, default=None):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return default


class Field:
    def __init__(self, name, kind, default_true, metadata):
        self.name, self.kind, self.default_true, self.metadata = name, kind, default_true, metadata


def dataclass_fields(cls):
    """The fields a class body declares, in order (not its bases')."""
    out = []
    for stmt in cls.body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        ann = stmt.annotation
        head = ann.value if isinstance(ann, ast.Subscript) else ann
        if getattr(head, "id", getattr(head, "attr", "")) in ("ClassVar", "InitVar"):
            continue
        value, metadata, default_true, init = stmt.value, {}, False, True
        if call_name(value) == "field":
            for kw in value.keywords:
                if kw.arg == "init":
                    init = literal(kw.value, True)
                elif kw.arg == "default":
                    default_true = literal(kw.value) is True
                elif kw.arg == "metadata" and isinstance(kw.value, ast.Dict):
                    for k, v in zip(kw.value.keys, kw.value.values):
                        key = literal(k)
                        if key in ("aliases", "argparse_meta"):
                            metadata[key] = literal(v) if key == "aliases" else v
        elif value is not None:
            default_true = literal(value) is True
        if init is False:
            continue
        out.append(Field(stmt.target.id, annotation_type(ann), default_true, metadata))
    return out


class ClassIndex:
    """Every class of the files read, by name (the last definition wins, as imports do)."""

    def __init__(self, files):
        self.classes = {}
        for path in sorted(files):
            try:
                tree = ast.parse(files[path], filename=path)
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    self.classes.setdefault(node.name, node)

    def fields(self, name, missing):
        """The fields of class `name` with its bases' (Python's MRO order matters only for
        the type of a field redeclared, which the most derived class gives)."""
        seen, order = {}, []

        def visit(cname, depth):
            cls = self.classes.get(cname)
            if cls is None:
                if cname not in ("object", "Generic", "ABC"):
                    missing.add(cname)
                return
            if depth > 50:
                return
            for base in reversed(cls.bases):
                bname = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                if isinstance(base, ast.Subscript):
                    continue
                visit(bname, depth + 1)
            for f in dataclass_fields(cls):
                if f.name not in seen:
                    order.append(f.name)
                seen[f.name] = f

        visit(name, 0)
        return [seen[n] for n in order]


def hf_flags(index, entries, missing):
    """Flags HfArgumentParser builds for the entry dataclasses."""
    flags = {}
    for entry in entries:
        if entry not in index.classes:
            missing.add(entry)
            continue
        for f in index.fields(entry, missing):
            kind = "bool" if f.kind == "bool" else f.kind
            aliases = f.metadata.get("aliases") or []
            if isinstance(aliases, str):
                aliases = [aliases]
            add(flags, "--" + f.name, kind, aliases)
            if kind == "bool" and f.default_true:
                add(flags, "--no_" + f.name, "switch", [])
    return flags


def add(flags, flag, kind, aliases):
    row = flags.setdefault(flag, {"type": kind, "aliases": []})
    for a in aliases:
        if a != flag and a not in row["aliases"]:
            row["aliases"].append(a)


def valueless_actions(index):
    """Names of the argparse Action classes the files read define that take no value: their
    __init__ passes nargs=0 to Action's (torch's check_env, a store_true that PET_* can set)."""
    def is_action(cls):
        return any(getattr(b, "id", getattr(b, "attr", "")) == "Action" for b in cls.bases)

    def passes_nargs_0(cls):
        return any(call_name(c) == "__init__" and any(k.arg == "nargs" and literal(k.value) == 0 for k in c.keywords)
                   for c in ast.walk(cls))

    return {name for name, cls in index.classes.items() if is_action(cls) and passes_nargs_0(cls)}


def argparse_kind(call, switches=frozenset()):
    kw = {k.arg: k.value for k in call.keywords if k.arg}
    action = literal(kw.get("action"), None) if "action" in kw else None
    if action in ("store_true", "store_false", "store_const", "count", "help", "version"):
        return "switch"
    if isinstance(kw.get("action"), ast.Name) and kw["action"].id in switches:
        return "switch"
    if "nargs" in kw:
        nargs = literal(kw["nargs"], "+")
        if nargs != "?" and nargs != 1:
            return "list"
    t = kw.get("type")
    name = t.id if isinstance(t, ast.Name) else ""
    return {"int": "int", "float": "float", "str": "str"}.get(name, "str")


def megatron_factory_flags(call, index, missing, flags):
    """ArgumentGroupFactory(Config, exclude=[...]) of Megatron-LM (argument_utils.py)."""
    if not call.args:
        return
    cls = call.args[0]
    cname = cls.attr if isinstance(cls, ast.Attribute) else getattr(cls, "id", "")
    exclude = set()
    for k in call.keywords:
        if k.arg == "exclude":
            exclude = set(literal(k.value, []) or [])
    if cname not in index.classes:
        missing.add(cname)
        return
    for f in index.fields(cname, missing):
        if f.name in exclude:
            continue
        dashed = f.name.replace("_", "-")
        names = ["--no-" + dashed, "--disable-" + dashed] if f.kind == "bool" and f.default_true else ["--" + dashed]
        kind = "switch" if f.kind == "bool" else f.kind
        meta = f.metadata.get("argparse_meta")
        if isinstance(meta, ast.Dict):
            for k, v in zip(meta.keys, meta.values):
                key = literal(k)
                if key == "arg_names":
                    names = literal(v, names) or names
                elif key == "nargs":
                    kind = "list"
                elif key == "action" and literal(v) in ("store_true", "store_false"):
                    kind = "switch"
        add(flags, names[0], kind, names[1:])


def argparse_flags(files, index, entry_paths, missing):
    flags = {}
    switches = valueless_actions(index)
    for path in sorted(files):
        if not any(path == e or path.startswith(e.rstrip("/") + "/") for e in entry_paths):
            continue
        try:
            tree = ast.parse(files[path], filename=path)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            name = call_name(node)
            if name == "ArgumentGroupFactory":
                megatron_factory_flags(node, index, missing, flags)
                continue
            if name != "add_argument":
                continue
            names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            names = [n for n in names if n.startswith("-")]
            if not names:
                continue
            longs = [n for n in names if n.startswith("--")]
            main = longs[0] if longs else names[0]
            add(flags, main, argparse_kind(node, switches), [n for n in names if n != main])
    return flags


def tags_of(value):
    """A line's tags: one, or several when the version pip reports does not tell them apart."""
    return value if isinstance(value, list) else [value]


def read_source(src, reader):
    """{line: {flag: row}} (a line of several tags accepts what any of them does), and the
    class names that could not be read."""
    per_line, missing = {}, set()
    for line, value in src["lines"].items():
        dirs = sorted(set(src["search"]) | ({os.path.dirname(e) or e for e in src["entries"]}
                                             if src["parser"] == "argparse" else set()))
        merged = {}
        for tag in tags_of(value):
            files = reader.files(tag, dirs)
            index = ClassIndex(files)
            if src["parser"] == "hf-dataclass":
                flags = hf_flags(index, src["entries"], missing)
            else:
                flags = argparse_flags(files, index, src["entries"], missing)
            for flag, row in flags.items():
                add(merged, flag, row["type"], row["aliases"])
        per_line[line] = merged
    return per_line, missing


def line_key(line):
    return tuple(int(p) for p in line.split("."))


def q(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(results, pack_version):
    out = [HEADER, "[pack]", 'name = "launcher-flag-tables"', f'version = "{pack_version}"', 'engine = ">=0.2,<0.3"',
           'summary = "Every flag each launcher accepts, per release line, generated from upstream argument definitions"',
           ""]
    for src, per_line, missing in results:
        complete = not missing
        for line in sorted(per_line, key=line_key):
            out += ["[[tables.launcher_flag_sources]]", f'launcher = {q(src["launcher"])}', f'package = {q(src["package"])}',
                    f'line = {q(line)}', f'repo = {q(src["repo"])}', f'tag = {q(" ".join(tags_of(src["lines"][line])))}',
                    f'parser = {q(src["parser"])}', f'complete = {str(complete).lower()}', "refuses_unknown = true",
                    f'unread = {q(" ".join(sorted(missing)))}', ""]
    for src, per_line, _ in results:
        merged = {}
        for line in sorted(per_line, key=line_key):
            for flag, row in per_line[line].items():
                m = merged.setdefault(flag, {"type": row["type"], "aliases": [], "lines": []})
                m["type"] = row["type"]  # the newest line's type
                for a in row["aliases"]:
                    if a not in m["aliases"]:
                        m["aliases"].append(a)
                m["lines"].append(line)
        # One row per set of release lines, its flags one a line: FLAG TYPE [ALIAS ...].
        groups = {}
        for flag in sorted(merged):
            m = merged[flag]
            groups.setdefault(tuple(m["lines"]), []).append(" ".join([flag, m["type"], *m["aliases"]]))
        for lines in sorted(groups, key=lambda ls: (-len(ls), [line_key(l) for l in ls])):
            out += ["[[tables.launcher_accepts]]", f'launcher = {q(src["launcher"])}', f'package = {q(src["package"])}',
                    f'lines = {q(" ".join(lines))}', 'flags = """', *groups[lines], '"""', ""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mirror", action="append", default=[], metavar="NAME=DIR")
    ap.add_argument("--installed", action="append", default=[], metavar="NAME=DIR",
                    help="an installed release stands for the mirror NAME (its version must be the tag's)")
    ap.add_argument("--fixtures", help="DIR/<mirror name>/<tag>/<path> stands for each mirror")
    ap.add_argument("--partial", action="store_true", help="leave out the sources whose mirror is not given")
    ap.add_argument("--tags", action="store_true", help="print the tags read, `repo tag` a line, and stop")
    ap.add_argument("--out", help="write here (default: stdout)")
    ap.add_argument("--pack-version", default="0.1.0")
    args = ap.parse_args()

    if args.tags:
        for src in SOURCES:
            for line in sorted(src["lines"], key=line_key):
                for tag in tags_of(src["lines"][line]):
                    print(src["repo"], tag)
        return 0

    mirrors = dict(m.split("=", 1) for m in args.mirror)
    installed = dict(m.split("=", 1) for m in args.installed)
    readers = {}  # one per mirror, so sources of one repository share its archives
    results = []
    for src in SOURCES:
        if args.fixtures:
            root = os.path.join(args.fixtures, src["mirror"])
            if not os.path.isdir(root):
                continue
            reader = FixtureReader(root)
            src = dict(src, lines={l: t for l, t in src["lines"].items()
                                   if all(os.path.isdir(os.path.join(root, x)) for x in tags_of(t))})
        elif src["mirror"] in mirrors:
            reader = readers.setdefault(src["mirror"], MirrorReader(mirrors[src["mirror"]]))
        elif src["mirror"] in installed and "dist" in src:
            reader = InstalledReader(installed[src["mirror"]], src["dist"])
        elif args.partial:
            continue
        else:
            how = f"--mirror {src['mirror']}=DIR" + (f" or --installed {src['mirror']}=SITE" if "dist" in src else "")
            print(f"gen_flag_tables: no {how} (or pass --partial)", file=sys.stderr)
            return 2
        per_line, missing = read_source(src, reader)
        results.append((src, per_line, missing))
    text = render(results, args.pack_version)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
