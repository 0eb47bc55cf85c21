#include "version/cann.hpp"

#include <cctype>
#include <string>

namespace preflight::version {

std::optional<Cann> Cann::parse(std::string_view text) {
    std::string_view s = text;
    auto is_space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    std::size_t i = 0;
    // Up to nine digits, so every number fits a long.
    auto number = [&](long& out) {
        std::size_t start = i;
        while (i < s.size() && i - start < 10 && std::isdigit(static_cast<unsigned char>(s[i]))) ++i;
        if (i == start || i - start > 9) return false;
        out = std::stol(std::string(s.substr(start, i - start)));
        return true;
    };
    auto word = [&](std::string_view w) {
        if (s.size() - i < w.size()) return false;
        for (std::size_t k = 0; k < w.size(); ++k)
            if (std::tolower(static_cast<unsigned char>(s[i + k])) != w[k]) return false;
        i += w.size();
        return true;
    };
    Cann v;
    if (!number(v.major) || i >= s.size() || s[i++] != '.') return std::nullopt;
    if (!number(v.minor) || i >= s.size() || s[i++] != '.') return std::nullopt;
    if (word("rc")) v.is_rc = true;
    if (!number(v.third)) return std::nullopt;
    if (i < s.size()) {
        if (s[i++] != '.') return std::nullopt;
        for (std::string_view kind : {"alpha", "beta", "t"})
            if (word(kind)) {
                v.build_kind = std::string(kind);
                break;
            }
        if (v.build_kind.empty() || !number(v.build) || i != s.size()) return std::nullopt;
    }
    v.text = std::string(text);
    return v;
}

int compare(const Cann& a, const Cann& b) {
    auto cmp = [](long x, long y) { return x < y ? -1 : (x > y ? 1 : 0); };
    if (int c = cmp(a.major, b.major)) return c;
    if (int c = cmp(a.minor, b.minor)) return c;
    if (a.is_rc != b.is_rc) return a.is_rc ? -1 : 1;
    if (int c = cmp(a.third, b.third)) return c;
    // A build (alpha < beta < t) precedes the release itself.
    auto rank = [](const std::string& kind) { return kind == "alpha" ? 0 : kind == "beta" ? 1 : kind == "t" ? 2 : 3; };
    if (int c = cmp(rank(a.build_kind), rank(b.build_kind))) return c;
    return cmp(a.build, b.build);
}

}  // namespace preflight::version
