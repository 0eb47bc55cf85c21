#!/usr/bin/env bash
# The committed zsh completion parses (zsh -n) and, loaded after compinit, is the
# completer zsh uses for preflight; then an interactive zsh in a pseudo-terminal (zpty)
# completes real command lines with TAB: commands, fixed values, rule ids and launcher
# styles asked of the binary. Exit 77 (skipped) when zsh is not installed.
# Usage: zsh_completion.sh SOURCE_DIR BINARY
set -u
src=$1 bin=$2
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

# TAB in a real zsh line editor. What zsh shows (the line it completed, or the list of
# candidates below it) is read back with the terminal's escapes removed.
mkdir "$work/bin" "$work/cwd" && ln -s "$bin" "$work/bin/preflight" && touch "$work/cwd/job.toml"
cat >"$work/drive.zsh" <<'ZSH'
zmodload zsh/zpty || exit 77
setopt extendedglob
zpty z zsh -f -i
# Waits for what zsh showed up to a marker, never for a quiet spell: after each line the
# driver types ^], bound to a widget that prints @@done@@. zle reads keys in order and
# redraws (completion lists included) before it reads the next one, so the marker comes
# after all that TAB made zsh show, however long completion took to run the binary. The
# marker is typed as @@do''ne@@, so zle's echo of the typed line never matches it.
drain() {
  local chunk all="" idle=0
  while [[ $all != *@@done@@* ]]; do
    if zpty -r -t z chunk 2>/dev/null; then all+=$chunk; idle=0
    elif (( ++idle > 600 )); then print -ru2 -- "no marker from zsh within 30 s; it showed: $all"; exit 1
    else sleep 0.05; fi
  done
  all=${all%%@@done@@*}
  all=${all//?$'\b'/}                      # a character the editor backed over
  all=${all//$'\e'\[[0-9;?]#[A-Za-z]/ }   # cursor moves and attributes
  print -r -- ${all//[$'\r\a']/}
}
zpty -w z "PS1='%% '; cd ${(q)WORK}/cwd; PATH=${(q)WORK}/bin:\$PATH; fpath=(${(q)WORK} \$fpath); autoload -Uz compinit; compinit -u -d ${(q)WORK}/zcompdump; mark() { print -rn -- @@do''ne@@ }; zle -N mark; bindkey '^]' mark; print -r -- @@do''ne@@"
drain >/dev/null
zpty -w -n z $'\C-]'   # and the prompt that follows, drawn before zle reads ^]
drain >/dev/null
for line in "$@"; do
  zpty -w -n z "$line"$'\t\C-]'
  print -r -- "=== $line"
  drain
  zpty -w -n z $'\C-e\C-u\C-]'   # clear the line for the next case
  drain >/dev/null
done
zpty -d z
ZSH
some_id=$(PREFLIGHT_RULES_PATH=$src/rules "$bin" rules list --format ids | head -1)
out=$(cd "$work" && HOME=$work WORK=$work PREFLIGHT_RULES_PATH=$src/rules timeout 60 zsh -f "$work/drive.zsh" \
  "preflight fle" "preflight rules list --format " "preflight args job.toml --style megatron" \
  "preflight explain ${some_id:0:${#some_id}-1}" "preflight check jo" 2>&1)
rc=$?
[ $rc = 77 ] && { echo "skipped: zsh has no zpty module"; exit 77; }
[ $rc = 0 ] || { echo "zsh under zpty exited $rc:"; echo "$out"; exit 1; }
status=0
# expect CASE WORD…: each WORD is a whole word of what TAB showed for CASE.
expect() {
  local case=$1; shift
  local shown
  shown=$(awk -v c="=== $case" '$0 == c {on = 1; next} /^=== / {on = 0} on' <<<"$out")
  for word in "$@"; do
    grep -qw -- "$word" <<<"$shown" || { echo "zsh '$case<TAB>': '$word' not shown in: $shown"; status=1; }
  done
}
expect "preflight fle" "preflight fleet"
expect "preflight rules list --format " ids json styles text
expect "preflight args job.toml --style megatron" megatron megatron-swift
expect "preflight explain ${some_id:0:${#some_id}-1}" "$some_id"
expect "preflight check jo" job.toml
# A launcher style, never a file name, for --style.
if awk '$0 == "=== preflight args job.toml --style megatron" {on = 1; next} /^=== / {on = 0} on' <<<"$out" |
  grep -v preflight | grep -q job.toml; then
  echo "zsh: --style offered a file name"; status=1
fi
[ $status = 0 ] || { echo "what zsh showed:"; echo "$out"; exit 1; }
echo "zsh completion parses, is registered for preflight, and completes in zsh's line editor"
