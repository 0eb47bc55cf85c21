#include "util/nesting.hpp"

#include <string>

namespace preflight::util {

std::optional<int> nesting_exceeded(std::string_view text, Syntax syntax, int max_depth) {
    int depth = 0;
    int line = 1;
    std::size_t i = 0;
    const std::size_t n = text.size();
    auto starts = [&](std::string_view s) { return text.substr(i, s.size()) == s; };
    while (i < n) {
        char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (c == '#' && syntax == Syntax::toml) {
            while (i < n && text[i] != '\n') ++i;
        } else if (c == '"' || (c == '\'' && syntax == Syntax::toml)) {
            // Strings: TOML's basic and literal, one-line and multi-line; JSON's basic.
            bool multi = syntax == Syntax::toml && (c == '"' ? starts("\"\"\"") : starts("'''"));
            bool escapes = c == '"';
            i += multi ? 3 : 1;
            while (i < n) {
                if (escapes && text[i] == '\\') {
                    if (i + 1 < n && text[i + 1] == '\n') ++line;
                    i += 2;
                    continue;
                }
                if (text[i] == '\n') {
                    if (!multi) break;  // an unterminated string; the parser will say so
                    ++line;
                    ++i;
                    continue;
                }
                if (text[i] == c && (!multi || text.substr(i, 3) == std::string(3, c))) {
                    i += multi ? 3 : 1;
                    // A multi-line string may end with up to two more quotes of its kind.
                    while (multi && i < n && text[i] == c) ++i;
                    break;
                }
                ++i;
            }
        } else {
            if (c == '[' || c == '{') {
                if (++depth > max_depth) return line;
            } else if ((c == ']' || c == '}') && depth > 0) {
                --depth;
            }
            ++i;
        }
    }
    return std::nullopt;
}

}  // namespace preflight::util
