#!/usr/bin/env bash
# Regenerates the files rendered from the command-line definition: the man page and
# the shell completions under share/. Run after changing a command or an option
# (CTest ship.cli_files_current fails until then). Usage: update-cli-files.sh BINARY
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:?usage: update-cli-files.sh BINARY}
"$bin" man >"$root/share/man/man1/preflight.1"
"$bin" completions bash >"$root/share/completions/preflight.bash"
"$bin" completions zsh >"$root/share/completions/_preflight"
"$bin" completions fish >"$root/share/completions/preflight.fish"
echo "regenerated share/man/man1/preflight.1 and share/completions/{preflight.bash,_preflight,preflight.fish}"
