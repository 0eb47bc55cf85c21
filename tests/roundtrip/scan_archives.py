#!/usr/bin/python3
"""`preflight scan` on wheels, sdists, tarballs, .debs and directories.

Each crafted input holds shared libraries of random bytes and a distribution's
metadata; the scan must name the distribution and give every library the SHA-256
hashlib computes for its bytes, mark digests a pack lists as known, and refuse
hostile archives with exit 2 naming the member. Files of a directory are streamed
(peak memory stays far below a 1 GiB sparse library's size, measured with /usr/bin/time),
and what the scan does not read is listed with the reason, in text and JSON.
Usage: scan_archives.py PREFLIGHT
"""
import hashlib
import io
import json
import lzma
import os
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

preflight = sys.argv[1]
passed = failed = 0


def result(ok, what):
    global passed, failed
    print(f"{'PASS' if ok else 'FAIL'} {what}")
    passed, failed = passed + bool(ok), failed + (not ok)


def scan(path, *extra):
    return subprocess.run([preflight, "scan", path, "--format", "json", *extra], capture_output=True, text=True)


libs = {"pkg/lib/libhook.so": os.urandom(300_000), "pkg/libx.so.1.2": os.urandom(7_000), "pkg/native.so": b""}
meta = b"Metadata-Version: 2.1\nName: torch_memory_saver\nVersion: 0.0.8\n\nbody\n"
expected = {name: hashlib.sha256(data).hexdigest() for name, data in libs.items()}


def tar_bytes(members, mode):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode=mode) as t:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = int(time.time())
            t.addfile(info, io.BytesIO(data))
    return buf.getvalue()


def ar(members):
    out = b"!<arch>\n"
    for name, data in members.items():
        out += f"{name + '/':<16}{0:<12}{0:<6}{0:<6}{'100644':<8}{len(data):<10}`\n".encode()
        out += data + (b"\n" if len(data) % 2 else b"")
    return out


with tempfile.TemporaryDirectory() as tmp:
    inputs = {}
    whl = os.path.join(tmp, "torch_memory_saver-0.0.8-cp312-cp312-linux_x86_64.whl")
    with zipfile.ZipFile(whl, "w") as z:
        for name, data in libs.items():
            z.writestr(name, data)
        z.writestr("torch_memory_saver-0.0.8.dist-info/METADATA", meta)
    inputs["wheel"] = (whl, "torch_memory_saver-0.0.8.dist-info/METADATA")
    members = dict(libs)
    members["torch_memory_saver-0.0.8/PKG-INFO"] = meta
    sdist = os.path.join(tmp, "torch_memory_saver-0.0.8.tar.gz")
    open(sdist, "wb").write(tar_bytes({("torch_memory_saver-0.0.8/" + k if k.startswith("pkg") else k): v for k, v in members.items()}, "w:gz"))
    inputs["sdist"] = (sdist, "torch_memory_saver-0.0.8/PKG-INFO")
    txz = os.path.join(tmp, "bundle.tar.xz")
    members = dict(libs)
    members["site/torch_memory_saver-0.0.8.dist-info/METADATA"] = meta
    open(txz, "wb").write(tar_bytes(members, "w:xz"))
    inputs["tar.xz"] = (txz, "site/torch_memory_saver-0.0.8.dist-info/METADATA")
    deb = os.path.join(tmp, "tms.deb")
    members = {"./usr/lib/python3/dist-packages/" + k: v for k, v in libs.items()}
    members["./usr/lib/python3/dist-packages/torch_memory_saver-0.0.8.dist-info/METADATA"] = meta
    open(deb, "wb").write(ar({"debian-binary": b"2.0\n", "control.tar.gz": tar_bytes({"./control": b"Package: tms\n"}, "w:gz"),
                              "data.tar.xz": tar_bytes(members, "w:xz")}))
    inputs["deb"] = (deb, "./usr/lib/python3/dist-packages/torch_memory_saver-0.0.8.dist-info/METADATA")
    tree = os.path.join(tmp, "tree")
    for name, data in list(libs.items()) + [("torch_memory_saver-0.0.8.dist-info/METADATA", meta)]:
        os.makedirs(os.path.dirname(os.path.join(tree, name)), exist_ok=True)
        open(os.path.join(tree, name), "wb").write(data)
    inputs["directory"] = (tree, "torch_memory_saver-0.0.8.dist-info/METADATA")

    for kind, (path, meta_member) in inputs.items():
        r = scan(path)
        if r.returncode != 0:
            result(False, f"{kind}: scan exited {r.returncode}: {r.stderr.strip()[:200]}")
            continue
        out = json.loads(r.stdout)
        dists = {(d["name"], d["version"], d["member"]) for d in out["distributions"]}
        digests = {os.path.normpath(l["member"]).split("pkg/", 1)[-1]: l["sha256"] for l in out["libraries"]}
        want = {k.split("pkg/", 1)[-1]: v for k, v in expected.items()}
        result(dists == {("torch_memory_saver", "0.0.8", meta_member)}, f"{kind}: the distribution from its own metadata")
        result(digests == want, f"{kind}: every shared library's SHA-256 equals hashlib's ({len(want)} libraries)")

    packs = os.path.join(tmp, "packs", "digests")
    os.makedirs(packs)
    open(os.path.join(packs, "pack.toml"), "w").write(
        '[pack]\nname = "test-digests"\nversion = "1.0"\nengine = ">=0.1"\nsummary = "known digests"\n\n'
        f'[[tables.known_binaries]]\nsha256 = "{expected["pkg/lib/libhook.so"]}"\nnote = "hook from the test build"\n')
    out = json.loads(scan(whl, "--rules", os.path.join(tmp, "packs")).stdout)
    known = {l["member"]: l["known"] for l in out["libraries"]}
    result(known.get("pkg/lib/libhook.so") == "hook from the test build" and known.get("pkg/libx.so.1.2") is None,
           "digests a pack lists are marked known, others not")

    def hostile(name, members):
        path = os.path.join(tmp, name)
        with tarfile.open(path, "w:gz") as t:
            for info, data in members:
                t.addfile(info, io.BytesIO(data) if data is not None else None)
        return path

    def reg(name, data):
        info = tarfile.TarInfo(name)
        info.size = len(data)
        return info, data

    link = tarfile.TarInfo("pkg/evil.so")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/shadow"
    valid = open(sdist, "rb").read()
    cases = {
        "parent path": (hostile("p.tar.gz", [reg("../evil.so", b"x")]), "../evil.so"),
        "absolute path": (hostile("a.tar.gz", [reg("/usr/lib/evil.so", b"x")]), "/usr/lib/evil.so"),
        "symlink": (hostile("s.tar.gz", [(link, None)]), "pkg/evil.so"),
        "duplicate": (hostile("d.tar.gz", [reg("pkg/a.so", b"x"), reg("pkg/a.so", b"y")]), "duplicate"),
        "truncated": (None, "truncated or corrupt"),
    }
    trunc = os.path.join(tmp, "t.tar.gz")
    open(trunc, "wb").write(valid[: len(valid) // 3])
    cases["truncated"] = (trunc, "corrupt")
    for what, (path, needle) in cases.items():
        r = scan(path)
        ok = r.returncode == 2 and needle in r.stderr and r.stdout == ""
        result(ok, f"refused: {what}" + ("" if ok else f" (exit {r.returncode}: {r.stderr.strip()[:160]})"))

    # Directory files are streamed: a 1 GiB (sparse) library costs a buffer, not 1 GiB.
    big = os.path.join(tmp, "bigtree")
    os.makedirs(big)
    with open(os.path.join(big, "libhuge.so"), "wb") as f:
        f.truncate(1 << 30)
    timed = subprocess.run(["/usr/bin/time", "-f", "peak-rss-kib %M", preflight, "scan", big, "--format", "json"],
                           capture_output=True, text=True)
    rss = int(timed.stderr.strip().splitlines()[-1].split()[-1]) if "peak-rss-kib" in timed.stderr else None
    libs_out = json.loads(timed.stdout)["libraries"] if timed.returncode == 0 else []
    zeros = hashlib.sha256()
    block = bytes(1 << 20)
    for _ in range(1 << 10):
        zeros.update(block)
    # 256 MiB leaves room for ASan's shadow memory and quarantine (about 140 MiB there,
    # 12 MiB in a plain build); reading the file whole would take over 1 GiB.
    result(timed.returncode == 0 and rss is not None and rss < 256 * 1024 and
           libs_out == [{"member": "libhuge.so", "sha256": zeros.hexdigest(), "size": 1 << 30, "known": None}],
           f"a 1 GiB library in a directory is digested in {rss} KiB of peak memory (< 256 MiB)")

    # What is not read is listed, with the reason: links, special files, archives
    # inside a directory or inside an archive.
    odd = os.path.join(tmp, "oddtree")
    os.makedirs(os.path.join(odd, "lib"))
    open(os.path.join(odd, "lib", "libreal.so.1"), "wb").write(b"real")
    os.symlink("libreal.so.1", os.path.join(odd, "lib", "libreal.so"))
    os.mkfifo(os.path.join(odd, "lib", "libpipe.so"))
    import shutil
    shutil.copy(whl, os.path.join(odd, "inner.whl"))
    r = scan(odd)
    out = json.loads(r.stdout) if r.returncode == 0 else {}
    skipped = {s["member"]: s["reason"] for s in out.get("skipped", [])}
    result(r.returncode == 0 and [l["member"] for l in out["libraries"]] == ["lib/libreal.so.1"] and
           "symbolic link" in skipped.get("lib/libreal.so", "") and "not a regular file" in skipped.get("lib/libpipe.so", "") and
           "archive in a directory" in skipped.get("inner.whl", "") and len(skipped) == 3,
           f"a directory's links, FIFOs and archives are listed as skipped (JSON): {skipped}")
    text = subprocess.run([preflight, "scan", odd], capture_output=True, text=True)
    result(text.returncode == 0 and "skip lib/libreal.so  (a symbolic link, not followed)\n" in text.stdout and
           "skip inner.whl  (" in text.stdout, "skipped entries are listed in text too")
    nested = os.path.join(tmp, "nested.tar.gz")
    open(nested, "wb").write(tar_bytes({"dist/inner.whl": open(whl, "rb").read(), "pkg/liby.so": b"y"}, "w:gz"))
    r = scan(nested)
    out = json.loads(r.stdout) if r.returncode == 0 else {}
    result(r.returncode == 0 and out.get("skipped") == [{"member": "dist/inner.whl",
                                                         "reason": "an archive inside an archive is not opened; scan it on its own"}]
           and [l["member"] for l in out["libraries"]] == ["pkg/liby.so"], "an archive inside an archive is listed as skipped")

print(f"scan: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
