// Loading a pack file the quickest way that is still right: for a pack directory, the
// image this build cached for exactly this file's path and bytes; else the file read
// (stage 1 of reader → collector → compiler) and its image cached for the next run. An
// embedded pack is read from its text (the executable carries the compiled set of all
// of them instead: rule_set_cache.hpp).
//
// The cache lives in the user's cache directory, one file per image, named by a hash
// (XXH3-128) of the executable's build ID, the pack file's path and its bytes: an edited
// pack, a moved one or another build of preflight never meets an old image. It is
// used only when its directory belongs to this user and no one else may write there.
// A cache that cannot be read or written is no error: the pack is read as before.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "rules/pack_source.hpp"

namespace preflight::rules {

Result<PackSource> load_pack(const std::string& file);

// The directory of cached images: $PREFLIGHT_CACHE_DIR/packs, else
// $XDG_CACHE_HOME/preflight/packs, else $HOME/.cache/preflight/packs. Empty (no cache)
// when PREFLIGHT_CACHE_DIR is set to the empty string, when none of these variables
// is set, or when this executable has no build ID.
std::string pack_cache_dir();

// pack_cache_dir(), created private (0700) if missing; nullopt unless it is a real
// directory (not a link) owned by this user that group and others cannot write, so
// that nobody else can put an image there for preflight to trust.
std::optional<std::string> private_pack_cache_dir();

// Keeps at most `keep` files ending in `extension` in `dir`: a store that finds more
// removes the least recently used (by modification time, which a hit renews), down to
// half.
void prune_cache(const std::string& dir, std::string_view extension, std::size_t keep);

// At most this many images are kept: a store that finds more removes the least
// recently used, down to half, so that edits to packs and the one-off packs of tests
// do not fill the disk.
inline constexpr std::size_t kMaxCachedImages = 256;

}  // namespace preflight::rules
