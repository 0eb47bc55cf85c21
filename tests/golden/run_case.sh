#!/usr/bin/env bash
# Runs one golden case: the real binary with the arguments in CASE/cmd, from inside
# CASE, compared with CASE/stdout, CASE/stderr (empty when absent) and CASE/exit
# (0 when absent). A mismatch prints a unified diff. PREFLIGHT_UPDATE_GOLDEN=1
# rewrites the expected files from what the binary printed. A case may have a
# `setup` script, run first as `bash setup BINARY DIR SOURCE_DIR` to make inputs in a
# fresh DIR that cmd names as @WORK@. PREFLIGHT_GOLDEN_INPUTS=DIR names inputs its setup
# already made in DIR (tests/ship/old_userland.sh makes them outside a root that lacks
# the tools the setup runs); the setup is not run again.
# Usage: run_case.sh BINARY CASE_DIR SOURCE_DIR
set -u
bin=$1 case_dir=$2 src=$3
cd "$case_dir" || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

args=$(cat cmd)
# @SRC@ stands for the source tree, so cases can name the bundled examples.
args=${args//@SRC@/$src}
in=$work/in
if [ -f setup ] && [ -n "${PREFLIGHT_GOLDEN_INPUTS:-}" ]; then
  in=$PREFLIGHT_GOLDEN_INPUTS
  args=${args//@WORK@/$in}
elif [ -f setup ]; then
  mkdir "$in"
  bash setup "$bin" "$in" "$src" >"$work/setup.log" 2>&1 || { echo "setup failed:"; cat "$work/setup.log"; exit 1; }
  args=${args//@WORK@/$in}
fi
export PREFLIGHT_RULES_PATH="$src/rules" NO_COLOR=1 TERM=dumb
eval "set -- $args"
"$bin" "$@" >"$work/stdout" 2>"$work/stderr"
echo $? >"$work/exit"
# Output that names the source tree is made relative to it.
sed -i "s|$src/|@SRC@/|g; s|$in|@WORK@|g" "$work/stdout" "$work/stderr"

if [ "${PREFLIGHT_UPDATE_GOLDEN:-}" = 1 ]; then
  cp "$work/stdout" stdout
  if [ -s "$work/stderr" ]; then cp "$work/stderr" stderr; else rm -f stderr; fi
  if [ "$(cat "$work/exit")" != 0 ]; then cp "$work/exit" exit; else rm -f exit; fi
  echo "updated $case_dir"
  exit 0
fi

status=0
if [ -f stdout ]; then
  diff -u --label expected/stdout --label actual/stdout stdout "$work/stdout" || status=1
else
  echo "no expected stdout file (run with PREFLIGHT_UPDATE_GOLDEN=1)"; status=1
fi
if [ -f stderr ]; then
  diff -u --label expected/stderr --label actual/stderr stderr "$work/stderr" || status=1
elif [ -s "$work/stderr" ]; then
  echo "unexpected stderr:"; cat "$work/stderr"; status=1
fi
want_exit=$(cat exit 2>/dev/null || echo 0)
got_exit=$(cat "$work/exit")
if [ "$want_exit" != "$got_exit" ]; then
  echo "exit code: expected $want_exit, got $got_exit"; status=1
fi
exit $status
