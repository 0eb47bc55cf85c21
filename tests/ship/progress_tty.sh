#!/usr/bin/env bash
# `scan` of a large archive and `fleet` over bundles show a progress line on a terminal
# (util-linux `script` gives them a pseudo-terminal) and nothing when stderr is a file,
# with --quiet, with NO_PROGRESS or under CI.
# Usage: progress_tty.sh PREFLIGHT SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
command -v script >/dev/null || { echo "skipped: script (util-linux) is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
cd "$tmp" || exit 1
head -c $((48 << 20)) /dev/urandom >blob.so
tar -cf big.tar blob.so
export PREFLIGHT_RULES_PATH=$src/rules
unset CI NO_PROGRESS
run_tty() { TERM=xterm script -qefc "$*" /dev/null 2>&1 </dev/null; }

out=$(run_tty "$bin scan big.tar")
grep -q $'\r''scanning big.tar: .* of 48.0 MiB' <<<"$out" || fail "no progress line on a terminal: $(cat -A <<<"$out" | head -5)"
grep -q "blob.so" <<<"$out" || fail "the scan's report is missing: $out"
out=$(run_tty "$bin scan big.tar --quiet")
grep -q "scanning big.tar" <<<"$out" && fail "a progress line despite --quiet"
out=$(NO_PROGRESS=1 run_tty "$bin scan big.tar")
grep -q "scanning big.tar" <<<"$out" && fail "a progress line despite NO_PROGRESS"
out=$(CI=true run_tty "$bin scan big.tar")
grep -q "scanning big.tar" <<<"$out" && fail "a progress line under CI"
"$bin" scan big.tar >/dev/null 2>"$tmp/err" || fail "scan failed: $(cat "$tmp/err")"
[ -s "$tmp/err" ] && fail "stderr is a file, yet it holds: $(cat "$tmp/err")"
mkdir site bundles
for n in n1 n2; do "$bin" probe --node $n --site-packages site -o bundles/$n.tar.gz >/dev/null 2>&1 || fail "probe -o"; done
out=$(run_tty "$bin fleet bundles")
grep -q $'\r''reading bundles: 0 of 2 bundles' <<<"$out" || fail "no fleet progress line on a terminal: $(cat -A <<<"$out" | head -5)"
"$bin" fleet bundles >/dev/null 2>"$tmp/err"
grep -q "reading bundles" "$tmp/err" && fail "fleet wrote a progress line to a file"
echo "progress on a terminal only, and not when asked to be quiet"
