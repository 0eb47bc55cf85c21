#!/usr/bin/env bash
# The committed fish completion parses (fish --no-execute) and completes through
# fish's own `complete -C`: commands, option values, subcommands and rule ids.
# Exit 77 (skipped) when fish is not installed.
# Usage: fish_completion.sh BINARY SOURCE_DIR
set -u
bin=$1 src=$2
command -v fish >/dev/null || { echo "skipped: fish is not installed (apt-get install fish)"; exit 77; }
script=$src/share/completions/preflight.fish
fish --no-execute "$script" || { echo "fish --no-execute: $script does not parse"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" && ln -s "$bin" "$work/bin/preflight"
export PREFLIGHT_RULES_PATH=$src/rules
some_id=$("$bin" rules list --format ids | head -1)
status=0
# expect "WANTED (sorted, one per line)" LINE: the candidates of `complete -C LINE`, without descriptions.
expect() {
  local want=$1 line=$2 got
  got=$(HOME=$work PATH=$work/bin:$PATH fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$script" "$line" | cut -f1 | sort)
  if [ "$got" != "$want" ]; then
    echo "fish '$line<TAB>': expected [$(tr '\n' ' ' <<<"$want")], got [$(tr '\n' ' ' <<<"$got")]"
    status=1
  fi
}
expect "check" "preflight ch"
expect "$(printf '%s\n' codequality github json junit sarif tap text)" "preflight check --format "
expect "$(printf '%s\n' doc functions list outdated test verify)" "preflight rules "
expect "$(printf '%s\n' ids json styles text)" "preflight rules list --format "
expect "$("$bin" rules list --format styles | grep '^megatron' | sort)" "preflight args job.toml --style megatron"
expect "$(printf '%s\n' dotenv github k8s ray sh systemd)" "preflight env job.toml --emit "
expect "$some_id" "preflight explain $some_id"
[ $status = 0 ] && echo "fish completion parses and completes as expected"
exit $status
