#!/usr/bin/env bash
# A pack bundled in a plugin (its descriptor's rules_dir, tests/plugins/bundled copied
# beside the "bundler" test plugin): `rules list` lists its rule from there, the pack's
# own cases pass, and `check` fires the rule only when the plugin's function says so.
# Usage: bundled_pack.sh PREFLIGHT PLUGIN_DIR
set -uo pipefail
pf=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$dir/bundler.so" ] && [ -f "$dir/rules/plugin-bundled/pack.toml" ] || fail "the bundler plugin is not built in $dir"
export NO_COLOR=1

listing=$("$pf" --plugin-dir "$dir" rules list) || fail "rules list exited $?: $listing"
grep -q "bundled-twice-the-nodes-is-sixteen" <<<"$listing" || fail "the bundled rule is not listed: $listing"
grep -qF "$dir/rules/plugin-bundled/pack.toml" <<<"$listing" || fail "the pack was not read from the plugin's rules_dir: $listing"
# Without the plugin its pack is not found.
"$pf" rules list | grep -q "bundled-twice-the-nodes-is-sixteen" && fail "the bundled rule is listed without its plugin"

"$pf" --plugin-dir "$dir" rules test --pack plugin-bundled || fail "the bundled pack's cases fail"
cases=$dir/rules/plugin-bundled/tests
out=$("$pf" --plugin-dir "$dir" check "$cases/sixteen/job.toml" 2>&1)
grep -q "twice 8 nodes is 16" <<<"$out" || fail "check did not fire the bundled rule: $out"
out=$("$pf" --plugin-dir "$dir" check "$cases/two/job.toml" 2>&1)
grep -q "bundled-twice-the-nodes-is-sixteen" <<<"$out" && fail "the bundled rule fired for 2 nodes: $out"
echo "the plugin's bundled pack is listed and decides its cases"
