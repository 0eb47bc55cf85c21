// A pack image: a PackSource in a flat binary form that loads without parsing TOML.
// Parsing pack files was most of a check's work (bench/README.md, "Pack images"), and
// the packs only grow; an image holds exactly what the reader produced, locations
// included, so an error or a finding reads the same from an image as from the file.
// Images are made at build time for the embedded packs and cached per user for pack
// directories (pack_cache.hpp). Not a format for exchange: an image is read only by
// the build that wrote it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/pack_source.hpp"

namespace preflight::rules {

// The image of `pack`; nullopt when it holds a value no image can carry (the reader
// never produces one, but an image is never silently lossy).
std::optional<std::string> encode_pack_image(const PackSource& pack);

// The pack an image holds; nullopt when the bytes are not a complete, well-formed
// image of this format (truncated, another format version, trailing bytes).
std::optional<PackSource> decode_pack_image(std::string_view image);

}  // namespace preflight::rules
