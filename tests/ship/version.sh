#!/usr/bin/env bash
# `preflight --version` prints three lines: the version CMake was given, the commit
# the binary was built from (`git describe --always --dirty`, or "unknown" outside
# a git tree) and the engine version packs are gated on. The commit changes with
# every commit, so a golden file cannot hold it: its format is checked instead.
# Usage: version.sh BINARY PROJECT_VERSION
set -u
bin=$1 want_version=$2
out=$("$bin" --version) || { echo "--version exited $?"; exit 1; }
status=0
mapfile -t lines <<<"$out"
[ "${#lines[@]}" = 3 ] || { echo "expected 3 lines, got ${#lines[@]}:"; echo "$out"; exit 1; }
[ "${lines[0]}" = "preflight $want_version" ] || { echo "line 1: '${lines[0]}' is not 'preflight $want_version'"; status=1; }
# A bare hash, a describe past a tag (v0.2.0-5-g1a2b3c4), either maybe -dirty, or unknown.
commit_re='^commit: (unknown|([[:alnum:]._-]+-[0-9]+-g)?[0-9a-f]{7,40}(-dirty)?|[[:alnum:]._-]+(-dirty)?)$'
[[ ${lines[1]} =~ $commit_re ]] || { echo "line 2: '${lines[1]}' is no commit line"; status=1; }
[[ ${lines[2]} =~ ^pack\ engine:\ [0-9]+(\.[0-9]+)*$ ]] || { echo "line 3: '${lines[2]}' is no engine line"; status=1; }
[ $status = 0 ] && echo "--version: $out" | tr '\n' ' ' && echo
exit $status
