// `pip freeze` output and `pip list --format=json` output as a fact source.
#pragma once

#include <functional>
#include <string>

#include "facts/node_facts.hpp"
#include "version/version.hpp"

namespace preflight::facts {

using SchemeOf = std::function<version::Scheme(const std::string& normalized_package)>;

// Either format, told apart by its first character ('[' is JSON). Lines pip cannot
// give a version for (`name @ url`, `-e` without an egg version) are unknown, not
// absent. A malformed file is an error naming the line.
Result<NodeFacts> read_freeze_file(const std::string& path, const SchemeOf& scheme_of);

}  // namespace preflight::facts
