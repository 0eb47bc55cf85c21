#!/usr/bin/env bash
# `rules verify --write-quotes` on a copy of tests/evidence/write/pack.toml: the file
# must become pack.quoted.toml byte for byte (comments and spacing kept), a second run
# must change nothing, and the quoted references must then verify as found.
# Usage: write_quotes.sh BINARY SOURCE_DIR
set -u
bin=$1 src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$src/tests/evidence/make_fixtures.sh" "$work/fx" >/dev/null 2>&1 || { echo "fixtures failed"; exit 1; }
mkdir -p "$work/packs/evidence-write"
cp "$src/tests/evidence/write/pack.toml" "$work/packs/evidence-write/pack.toml"
export NO_COLOR=1 TERM=dumb PREFLIGHT_RULES_PATH=
run() { "$bin" rules verify --mirrors "$work/fx/mirrors" --rules "$work/packs" --no-default-rules "$@"; }
status=0
run --write-quotes >"$work/out1" 2>"$work/err1"
echo "first run exit $?: $(cat "$work/err1")"
diff -u "$src/tests/evidence/write/pack.quoted.toml" "$work/packs/evidence-write/pack.toml" || status=1
run --write-quotes >"$work/out2" 2>"$work/err2"
grep -q "quoted 0 references" "$work/err2" || { echo "a second run wrote again: $(cat "$work/err2")"; status=1; }
diff -u "$src/tests/evidence/write/pack.quoted.toml" "$work/packs/evidence-write/pack.toml" >/dev/null || status=1
run --format json >"$work/out3"
python3 - "$work/out3" <<'PY' || status=1
import json, sys
counts = json.load(open(sys.argv[1]))["counts"]
want = {"found": 7, "line-missing": 1, "unquoted": 1, "url": 1}
if counts != want:
    sys.exit(f"after writing quotes: {counts}, expected {want}")
PY
[ $status = 0 ] && echo "write-quotes: the pack became pack.quoted.toml, and every quote is found"
exit $status
