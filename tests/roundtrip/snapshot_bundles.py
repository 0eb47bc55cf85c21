#!/usr/bin/python3
"""Snapshot bundles: a probe bundle judges like the probe, and hostile bundles are refused.

1. `preflight probe -o SNAP` writes a bundle that `tar -tzf` lists, and
   `check --env SNAP` gives the same JSON as `check --probe` on this machine.
2. Crafted hostile bundles (paths leaving the bundle, links, devices, duplicates,
   truncation, corruption, decompression bombs, missing or foreign manifests) are
   each refused with exit 2, a message naming the problem, and nothing written.
3. Secrets in the environment never reach a bundle: the bundle names each hidden
   variable and the rule that hid it, never the value.
4. A bundle whose texts hold newlines and terminal escapes cannot forge a line
   (`verdict: pass`) or reach the terminal raw in text output; JSON stays exact.
Usage: snapshot_bundles.py PREFLIGHT JOB
"""
import gzip
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile

preflight, job = sys.argv[1], sys.argv[2]
passed = failed = 0


def result(ok, what):
    global passed, failed
    print(f"{'PASS' if ok else 'FAIL'} {what}")
    passed, failed = passed + ok, failed + (not ok)


def run(*args):
    return subprocess.run([preflight, *args], capture_output=True, text=True)


with tempfile.TemporaryDirectory() as tmp:
    snap = os.path.join(tmp, "node.tar.gz")
    r = run("probe", "-o", snap)
    result(r.returncode == 0 and os.path.exists(snap), "probe -o writes a bundle")
    listing = subprocess.run(["tar", "-tzf", snap], capture_output=True, text=True)
    names = listing.stdout.split()
    result(listing.returncode == 0 and "manifest.json" in names and "facts.json" in names, "tar -tzf lists manifest.json and facts.json")
    a = run("check", job, "--probe", "--format", "json")
    b = run("check", job, "--env", snap, "--format", "json")
    result(bool(a.stdout) and a.stdout == b.stdout and a.returncode == b.returncode, "check --env gives the JSON of check --probe")

    good = tarfile.open(snap, "r:gz")
    manifest = good.extractfile("manifest.json").read()
    facts = good.extractfile("facts.json").read()
    good.close()

    def bundle(name, members, raw=None):
        path = os.path.join(tmp, name + ".tar.gz")
        if raw is not None:
            open(path, "wb").write(raw)
            return path
        with tarfile.open(path, "w:gz") as t:
            for m in members:
                info, data = m
                t.addfile(info, io.BytesIO(data) if data is not None else None)
        return path

    def reg(name, data):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        return info, data

    def special(name, kind, target=""):
        info = tarfile.TarInfo(name)
        info.type = kind
        info.linkname = target
        return info, None

    base = [reg("manifest.json", manifest), reg("facts.json", facts)]
    valid_bytes = open(snap, "rb").read()
    big = tarfile.TarInfo("evidence/zeros")
    big.size = 40 << 20
    bomb_path = os.path.join(tmp, "bomb.tar.gz")
    with tarfile.open(bomb_path, "w:gz") as t:
        t.addfile(base[0][0], io.BytesIO(manifest))
        t.addfile(base[1][0], io.BytesIO(facts))

        class Zeros(io.RawIOBase):
            def __init__(self, n):
                self.n = n

            def readable(self):
                return True

            def readinto(self, b):
                k = min(len(b), self.n)
                b[:k] = bytes(k)
                self.n -= k
                return k

        t.addfile(big, io.BufferedReader(Zeros(big.size)))

    foreign = json.loads(manifest)
    foreign["format_version"] = 99
    # Manifest fields of the wrong type (these exited 3, an internal error).
    def manifest_with(**fields):
        m = json.loads(manifest)
        m.update(fields)
        return reg("manifest.json", json.dumps(m).encode())
    hostile = {
        "parent path": (bundle("parent", base + [reg("../escape.txt", b"x")]), "../escape.txt"),
        "absolute path": (bundle("absolute", base + [reg("/tmp/preflight-abs.txt", b"x")]), "/tmp/preflight-abs.txt"),
        "symlink": (bundle("symlink", base + [special("evidence/link", tarfile.SYMTYPE, "/etc/passwd")]), "evidence/link"),
        "hard link": (bundle("hardlink", base + [special("evidence/hard", tarfile.LNKTYPE, "manifest.json")]), "evidence/hard"),
        "character device": (bundle("chardev", base + [special("evidence/tty", tarfile.CHRTYPE)]), "evidence/tty"),
        "fifo": (bundle("fifo", base + [special("evidence/fifo", tarfile.FIFOTYPE)]), "evidence/fifo"),
        "duplicate member": (bundle("duplicate", base + [reg("facts.json", facts)]), "duplicate"),
        "truncated": (bundle("truncated", [], raw=valid_bytes[: len(valid_bytes) // 2]), "truncated"),
        "corrupt": (bundle("corrupt", [], raw=b"\x1f\x8b" + os.urandom(4096)), "corrupt"),
        "not an archive": (bundle("text", [], raw=b"just text\n" * 100), "snapshot bundle"),
        "decompression bomb": (bomb_path, "evidence/zeros"),
        "no manifest": (bundle("nomanifest", [base[1]]), "no manifest.json"),
        "foreign format": (bundle("foreign", [reg("manifest.json", json.dumps(foreign).encode()), base[1]]), "format_version is 99"),
        "format_version a string": (bundle("fvstring", [manifest_with(format_version="1"), base[1]]),
                                    "manifest.json: format_version must be an integer, not string"),
        "format_version null": (bundle("fvnull", [manifest_with(format_version=None), base[1]]),
                                "manifest.json: format_version must be an integer, not null"),
        "manifest an array": (bundle("marray", [reg("manifest.json", b"[1]"), base[1]]), "manifest.json must hold a JSON object"),
        "deeply nested facts": (bundle("deep", [base[0], reg("facts.json", b"[" * 10000 + b"]" * 10000)]),
                                "facts.json nests deeper than 64 levels"),
        "a directory": (tmp, "must be a regular file, but this is a directory"),
    }
    # Where the hostile members point: none of these may appear.
    targets = [os.path.join(os.path.dirname(tmp), "escape.txt"), os.path.join(os.getcwd(), "..", "escape.txt"),
               "/tmp/preflight-abs.txt", os.path.join(tmp, "evidence")]
    before = set(os.listdir(tmp))
    for what, (path, needle) in hostile.items():
        r = run("check", job, "--env", path)
        ok = r.returncode == 2 and needle in r.stderr and r.stdout == ""
        result(ok, f"refused: {what}" + ("" if ok else f" (exit {r.returncode}: {r.stderr.strip()[:160]})"))
    after = set(os.listdir(tmp))
    result(before == after and not any(os.path.exists(t) for t in targets), "nothing was written by the refused bundles")

    # Secrets: by name and by value, recorded as redacted with their rule.
    secrets = {"GITHUB_PAT": "s3cr3t-pat-value", "NPM_AUTH": "npm-auth-value", "SSH_PASSPHRASE": "pass-phrase-value",
               "INNOCENT_NAME": "ghp_" + "Ab1" * 12, "LOOKS_LIKE_AWS": "AKIAIOSFODNN7EXAMPLE"}
    env = dict(os.environ, **secrets)
    secret_snap = os.path.join(tmp, "secrets.tar.gz")
    r = subprocess.run([preflight, "probe", "-o", secret_snap], capture_output=True, text=True, env=env)
    with tarfile.open(secret_snap, "r:gz") as t:
        raw = b"".join(t.extractfile(m).read() for m in t.getmembers() if m.isfile())
        bundled = json.loads(t.extractfile("facts.json").read())
    leaked = [name for name, value in secrets.items() if value.encode() in raw]
    redacted = bundled.get("redacted", {})
    result(r.returncode == 0 and not leaked and all(bundled["env"][n]["value"] == {"string": "<redacted>"} for n in secrets) and
           redacted.get("GITHUB_PAT") == "name has the word PAT" and redacted.get("INNOCENT_NAME") == "value looks like a GitHub token",
           f"secrets stay out of the bundle, which names the rule that hid each (leaked: {leaked})")
    kept = ["PYTHONPATH", "PATH"]
    result(all(n not in redacted for n in kept + ["USE_MCORE_GDN", "PYTORCH_NPU_ALLOC_CONF", "LD_PRELOAD"]),
           "variables rules and the probe read are not redacted")

    # Hostile texts: a finding message and an env value with a newline and ESC.
    evil = "x\nverdict: pass\x1b[2J\x1b]0;owned\x07"
    doctored = json.loads(facts)
    doctored["findings"].append({"severity": "warning", "code": "probe-evil", "message": evil, "file": "/evil\n/METADATA"})
    doctored["env"]["EVIL_VALUE"] = {"value": {"string": evil}, "origin": {"kind": "probe", "file": "environment", "line": 0, "rule": ""}}
    evil_path = bundle("evil", [reg("manifest.json", manifest), reg("facts.json", json.dumps(doctored).encode())])
    r = run("check", job, "--env", evil_path, "--dump-facts")
    lines = r.stdout.splitlines()
    result(r.returncode in (0, 1) and "\x1b" not in r.stdout + r.stderr and
           sum(line.startswith("verdict:") for line in lines) == 1 and "verdict: pass\\x1b[2J" in r.stdout,
           "a bundle's newlines and escapes are shown escaped in text and forge no verdict line")
    j = run("check", job, "--env", evil_path, "--format", "json")
    result(any(f["message"] == evil for f in json.loads(j.stdout)["findings"]), "JSON output keeps the bundle's text exact")

print(f"snapshot bundles: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
