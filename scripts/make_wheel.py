#!/usr/bin/env python3
"""Packs a static preflight binary into a wheel for one architecture,
preflight-VERSION-py3-none-manylinux2014_ARCH.whl, whose `scripts` data entry
(preflight-VERSION.data/scripts/preflight) pip installs as the environment's
bin/preflight. The binary needs nothing from the system (docs/install.md), so the
wheel claims only the architecture. Built offline with Debian's python3-wheel
(`wheel pack` writes the RECORD).

Usage: make_wheel.py BINARY ARCH(x86_64|aarch64) VERSION DIST_DIR
"""
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    binary, arch, version, dist = sys.argv[1:5]
    if arch not in ("x86_64", "aarch64"):
        sys.exit(f"make_wheel.py: unknown architecture {arch}")
    tag = f"py3-none-manylinux2014_{arch}"
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, f"preflight-{version}")
        scripts = os.path.join(root, f"preflight-{version}.data", "scripts")
        info = os.path.join(root, f"preflight-{version}.dist-info")
        os.makedirs(scripts)
        os.makedirs(info)
        shutil.copyfile(binary, os.path.join(scripts, "preflight"))
        os.chmod(os.path.join(scripts, "preflight"), 0o755)
        with open(os.path.join(info, "METADATA"), "w") as f:
            f.write("Metadata-Version: 2.1\n"
                    "Name: preflight\n"
                    f"Version: {version}\n"
                    "Summary: Checks large-model training launches before they run (the static preflight binary)\n"
                    "Requires-Python: >=3\n")
        with open(os.path.join(info, "WHEEL"), "w") as f:
            f.write("Wheel-Version: 1.0\n"
                    "Generator: preflight scripts/make_wheel.py\n"
                    "Root-Is-Purelib: false\n"
                    f"Tag: {tag}\n")
        os.makedirs(dist, exist_ok=True)
        # The same bytes from the same binary: no time stamp of this run in the zip.
        env = dict(os.environ, SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "315532800"))
        subprocess.run([sys.executable, "-m", "wheel", "pack", "--dest-dir", dist, root], check=True, env=env,
                       stdout=subprocess.DEVNULL)
    print(os.path.join(dist, f"preflight-{version}-{tag}.whl"))


if __name__ == "__main__":
    main()
