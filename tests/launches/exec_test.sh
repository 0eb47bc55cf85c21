#!/usr/bin/env bash
# `preflight exec` with a stub launcher on PATH that records its argv and environment:
# argv passed byte for byte, the exit status passed through, a start refused on a
# failing verdict, and safe fixes visible to the child.
# Usage: exec_test.sh PREFLIGHT RULES_DIR
set -uo pipefail
preflight=$1 rules=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
cat > "$work/bin/megatron" <<'STUB'
#!/bin/sh
/usr/bin/python3 -c 'import json, os, sys; print(json.dumps({"argv": sys.argv[1:], "USE_MCORE_GDN": os.environ.get("USE_MCORE_GDN")}))' "$@" > "$STUB_RECORD"
exit "${STUB_EXIT:-0}"
STUB
chmod +x "$work/bin/megatron"
export PATH="$work/bin:$PATH" STUB_RECORD="$work/record.json"
failed=0
fail() { echo "FAIL $1"; failed=$((failed+1)); }
field() { /usr/bin/python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))[sys.argv[2]]))' "$STUB_RECORD" "$1"; }

# 1. Passed through byte for byte, exit status too.
STUB_EXIT=7 "$preflight" exec --rules "$rules" --no-probe --no-apply -- megatron sft --model Qwen/Qwen3-8B --system "You are 'a' \"b\"" --lr '1e-4' --dataset 'd#1' 'é ü' 2>"$work/err1"
status=$?
[ "$status" = 7 ] || fail "exit status not passed through: $status ($(cat "$work/err1"))"
want='["sft", "--model", "Qwen/Qwen3-8B", "--system", "You are '"'"'a'"'"' \"b\"", "--lr", "1e-4", "--dataset", "d#1", "\u00e9 \u00fc"]'
got=$(field argv)
[ "$got" = "$want" ] || fail "argv changed: $got"

# 2. A failing verdict refuses the start: exit 1, the stub never runs, findings on stderr.
rm -f "$STUB_RECORD"
cat > "$work/heads.toml" <<'TOML'
schema = 1
[hardware]
accelerator = "npu"
[model]
arch = "qwen3"
num_attention_heads = 16
num_key_value_heads = 8
TOML
"$preflight" exec --rules "$rules" --no-probe --with "$work/heads.toml" -- megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 3 2>"$work/err2" >/dev/null
status=$?
[ "$status" = 1 ] || fail "a failing check did not refuse the start: exit $status"
[ ! -e "$STUB_RECORD" ] || fail "the command ran although the check failed"
grep -q "not starting megatron" "$work/err2" || fail "no refusal on stderr: $(cat "$work/err2")"

# 3. Safe fixes reach the child: padding_free is turned back on in its argv.
USE_MCORE_GDN=0 "$preflight" exec --rules "$rules" --no-probe --with "$here/../../share/examples/ms-swift-qwen3_5-padding-free-off-npu.toml" \
  -- megatron sft --model Qwen/Qwen3.5-35B-A3B --expert_model_parallel_size 8 --padding_free false --attention_backend flash 2>"$work/err3"
status=$?
[ "$status" = 0 ] || fail "the fixed launch did not start: exit $status ($(cat "$work/err3"))"
got=$(field argv)
case "$got" in *'"--padding_free", "true"'*) ;; *) fail "the fix is not in the child's argv: $got" ;; esac
grep -q -- "--padding_free true (train.padding_free)" "$work/err3" || fail "the change is not said on stderr: $(cat "$work/err3")"

# 4. `exec -- bash train.sh`: the script's launch is checked, its environment fix reaches
#    the launch through the environment, and one summary line says so.
rm -f "$STUB_RECORD"
cp "$here/../golden/fix-launch/append-flag-and-export/site.toml" "$work/site.toml"
sed 's|--output_dir output/qwen3_5-moe-lora|--output_dir output/qwen3_5-moe-lora --sequence_parallel true|' \
  "$here/../golden/fix-launch/append-flag-and-export/train.sh" > "$work/train.sh"
(cd "$work" && "$preflight" exec --rules "$rules" --no-probe --with site.toml -- bash train.sh) 2>"$work/err4" >/dev/null
status=$?
[ "$status" = 0 ] || fail "exec of a script did not start it: exit $status ($(cat "$work/err4"))"
[ "$(field USE_MCORE_GDN)" = '"0"' ] || fail "the script's environment fix did not reach its launch: $(field USE_MCORE_GDN)"
grep -q "^preflight: exec train.sh (1 launch): .*fixes applied: USE_MCORE_GDN=0" "$work/err4" || fail "no summary line: $(cat "$work/err4")"

# 5. A command no launcher recognises is checked and started, not refused.
rm -f "$STUB_RECORD"
"$preflight" exec --rules "$rules" --no-probe -- /bin/sh -c 'echo started' >"$work/out5" 2>"$work/err5"
status=$?
[ "$status" = 0 ] && grep -q started "$work/out5" || fail "an unrecognised command was not started: exit $status ($(cat "$work/err5"))"
grep -q "no launcher recognises it" "$work/err5" || fail "the summary does not say the command is not a launch: $(cat "$work/err5")"

# 6. A fix that is a flag of a script's launch is not applied (bash runs the script's own
#    words): the launch starts on a warning, and the summary line names the skipped fix
#    and how to apply it; without -v the check itself stays off stderr.
rm -f "$STUB_RECORD"
cat > "$work/site40.toml" <<'TOML'
schema = 1
[hardware]
accelerator = "cuda"
[model]
arch = "qwen3_next"
[packages]
"ms-swift" = "4.0.4"
"megatron-core" = "0.15.3"
TOML
cat > "$work/pack.sh" <<'SH'
#!/usr/bin/env bash
export NPROC_PER_NODE=8
megatron sft --model Qwen/Qwen3-Next-80B-A3B-Instruct --packing true --tuner_type lora
SH
(cd "$work" && "$preflight" exec --rules "$rules" --no-probe --with site40.toml -- bash pack.sh) 2>"$work/err6" >/dev/null
status=$?
[ "$status" = 0 ] || fail "a launch with a warning did not start: exit $status ($(cat "$work/err6"))"
grep -q '^preflight: exec pack.sh (1 launch): 0 errors, 1 warning; fixes applied: none; skipped: --packing false (pack.sh:3: megatron sft: `preflight fix --in-place pack.sh`)$' "$work/err6" \
  || fail "the summary does not name the skipped fix: $(cat "$work/err6")"
grep -q '^verdict:' "$work/err6" && fail "the whole check is on stderr without -v: $(cat "$work/err6")"

# 7. -v prints the whole check on stderr before the summary line.
rm -f "$STUB_RECORD"
(cd "$work" && "$preflight" exec -v --rules "$rules" --no-probe --with site40.toml -- bash pack.sh) 2>"$work/err7" >/dev/null
status=$?
[ "$status" = 0 ] || fail "exec -v did not start the launch: exit $status ($(cat "$work/err7"))"
grep -q '^== pack.sh:3: megatron sft$' "$work/err7" || fail "-v does not print the launch's report: $(cat "$work/err7")"
grep -q '\[gdn-transformers-no-packing\]$' "$work/err7" || fail "-v does not print the warning: $(cat "$work/err7")"
grep -q '^verdict: pass' "$work/err7" || fail "-v does not print the verdict: $(cat "$work/err7")"
[ "$(tail -1 "$work/err7" | cut -c1-24)" = "preflight: exec pack.sh " ] || fail "the summary is not the last line under -v: $(tail -1 "$work/err7")"

if [ "$failed" = 0 ]; then echo "exec: 7 cases passed"; fi
[ "$failed" = 0 ]
