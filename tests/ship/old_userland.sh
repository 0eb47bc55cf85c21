#!/usr/bin/env bash
# The static binary on an older userland: every golden case, run by run_case.sh inside
# a Debian bullseye root (glibc 2.31, older than any glibc 2.34 symbol) made by
# bullseye_root.sh and kept in the build tree for the next run. Skipped, with the
# reason, where debootstrap cannot run (not root, not installed, no mirror reachable).
# The root holds no python3 and no git (python3 and its dependencies were a third of
# the debootstrap time): a case whose setup runs either gets its inputs made by that
# setup outside the root, in a folder the root sees at the same path, and its command
# runs inside; a case whose command itself runs git (rules verify/outdated over
# mirrors) is named, not run. All cases run in one chroot, on every core.
# Usage: old_userland.sh PREFLIGHT SOURCE_DIR ROOT_DIR
set -uo pipefail
bin=$1 src=$2 root=$3
fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "skipped: $*"; exit 77; }
# The root: made here, or by scripts/test.sh in the background while it built, in which
# case this waits for that run to finish.
made=$(bash "$(dirname "$0")/bullseye_root.sh" "$root")
case $? in
  0) ;;
  77) skip "$made" ;;
  *) fail "tests/ship/bullseye_root.sh failed: $made" ;;
esac
[ -f "$root.log" ] && tail -1 "$root.log"
glibc=$(chroot "$root" /usr/bin/ldd --version | head -1)
grep -q "2\.31$" <<<"$glibc" || fail "the root's C library is not bullseye's 2.31: $glibc"

# The binary and the inputs the golden cases name (plan cases read tests/regressions),
# at the same paths as outside, so that outputs naming the source tree read the same.
rm -rf "$root/opt/preflight" "${root:?}$src"
mkdir -p "$root/opt/preflight" "$root$src/tests"
cp "$bin" "$root/opt/preflight/preflight" || fail "cannot copy $bin into the root"
cp -r "$src/rules" "$src/share" "$root$src/"
cp -r "$src/tests/golden" "$src/tests/launches" "$src/tests/regressions" "$root$src/tests/"
touch "$root$src/.git"  # the repository root, which baselines name files relative to

chroot "$root" /opt/preflight/preflight --version >/dev/null || fail "the static binary does not start in the bullseye root"
# What the root lacks of what the cases run (a minbase root has neither git nor python3).
has() { chroot "$root" /usr/bin/env PATH=/usr/local/bin:/usr/bin:/bin sh -c "command -v $1" >/dev/null 2>&1; }
root_has_git=0 root_has_python=0
has git && root_has_git=1
has python3 && root_has_python=1
# The folder the cases' list, outputs and outside-made inputs live in: the same path
# inside the root and out, so inputs that name their own path name it alike.
work=$(mktemp -d /tmp/preflight-golden.XXXXXX)
trap 'rm -rf "$work" "${root:?}$work"' EXIT
mkdir -p "$root$work/out"
skipped=() outside=() count=0
for case_dir in "$src"/tests/golden/*/*/; do
  [ -f "$case_dir/cmd" ] || continue
  name=${case_dir#"$src/tests/golden/"} name=${name%/}
  if [ "$root_has_git" = 0 ] && grep -q -- '--mirrors' "$case_dir/cmd"; then
    skipped+=("$name")
    continue
  fi
  inputs=-
  # `edit` is tests/golden/fleet/nodes.sh's bundle editor, a python3 script.
  if [ -f "$case_dir/setup" ] && { { [ "$root_has_git" = 0 ] && grep -qE '(^|[[:space:];(|])git[[:space:]]' "$case_dir/setup"; } ||
    { [ "$root_has_python" = 0 ] && grep -qE '(^|[[:space:];(|/])(python3|edit)([[:space:]]|$)' "$case_dir/setup"; }; }; then
    inputs=$work/inputs/${name//\//_}
    mkdir -p "$inputs"
    (cd "$case_dir" && bash setup "$bin" "$inputs" "$src") >"$inputs.log" 2>&1 ||
      fail "the setup of $name failed outside the root: $(cat "$inputs.log")"
    outside+=("$name")
  fi
  echo "$case_dir $inputs" >>"$root$work/list"
  count=$((count + 1))
done
[ -d "$work/inputs" ] && cp -a "$work/inputs" "$root$work/"
# One case per line of the list: CASE_DIR INPUTS; its output in out/NAME.out, and
# out/NAME.failed when it differs.
cat >"$root$work/one.sh" <<'ONE'
case_dir=$1 inputs=$2
name=${case_dir#"$SRC/tests/golden/"} name=${name%/}
file=$WORK/out/${name//\//_}
if [ "$inputs" = - ]; then unset PREFLIGHT_GOLDEN_INPUTS; else export PREFLIGHT_GOLDEN_INPUTS=$inputs; fi
bash "$SRC/tests/golden/run_case.sh" /opt/preflight/preflight "${case_dir%/}" "$SRC" >"$file.out" 2>&1 ||
  echo "$name" >"$file.failed"
ONE
chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root SRC="$src" WORK="$work" \
  xargs -a "$work/list" -L 1 -P "$(nproc)" bash "$work/one.sh" || fail "the cases did not all run in the root (xargs: $?)"
failed=()
for f in "$root$work"/out/*.failed; do
  [ -e "$f" ] || continue
  name=$(cat "$f")
  failed+=("$name")
  echo "--- $name"
  head -30 "${f%.failed}.out"
done
ran=$(find "$root$work/out" -name '*.out' | wc -l)
[ "$ran" = "$count" ] || fail "$count golden cases listed, $ran ran"
[ "$count" -gt 100 ] || fail "found only $count golden cases"
[ ${#skipped[@]} -eq 0 ] || echo "not run (their command runs git, absent from the root): ${skipped[*]}"
[ ${#outside[@]} -eq 0 ] || echo "inputs made outside the root (their setup runs git or python3): ${outside[*]}"
[ ${#failed[@]} -eq 0 ] || fail "${#failed[@]} of $count golden cases differ in the bullseye root: ${failed[*]}"
echo "$count golden cases pass with the static binary in a Debian bullseye root ($glibc)"
