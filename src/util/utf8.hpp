// UTF-8 decoding, one sequence at a time, for the writers that must know what a
// string holds (YAML, JSON, terminal text).
#pragma once

#include <cstddef>
#include <string_view>

namespace preflight::util {

// Decodes the sequence at `i` into `cp` and returns its length, or 0 when it is not
// valid UTF-8 (overlong, a surrogate, past U+10FFFF, truncated).
inline std::size_t utf8_next(std::string_view s, std::size_t i, char32_t& cp) {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > s.size()) return 0;
    cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < n; ++k) {
        auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc >> 6) != 0x2) return 0;
        cp = (cp << 6) | (cc & 0x3F);
    }
    static constexpr char32_t min_for[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < min_for[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

// The byte offset of the first sequence that is not valid UTF-8, or npos.
inline std::size_t first_invalid_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        std::size_t n = utf8_next(s, i, cp);
        if (n == 0) return i;
        i += n;
    }
    return std::string_view::npos;
}

inline bool valid_utf8(std::string_view s) { return first_invalid_utf8(s) == std::string_view::npos; }

}  // namespace preflight::util
