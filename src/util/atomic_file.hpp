// Writing outputs so that nothing half-written is ever left behind.
#pragma once

#include <string>

#include "core/error.hpp"

namespace preflight::util {

// Writes to a temporary file beside `path`, flushes it to disk and renames it over
// `path`; on any failure the temporary is removed and `path` is untouched.
Result<void> write_file_atomically(const std::string& path, const std::string& content);

// Appends in one write(2) call to an existing or new file (for $GITHUB_ENV).
Result<void> append_to_file(const std::string& path, const std::string& content);

}  // namespace preflight::util
