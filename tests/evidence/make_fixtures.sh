#!/usr/bin/env bash
# Builds the upstream repositories `rules verify` and `rules outdated` are tested on,
# with git, under DIR/mirrors (no network): each layout a mirrors directory may use.
#   acme/tool   DIR/mirrors/acme/tool          a clone with a work tree
#   acme/lib    DIR/mirrors/acme+lib/repo      bare, as the fetch tool lays mirrors out
#   acme/flat   DIR/mirrors/acme+flat.git      bare
# Dates and names are fixed, so commit ids are the same on every run.
# Usage: make_fixtures.sh DIR
set -euo pipefail
dir=$1
mkdir -p "$dir/mirrors/acme" "$dir/work"
export GIT_AUTHOR_NAME=fixture GIT_AUTHOR_EMAIL=fixture@example.invalid GIT_COMMITTER_NAME=fixture \
  GIT_COMMITTER_EMAIL=fixture@example.invalid GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z' \
  GIT_CONFIG_NOSYSTEM=1 HOME="$dir/work"
git config --global init.defaultBranch main
git config --global advice.detachedHead false

commit() { # commit -m MESSAGE and tag it TAG: release TAG MESSAGE
  git add -A
  git commit -q -m "$2"
  git tag "$1"
}

tool=$dir/mirrors/acme/tool
git init -q "$tool"
cd "$tool"
mkdir -p src docs
printf '# configuration\nDEFAULT_BATCH = 8\ndef parse():\n    use_fast = True\n    return use_fast\n' >src/config.py
printf 'Set FAST=1 to go fast.\n' >docs/guide.md
printf 'tool\n' >README.md
commit v1.0.0 "first release"
# Two lines above: DEFAULT_BATCH moves from line 2 to line 4; the guide is renamed.
printf '# configuration\n# read at start\n\nDEFAULT_BATCH = 8\ndef parse():\n    use_fast = True\n    return use_fast\n' >src/config.py
git mv docs/guide.md docs/usage.md
commit v1.1.0 "move the batch default down, rename the guide"
printf 'tool, the README only\n' >README.md
commit v1.1.1 "README only"
sed -i 's/DEFAULT_BATCH = 8/DEFAULT_BATCH = 16/' src/config.py
commit v1.2.0 "a larger default batch"
printf 'tool, a pre-release\n' >README.md
commit v1.3.0rc1 "pre-release, README only"
printf 'tool for CUDA 12\n' >src/config.py
commit v2.0.0-cuda12 "another family of tags"
git checkout -q v1.2.0

lib=$dir/work/lib
git init -q "$lib"
cd "$lib"
printf 'def load():\n    return "lib"\n' >lib.py
commit v0.1.0 "first release"
git clone -q --bare "$lib" "$dir/mirrors/acme+lib/repo"

flat=$dir/work/flat
git init -q "$flat"
cd "$flat"
printf 'FLAT = True\n' >flat.py
commit v0.1.0 "first release"
git clone -q --bare "$flat" "$dir/mirrors/acme+flat.git"
