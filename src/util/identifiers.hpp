#pragma once

#include <algorithm>
#include <cctype>
#include <string_view>

namespace preflight::util {

// A POSIX-portable environment variable name: [A-Za-z_][A-Za-z0-9_]*.
inline bool is_env_name(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
}

}  // namespace preflight::util
