// Loading the packs on the rule path as one compiled set, the quickest way that is
// still right: the rule-set image this build cached for exactly these pack files (the
// same paths, in the same roots and order, with the same bytes) and this process's
// function table, else the packs collected and compiled (reader → collector →
// compiler, each pack through its own image where there is one) and the set's image
// cached for the next run.
//
// Images live beside the pack images (pack_cache.hpp: the same private directory, the
// same rules for trusting it), named by an XXH3-128 hash of the executable's build ID,
// the engine version, every function's name and signature (plugins' included: a type
// checked against a plugin's function must meet the same function), and each pack
// file's root, path and bytes (an embedded pack's path alone: its bytes are the
// build's). Only a set that compiled is cached, so errors are always found anew.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "rules/pack_collector.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

// The compiled packs of `roots` (rule_search_path), `shadowed` filled in. An empty
// set (no packs found) is no error here: the caller says what to do about it.
Result<RuleSet> load_rule_set(const std::vector<RuleRoot>& roots, const std::string& engine_version);

// The packs compiled into the binary have their set's image compiled in too, made at
// build time by `pack_images` (src/pack_images_main.cpp) and registered with the pack
// images under these names; it stands for exactly the embedded pack files, with the
// engine version and function table the build had, which its key says.
inline constexpr std::string_view kEmbeddedSetImage = "embedded:~rule-set";
inline constexpr std::string_view kEmbeddedSetKey = "embedded:~rule-set-key";
// That key: the engine version, the function table and the files' paths (the bytes
// of an embedded file are the build's own).
std::string embedded_rule_set_key(const std::vector<PackFile>& files, const std::string& engine_version);

// At most this many rule-set images are kept (they are larger than pack images: the
// bundled packs' set is about 2 MB); pruned as pack images are.
inline constexpr std::size_t kMaxCachedRuleSets = 32;

}  // namespace preflight::rules
