#!/usr/bin/env bash
# plugins/example as a plugin author builds it: install this build tree to a scratch
# prefix, build the example out of tree against it with find_package(preflight), and
# run the installed preflight with it: the example's function decides the rules of
# tests/plugins/pack, its fact shows in the probe, and without it the pack's load
# error names the plugin. Usage: example_out_of_tree.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
# Files this script makes get 0644/0755 whatever the caller's umask: a group-writable
# plugin would be refused, and the test would fail for the wrong reason.
umask 022
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
pf=$tmp/prefix/bin/preflight
test -f "$tmp/prefix/include/preflight/plugin_api.h" || fail "header not installed"

cmake -S "$src/plugins/example" -B "$tmp/example" -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/example" >/dev/null
test -f "$tmp/example/example.so" || fail "example.so not built"

# The installed binary finds the installed vendor plugins, and the example by --plugin-dir.
list=$("$pf" --plugin-dir "$tmp/example" plugins list --format json)
names=$(/usr/bin/python3 -c 'import json,sys; print(" ".join(p["name"] for p in json.load(sys.stdin)["plugins"]))' <<<"$list")
[ "$names" = "example ascend cuda" ] || fail "plugins list names '$names'"
grep -q '"example_gpu_hours(nodes: int, hours: float) -> float"' <<<"$list" || fail "function missing from plugins list"

# The example's function decides the pack's rule: fires in one case, quiet in the other.
"$pf" --plugin-dir "$tmp/example" rules test --rules "$src/tests/plugins/pack" --pack example-budget \
    || fail "the example pack's cases fail"
out=$("$pf" --plugin-dir "$tmp/example" check --rules "$src/tests/plugins/pack" --no-default-rules \
    "$src/tests/plugins/pack/example-budget/tests/big-job/job.toml" || true)
grep -q "8 nodes for a day are 1536.0 GPU-hours" <<<"$out" || grep -q "8 nodes for a day are 1536 GPU-hours" <<<"$out" \
    || fail "check did not report the plugin's number: $out"

# Its fact, read through the host, in the probe.
echo "site-a" >"$tmp/site"
probe=$(EXAMPLE_SITE_FILE=$tmp/site "$pf" --plugin-dir "$tmp/example" probe --format json)
grep -q '"example.site": "site-a"' <<<"$probe" || fail "probe lacks example.site"

# Without the plugin the pack cannot load, and the error says which plugin would help.
set +e
err=$("$pf" rules list --rules "$src/tests/plugins/pack" --no-default-rules 2>&1 >/dev/null)
rc=$?
set -e
[ "$rc" = 2 ] || fail "loading without the plugin exited $rc"
grep -q "unknown function 'example_gpu_hours'.*plugin 'example'" <<<"$err" || fail "load error: $err"

# A group-writable plugin directory is refused, and the run goes on.
cp -r "$tmp/example" "$tmp/shared" && chmod g+w "$tmp/shared"
refused=$("$pf" --plugin-dir "$tmp/shared" plugins list)
grep -q "plugin directory (--plugin-dir) not trusted: the directory is writable by its group" <<<"$refused" || fail "writable directory not refused: $refused"
"$pf" --plugin-dir "$tmp/shared" rules list >/dev/null || fail "a refused plugin stopped a run that does not need it"
echo "example plugin: built out of tree, loaded, decides its rule"
