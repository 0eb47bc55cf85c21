#!/usr/bin/env bash
# The aarch64 static binary (cmake/aarch64-linux-gnu.cmake; scripts/build-static.sh and
# scripts/test.sh build it beside this tree): fully static aarch64 and small
# (static_executable.sh), and under qemu-aarch64-static it passes every golden case,
# checks a launch script and probes a node (uname says aarch64 there).
# Skipped, with the reason, when the binary or qemu-user-static is missing.
# Usage: aarch64_binary.sh AARCH64_PREFLIGHT SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
fail() { echo "FAIL: $*"; exit 1; }
[ -x "$bin" ] || { echo "skipped: no aarch64 build at $bin (scripts/build-static.sh)"; exit 77; }
qemu=$(command -v qemu-aarch64-static) || { echo "skipped: qemu-aarch64-static is not installed (qemu-user-static)"; exit 77; }
bash "$src/tests/ship/static_executable.sh" "$bin" aarch64 aarch64-linux-gnu-strip || exit $?

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# run_case.sh and the cases' setup scripts run "BINARY ARGS": a wrapper hands it to qemu.
printf '#!/bin/sh\nexec %s %s "$@"\n' "$qemu" "$bin" >"$tmp/preflight"
chmod 755 "$tmp/preflight"

start=$SECONDS
cases=("$src"/tests/golden/*/*/)
printf '%s\n' "${cases[@]}" | xargs -P "$(nproc)" -I{} sh -c \
  'out=$(bash "$1/tests/golden/run_case.sh" "$2" "${3%/}" "$1" 2>&1) || { echo "--- $3"; echo "$out" | head -30; }' \
  _ "$src" "$tmp/preflight" {} >"$tmp/golden.log"
if grep -q "^--- " "$tmp/golden.log"; then
  cat "$tmp/golden.log"
  fail "$(grep -c '^--- ' "$tmp/golden.log") of ${#cases[@]} golden cases differ under qemu-aarch64"
fi
echo "${#cases[@]} golden cases pass under qemu-aarch64 in $((SECONDS - start)) s"

# A launch script, checked with the packs compiled in (no rules path): the launch is
# recognised and the findings are located in the script.
cd "$tmp" || exit 1
cp -r "$src/tests/launches/scripts" scripts
cp "$src/tests/launches/swift-qwen3-8b-lora-megatron-npu.toml" job.toml
script=scripts/swift-qwen3-8b-lora-megatron-npu.sh
out=$(env -i PATH=/usr/bin:/bin "$tmp/preflight" check "$script" --with job.toml 2>&1)
status=$?
[ $status -le 1 ] || fail "check $script exited $status: $out"
grep -q "^== $script:4: megatron sft$" <<<"$out" || fail "check $script did not recognise the launch: $out"
grep -q "^$script:[0-9]*:[0-9]*: " <<<"$out" || fail "check $script reported nothing located in the script: $out"
echo "check $script: exit $status, $(grep -c "^$script:" <<<"$out") findings in the script"

probe=$(env -i PATH=/usr/bin:/bin "$tmp/preflight" probe --format json 2>&1) || fail "probe exited $?: $probe"
python3 - "$probe" <<'PY' || fail "probe under qemu-aarch64: $probe"
import json, sys
probe = json.loads(sys.argv[1])
arch = probe["hardware"].get("cpu.arch")
assert arch == "aarch64", f"cpu.arch {arch!r}"
assert probe["packages"], "no package read"
PY
echo "probe under qemu-aarch64: cpu.arch = aarch64"
