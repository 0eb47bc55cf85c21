#!/usr/bin/env bash
# Style and static checks on what a change touches, as CI runs them (scripts/test.sh):
#   clang-format (.clang-format) on EVERY C++ file the repository tracks, once the tree
#     has been reformatted: switched on by the file .clang-format-whole-tree at the root
#     (committed with the reformat, so one commit turns it on) or by
#     PREFLIGHT_LINT_WHOLE_TREE=1 (=0 turns it off); this needs no history;
#   clang-format on the changed LINES of C++ files otherwise: what a change adds keeps
#     to the style;
#   clang-tidy (.clang-tidy) on the changed FILES under src/, a changed header through
#     the source file of the same name.
# The change is the difference from BASE: (the merge-base with) $PREFLIGHT_LINT_BASE, else
# with origin/main, else HEAD~1; uncommitted edits count too. Without git or history there is
# nothing to compare with: it says "skipped: …" and exits 0, never a silent pass.
# Usage: scripts/lint.sh   (clang-tidy's compile commands are configured in build-lint/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

status=0
whole_tree=${PREFLIGHT_LINT_WHOLE_TREE:-}
if [ -z "$whole_tree" ]; then
  [ -f "$root/.clang-format-whole-tree" ] && whole_tree=1 || whole_tree=0
fi

# clang-format over the whole tree: every tracked .cpp/.hpp (without git, every one under
# src/, plugins/, include/ and tests/).
if [ "$whole_tree" = 1 ]; then
  if command -v git >/dev/null && git rev-parse --git-dir >/dev/null 2>&1; then
    mapfile -t sources < <(git ls-files -- '*.cpp' '*.hpp')
  else
    mapfile -t sources < <(find src plugins include tests -name '*.cpp' -o -name '*.hpp' | sort)
  fi
  format_errors=$(printf '%s\0' "${sources[@]}" | xargs -0 -P "$(nproc)" -n 20 clang-format-14 --dry-run --Werror 2>&1) || true
  if [ -n "$format_errors" ]; then
    grep -F ': error: code should be clang-formatted' <<<"$format_errors" | cut -d: -f1 | sort | uniq -c | sed 's/^ */  /' >&2
    echo "lint: clang-format: the files above differ from .clang-format, with the number of places (apply: clang-format-14 -i FILE)" >&2
    status=1
  else
    echo "lint: clang-format: all ${#sources[@]} C++ files keep to .clang-format" >&2
  fi
fi

# Without history there is nothing to compare with: what ran above stands.
skip() {
  echo "lint: skipped: $*" >&2
  exit $status
}

command -v git >/dev/null || skip "git is not installed"
git rev-parse --git-dir >/dev/null 2>&1 || skip "$root is not a git checkout"
base=${PREFLIGHT_LINT_BASE:-}
if [ -z "$base" ]; then
  if git rev-parse -q --verify origin/main >/dev/null && base=$(git merge-base HEAD origin/main 2>/dev/null); then
    :
  elif git rev-parse -q --verify 'HEAD~1' >/dev/null; then
    base='HEAD~1'
  else
    skip "no history to compare with (no origin/main, no parent commit); set PREFLIGHT_LINT_BASE"
  fi
fi
git rev-parse -q --verify "$base^{commit}" >/dev/null || { echo "lint: base '$base' is not a commit" >&2; exit 2; }
# Against the common ancestor, so work that landed on the base since is not taken for ours.
base=$(git merge-base "$base" HEAD) || skip "'$base' shares no history with HEAD"
echo "lint: changes since $(git rev-parse --short "$base")" >&2

# clang-format: the changed lines only (the whole tree above covers them when on).
# clang-format-diff prints what it would change.
if [ "$whole_tree" != 1 ]; then
  format_diff=$(git diff -U0 --no-color "$base" -- '*.cpp' '*.hpp' | clang-format-diff-14 -p1)
  if [ -n "$format_diff" ]; then
    echo "$format_diff"
    echo "lint: clang-format: the changed lines above differ from .clang-format (apply: git diff -U0 $base | clang-format-diff-14 -p1 -i)" >&2
    status=1
  else
    echo "lint: clang-format: changed lines keep to .clang-format" >&2
  fi
fi

# clang-tidy: the changed source files under src/ (deleted ones excluded), and for a
# changed header the source file beside it.
mapfile -t changed < <(git diff --name-only --diff-filter=d "$base" -- 'src/*.cpp' 'src/*.hpp')
files=()
for f in "${changed[@]}"; do
  case $f in
    *.hpp) f=${f%.hpp}.cpp ;;
  esac
  [ -f "$f" ] && files+=("$f")
done
mapfile -t files < <(printf '%s\n' "${files[@]}" | sort -u | sed '/^$/d')
if [ ${#files[@]} -eq 0 ]; then
  echo "lint: clang-tidy: no source file under src/ changed" >&2
else
  # Configure only (no build) for compile_commands.json; the tree has no generated headers.
  cmake -S "$root" -B "$root/build-lint" -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
  echo "lint: clang-tidy on ${#files[@]} file(s)" >&2
  if ! printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 1 clang-tidy-14 -p "$root/build-lint" --quiet; then
    echo "lint: clang-tidy: warnings above (.clang-tidy lists the checks)" >&2
    status=1
  else
    echo "lint: clang-tidy: clean" >&2
  fi
fi
exit $status
