#pragma once

#include <string_view>

namespace preflight::util {

inline constexpr std::string_view kWhitespace = " \t\r\n\f\v";

// `s` without leading and trailing characters from `chars`.
inline std::string_view trim(std::string_view s, std::string_view chars = kWhitespace) {
    auto first = s.find_first_not_of(chars);
    if (first == std::string_view::npos) return {};
    return s.substr(first, s.find_last_not_of(chars) - first + 1);
}

}  // namespace preflight::util
