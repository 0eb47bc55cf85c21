#!/usr/bin/python3
"""Writes N snapshot bundles as `probe -o` writes them, for benchmarking `fleet`.

One real bundle is made first with `preflight probe -o` on a generated site directory
of PACKAGES distributions; every generated bundle carries its facts under its own
node name (n00000 …) with its evidence files, and 1% of the nodes (every hundredth, from n00037) hold another
version of one package.
Usage: generate.py PREFLIGHT OUT_DIR [N=10000] [PACKAGES=200]
"""
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile

preflight, out = sys.argv[1], sys.argv[2]
count = int(sys.argv[3]) if len(sys.argv) > 3 else 10000
packages = int(sys.argv[4]) if len(sys.argv) > 4 else 200
os.makedirs(out, exist_ok=True)

with tempfile.TemporaryDirectory() as tmp:
    site = os.path.join(tmp, "site")
    for i in range(packages):
        d = os.path.join(site, f"pkg{i:03d}-1.{i}.0.dist-info")
        os.makedirs(d)
        with open(os.path.join(d, "METADATA"), "w") as f:
            f.write(f"Metadata-Version: 2.1\nName: pkg{i:03d}\nVersion: 1.{i}.0\n")
    template = os.path.join(tmp, "template.tar.gz")
    subprocess.run([preflight, "probe", "--site-packages", site, "--python", "/nonexistent", "--node", "template", "-o", template],
                   check=True, env={"PATH": "/usr/bin:/bin", "HCCL_CONNECT_TIMEOUT": "1200"}, stderr=subprocess.DEVNULL)
    with tarfile.open(template, "r:gz") as t:
        manifest = json.load(t.extractfile("manifest.json"))
        facts = t.extractfile("facts.json").read().decode()
        # The files the facts were read from, kept as the probe keeps them.
        evidence = [(m.name, t.extractfile(m).read()) for m in t.getmembers() if m.name.startswith("evidence/")]

drifting = '"version": "1.7.0"'
assert drifting in facts
for n in range(count):
    node = f"n{n:05d}"
    manifest["node"] = node
    text = facts.replace(drifting, '"version": "1.7.1"') if n % 100 == 37 else facts
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz", compresslevel=6) as t:
        for name, data in [("manifest.json", json.dumps(manifest, indent=2).encode()), ("facts.json", text.encode())] + evidence:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o644
            t.addfile(info, io.BytesIO(data))
    with open(os.path.join(out, node + ".tar.gz"), "wb") as f:
        f.write(buf.getvalue())
print(f"wrote {count} bundles of {packages} packages to {out}")
