#!/usr/bin/env bash
# Makes the Debian bullseye root (glibc 2.31) that ship.old_userland runs the golden
# cases in: `debootstrap --variant=minbase` from this machine's Debian mirror, kept at
# ROOT for the next run (ROOT/.complete marks a whole one). Two callers may race:
# scripts/test.sh starts it in the background before building, so the two minutes of
# downloading and unpacking overlap the compile instead of the test run, and
# old_userland.sh calls it again; the lock makes the second wait for the first.
# Exit status: 0 when ROOT is complete; 77 with the reason on stdout where it cannot be
# made (not root, no debootstrap, no mirror reachable).
# Usage: bullseye_root.sh ROOT
set -uo pipefail
root=$1
skip() {
  echo "$*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "debootstrap and chroot need root"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (scripts/install-deps.sh)"
mkdir -p "$(dirname "$root")"
exec 9>"$root.lock"
flock 9
[ -f "$root/.complete" ] && exit 0

# The mirror apt uses here: the first URI of a Debian archive in its sources.
mirror=$(grep -hsE '^(URIs:|deb )' /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources |
  grep -oE 'https?://[^ ]*/debian/?( |$)' | head -1 | tr -d ' ')
mirror=${mirror:-http://deb.debian.org/debian}

rm -rf "$root"
log="$root.log"
start=$SECONDS
if ! debootstrap --variant=minbase bullseye "$root" "$mirror" >"$log" 2>&1; then
  reason=$(tail -3 "$log")
  rm -rf "$root"
  skip "debootstrap bullseye from $mirror failed: $reason"
fi
touch "$root/.complete"
echo "made the bullseye root from $mirror in $((SECONDS - start)) s" >>"$log"
