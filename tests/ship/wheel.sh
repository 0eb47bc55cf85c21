#!/usr/bin/env bash
# The wheel (scripts/make_wheel.py) of the static binary: its name carries the
# manylinux2014 tag of the architecture and its RECORD is whole; installed offline
# (pip install --no-index) into a fresh venv it puts preflight on the venv's bin/, and
# run from there, with no venv activated and the system's python3 first on PATH,
# `probe` reads the venv's interpreter and its packages.
# Usage: wheel.sh PREFLIGHT SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
fail() { echo "FAIL: $*"; exit 1; }
python=/usr/bin/python3
"$python" -c "import wheel, venv, ensurepip" 2>/dev/null ||
  { echo "skipped: $python lacks wheel, venv or ensurepip (python3-wheel, python3-venv)"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=$("$bin" --version | awk 'NR == 1 {print $2}')
whl=$("$python" "$src/scripts/make_wheel.py" "$bin" x86_64 "$version" "$tmp/dist") || fail "make_wheel.py failed"
[ "$(basename "$whl")" = "preflight-$version-py3-none-manylinux2014_x86_64.whl" ] || fail "wheel named $(basename "$whl")"
"$python" - "$whl" "$version" <<'PY' || fail "the wheel's RECORD does not match its files"
import base64, hashlib, sys, zipfile
whl, version = sys.argv[1:3]
with zipfile.ZipFile(whl) as z:
    names = set(z.namelist())
    record = f"preflight-{version}.dist-info/RECORD"
    rows = [line.split(",") for line in z.read(record).decode().splitlines() if line]
    listed = {path for path, _, _ in rows}
    assert listed == names, (listed ^ names)
    for path, digest, size in rows:
        if path == record:
            continue
        data = z.read(path)
        want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == want and int(size) == len(data), path
    script = z.getinfo(f"preflight-{version}.data/scripts/preflight")
    assert (script.external_attr >> 16) & 0o111, "the script is not executable"
PY

"$python" -m venv "$tmp/venv" || fail "python3 -m venv failed"
"$tmp/venv/bin/pip" install --no-index --quiet "$whl" || fail "pip install --no-index $whl failed"
[ -x "$tmp/venv/bin/preflight" ] || fail "the wheel did not put preflight in the venv's bin/"
cmp -s "$bin" "$tmp/venv/bin/preflight" || fail "the installed preflight is not the binary packed"
out=$(env -i PATH=/usr/bin:/bin "$tmp/venv/bin/preflight" --version) || fail "preflight --version from the venv: $out"
grep -qx "preflight $version" <<<"$(head -1 <<<"$out")" || fail "--version from the venv: $out"

probe=$(env -i PATH=/usr/bin:/bin HOME="$tmp" "$tmp/venv/bin/preflight" probe --format json 2>&1) || fail "probe from the venv: $probe"
"$python" - "$probe" "$tmp/venv" <<'PY' || fail "probe from the venv did not read the venv's python: $probe"
import json, sys
probe, venv = json.loads(sys.argv[1]), sys.argv[2]
origins = probe["origins"]
assert origins["packages.python"] == f"probe: {venv}/bin/python3", origins["packages.python"]
assert origins["packages.pip"].startswith(f"probe: {venv}/lib/"), origins["packages.pip"]
assert "preflight" in probe["packages"], sorted(probe["packages"])
PY
echo "$(basename "$whl") installs offline into a fresh venv; its preflight probes the venv's python"
