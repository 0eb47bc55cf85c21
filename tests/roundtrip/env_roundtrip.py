#!/usr/bin/python3
"""Round-trips hostile values through `preflight env` and each format's real consumer.

For every format, a job whose [env] holds 40 hostile values is turned into an env
file, which is then loaded the way its consumer loads it:
  sh      bash: set -a; . FILE
  dotenv  python-dotenv's dotenv_values (interpolation on, its default)
  k8s     PyYAML safe_load, then Kubernetes' expansion of env[].value (below)
  ray     json.load, then Ray's expansion of runtime_env env_vars (below)
  github  a parser of the documented $GITHUB_ENV rules (NAME=value, NAME<<DELIM … DELIM)
  systemd a parser of systemd.exec(5) EnvironmentFile= rules, the subset in docs/env-files.md
Every value must come back byte for byte, or be refused with an error naming its
variable where the format cannot carry it. Usage: env_roundtrip.py PREFLIGHT
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml
from dotenv import dotenv_values

PREFLIGHT = sys.argv[1]

HOSTILE = [
    "plain", "", " leading", "trailing ", "  both  ", "it's", 'say "hi"', "both ' and \"",
    "$HOME", "${HOME}", "$(touch /tmp/preflight-pwned)", "`id`", "back\\slash", "ends\\",
    "\\", "\\\\n", "line1\nline2", "\nstarts-with-newline", "ends-with-newline\n", "a=b=c",
    "# not a comment", "value # not a comment", "tab\there", "semi;colon", "pipe|and&amp",
    "ünïcödé ✓ 中文", "emoji 🚀", "'", '"', "''", "*glob?[x]", "~user", "!bang", "a\\'b",
    "expandable_segments:True,pinned_use_background_threads:True", "x" * 5000, "\\$ESCAPED",
    "{braces}", "%PERCENT%", "ends with space and quote' ", "a\nPREFLIGHT_EOF\nb",
    # carriage returns (python-dotenv reads files with universal newlines)
    "cr\rinside", "crlf\r\ninside", "\r", "ends-with-cr\r",
    # what Kubernetes expands ($(NAME), $$) and Ray expands ($NAME, ${NAME})
    "$(HOME)", "$$", "$$(HOME)", "$", "ends$", "$$$", "a$(", "$(unclosed", "$_under", "cost: 5$",
    # terminal escapes travel as they are
    "\x1b[31mred\x1b[0m",
]
assert len(HOSTILE) >= 30

# python-dotenv's white space is Python's (str.isspace, `\s` in its patterns): every
# such character, U+00A0, U+2000..U+200A and U+3000 among them, must come back leading,
# trailing, alone and before a '#'. Only dotenv strips it, so only dotenv gets these.
SPACES = [chr(c) for c in range(0x110000) if chr(c).isspace()]
assert len(SPACES) == 29 and "\u00a0" in SPACES and "\u3000" in SPACES
DOTENV_SPACES = [v for c in SPACES for v in (f"{c}lead", f"trail{c}", f"{c}both{c}", c, f"a{c}# not a comment")]


def toml_string(s):
    out = '"'
    for ch in s:
        if ch == '"':
            out += '\\"'
        elif ch == "\\":
            out += "\\\\"
        elif ch == "\n":
            out += "\\n"
        elif ch == "\t":
            out += "\\t"
        elif ord(ch) < 0x20 or ord(ch) == 0x7F or (ch.isspace() and ch != " "):
            out += "\\u%04X" % ord(ch)
        else:
            out += ch
    return out + '"'


def write_job(dir_, values):
    path = os.path.join(dir_, "job.toml")
    with open(path, "w", encoding="utf-8") as f:
        f.write("schema = 1\n[job]\n[env]\n")
        for name, value in values.items():
            f.write(f"{name} = {toml_string(value)}\n")
    return path


def emit(job, fmt, out):
    return subprocess.run([PREFLIGHT, "env", job, "--emit", fmt, "-o", out, "--no-default-rules",
                           "--rules", os.environ["PREFLIGHT_TEST_RULES"]],
                          capture_output=True, text=True)


def load_sh(path, names):
    script = 'set -a; . "$1"; shift; for n in "$@"; do printf "%s\\0" "${!n}"; done'
    out = subprocess.run(["bash", "-c", script, "_", path, *names], capture_output=True, check=True).stdout
    return dict(zip(names, out.decode("utf-8").split("\0")[:-1]))


def load_dotenv(path, names):
    return dict(dotenv_values(path))


def k8s_expand(value, lookup):
    # Kubernetes expands env[].value before the container starts. The rule, from the
    # API field doc of EnvVar.value (kubernetes.io, "Define Environment Variables for
    # a Container" and the core/v1 API reference): "Variable references $(VAR_NAME)
    # are expanded using the previously defined environment variables in the
    # container ... If a variable cannot be resolved, the reference in the input
    # string will be unchanged. Double $$ are reduced to a single $". Implemented as
    # kubernetes/kubernetes third_party/forked/golang/expansion/expand.go scans:
    # "$$" -> "$"; "$(NAME)" -> lookup; "$(" with no ")" and "$x" stay; a final "$" stays.
    out, i = [], 0
    while i < len(value):
        if value[i] == "$" and i + 1 < len(value):
            nxt = value[i + 1]
            if nxt == "$":
                out.append("$")
                i += 2
            elif nxt == "(":
                close = value.find(")", i + 2)
                if close < 0:
                    out.append("$(")
                    i += 2
                else:
                    out.append(lookup(value[i + 2:close]))
                    i = close + 1
            else:
                out.append("$" + nxt)
                i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def load_k8s(path, names):
    doc = yaml.safe_load(open(path, encoding="utf-8"))
    # Every reference resolves, so an unescaped one cannot slip through unchanged.
    return {item["name"]: k8s_expand(item["value"], lambda n: f"<expanded {n}>") for item in doc["env"]}


def ray_expand(value):
    # Ray sets runtime_env env_vars on the worker with update_envs
    # (ray-project/ray python/ray/_private/utils.py, since ray-project/ray#36187):
    # os.path.expandvars(value), then every "${NAME}" left unresolved is removed. The
    # documented rule (doc/source/ray-core/handling-dependencies.rst, env_vars): "You
    # can also reference existing environment variables using ${ENV_VAR}"; expandvars
    # also expands $NAME. Neither has an escape.
    import re
    return re.sub(r"\$\{[A-Z0-9_]+\}", "", os.path.expandvars(value))


def load_ray(path, names):
    # Names the hostile values mention are set, so an expansion would show.
    saved = dict(os.environ)
    os.environ.update({"HOME": "<expanded HOME>", "ESCAPED": "<expanded ESCAPED>", "_under": "<expanded _under>"})
    try:
        return {k: ray_expand(v) for k, v in json.load(open(path, encoding="utf-8"))["env_vars"].items()}
    finally:
        os.environ.clear()
        os.environ.update(saved)


def load_github(path, names):
    # actions/runner: NAME=value on one line, or NAME<<DELIMITER, lines, DELIMITER.
    lines = open(path, encoding="utf-8", newline="").read().split("\n")
    values, i = {}, 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line:
            continue
        eq, heredoc = line.find("="), line.find("<<")
        if eq >= 0 and (heredoc < 0 or eq < heredoc):
            values[line[:eq]] = line[eq + 1:]
            continue
        name, delimiter = line[:heredoc], line[heredoc + 2:]
        body = []
        while lines[i] != delimiter:
            body.append(lines[i])
            i += 1
        i += 1
        values[name] = "\n".join(body)
    return values


def load_systemd(path, names):
    # systemd.exec(5) EnvironmentFile=: '#' or ';' comment lines; KEY=VALUE; a
    # double-quoted value keeps newlines, and backslash escapes " \ ` $ (a backslash
    # before anything else stays); outside quotes a backslash-newline continues.
    text = open(path, encoding="utf-8", newline="").read()
    values, i, n = {}, 0, len(text)
    while i < n:
        if text[i] in "\n \t":
            i += 1
            continue
        if text[i] in "#;":
            i = text.find("\n", i) + 1 if text.find("\n", i) >= 0 else n
            continue
        eq = text.index("=", i)
        key = text[i:eq].strip()
        i = eq + 1
        value = ""
        if i < n and text[i] == '"':
            i += 1
            while text[i] != '"':
                if text[i] == "\\":
                    nxt = text[i + 1]
                    if nxt in '"\\`$':
                        value += nxt
                    elif nxt == "\n":
                        pass
                    else:
                        value += "\\" + nxt
                    i += 2
                else:
                    value += text[i]
                    i += 1
            i += 1
        else:
            while i < n and text[i] != "\n":
                value += text[i]
                i += 1
        values[key] = value
    return values


# What each format refuses, by design (docs/env-files.md).
def refused(fmt, value):
    if fmt == "dotenv":
        quoted = (not value or "\n" in value or "\r" in value or value[0] in "'\"" or value != value.strip()
                  or re.search(r"\s#", value))
        return "${" in value or (quoted and value.endswith("\\"))
    if fmt in ("github", "systemd"):
        return "\r" in value
    if fmt == "ray":
        return any(value[i] == "$" and (value[i + 1] in "{_" or (value[i + 1].isascii() and value[i + 1].isalnum()))
                   for i in range(len(value) - 1))
    return False


LOADERS = {"sh": load_sh, "dotenv": load_dotenv, "k8s": load_k8s, "ray": load_ray, "github": load_github,
           "systemd": load_systemd}

passed = failed = 0
PWNED = "/tmp/preflight-pwned"
if os.path.exists(PWNED):
    os.remove(PWNED)
with tempfile.TemporaryDirectory() as tmp:
    for fmt, loader in LOADERS.items():
        values = HOSTILE + (DOTENV_SPACES if fmt == "dotenv" else [])
        carried = {f"V{i:03d}": v for i, v in enumerate(values) if not refused(fmt, v)}
        job = write_job(tmp, carried)
        out = os.path.join(tmp, f"out.{fmt}")
        if os.path.exists(out):
            os.remove(out)
        r = emit(job, fmt, out)
        if r.returncode != 0:
            print(f"FAIL {fmt}: preflight env exited {r.returncode}: {r.stderr.strip()}")
            failed += 1
            continue
        got = loader(out, list(carried))
        bad = [(k, v, got.get(k)) for k, v in carried.items() if got.get(k) != v]
        for k, want, have in bad[:5]:
            print(f"FAIL {fmt} {k}: wanted {want[:60]!r}, got {None if have is None else have[:60]!r}")
        extra = sorted(set(got) - set(carried))
        if extra:
            print(f"FAIL {fmt}: unexpected variables {extra}")
        ok = not bad and not extra
        print(f"{'PASS' if ok else 'FAIL'} {fmt}: {len(carried)} hostile values round-trip")
        passed, failed = passed + ok, failed + (not ok)
        # Every value the format cannot carry is refused, naming the variable.
        for i, v in enumerate(HOSTILE):
            if not refused(fmt, v):
                continue
            job = write_job(tmp, {"REFUSED_VAR": v})
            r = emit(job, fmt, out)
            ok = r.returncode == 2 and "REFUSED_VAR" in r.stderr and r.stdout == ""
            if not ok:
                print(f"FAIL {fmt}: {v!r} was not refused with the variable named (exit {r.returncode}: {r.stderr.strip()})")
            passed, failed = passed + ok, failed + (not ok)
    # A NUL byte fits no format.
    for fmt in LOADERS:
        job = write_job(tmp, {"NUL_VAR": "a\0b"})
        r = emit(job, fmt, os.path.join(tmp, "nul.out"))
        ok = r.returncode == 2 and "NUL_VAR" in r.stderr and not os.path.exists(os.path.join(tmp, "nul.out"))
        if not ok:
            print(f"FAIL {fmt}: NUL byte not refused cleanly (exit {r.returncode}: {r.stderr.strip()})")
        passed, failed = passed + ok, failed + (not ok)

# Loading the sh file must not have run the $(…) value.
ok = not os.path.exists(PWNED)
if not ok:
    print("FAIL sh: sourcing the file ran a command substitution from a value")
passed, failed = passed + ok, failed + (not ok)
print(f"env round-trip: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
