#include "output/reference_url.hpp"

#include <cctype>

#include <fmt/format.h>

namespace preflight::output {
namespace {

// GitHub's owner and repository names: letters, digits, '-', '_', '.'.
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'; }

// A tag or path word: no space, no ':' (the separator), nothing a URL would need escaped.
bool word_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' || c == '/' || c == '+';
}

std::size_t span(std::string_view s, std::size_t from, bool (*ok)(char)) {
    std::size_t i = from;
    while (i < s.size() && ok(s[i])) ++i;
    return i;
}

}  // namespace

std::optional<std::string> reference_url(std::string_view ref) {
    if (ref.starts_with("https://") || ref.starts_with("http://")) return std::string(ref);
    std::size_t owner_end = span(ref, 0, name_char);
    if (owner_end == 0 || owner_end >= ref.size() || ref[owner_end] != '/') return std::nullopt;
    std::size_t repo_end = span(ref, owner_end + 1, name_char);
    if (repo_end == owner_end + 1 || repo_end >= ref.size() || ref[repo_end] != '@') return std::nullopt;
    std::size_t tag_end = span(ref, repo_end + 1, word_char);
    if (tag_end == repo_end + 1) return std::nullopt;
    std::string_view owner = ref.substr(0, owner_end), repo = ref.substr(owner_end + 1, repo_end - owner_end - 1),
                     tag = ref.substr(repo_end + 1, tag_end - repo_end - 1);
    // "…@branch v2.10.0 (untagged)": prose after the tag is no tag GitHub knows.
    if (tag_end < ref.size() && ref[tag_end] != ':') return std::nullopt;
    std::string base = fmt::format("https://github.com/{}/{}", owner, repo);
    if (tag_end == ref.size()) return fmt::format("{}/tree/{}", base, tag);
    std::size_t path_end = span(ref, tag_end + 1, word_char);
    if (path_end == tag_end + 1) return fmt::format("{}/tree/{}", base, tag);
    std::string_view path = ref.substr(tag_end + 1, path_end - tag_end - 1);
    std::string url = fmt::format("{}/blob/{}/{}", base, tag, path);
    if (path_end < ref.size() && ref[path_end] == ':') {
        std::size_t line_end = path_end + 1;
        while (line_end < ref.size() && std::isdigit(static_cast<unsigned char>(ref[line_end]))) ++line_end;
        if (line_end > path_end + 1) url += fmt::format("#L{}", ref.substr(path_end + 1, line_end - path_end - 1));
    }
    return url;
}

}  // namespace preflight::output
