// Plain POSIX reads for the probe's many small files: no streams, no locales.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace preflight::util {

// The whole file, or nullopt when it cannot be opened or read.
std::optional<std::string> read_file(const std::string& path);

// Entry names of a directory (not . or ..), sorted; empty when it cannot be listed.
std::vector<std::string> list_directory(const std::string& path);

}  // namespace preflight::util
