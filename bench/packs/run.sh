#!/usr/bin/env bash
# Rule-set images (rules/rule_set_image.hpp) against compiling the packs, in one run:
# `check` of the bundled example by the static binary copied alone (the embedded packs'
# compiled set, made at build time), reading rules/ with a warm per-user cache (the
# compiled set of rules/ read from its image), and reading rules/ with the cache off
# (every pack.toml parsed and compiled, as before any image), each
# beside `/bin/true`, `--version` and `pip list --format=json` (the goals of issue 22:
# --version within 2x /bin/true; check under 3 ms and 15 M instructions, and 100x
# faster than pip list, which runs in the same hyperfine run as the embedded set's
# check). callgrind's instruction counts are the steady figure on a busy machine;
# hyperfine gives wall and CPU time; fault_cost.cpp what this machine charges for each
# kind of page fault, beside the check's count of them.
# Usage: bench/packs/run.sh STATIC_BINARY
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
static=$(realpath "$1")
example="$root/share/examples/qwen3_5-27b-megatron-npu.toml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$static" "$work/preflight"
bin="$work/preflight"
export PREFLIGHT_CACHE_DIR="$work/cache"
# Each variant runs with its variables set on hyperfine itself, not through env(1):
# an env process in front of the command cost 0.6-0.8 ms here, more than a third of
# a check, and runs before 2026-12-02 charged it to the check.
run_hyperfine() {  # JSON, then the commands
  local json=$1
  shift
  hyperfine -N --warmup 5 --runs 30 -i --export-json "$json" "$@" >/dev/null
}
warm="$bin check $example"
env PREFLIGHT_RULES_PATH="$root/rules" $warm >/dev/null 2>&1 || true  # fills the cache

echo "== hyperfine (30 runs, 5 warm-up; -i: the example fails on purpose)"
(unset PREFLIGHT_RULES_PATH; run_hyperfine "$work/h1.json" "/bin/true" "$bin --version" "$bin check $example" \
  "/usr/bin/python3 -m pip list --format=json")
(export PREFLIGHT_RULES_PATH="$root/rules"; run_hyperfine "$work/h2.json" "$warm")
(export PREFLIGHT_RULES_PATH="$root/rules" PREFLIGHT_CACHE_DIR=; run_hyperfine "$work/h3.json" "$warm")
/usr/bin/python3 - "$work" <<'PY'
import json, sys
load = lambda n: json.load(open(f"{sys.argv[1]}/h{n}.json"))["results"]
first = load(1)
r = first[:3] + load(2) + load(3) + first[3:]
names = ["/bin/true", "--version", "check, embedded set", "check, rules/ set cached",
         "check, rules/ compiled", "pip list --format=json"]
pip = first[3]["median"]
for name, x in zip(names, r):
    cpu = (x["user"] + x["system"]) * 1000
    print(f"{name:24} median {x['median']*1000:8.2f} ms  cpu {cpu:8.2f} ms  pip list / this = {pip / x['median']:7.1f}")
print(f"--version / /bin/true (median): {r[1]['median'] / r[0]['median']:.2f}")
PY

echo "== callgrind instructions (Ir)"
count() {  # LABEL, then the environment changes and the command, as for env(1)
  local label=$1
  shift
  env "$@" valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$bin" check "$example" >/dev/null 2>"$work/vg" || true
  ir=$(grep -oE 'refs: +[0-9,]+' "$work/vg" | tr -dc '0-9')
  [ -n "$ir" ] || { echo "callgrind gave no count for $label:"; cat "$work/vg"; exit 1; }
  printf "%'14d  %s\n" "$ir" "$label"
}
# A bad argument: CLI11 reports it by throwing, so this is the first exception's cost
# (the unwind tables found through .eh_frame_hdr: src/util/static_unwind.cpp).
for what in /bin/true "$bin --version" "$bin check --no-such-flag"; do
  valgrind --tool=callgrind --callgrind-out-file="$work/cg" $what >/dev/null 2>"$work/vg" || true
  printf "%'14d  %s\n" "$(grep -oE 'refs: +[0-9,]+' "$work/vg" | tr -dc '0-9')" "$what"
done
count "check, embedded set" -u PREFLIGHT_RULES_PATH
count "check, rules/ set cached" PREFLIGHT_RULES_PATH="$root/rules"
count "check, rules/ compiled" PREFLIGHT_RULES_PATH="$root/rules" PREFLIGHT_CACHE_DIR=

# A check's wall time is its instructions and its page faults; on a virtual machine a
# fault can cost thousands of instructions' time, and what one costs differs from
# machine to machine by 5x and more (bench/README.md, "What a page fault costs").
echo "== page faults (this machine's cost of each kind, then the check's count)"
"${CXX:-g++}" -std=c++20 -O2 -o "$work/fault_cost" "$root/bench/packs/fault_cost.cpp"
"$work/fault_cost" "$bin"
if perf stat -x, -e page-faults true >/dev/null 2>&1; then
  (unset PREFLIGHT_RULES_PATH; perf stat -x, -r 20 -e page-faults "$bin" check "$example" 2>&1 >/dev/null | \
    awk -F, '$3 == "page-faults" { printf "check, embedded set: %d page faults (mean of 20)\n", $1 }')
else
  echo "check's page faults: not counted (perf stat cannot count page-faults here)"
fi
