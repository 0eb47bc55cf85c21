#!/usr/bin/env bash
# What the real binary does with hostile files on both ends, as docs/manual.md
# ("Limits and refusals") states it: outputs onto devices, FIFOs, symlinks, read-only
# and foreign-owned files; inputs that are FIFOs, devices, directories or empty;
# generators that must write nothing when the fixes do not settle.
# Usage: io.sh PREFLIGHT SOURCE_DIR
set -u
bin=$1 src=$2
export PREFLIGHT_RULES_PATH="$src/rules" NO_COLOR=1
work=$(mktemp -d)
trap 'jobs -p | xargs -r kill 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }
# expect CODE LABEL -- COMMAND…: the command exits CODE within 20 s.
expect() {
  local want=$1 label=$2; shift 3
  timeout 20 "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" = "$want" ]; then ok; else bad "$label: exit $got, expected $want; stderr: $(head -c 400 "$work/err")"; fi
}
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', expected '$3'"; fi; }

job="$src/share/examples/vime-colocate-npu-tms.toml"
"$bin" fix "$job" -o "$work/expected.toml" -q || { echo "cannot fix the example job"; exit 1; }
expected=$(cat "$work/expected.toml")

# --- outputs -----------------------------------------------------------------

expect 0 "fix -o /dev/null" -- "$bin" fix "$job" -o /dev/null -q
same "/dev/null stays a device" "$(stat -c %F /dev/null)" "character special file"

expect 2 "fix -o /dev/full" -- "$bin" fix "$job" -o /dev/full -q
grep -q "No space left on device" "$work/err" && ok || bad "fix -o /dev/full: $(cat "$work/err")"
same "/dev/full stays a device" "$(stat -c %F /dev/full)" "character special file"

expect 0 "fix -o -" -- "$bin" fix "$job" -o - -q
same "fix -o - writes stdout" "$(cat "$work/out")" "$expected"

mkfifo fifo
cat fifo >from-fifo &
reader=$!
expect 0 "fix -o FIFO with a reader" -- "$bin" fix "$job" -o fifo -q
wait "$reader"
same "FIFO stays a FIFO" "$(stat -c %F fifo)" "fifo"
same "FIFO carried the job" "$(cat from-fifo)" "$expected"
expect 2 "fix -o FIFO without a reader" -- "$bin" fix "$job" -o fifo -q
grep -q "no process is reading this FIFO" "$work/err" && ok || bad "FIFO without reader: $(cat "$work/err")"
same "FIFO without reader stays a FIFO" "$(stat -c %F fifo)" "fifo"

cat fifo >from-fifo &
reader=$!
expect 0 "env --emit sh -o FIFO" -- "$bin" env "$job" --emit sh -o fifo
wait "$reader"
same "env through a FIFO" "$(cat from-fifo)" "$("$bin" env "$job" --emit sh)"

mkdir adir
expect 2 "fix -o DIRECTORY" -- "$bin" fix "$job" -o adir -q
grep -q "the output is a directory" "$work/err" && ok || bad "fix -o DIRECTORY: $(cat "$work/err")"

for mode in 600 640 644; do
  echo old >"m$mode.toml" && chmod "$mode" "m$mode.toml"
  expect 0 "fix -o a $mode file" -- "$bin" fix "$job" -o "m$mode.toml" -q
  same "mode $mode kept" "$(stat -c %a "m$mode.toml")" "$mode"
  same "$mode file replaced" "$(cat "m$mode.toml")" "$expected"
done

echo old >ro.toml && chmod 400 ro.toml
expect 2 "fix -o a 0400 file" -- "$bin" fix "$job" -o ro.toml -q
grep -q "refusing to replace a read-only file (mode 0400); give --force" "$work/err" && ok || bad "0400: $(cat "$work/err")"
same "0400 file untouched" "$(cat ro.toml)" "old"
expect 0 "fix -o a 0400 file --force" -- "$bin" fix "$job" -o ro.toml -q --force
same "0400 kept under --force" "$(stat -c %a ro.toml)" "400"
same "0400 replaced under --force" "$(cat ro.toml)" "$expected"

echo old >ro.env && chmod 444 ro.env
expect 2 "env -o a read-only file" -- "$bin" env "$job" --emit sh -o ro.env
expect 2 "env --emit github -o a read-only file" -- "$bin" env "$job" --emit github -o ro.env
same "read-only env file untouched" "$(cat ro.env)" "old"

cp "$job" inplace.toml && chmod 400 inplace.toml
expect 2 "fix --in-place on a 0400 job" -- "$bin" fix inplace.toml --in-place -q
same "0400 job untouched" "$(cat inplace.toml)" "$(cat "$job")"
expect 0 "fix --in-place --force on a 0400 job" -- "$bin" fix inplace.toml --in-place -q --force
same "0400 job keeps its mode" "$(stat -c %a inplace.toml)" "400"

mkdir real
echo old >real/target.toml && chmod 640 real/target.toml
ln -s real/target.toml link.toml
ln -s link.toml link2.toml
expect 0 "fix -o a symlink chain" -- "$bin" fix "$job" -o link2.toml -q
same "the link stays a link" "$(stat -c %F link2.toml)" "symbolic link"
same "the first link stays a link" "$(stat -c %F link.toml)" "symbolic link"
same "the real file is patched" "$(cat real/target.toml)" "$expected"
same "the real file keeps its mode" "$(stat -c %a real/target.toml)" "640"
ln -s real/new.toml dangling.toml
expect 0 "fix -o a dangling symlink" -- "$bin" fix "$job" -o dangling.toml -q
same "dangling link target created" "$(cat real/new.toml)" "$expected"
same "dangling link stays a link" "$(stat -c %F dangling.toml)" "symbolic link"

cp "$job" real/job.toml && ln -s real/job.toml job-link.toml
expect 0 "fix --in-place through a symlink" -- "$bin" fix job-link.toml --in-place -q
same "in-place link stays a link" "$(stat -c %F job-link.toml)" "symbolic link"
same "in-place patched the real job" "$(cat real/job.toml)" "$expected"

if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
  echo old >owned.toml && chown nobody:nogroup owned.toml 2>/dev/null || chown nobody owned.toml
  owner=$(stat -c %U:%G owned.toml)
  expect 0 "fix -o a file of another owner (root)" -- "$bin" fix "$job" -o owned.toml -q
  same "owner kept" "$(stat -c %U:%G owned.toml)" "$owner"
else
  echo "SKIP owner kept: needs root and a 'nobody' user"; skipped=$((skipped + 1))
fi
# A POSIX access ACL (user nobody: rw), set and read as the raw xattr so that no
# acl package is needed; skipped where the filesystem has no ACLs.
acl_xattr() {
  /usr/bin/python3 - "$@" <<'PY'
import os, struct, sys
path, name = sys.argv[1], "system.posix_acl_access"
if len(sys.argv) > 2:
    blob = struct.pack("<I", 2)
    for tag, perm, uid in [(1, 6, 2**32 - 1), (2, 6, 65534), (4, 4, 2**32 - 1), (16, 6, 2**32 - 1), (32, 4, 2**32 - 1)]:
        blob += struct.pack("<HHI", tag, perm, uid)
    os.setxattr(path, name, blob)
print(os.getxattr(path, name).hex())
PY
}
echo old >acl.toml
if acl=$(acl_xattr acl.toml set 2>/dev/null); then
  expect 0 "fix -o a file with an ACL" -- "$bin" fix "$job" -o acl.toml -q
  same "ACL kept" "$(acl_xattr acl.toml 2>&1)" "$acl"
else
  echo "SKIP ACL kept: this filesystem stores no POSIX ACLs"; skipped=$((skipped + 1))
fi

expect 0 "probe -o /dev/null" -- "$bin" probe -o /dev/null --site-packages "$work/adir"
same "/dev/null stays a device after probe" "$(stat -c %F /dev/null)" "character special file"

# --- inputs ------------------------------------------------------------------

expect 2 "check FIFO" -- "$bin" check fifo
grep -q "must be a regular file, but this is a FIFO" "$work/err" && ok || bad "check FIFO: $(cat "$work/err")"
expect 2 "check /dev/zero" -- "$bin" check /dev/zero
expect 2 "check DIRECTORY" -- "$bin" check adir
expect 2 "fix DIRECTORY --in-place" -- "$bin" fix adir --in-place
same "directory stays a directory" "$(stat -c %F adir)" "directory"
: >empty.toml
expect 2 "check an empty job" -- "$bin" check empty.toml
expect 2 "check --freeze FIFO" -- "$bin" check "$job" --freeze fifo
expect 2 "check --freeze /dev/zero" -- "$bin" check "$job" --freeze /dev/zero
expect 2 "check --env FIFO" -- "$bin" check "$job" --env fifo
expect 2 "check --env DIRECTORY" -- "$bin" check "$job" --env adir
expect 2 "scan FIFO" -- "$bin" scan fifo
expect 2 "scan /dev/zero" -- "$bin" scan /dev/zero
head -c $((17 * 1024 * 1024)) /dev/zero | tr '\0' '#' >huge.toml
expect 2 "check a job past 16 MiB" -- "$bin" check huge.toml
grep -q "the limit is 16 MiB" "$work/err" && ok || bad "huge job: $(cat "$work/err")"
printf 'schema = 1\n[job]\n[model]\nconfig = "fifo"\n' >cfg-fifo.toml
expect 2 "model.config FIFO" -- "$bin" check cfg-fifo.toml

# --- generators write nothing when the fixes do not settle -------------------

mkdir -p pack/doubling
cat >pack/doubling/pack.toml <<'EOF'
[pack]
name = "doubling"
version = "1.0"
engine = ">=0.1"
summary = "A rule whose fix never settles"

[[rules]]
id = "tp-doubles"
severity = "error"
summary = "tp doubles every round"
about = ["parallel.tp"]
when = "parallel.tp > 0"
message = "tp again"
references = ["https://example.org/never-settles"]
explain = "Never settles."

[[rules.fix]]
config = "parallel.tp"
set_expr = "parallel.tp * 2"
kind = "safe"
EOF
printf 'schema = 1\n[job]\nname = "x"\n[parallel]\ntp = 2\n' >doubling.toml
echo keep >out.toml
expect 1 "fix with a non-converging fixpoint" -- "$bin" fix doubling.toml -o out.toml -q --rules pack --no-default-rules
same "fix wrote nothing" "$(cat out.toml)" "keep"
expect 1 "env with a non-converging fixpoint" -- "$bin" env doubling.toml --emit sh -o out.toml --rules pack --no-default-rules
same "env wrote nothing" "$(cat out.toml)" "keep"

echo "hostile io: $passed passed, $failed failed, ${skipped:-0} skipped"
[ "$failed" -eq 0 ]
