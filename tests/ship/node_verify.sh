#!/usr/bin/env bash
# Run by hand on a real node (docs/install.md, "Verified on a GPU node"): the static
# binary copied alone into an empty directory, and the wheel installed into a fresh
# venv, each `probe` compared with what pip lists for the same interpreter: every
# distribution pip lists must be in the probe's packages, at the same version.
# Usage: node_verify.sh STATIC_BINARY WHEEL [OUT_DIR]
set -uo pipefail
bin=$(realpath "$1") whl=$(realpath "$2") out=${3:-$(mktemp -d)}
mkdir -p "$out"
status=0
compare() {  # compare PROBE_JSON PIP_JSON LABEL
  python3 - "$1" "$2" "$3" <<'PY' || status=1
import json, re, sys
probe, pip, label = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
got = {norm(k): str(v) for k, v in probe["packages"].items()}
listed = {norm(d["name"]): d["version"] for d in pip}
missing = sorted(n for n in listed if n not in got)
differ = sorted(n for n in listed if n in got and got[n] != listed[n])
print(f"{label}: pip lists {len(listed)}, probe read {len(got)} packages; "
      f"missing from probe: {missing or 'none'}; versions differ: {differ or 'none'}; "
      f"probe only: {sorted(set(got) - set(listed))}")
sys.exit(1 if missing or differ else 0)
PY
}

echo "== node"
grep -E '^(PRETTY_NAME)=' /etc/os-release
ldd --version 2>&1 | head -1
uname -m

echo "== the static binary, alone in an empty directory"
alone=$(mktemp -d)
cp "$bin" "$alone/preflight"
cd "$alone" || exit 1
ls -A
file ./preflight
./preflight --version || status=1
./preflight plugins list | grep -E '^[a-z]|built in'
./preflight probe >"$out/probe.txt" 2>&1 || status=1
grep -E '\(probe: (nvidia-smi|nvml|uname)\)' "$out/probe.txt"
./preflight probe --format json >"$out/probe.json" || status=1
python=$(command -v python3)
echo "python3 on PATH: $python"
"$python" -m pip list --format=json >"$out/pip-list.json" 2>/dev/null || status=1
compare "$out/probe.json" "$out/pip-list.json" "static binary, $python"

echo "== the wheel, installed into a fresh venv"
venv=$(mktemp -d)/venv
if "$python" -m venv "$venv" 2>/dev/null && "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
  "$venv/bin/python" -m pip install --no-index --quiet "$whl" || status=1
else  # an interpreter without ensurepip: pip of the base installs into the venv
  rm -rf "$venv"
  "$python" -m venv --without-pip "$venv" || exit 1
  "$python" -m pip --python "$venv/bin/python" install --no-index --quiet "$whl" || status=1
fi
"$venv/bin/preflight" --version || status=1
env -i PATH=/usr/bin:/bin HOME="$HOME" "$venv/bin/preflight" probe --format json >"$out/venv-probe.json" || status=1
"$python" -m pip --python "$venv/bin/python" list --format=json >"$out/venv-pip-list.json" 2>/dev/null ||
  "$venv/bin/python" -m pip list --format=json >"$out/venv-pip-list.json" || status=1
python3 -c 'import json,sys; print("venv probe read python from:", json.load(open(sys.argv[1]))["origins"].get("packages.python"))' "$out/venv-probe.json"
compare "$out/venv-probe.json" "$out/venv-pip-list.json" "wheel in a fresh venv"
echo "status: $status"
exit $status
