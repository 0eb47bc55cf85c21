#!/usr/bin/env bash
# The generated man page formats without a single groff warning (-ww: all of them),
# and man(1) reads it with a section for every command. Exit 77 (skipped) when groff or
# man is not installed.
# Usage: man_page_lint.sh BINARY
set -u
bin=$1
command -v groff >/dev/null || { echo "skipped: groff is not installed (apt-get install groff-base)"; exit 77; }
command -v man >/dev/null || { echo "skipped: man is not installed (apt-get install man-db)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" man >"$work/preflight.1" || { echo "preflight man failed"; exit 1; }
status=0
LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$work/preflight.1" 2>"$work/warnings"
if [ -s "$work/warnings" ]; then echo "groff warns:"; cat "$work/warnings"; status=1; fi
# Narrow terminals too: a line that cannot be broken is a warning there.
LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -rLL=60n -z "$work/preflight.1" 2>"$work/warnings"
if [ -s "$work/warnings" ]; then echo "groff warns at 60 columns:"; cat "$work/warnings"; status=1; fi
MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$work/preflight.1" >"$work/text" 2>"$work/warnings"
if [ -s "$work/warnings" ]; then echo "man warns:"; cat "$work/warnings"; status=1; fi
# Each visible command has its section: every command --help lists.
commands=$("$bin" --help | sed -n '/^Subcommands:/,/^$/p' | awk 'NR > 1 && NF {print $1}')
[ -n "$commands" ] || { echo "preflight --help lists no commands"; status=1; }
for cmd in $commands "rules list" "plugins list"; do
  grep -q "^   preflight $cmd\$" "$work/text" || { echo "no section for 'preflight $cmd'"; status=1; }
done
grep -q -- "--format TEXT" "$work/text" || { echo "no --format option in the rendered page"; status=1; }
[ $status = 0 ] && echo "man page formats cleanly"
exit $status
