#include "version/cann.hpp"

#include <regex>
#include <string>

namespace preflight::version {

std::optional<Cann> Cann::parse(std::string_view text) {
    static const std::regex re(R"(^\s*([0-9]{1,9})\.([0-9]{1,9})\.(?:(RC)([0-9]{1,9})|([0-9]{1,9}))(?:\.(alpha|beta|T)([0-9]{1,9}))?\s*$)",
                               std::regex::icase | std::regex::optimize);
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_match(text.begin(), text.end(), m, re)) return std::nullopt;
    auto num = [&](int i) { return m[i].matched ? std::stol(std::string(m[i].first, m[i].second)) : 0L; };
    Cann v;
    v.major = num(1);
    v.minor = num(2);
    v.is_rc = m[3].matched;
    v.third = v.is_rc ? num(4) : num(5);
    if (m[6].matched) {
        std::string kind(m[6].first, m[6].second);
        for (auto& c : kind) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        v.build_kind = kind;
        v.build = num(7);
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
