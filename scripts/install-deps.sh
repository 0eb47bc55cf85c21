#!/usr/bin/env bash
# Installs the Debian packages preflight needs to build, test and benchmark,
# skipping the ones already present. Runs apt-get only when something is missing.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libtoml11-dev libtomlplusplus-dev libcli11-dev libfmt-dev libarchive-dev nlohmann-json3-dev libssl-dev libexpected-dev libdtl-dev
  # xxHash, header-only (XXH_INLINE_ALL): the pack cache's content keys, for every architecture
  libxxhash-dev
  # the static archives libarchive links from, for -DPREFLIGHT_STATIC=ON
  libzstd-dev liblz4-dev libacl1-dev nettle-dev liblzma-dev libbz2-dev zlib1g-dev
  # the aarch64 static build (cmake/aarch64-linux-gnu.cmake): the cross compiler, the arm64
  # archives it links (multiarch: arm64 is added below), and qemu to test it
  g++-aarch64-linux-gnu qemu-user-static
  libarchive-dev:arm64 libzstd-dev:arm64 liblz4-dev:arm64 libacl1-dev:arm64 nettle-dev:arm64 liblzma-dev:arm64
  libbz2-dev:arm64 zlib1g-dev:arm64 libssl-dev:arm64 libfmt-dev:arm64 libtomlplusplus-dev:arm64
  # the static binary in a Debian bullseye root (tests/ship/old_userland.sh); the wheel
  debootstrap file python3-wheel python3-venv
  libgtest-dev libgmock-dev libbenchmark-dev
  perl python3 python3-pip python3-packaging python3-yaml python3-dotenv python3-jsonschema
  hyperfine time valgrind
  groff-base man-db zsh fish lintian
  # rules verify and outdated read upstream mirrors with git; their tests build fixtures with it
  git
  clang libclang-rt-14-dev clang-format-14 clang-tidy-14
  slurmctld slurmd slurm-client munge
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
if printf '%s\n' "${missing[@]}" | grep -q ':arm64$' && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $sudo dpkg --add-architecture arm64
fi
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
