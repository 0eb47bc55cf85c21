#!/usr/bin/env bash
# The committed bash completion, sourced into bash and driven as readline would:
# COMP_WORDS/COMP_CWORD set, the function `complete -p` names called, COMPREPLY
# compared with what the command line admits.
# Usage: bash_completion.sh BINARY SOURCE_DIR
set -u
bin=$1 src=$2
script=$src/share/completions/preflight.bash
# shellcheck source=/dev/null
source "$script" || { echo "sourcing $script failed"; exit 1; }
spec=$(complete -p preflight 2>/dev/null) || { echo "no 'complete' spec for preflight"; exit 1; }
fn=$(sed -n 's/.*-F \([^ ]*\) .*/\1/p' <<<"$spec")
[ -n "$fn" ] || { echo "no completion function in: $spec"; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/packs.d" "$work/space dir"
touch "$work/job.toml" "$work/train.sh"
cd "$work" || exit 1
export PREFLIGHT_RULES_PATH=$src/rules

status=0
# complete WORD...: the words of the line, the last being completed; prints COMPREPLY sorted.
complete_line() {
  COMP_WORDS=("$bin" "$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="${COMP_WORDS[*]}"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  "$fn" preflight "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sort
}
# expect "WANTED (sorted, one per line)" WORD...: exactly these candidates.
expect() {
  local want=$1; shift
  local got
  got=$(complete_line "$@")
  if [ "$got" != "$want" ]; then
    echo "preflight $*<TAB>: expected [$(tr '\n' ' ' <<<"$want")], got [$(tr '\n' ' ' <<<"$got")]"
    status=1
  fi
}
# expect_has WANTED WORD...: WANTED among the candidates.
expect_has() {
  local want=$1; shift
  if ! complete_line "$@" | grep -qxF -- "$want"; then
    echo "preflight $*<TAB>: '$want' not offered (got: $(complete_line "$@" | head -5 | tr '\n' ' '))"
    status=1
  fi
}

expect "check" ch
expect "$(printf '%s\n' check fix env args probe scan explain import exec fleet plan plugins rules | sort)" ""
expect "$(printf '%s\n' doc functions list outdated test verify)" rules ""
expect "$(printf '%s\n' codequality github json junit sarif tap text)" check --format ""
expect "$(printf '%s\n' tap text)" check --format t
expect "text" check --format te
expect "$(printf '%s\n' codequality github json junit sarif tap text)" check --format = ""   # --format=<TAB>, split at '='
expect "$(printf '%s\n' error warning)" check --fail-on ""
expect "$(printf '%s\n' always auto never)" rules test --color ""
expect "$(printf '%s\n' dotenv github k8s ray sh systemd)" env job.toml --emit ""
expect_has "--format" check --f
expect_has "--fail-on" check --python python3 --f   # an option's value is no command word
expect_has "--with" check --format json --w
expect "--pack" rules test --pa
expect "$(printf '%s\n' --format)" rules list --form
expect "$(printf '%s\n' ids json styles text)" rules list --format ""
# Paths: files for a job, directories for --rules (the script asks for filenames).
expect "$(printf '%s\n' job.toml)" check jo
expect "$(printf '%s\n' packs.d)" check --rules pa
expect "space dir" check --rules sp
# Rule ids of the loaded packs, asked of the binary being completed.
some_id=$("$bin" rules list --format ids | head -1)
[ -n "$some_id" ] || { echo "rules list --format ids printed nothing"; status=1; }
expect_has "$some_id" explain "${some_id:0:5}"
# Launcher styles of the loaded packs for args --style, never file names.
styles=$("$bin" rules list --format styles)
[ -n "$styles" ] || { echo "rules list --format styles printed nothing"; status=1; }
expect "$(grep '^megatron' <<<"$styles" | sort)" args job.toml --style megatron
expect_has "$(head -1 <<<"$styles")" args job.toml --style ""
# After --, a command and then its arguments.
expect_has "bash" exec -- bas
expect "train.sh" exec -- bash tr
# A command with no arguments to complete: nothing.
expect "" rules functions ""

[ $status = 0 ] && echo "bash completion: every case completes as expected"
exit $status
