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

// ASCII classes and case, inline: <cctype>'s are calls into the C library's locale
// tables, and the version parsers ask them of every byte they read.
constexpr bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
constexpr char ascii_lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
constexpr bool is_ascii_alnum(char c) { return is_ascii_digit(c) || (ascii_lower(c) >= 'a' && ascii_lower(c) <= 'z'); }

}  // namespace preflight::util
