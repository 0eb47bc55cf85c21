#!/usr/bin/env bash
# Hostile launch scripts, through the commands that read one (check, import; `fix
# SCRIPT` joins them when fix reads scripts): each is refused with exit 2 within 20 s, and
# the error names the file (and the line, where there is one). docs/manual.md,
# "Launch scripts", states these refusals.
# Usage: launch.sh PREFLIGHT SOURCE_DIR
set -u
bin=$1 src=$2
export PREFLIGHT_RULES_PATH="$src/rules" NO_COLOR=1 HF_HOME=/nonexistent MODELSCOPE_CACHE=/nonexistent
work=$(mktemp -d)
trap 'jobs -p | xargs -r kill 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() { echo "FAIL $*"; failed=$((failed + 1)); }
# refused LABEL PATTERN -- COMMAND…: exit 2 within 20 s, stderr matching PATTERN (grep -E).
refused() {
  local label=$1 pattern=$2; shift 3
  timeout 20 "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" != 2 ]; then bad "$label: exit $got, expected 2; stderr: $(head -c 400 "$work/err")"; return; fi
  if grep -qE -- "$pattern" "$work/err"; then ok; else bad "$label: stderr does not match '$pattern': $(head -c 400 "$work/err")"; fi
}
# Each case through check (text and JSON) and import.
each() {
  local label=$1 pattern=$2 script=$3
  refused "check $label" "$pattern" -- "$bin" check "$script"
  refused "import $label" "$pattern" -- "$bin" import "$script"
  refused "fix $label" "$pattern" -- "$bin" fix "$script" -o -
  timeout 20 "$bin" check "$script" --format json >"$work/out" 2>"$work/err"
  [ $? = 2 ] && ok || bad "check --format json $label: not exit 2"
}

launch='megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2'

# A binary file: a NUL byte, named with its line.
printf '#!/bin/bash\nexport A=1\nab\0cd\n%s\n' "$launch" >binary.sh
each "a binary script" '^binary\.sh:3:3: error: the launch script is a binary file \(a NUL byte on line 3\)' binary.sh

# A script past the 1 MiB limit (10 MB of comments before the launch).
{ echo '#!/bin/bash'; head -c $((10 * 1000 * 1000)) /dev/zero | tr '\0' '#' | fold -w 100; echo; echo "$launch"; } >huge.sh
each "a 10 MB script" '^huge\.sh: error: .*the limit is 1 MiB' huge.sh

# An unterminated quote: the line and column of the quote.
printf '#!/bin/bash\nmegatron sft \\\n  --model "Qwen/Qwen3-8B \\\n  --tensor_model_parallel_size 2\n' >quote.sh
each "an unterminated quote" '^quote\.sh:3:11: error: unterminated double quote' quote.sh
printf "#!/bin/bash\nexport X='abc\n%s\n" "$launch" >squote.sh
each "an unterminated single quote" '^squote\.sh:2:10: error: unterminated single quote' squote.sh

# source of a device, a FIFO with no writer, a directory: refused before a byte is read,
# at the line of the `source`.
printf '#!/bin/bash\nsource /dev/zero\n%s\n' "$launch" >zero.sh
each "source /dev/zero" "^zero\.sh:2:1: error: cannot source '/dev/zero': .*character device" zero.sh
mkfifo fifo
printf '#!/bin/bash\n. ./fifo\n%s\n' "$launch" >fifo.sh
each "source of a FIFO" "^fifo\.sh:2:1: error: cannot source './fifo': .*FIFO" fifo.sh
mkdir adir
printf '#!/bin/bash\nsource adir\n%s\n' "$launch" >dir.sh
each "source of a directory" "^dir\.sh:2:1: error: cannot source 'adir': .*directory" dir.sh

# A source cycle, the script named by a relative path, by ./, and by an absolute path.
printf '#!/bin/bash\nsource ./b.sh\n%s\n' "$launch" >a.sh
printf 'source ./a.sh\n' >b.sh
each "a source cycle" '^b\.sh:1:1: error: source cycle: .*/a\.sh -> .*/b\.sh -> .*/a\.sh$' a.sh
each "a source cycle (./)" '^b\.sh:1:1: error: source cycle: ' ./a.sh
each "a source cycle (absolute)" 'b\.sh:1:1: error: source cycle: ' "$work/a.sh"
# A script that sources itself.
printf '#!/bin/bash\n. "$0"\nsource ./self.sh\n%s\n' "$launch" >self.sh
each "a script sourcing itself" '^self\.sh:3:1: error: source cycle: .*/self\.sh -> .*/self\.sh$' self.sh

# The script itself a FIFO or a device.
mkfifo pipe.sh
each "a FIFO as the script" "pipe\.sh.*FIFO" pipe.sh
refused "check --launch /dev/zero" "/dev/zero.*character device" -- "$bin" check --launch /dev/zero

# A sourced file past the limit, named at the `source` line.
cp huge.sh big.sh
printf '#!/bin/bash\nsource ./big.sh\n%s\n' "$launch" >sources-big.sh
each "source of a 10 MB file" "^sources-big\.sh:2:1: error: cannot source './big\.sh': .*the limit is 1 MiB" sources-big.sh

echo "hostile launch: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
