// The change a generator made, as a unified diff (`fix --diff`), which `patch -p0` and
// `git apply` read.
#pragma once

#include <string>

namespace preflight::output {

// The diff from `before` to `after`, both the text of `path`, with three lines of
// context; "" when they are equal.
std::string unified_diff(const std::string& before, const std::string& after, const std::string& path);

}  // namespace preflight::output
