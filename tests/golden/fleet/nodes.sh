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

# `edit NAME PYTHON`: runs PYTHON on the manifest.json and facts.json of
# DIR/bundles/NAME.tar.gz (the dicts `manifest` and `facts`) and writes them back: what
# a real probe cannot fake here (a CANN install, an old bundle).
edit() {
  /usr/bin/python3 - "$dir/bundles/$1.tar.gz" "$2" <<'PY'
import io, json, sys, tarfile
path, code = sys.argv[1], sys.argv[2]
with tarfile.open(path) as t:
    members = [(m, t.extractfile(m).read() if m.isfile() else None) for m in t.getmembers()]
docs = {m.name: json.loads(data) for m, data in members if m.name in ("manifest.json", "facts.json")}
exec(code, {"manifest": docs["manifest.json"], "facts": docs["facts.json"]})
with tarfile.open(path, "w:gz") as t:
    for m, data in members:
        if m.name in docs:
            data = json.dumps(docs[m.name]).encode()
            m.size = len(data)
        t.addfile(m, io.BytesIO(data) if data is not None else None)
PY
}
