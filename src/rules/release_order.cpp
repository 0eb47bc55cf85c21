#include "rules/release_order.hpp"

#include <algorithm>
#include <cctype>

namespace preflight::rules {

std::optional<ReleaseTag> parse_release_tag(std::string_view tag) {
    auto digit = std::find_if(tag.begin(), tag.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    if (digit == tag.end()) return std::nullopt;
    auto start = static_cast<std::size_t>(digit - tag.begin());
    std::string prefix(tag.substr(0, start));
    if (!prefix.empty() && (prefix.back() == 'v' || prefix.back() == 'V')) prefix.pop_back();
    for (std::size_t end = tag.size(); end > start; --end) {
        if (end < tag.size() && tag[end] != '-' && tag[end] != '_' && tag[end] != '+') continue;
        auto v = version::Pep440::parse(tag.substr(start, end - start));
        if (!v || v->local) continue;  // a '+' begins the variant, not a local version
        return ReleaseTag{std::string(tag), prefix + "|" + std::string(tag.substr(end)), std::move(*v)};
    }
    return std::nullopt;
}

std::vector<ReleaseTag> newer_releases(const std::vector<std::string>& tags, std::string_view checked) {
    std::vector<ReleaseTag> out;
    auto base = parse_release_tag(checked);
    if (!base) return out;
    for (const auto& t : tags)
        if (auto r = parse_release_tag(t); r && r->family == base->family && version::compare(r->version, base->version) > 0)
            out.push_back(std::move(*r));
    std::sort(out.begin(), out.end(), [](const ReleaseTag& a, const ReleaseTag& b) {
        int c = version::compare(a.version, b.version);
        return c != 0 ? c < 0 : a.tag < b.tag;
    });
    return out;
}

}  // namespace preflight::rules
