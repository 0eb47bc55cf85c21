#!/usr/bin/env bash
# The static build (PREFLIGHT_STATIC): the binary is fully static and small
# (static_executable.sh), and copied alone into an empty directory it checks a
# bundled example with its embedded packs; packs on the lookup path shadow them; and
# it carries the vendor plugins built in (builtin_plugins.sh).
# Usage: static_binary.sh PREFLIGHT SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
fail() { echo "FAIL: $*"; exit 1; }
bash "$src/tests/ship/static_executable.sh" "$bin" x86-64 || exit $?

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$bin" "$tmp/preflight"
cp -r "$src/share/examples" "$tmp/examples"
cd "$tmp" || exit 1
# With a cache it may write to: the set compiled at build time is read from the binary,
# so nothing is compiled and nothing is cached (a compiled set would be stored there).
mkdir cache
out=$(env -i PATH=/usr/bin:/bin PREFLIGHT_CACHE_DIR="$tmp/cache" ./preflight check examples/qwen3_5-27b-megatron-npu.toml 2>&1)
status=$?
[ $status -eq 1 ] || fail "check of the example exited $status (want 1): $out"
grep -q "\[gdn-mcore-needs-megatron-core-0.16\]" <<<"$out" || fail "the embedded packs did not decide the example: $out"
[ -z "$(find cache -name '*.set')" ] || fail "the embedded packs were compiled at run time: $(find cache -type f)"
# Beside packs of its own, the embedded packs are compiled with them, and that set cached.
mkdir -p own/extra
printf '[pack]\nname = "extra"\nversion = "0.1.0"\nengine = ">=0.2"\nsummary = "s"\n' >own/extra/pack.toml
env -i PATH=/usr/bin:/bin PREFLIGHT_CACHE_DIR="$tmp/cache" ./preflight check --rules own examples/qwen3_5-27b-megatron-npu.toml >/dev/null 2>&1
[ "$(find cache -name '*.set' | wc -l)" -eq 1 ] || fail "the set of the embedded packs and own/ was not cached: $(find cache -type f)"
echo "the embedded packs' set is read from the binary; with other packs, one set is compiled and cached"
listing=$(env -i PATH=/usr/bin:/bin ./preflight rules list)
grep -q "^  embedded:qwen35-gdn-megatron/pack.toml$" <<<"$listing" || fail "rules list does not say the embedded packs were used: $listing"
explain=$(env -i PATH=/usr/bin:/bin ./preflight explain gdn-mcore-needs-megatron-core-0.16) || fail "explain from an embedded page: $explain"
# A pack directory on the lookup path shadows the embedded packs of the same names.
listing=$(env -i PATH=/usr/bin:/bin PREFLIGHT_RULES_PATH="$src/rules" ./preflight rules list)
grep -q "embedded:" <<<"$listing" && fail "an embedded pack is listed although the lookup path has every pack: $listing"
grep -qF "$src/rules/qwen35-gdn-megatron/pack.toml" <<<"$listing" || fail "the lookup path's packs were not used"
echo "the copied binary checks with its embedded packs; the lookup path shadows them"
# The embedded packs carry their test cases: `rules test` runs every one of them.
tests_out=$(env -i PATH=/usr/bin:/bin ./preflight rules test 2>&1) || fail "rules test on the embedded packs exited $?: $(grep -v '^PASS' <<<"$tests_out" | head -40)"
cases=$(find "$src/rules" -path '*/tests/*/expect.toml' | wc -l)
ran=$(grep -c '^PASS ' <<<"$tests_out")
[ "$ran" -eq "$cases" ] || fail "rules test ran $ran embedded cases, the source tree has $cases"
echo "rules test on the copied binary: $(tail -1 <<<"$tests_out")"
bash "$src/tests/ship/builtin_plugins.sh" "$bin" "$src"
