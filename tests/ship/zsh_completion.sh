#!/usr/bin/env bash
# The committed zsh completion parses (zsh -n) and, loaded after compinit, is the
# completer zsh uses for preflight. Exit 77 (skipped) when zsh is not installed.
# Usage: zsh_completion.sh SOURCE_DIR
set -u
src=$1
command -v zsh >/dev/null || { echo "skipped: zsh is not installed (apt-get install zsh)"; exit 77; }
script=$src/share/completions/_preflight
zsh -n "$script" || { echo "zsh -n: $script does not parse"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$script" "$work/_preflight"
got=$(HOME=$work zsh -f -c '
  fpath=("$1" $fpath)
  autoload -Uz compinit && compinit -u -d "$1/zcompdump"
  print -r -- "$_comps[preflight]"
  source "$1/_preflight" && whence -w _preflight_check' zsh "$work" 2>&1)
want=$'_preflight\n_preflight_check: function'
if [ "$got" != "$want" ]; then
  echo "zsh: expected the completer _preflight with _preflight_check defined, got:"; echo "$got"; exit 1
fi
echo "zsh completion parses and is registered for preflight"
