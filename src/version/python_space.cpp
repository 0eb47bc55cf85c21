#include "version/python_space.hpp"

#include <array>

namespace preflight::version {
namespace {

// The code points for which Python 3's str.isspace() is true, UTF-8 encoded.
constexpr std::array<std::string_view, 29> kSpaces = {
    "\t",           "\n",           "\v",           "\f",           "\r",
    "\x1c",         "\x1d",         "\x1e",         "\x1f",         " ",
    "\xc2\x85",      // U+0085 NEXT LINE
    "\xc2\xa0",      // U+00A0 NO-BREAK SPACE
    "\xe1\x9a\x80",  // U+1680 OGHAM SPACE MARK
    "\xe2\x80\x80", "\xe2\x80\x81", "\xe2\x80\x82", "\xe2\x80\x83", "\xe2\x80\x84",
    "\xe2\x80\x85", "\xe2\x80\x86", "\xe2\x80\x87", "\xe2\x80\x88", "\xe2\x80\x89",
    "\xe2\x80\x8a",  // U+2000..U+200A
    "\xe2\x80\xa8",  // U+2028 LINE SEPARATOR
    "\xe2\x80\xa9",  // U+2029 PARAGRAPH SEPARATOR
    "\xe2\x80\xaf",  // U+202F NARROW NO-BREAK SPACE
    "\xe2\x81\x9f",  // U+205F MEDIUM MATHEMATICAL SPACE
    "\xe3\x80\x80",  // U+3000 IDEOGRAPHIC SPACE
};

// The length of the space that `s` starts with (0 when none). UTF-8 is
// self-synchronizing, so a match is always a whole character.
// A printable ASCII byte is neither a space nor part of one: the common case, answered
// without trying the table (versions and specifiers are parsed by the hundred per check).
bool printable_ascii(char c) { return c > ' ' && c < 0x7f; }

std::size_t leading_space(std::string_view s) {
    if (s.empty() || printable_ascii(s.front())) return 0;
    for (auto sp : kSpaces)
        if (s.starts_with(sp)) return sp.size();
    return 0;
}

std::size_t trailing_space(std::string_view s) {
    if (s.empty() || printable_ascii(s.back())) return 0;
    for (auto sp : kSpaces)
        if (s.ends_with(sp)) return sp.size();
    return 0;
}

}  // namespace

std::string_view strip_python_space(std::string_view s) {
    while (std::size_t n = leading_space(s)) s.remove_prefix(n);
    while (std::size_t n = trailing_space(s)) s.remove_suffix(n);
    return s;
}

bool has_python_space(std::string_view s) {
    for (std::size_t i = 0; i < s.size(); ++i)
        if (leading_space(s.substr(i))) return true;
    return false;
}

}  // namespace preflight::version
