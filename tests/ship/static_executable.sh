#!/usr/bin/env bash
# A fully static executable (PREFLIGHT_STATIC): `file` names the architecture and says
# "statically linked", readelf finds no NEEDED library and no program interpreter, no
# symbol asks for a glibc version (GLIBC_2.x), it is position-dependent (nothing to
# relocate before main) with an .eh_frame_hdr and no frame registration (so the first
# exception sorts no unwind table: src/util/static_unwind.cpp), and, stripped as it
# ships, it is under 15 MB. Usage: static_executable.sh PREFLIGHT ARCH(x86-64|aarch64) [STRIP]
set -uo pipefail
bin=$1 arch=$2 strip=${3:-strip}
fail() { echo "FAIL: $*"; exit 1; }
for tool in file readelf "$strip"; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed"; exit 77; }
done
limit=$((15 * 1000 * 1000))

kind=$(file -b "$bin")
case $arch in
  x86-64) grep -q "x86-64" <<<"$kind" || fail "not an x86-64 executable: $kind" ;;
  aarch64) grep -q "ARM aarch64" <<<"$kind" || fail "not an aarch64 executable: $kind" ;;
  *) fail "unknown architecture $arch" ;;
esac
grep -q "statically linked" <<<"$kind" || fail "not statically linked: $kind"
needed=$(readelf -d "$bin" 2>/dev/null | grep "(NEEDED)")
[ -z "$needed" ] || fail "the executable needs shared libraries: $needed"
# A static PIE writes every page of its pointer tables before main (src/CMakeLists.txt).
readelf -hW "$bin" | grep -qE "Type: +EXEC" || fail "not a position-dependent executable: $(readelf -hW "$bin" | grep Type:)"
readelf -lW "$bin" | grep -q "GNU_EH_FRAME" || fail "no .eh_frame_hdr: exceptions would need the frame registry"
# crtbeginT.o's registration goes to the no-op of util/static_unwind.cpp.
symbols=$(readelf -sW "$bin")
grep -q " __wrap___register_frame_info$" <<<"$symbols" ||
  fail "the start files register the unwind tables: the first exception would sort them all"
readelf -lW "$bin" | grep -q "INTERP" && fail "the executable names a program interpreter"
versions=$(readelf -VW "$bin" | grep -o "GLIBC_[0-9.]*" | sort -u)
[ -z "$versions" ] || fail "the executable asks for glibc versions: $(echo $versions)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$strip" -o "$tmp/preflight" "$bin" || fail "$strip failed"
size=$(stat -c %s "$tmp/preflight")
[ "$size" -lt "$limit" ] || fail "stripped, the executable is $size bytes (limit $limit)"
echo "$arch, statically linked, no glibc version asked for; $size bytes stripped ($(stat -c %s "$bin") as built)"
