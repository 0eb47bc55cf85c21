#!/usr/bin/env bash
# The Debian package, built by CPack from this build tree, unpacked into a scratch root
# with dpkg -x, runs from there: it finds its own packs under usr/share/preflight/rules
# and checks a bundled example with nothing from the source tree. Its Depends line
# names the package of every shared library the binary needs (dpkg-shlibdeps computed
# it). Modes: `build` writes BUILD_DIR/packaging/deb/preflight_*.deb (a CTest fixture),
# `run` unpacks and runs it, `lintian` has lintian judge it.
# Usage: deb_package.sh BUILD_DIR SOURCE_DIR build|run|lintian
set -uo pipefail
build=$1 src=$2 mode=$3
for tool in cpack dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is not installed"; exit 77; }
done
if [ "$mode" = lintian ] && ! command -v lintian >/dev/null; then echo "skipped: lintian is not installed"; exit 77; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

if [ "$mode" = build ]; then
  rm -rf "$build/packaging/deb"
  cpack -G DEB --config "$build/CPackConfig.cmake" -B "$build/packaging/deb" >"$tmp/cpack.log" 2>&1 ||
    { cat "$tmp/cpack.log"; fail "cpack"; }
  ls "$build"/packaging/deb/preflight_*_amd64.deb || fail "no .deb written"
  exit 0
fi
deb=$(ls "$build"/packaging/deb/preflight_*_amd64.deb) || fail "no .deb: the build step failed"

if [ "$mode" = lintian ]; then
  # The project has not chosen a license yet, so there is no copyright file to ship:
  # that tag is the maintainers' decision, not the package's. A static build
  # (PREFLIGHT_STATIC) embeds its libraries by design, which lintian names too, and is
  # fully static (glibc included: docs/install.md), which it names as well.
  tolerated='no-copyright-file'
  readelf -d "$build/preflight" 2>/dev/null | grep -q 'libarchive' || tolerated="$tolerated|embedded-library"
  readelf -d "$build/preflight" 2>/dev/null | grep -q '(NEEDED)' || tolerated="$tolerated|statically-linked-binary"
  out=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v 'root privileges' | grep -vE " ($tolerated)( |$)")
  [ -z "$out" ] || fail "lintian: $out"
  echo "lintian: clean but for $tolerated"
  exit 0
fi

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
# Every library the binary is linked against comes from a package the Depends line names.
for lib in $(objdump -p "$build/preflight" | awk '/NEEDED/ {print $2}'); do
  path=$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ {print $NF; exit}')
  [ -n "$path" ] || fail "$lib, which the binary needs, is not in the linker cache"
  pkg=$(dpkg -S "$(realpath "$path")" 2>/dev/null | head -1 | cut -d: -f1) || true
  [ -z "$pkg" ] && pkg=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1)
  [ -n "$pkg" ] || fail "no package owns $path"
  tr ',' '\n' <<<"$depends" | awk '{print $1}' | grep -qxF "$pkg" || fail "$lib ($pkg) is not in Depends"
done

dpkg -x "$deb" "$tmp/root" || fail "dpkg -x"
bin=$tmp/root/usr/bin/preflight
[ -x "$bin" ] || fail "usr/bin/preflight missing"
for f in usr/share/preflight/rules usr/share/man/man1/preflight.1.gz usr/share/doc/preflight/changelog.gz \
         usr/share/bash-completion/completions/preflight usr/share/zsh/vendor-completions/_preflight \
         usr/share/fish/vendor_completions.d/preflight.fish usr/share/doc/preflight/examples \
         usr/lib/preflight/plugins/ascend.so usr/lib/preflight/plugins/cuda.so; do
  [ -e "$tmp/root/$f" ] || fail "$f missing from the package"
done
zcat "$tmp/root/usr/share/man/man1/preflight.1.gz" | cmp -s - "$src/share/man/man1/preflight.1" || fail "packaged man page differs"
# `man preflight` finds the page where the package put it.
if command -v man >/dev/null; then
  MANPATH=$tmp/root/usr/share/man MANWIDTH=80 man -P cat preflight 2>&1 | grep -q "preflight check" ||
    fail "man preflight does not show the packaged page"
fi

# From the scratch root, with no rule path given and the source tree out of reach.
cd "$tmp/root" || exit 1
out=$(env -i PATH=/usr/bin:/bin "$bin" check usr/share/doc/preflight/examples/qwen3_5-27b-megatron-npu.toml 2>&1)
status=$?
[ $status -eq 1 ] || fail "check of the packaged example exited $status (want 1): $out"
grep -q "\[gdn-mcore-needs-megatron-core-0.16\]" <<<"$out" || fail "the packaged packs did not decide the example: $out"
listing=$(env -i PATH=/usr/bin:/bin "$bin" rules list)
grep -qF "$tmp/root/usr/share/preflight/rules/" <<<"$listing" || fail "rules list does not name the packaged packs: $listing"
# The packaged plugins are found beside the packaged binary (PREFIX/lib/preflight/plugins).
plugins=$(env -i PATH=/usr/bin:/bin "$bin" plugins list)
for p in ascend cuda; do
  grep -qF "$tmp/root/usr/lib/preflight/plugins/$p.so" <<<"$plugins" || fail "plugins list does not show the packaged $p: $plugins"
done
echo "the package unpacks and checks the example with its own packs and plugins"
