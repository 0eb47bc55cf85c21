// A rule-set image: a compiled RuleSet (every expression's tree type-checked, every
// message template split, every version range parsed) in a flat binary form. Loading
// one skips reading, collecting and compiling the packs it was made from, which was
// most of a check's work (bench/README.md, "Rule-set images"); the packs' own images
// (pack_image.hpp) still save the parsing when the set must be compiled anew.
// Cached per user by the build and the exact pack files (rule_set_cache.hpp). Not a
// format for exchange: an image is read only by the build that wrote it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "rules/rule_set.hpp"

namespace preflight::rules {

// The image of `set`; nullopt when it holds something no image carries (a parsed
// version as a literal value: the compiler keeps those in their own fields, so never
// for a set compiled from packs, but an image is never silently lossy).
std::optional<std::string> encode_rule_set_image(const RuleSet& set);

// The set an image holds, its indexes rebuilt; nullopt when the bytes are not a
// complete, well-formed image of this format (each image ends with a hash of the rest,
// checked first), or name a function this process does
// not have (a plugin that is gone): then the packs are compiled as before.
std::optional<RuleSet> decode_rule_set_image(std::string image);
// The same, for an image that lives as long as the process (compiled into it): kept
// where it is, not copied, and its hash not checked (it is part of the executable).
std::optional<RuleSet> decode_static_rule_set_image(std::string_view image);

}  // namespace preflight::rules
