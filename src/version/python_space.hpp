// White space as Python's str.isspace() sees it (the set `\s` and str.strip() use in
// the `packaging` code that PEP 440 tools share), read from UTF-8: the ASCII blanks,
// the separators U+001C..U+001F, NEL, NO-BREAK SPACE and the Unicode spaces. A
// version or specifier pasted from a web page often carries U+00A0 or U+3000.
#pragma once

#include <cstddef>
#include <string_view>

namespace preflight::version {

// `s` without leading and trailing white space.
std::string_view strip_python_space(std::string_view s);

// Whether white space occurs anywhere in `s`.
bool has_python_space(std::string_view s);

}  // namespace preflight::version
