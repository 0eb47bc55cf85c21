#!/usr/bin/env bash
# The cost of running each plugin's fact collector in its own process (docs/plugin-abi.md,
# "Isolation"): hyperfine, side by side in one run, `preflight probe` of a small
# site-packages
#   - with the plugins the binary carries (the static build's built-in ascend and cuda),
#     each collector forked with a deadline;
#   - with the same plugins from a binary from before the change (PREFLIGHT_BEFORE=path),
#     collectors in-process, when one is given;
#   - without plugin fact collection: the built-ins shadowed by plugin files of the same
#     names (ascend, cuda) that have no collector, compiled here with cc (a file of a
#     name shadows the built-in of that name; nothing turns built-ins off).
# Usage: [PREFLIGHT_BEFORE=OLD] bench/plugins/run.sh PREFLIGHT [RUNS]
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "$1")
runs=${2:-30}
site=$(mktemp -d)
trap 'rm -rf "$site"' EXIT
for i in $(seq 20); do
  mkdir -p "$site/pkg$i-1.0.dist-info"
  printf 'Name: pkg%s\nVersion: 1.0\n' "$i" >"$site/pkg$i-1.0.dist-info/METADATA"
done
mkdir -p "$site/none"
for name in ascend cuda; do
  cat >"$site/$name.c" <<C
#include "preflight/plugin_api.h"
static const preflight_plugin d = {sizeof(preflight_plugin), PREFLIGHT_PLUGIN_API_MAJOR, PREFLIGHT_PLUGIN_API_MINOR,
                                   "$name", "0", "no collector", 0, 0, 0, 0, 0};
PREFLIGHT_PLUGIN_EXPORT const preflight_plugin* PREFLIGHT_PLUGIN_ENTRY(void) { return &d; }
C
  cc -shared -fPIC -O2 -I "$root/include" -o "$site/none/$name.so" "$site/$name.c"
done
chmod 755 "$site" "$site/none"
probe=(probe --site-packages "$site" --format json)
cmds=("$bin ${probe[*]}")
names=("forked collectors")
if [ -n "${PREFLIGHT_BEFORE:-}" ]; then
  cmds+=("$(realpath "$PREFLIGHT_BEFORE") ${probe[*]}")
  names+=("in-process collectors (before)")
fi
cmds+=("$bin --plugin-dir $site/none ${probe[*]}")
names+=("no collectors")
"$bin" plugins list >&2
hyperfine -N --warmup 3 --runs "$runs" -i --export-json "$site/h.json" "${cmds[@]}" >/dev/null
python3 - "$site/h.json" "${names[@]}" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
for name, x in zip(sys.argv[2:], r):
    print(f"{name:32} median {x['median']*1000:7.2f} ms  (min {x['min']*1000:.2f}, max {x['max']*1000:.2f}, {len(x['times'])} runs)")
base = r[0]["median"]
for name, x in zip(sys.argv[3:], r[1:]):
    print(f"forked - {name}: {(base - x['median'])*1000:+.2f} ms")
PY
