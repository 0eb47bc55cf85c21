#!/usr/bin/env bash
# The static binary on an older userland: every golden case, run by run_case.sh inside
# a Debian bullseye root (glibc 2.31, older than any glibc 2.34 symbol) made with
# `debootstrap --variant=minbase` from this machine's Debian mirror and kept in the
# build tree for the next run. Skipped, with the reason, where debootstrap cannot run
# (not root, not installed, no mirror reachable).
# Usage: old_userland.sh PREFLIGHT SOURCE_DIR ROOT_DIR
set -uo pipefail
bin=$1 src=$2 root=$3
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "skipped: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "debootstrap and chroot need root"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (scripts/install-deps.sh)"

# The mirror apt uses here: the first URI of a Debian archive in its sources.
mirror=$(grep -hsE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources |
  grep -oE 'https?://[^ ]*/debian/?( |$)' | head -1 | tr -d ' ')
mirror=${mirror:-http://deb.debian.org/debian}

if [ ! -f "$root/.complete" ]; then
  rm -rf "$root"
  mkdir -p "$(dirname "$root")"
  log="$root.log"
  start=$SECONDS
  # python3: the golden cases' setup scripts use it (tests/golden/fleet).
  if ! debootstrap --variant=minbase --include=python3 bullseye "$root" "$mirror" >"$log" 2>&1; then
    reason=$(tail -3 "$log")
    rm -rf "$root"
    skip "debootstrap bullseye from $mirror failed: $reason"
  fi
  touch "$root/.complete"
  echo "made the bullseye root from $mirror in $((SECONDS - start)) s"
fi
glibc=$(chroot "$root" /usr/bin/ldd --version | head -1)
grep -q "2\.31$" <<<"$glibc" || fail "the root's C library is not bullseye's 2.31: $glibc"

# The binary and the inputs the golden cases name, at the same paths as outside, so
# that outputs naming the source tree read the same.
rm -rf "$root/opt/preflight" "${root:?}$src"
mkdir -p "$root/opt/preflight" "$root$src/tests"
cp "$bin" "$root/opt/preflight/preflight" || fail "cannot copy $bin into the root"
cp -r "$src/rules" "$src/share" "$root$src/"
cp -r "$src/tests/golden" "$src/tests/launches" "$root$src/tests/"
touch "$root$src/.git"  # the repository root, which baselines name files relative to

chroot "$root" /opt/preflight/preflight --version >/dev/null || fail "the static binary does not start in the bullseye root"
failed=() skipped=() count=0
# A case whose setup builds git repositories (baselines relative to a repository root,
# rules verify over git mirrors) needs git, which a minbase root lacks: named, not run.
root_has_git=0
chroot "$root" /usr/bin/env PATH=/usr/local/bin:/usr/bin:/bin sh -c 'command -v git' >/dev/null 2>&1 && root_has_git=1
for case_dir in "$src"/tests/golden/*/*/; do
  [ -f "$case_dir/cmd" ] || continue
  if [ "$root_has_git" = 0 ] && [ -f "$case_dir/setup" ] && grep -qw git "$case_dir/setup"; then
    skipped+=("${case_dir#"$src/tests/golden/"}")
    continue
  fi
  count=$((count + 1))
  name=${case_dir#"$src/tests/golden/"}
  if ! out=$(chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root \
    bash "$src/tests/golden/run_case.sh" /opt/preflight/preflight "${case_dir%/}" "$src" 2>&1); then
    failed+=("${name%/}")
    echo "--- ${name%/}"
    echo "$out" | head -30
  fi
done
[ "$count" -gt 100 ] || fail "found only $count golden cases"
[ ${#skipped[@]} -eq 0 ] || echo "not run (their setup needs git, absent from the root): ${skipped[*]}"
[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} of $count golden cases differ in the bullseye root: ${failed[*]}"
echo "$count golden cases pass with the static binary in a Debian bullseye root ($glibc)"
