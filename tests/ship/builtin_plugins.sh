#!/usr/bin/env bash
# The vendor plugins built into the executable (PREFLIGHT_BUILTIN_PLUGINS, on in the
# static build): copied alone into an empty directory, the binary lists ascend and
# cuda as built in, and `probe` reads a GPU through the built-in cuda plugin from a
# fake nvidia-smi first on PATH, NVML made unavailable (PREFLIGHT_CUDA_NVML_LIBRARY).
# Usage: builtin_plugins.sh PREFLIGHT SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
fail() { echo "FAIL: $*"; exit 1; }
python=/usr/bin/python3
[ -x "$python" ] || { echo "skipped: $python is not installed"; exit 77; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/alone" "$tmp/bin"
cp "$bin" "$tmp/alone/preflight"
cat >"$tmp/bin/nvidia-smi" <<'SMI'
#!/bin/sh
echo 'NVIDIA H100 80GB HBM3, 550.54.15, 81559, 9.0'
echo 'NVIDIA H100 80GB HBM3, 550.54.15, 81559, 9.0'
SMI
chmod 755 "$tmp/bin/nvidia-smi"
cd "$tmp/alone" || exit 1
# Packs from the source tree: a build without embedded packs finds none beside a lone binary.
run() { env -i PATH="$tmp/bin:/usr/bin:/bin" PREFLIGHT_RULES_PATH="$src/rules" PREFLIGHT_CUDA_NVML_LIBRARY=/nonexistent/libnvidia-ml.so.1 ./preflight "$@"; }

listing=$(run plugins list --format json) || fail "plugins list exited $?: $listing"
"$python" - "$listing" <<'PY' || fail "plugins list: $listing"
import json, sys
listing = json.loads(sys.argv[1])
origins = {p["name"]: p["origin"] for p in listing["plugins"]}
for name in ("ascend", "cuda"):
    assert origins.get(name) == "built in", f"{name}: {origins.get(name)!r}"
assert listing["refused"] == [], listing["refused"]
PY
text=$(run plugins list)
grep -A1 "^cuda " <<<"$text" | grep -qx "  built in" || fail "the text listing does not say cuda is built in: $text"

probe=$(run probe --format json 2>"$tmp/stderr") || fail "probe exited $?: $(cat "$tmp/stderr")"
"$python" - "$probe" <<'PY' || fail "probe did not report the fake GPU through the built-in cuda plugin: $probe"
import json, sys
probe = json.loads(sys.argv[1])
hw, origins = probe["hardware"], probe["origins"]
assert hw["hardware.chip"] == "NVIDIA H100 80GB HBM3", hw
assert hw["hardware.devices_per_node"] == 2, hw
assert hw["nvidia.gpu.1.memory_mib"] == 81559, hw
assert probe["packages"]["nvidia-driver"] == "550.54.15", probe["packages"]
assert origins["hardware.hardware.chip"] == "probe: nvidia-smi", origins
PY
echo "the binary alone lists ascend and cuda as built in; its probe reads the fake GPU"
