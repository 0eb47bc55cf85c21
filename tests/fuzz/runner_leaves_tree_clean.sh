#!/usr/bin/env bash
# run_fuzzers.sh against stand-in fuzzers that behave as libFuzzer does when one
# finds a crash (the input written to -artifact_prefix + "crash-<sha1>", relative to
# the working directory; exit 1), started from the repository root as CI starts it.
# One of them ignores -artifact_prefix, as libFuzzer does with a flag that never
# reaches it, and writes to its working directory (how the root file came about):
# the run must fail naming the crash, the crash must be under the build tree, and the
# working tree must be as it was (a crash file once landed at its root).
# Usage: runner_leaves_tree_clean.sh SOURCE_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build/tests/fuzz"
for corpus in "$src"/tests/fuzz/corpus/*/; do
  name=$(basename "$corpus")
  cat >"$work/build/tests/fuzz/fuzz_$name" <<FAKE
#!/usr/bin/env bash
prefix=
for a; do case \$a in -artifact_prefix=*) prefix=\${a#-artifact_prefix=} ;; esac; done
case $name in pep440) ;; cann) prefix= ;; *) exit 0 ;; esac
printf boom >"\${prefix}crash-\$(printf boom | sha1sum | cut -c1-40)"
echo "==1== ERROR: libFuzzer: deadly signal"
exit 1
FAKE
  chmod +x "$work/build/tests/fuzz/fuzz_$name"
done
state() { git -C "$src" status --porcelain --ignored=matching --untracked-files=all -- . ':!/build*' | sort; }
before=$(state)
cd "$src"
if PREFLIGHT_FUZZ_JOBS=2 "$src/tests/fuzz/run_fuzzers.sh" "$work/build" 10 2>"$work/report"; then
  echo "FAIL: the runner passed although a fuzzer crashed" >&2
  exit 1
fi
after=$(state)
status=0
if [ "$before" != "$after" ]; then
  echo "FAIL: the runner changed the working tree:" >&2
  diff <(echo "$before") <(echo "$after") >&2 || true
  status=1
fi
for name in pep440 cann; do
  crash=$(find "$work/build" -path "*$name*" -name 'crash-*' | head -1)
  if [ -z "$crash" ]; then
    echo "FAIL: no crash file of $name under the build tree" >&2
    status=1
  elif ! grep -qF "$crash" "$work/report"; then
    echo "FAIL: the report does not name $crash:" >&2
    cat "$work/report" >&2
    status=1
  fi
done
[ $status = 0 ] && echo "run_fuzzers.sh: both crashes are kept under the build tree, the working tree is untouched"
exit $status
