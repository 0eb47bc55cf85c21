// Release tags in version order, for `rules outdated`. A tag is read as
//   PREFIX VERSION VARIANT
// PREFIX: what comes before the first digit, less a final 'v' ("v4.5.2" → "",
// "core_v0.16.0" → "core_"); VERSION: the longest PEP 440 version that follows and ends
// the tag or stops before '-', '_' or '+' ("0.25.1rc1", "26.2.0-beta.1" = 26.2.0b1,
// "1.0.RC2" = 1.0rc2); VARIANT: the rest ("-pytorch2.10.0", "_core_r0.12.1"). Tags of
// one family (the same PREFIX and VARIANT) are ordered by VERSION as pip orders
// versions; tags of different families are not compared: v26.2.0-pytorch2.10.0 is a
// newer release of v26.1.0-pytorch2.10.0, v26.2.0-pytorch2.9.0 is not.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "version/pep440.hpp"

namespace preflight::rules {

struct ReleaseTag {
    std::string tag;
    std::string family;  // PREFIX + '|' + VARIANT
    version::Pep440 version;
};

std::optional<ReleaseTag> parse_release_tag(std::string_view tag);

// The tags of `checked`'s family with a greater version, oldest first.
std::vector<ReleaseTag> newer_releases(const std::vector<std::string>& tags, std::string_view checked);

}  // namespace preflight::rules
