#!/usr/bin/env bash
# The dynamic and the static build side by side, in one run: stripped size, hyperfine
# medians of `--version` and of `check` on the bundled example, and callgrind's
# instruction counts of both (the steady measure on a noisy machine). Both read the packs
# from rules/; the static binary is measured a third time copied alone, with no rule path,
# checking with the packs compiled into it ("static alone").
# Usage: bench/ship/run.sh DYNAMIC_BINARY STATIC_BINARY
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dynamic=$(realpath "$1") static=$(realpath "$2")
export PREFLIGHT_RULES_PATH="$root/rules"
example="$root/share/examples/qwen3_5-27b-megatron-npu.toml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip -o "$work/dynamic" "$dynamic"
strip -o "$work/static" "$static"

echo "== stripped size"
printf "dynamic: %.1f MB (and %d shared libraries)\nstatic:  %.1f MB (libc, libm, ld.so only)\n" \
  "$(stat -c %s "$work/dynamic")e-6" "$(ldd "$work/dynamic" | grep -c '=>')" "$(stat -c %s "$work/static")e-6"

echo "== hyperfine medians (30 runs, 5 warm-up)"
# -i: check exits 1 on the example, which is broken on purpose.
hyperfine -N --warmup 5 --runs 30 -i --export-json "$work/h.json" \
  "$work/dynamic --version" "$work/static --version" \
  "$work/dynamic check $example" "$work/static check $example" \
  "env -u PREFLIGHT_RULES_PATH $work/static check $example" >/dev/null
/usr/bin/python3 - "$work/h.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
for i in (0, 2):
    d, s = r[i]["median"], r[i + 1]["median"]
    what = "--version" if i == 0 else "check example"
    print(f"{what}: dynamic {d*1000:.2f} ms, static {s*1000:.2f} ms, static/dynamic = {s/d:.2f}")
a = r[4]["median"]
print(f"check example, static alone (embedded packs): {a*1000:.2f} ms, /dynamic = {a/r[2]['median']:.2f}")
PY

if command -v valgrind >/dev/null; then
  echo "== callgrind instructions (Ir)"
  for b in dynamic static; do
    for args in "--version" "check $example"; do
      valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/$b" $args >/dev/null 2>"$work/vg" || true
      ir=$(grep -oE 'refs: +[0-9,]+' "$work/vg" | tr -dc '0-9')
      [ -n "$ir" ] || { echo "callgrind gave no count for $b $args:"; cat "$work/vg"; exit 1; }
      printf "%-14s %-16s %'d\n" "$b" "${args%% *}" "$ir"
    done
  done
  env -u PREFLIGHT_RULES_PATH valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/static" check "$example" \
    >/dev/null 2>"$work/vg" || true
  printf "%-14s %-16s %'d\n" "static alone" check "$(grep -oE 'refs: +[0-9,]+' "$work/vg" | tr -dc '0-9')"
else
  echo "== callgrind instructions: skipped, valgrind is not installed (apt-get install valgrind)"
fi
