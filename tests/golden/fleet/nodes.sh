# Fake nodes for the fleet cases, sourced by each case's `setup` (BINARY DIR SOURCE_DIR):
# `node NAME [VAR=value …]` writes a site directory with the distributions in PKGS
# (name==version) and, when HOOK is set, a hook library holding HOOK's text, then
# runs the real `probe -o` on it in an environment of just PATH and the VARs, writing
# DIR/bundles/NAME.tar.gz.
set -eu
bin=$1 dir=$2 src=$3
export PREFLIGHT_RULES_PATH="$src/rules"
mkdir -p "$dir/bundles"
BASE=(ms-swift==4.5.0 mcore-bridge==1.6.0 flash-linear-attention==0.4.0 torch==2.8.0)
PKGS=("${BASE[@]}" megatron-core==0.18.0)
HOOK=""

node() {
  local name=$1
  shift
  local site="$dir/site/$name"
  mkdir -p "$site"
  for p in "${PKGS[@]}"; do
    local d="$site/${p%%==*}-${p##*==}.dist-info"
    mkdir -p "$d"
    printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "${p%%==*}" "${p##*==}" >"$d/METADATA"
  done
  if [ -n "$HOOK" ]; then printf '%s' "$HOOK" >"$site/torch_memory_saver_hook_mode_preload.so"; fi
  env -i PATH=/usr/bin:/bin "$@" "$bin" probe --node "$name" --site-packages "$site" --python /nonexistent \
    -o "$dir/bundles/$name.tar.gz"
}
