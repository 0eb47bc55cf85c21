#!/usr/bin/env bash
# The man page and completion scripts committed under share/ are what the binary
# renders from its command-line definition now: a changed command or option fails
# here until scripts/update-cli-files.sh regenerates them.
# Usage: cli_files_current.sh BINARY SOURCE_DIR
set -u
bin=$1 src=$2
status=0
check() {
  local file=$1; shift
  if "$bin" "$@" | diff -u --label "committed $file" --label "preflight $*" "$src/$file" -; then
    echo "current: $file"
  else
    status=1
  fi
}
check share/man/man1/preflight.1 man
check share/completions/preflight.bash completions bash
check share/completions/_preflight completions zsh
check share/completions/preflight.fish completions fish
[ $status = 0 ] || echo "regenerate with: scripts/update-cli-files.sh $bin"
exit $status
