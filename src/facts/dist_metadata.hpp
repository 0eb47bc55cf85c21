// Python distribution metadata (PEP 566 METADATA / PKG-INFO), read without Python.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace preflight::facts {

struct DistMetadata {
    std::string name;
    std::string version;
};

// The Name and Version headers of a METADATA / PKG-INFO text (headers end at the
// first blank line). nullopt when either is missing.
std::optional<DistMetadata> parse_dist_metadata(std::string_view text);

}  // namespace preflight::facts
