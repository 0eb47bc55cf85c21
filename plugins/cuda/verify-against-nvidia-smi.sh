#!/usr/bin/env bash
# Compares the cuda plugin's facts with what nvidia-smi reports on this node.
# Usage: verify-against-nvidia-smi.sh PREFLIGHT [PLUGIN_DIR]
# Without PLUGIN_DIR, the plugin preflight finds itself: the static binary's built-in one.
# Prints the plugin's facts (JSON) and nvidia-smi's rows; exits 1 when they disagree
# (or when the facts did not come from NVML), 2 on a usage or setup error.
set -euo pipefail
[ $# -eq 1 ] || [ $# -eq 2 ] || { echo "usage: $0 PREFLIGHT [PLUGIN_DIR]" >&2; exit 2; }
preflight=$1
plugin_args=()
[ $# -eq 2 ] && plugin_args=(--plugin-dir "$2")
command -v nvidia-smi >/dev/null || { echo "nvidia-smi not found" >&2; exit 2; }

"$preflight" "${plugin_args[@]}" plugins list
probe=$("$preflight" "${plugin_args[@]}" probe --format json)
smi_rows=$(nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv,noheader,nounits)
smi_header=$(nvidia-smi)

PROBE=$probe SMI_ROWS=$smi_rows SMI_HEADER=$smi_header python3 - <<'PY'
import json, os, re, sys

probe = json.loads(os.environ["PROBE"])
hw, pkgs, origins = probe["hardware"], probe["packages"], probe["origins"]
facts = {k: v for k, v in hw.items() if k.startswith(("nvidia.", "hardware."))}
facts["packages.nvidia-driver"] = pkgs.get("nvidia-driver")
facts["origins"] = {k: v for k, v in origins.items() if k.startswith(("hardware.nvidia.", "hardware.hardware.", "packages.nvidia-driver"))}
print("plugin facts:")
print(json.dumps(facts, indent=2, sort_keys=True))
rows = [[c.strip() for c in line.split(",")] for line in os.environ["SMI_ROWS"].splitlines() if line.strip()]
print("nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap:")
for r in rows:
    print("  " + ", ".join(r))
m = re.search(r"CUDA Version:\s*([0-9.]+)", os.environ["SMI_HEADER"])
smi_cuda = m.group(1) if m else None
print(f"nvidia-smi CUDA Version: {smi_cuda}")

problems = []
def same(what, plugin, smi):
    if str(plugin) != str(smi):
        problems.append(f"{what}: plugin {plugin!r}, nvidia-smi {smi!r}")

if "nvml" not in str(origins.get("packages.nvidia-driver", "")):
    problems.append(f"the driver did not come from NVML: {origins.get('packages.nvidia-driver')}")
same("device count", hw.get("hardware.devices_per_node"), len(rows))
if rows:
    same("driver version", pkgs.get("nvidia-driver"), rows[0][1])
    same("hardware.chip", hw.get("hardware.chip"), rows[0][0])
same("CUDA driver version", hw.get("nvidia.cuda_driver_version"), smi_cuda)
for i, r in enumerate(rows):
    same(f"gpu {i} name", hw.get(f"nvidia.gpu.{i}.name"), r[0])
    same(f"gpu {i} memory (MiB)", hw.get(f"nvidia.gpu.{i}.memory_mib"), r[2])
    same(f"gpu {i} compute capability", hw.get(f"nvidia.gpu.{i}.compute_capability"), r[3])
if problems:
    print("DISAGREE:")
    for p in problems:
        print("  " + p)
    sys.exit(1)
print(f"AGREE: {len(rows)} GPU(s), driver {pkgs.get('nvidia-driver')}, CUDA {smi_cuda}")
PY
