// Python distribution metadata (PEP 566 METADATA / PKG-INFO), read without Python.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace preflight::facts {

struct DistMetadata {
    std::string name;
    std::string version;
};

// What pip records of where a distribution came from (PEP 610 direct_url.json).
struct DirectUrl {
    std::string url;
    bool editable = false;
    std::string requested_revision;  // the branch or tag asked for (git+URL@REV), if any
    std::string commit_id;
};

std::optional<DirectUrl> parse_direct_url(std::string_view json_text);

// The branch (or tag, or detached commit) a source install came from: the revision pip
// recorded, else the HEAD of the local git checkout an editable install points at.
// `read` reads a file by path (nullopt when it cannot).
std::optional<std::string> source_revision(const DirectUrl& direct,
                                           const std::function<std::optional<std::string>(const std::string&)>& read);

// The Name and Version headers of a METADATA / PKG-INFO text (headers end at the
// first blank line). nullopt when either is missing.
std::optional<DistMetadata> parse_dist_metadata(std::string_view text);

}  // namespace preflight::facts
