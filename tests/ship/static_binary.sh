#!/usr/bin/env bash
# The static build (PREFLIGHT_STATIC): the binary needs no shared library but the C
# library's own (readelf -d), and copied alone into an empty directory it checks a
# bundled example with its embedded packs; packs on the lookup path shadow them; and
# it carries the vendor plugins built in (builtin_plugins.sh).
# Usage: static_binary.sh PREFLIGHT SOURCE_DIR
set -uo pipefail
bin=$1 src=$2
fail() { echo "FAIL: $*"; exit 1; }
command -v readelf >/dev/null || { echo "skipped: readelf is not installed"; exit 77; }

needed=$(readelf -d "$bin" | awk '/\(NEEDED\)/ {gsub(/[][]/, "", $NF); print $NF}')
for lib in $needed; do
  case $lib in
    libc.so.6 | libm.so.6 | ld-linux-x86-64.so.2) ;;  # the C library, in glibc's parts
    *) fail "the static binary needs $lib" ;;
  esac
done
echo "needed: $(echo $needed)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$bin" "$tmp/preflight"
cp -r "$src/share/examples" "$tmp/examples"
cd "$tmp" || exit 1
out=$(env -i PATH=/usr/bin:/bin ./preflight check examples/qwen3_5-27b-megatron-npu.toml 2>&1)
status=$?
[ $status -eq 1 ] || fail "check of the example exited $status (want 1): $out"
grep -q "\[gdn-mcore-needs-megatron-core-0.16\]" <<<"$out" || fail "the embedded packs did not decide the example: $out"
listing=$(env -i PATH=/usr/bin:/bin ./preflight rules list)
grep -q "^  embedded:qwen35-gdn-megatron/pack.toml$" <<<"$listing" || fail "rules list does not say the embedded packs were used: $listing"
explain=$(env -i PATH=/usr/bin:/bin ./preflight explain gdn-mcore-needs-megatron-core-0.16) || fail "explain from an embedded page: $explain"
# A pack directory on the lookup path shadows the embedded packs of the same names.
listing=$(env -i PATH=/usr/bin:/bin PREFLIGHT_RULES_PATH="$src/rules" ./preflight rules list)
grep -q "embedded:" <<<"$listing" && fail "an embedded pack is listed although the lookup path has every pack: $listing"
grep -qF "$src/rules/qwen35-gdn-megatron/pack.toml" <<<"$listing" || fail "the lookup path's packs were not used"
echo "the copied binary checks with its embedded packs; the lookup path shadows them"
bash "$src/tests/ship/builtin_plugins.sh" "$bin" "$src"
