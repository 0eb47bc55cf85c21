#include "util/gitignore.hpp"

#include <fnmatch.h>

#include <algorithm>

namespace preflight::util {
namespace {

std::vector<std::string> split_segments(std::string_view s) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= s.size()) {
        auto slash = s.find('/', start);
        if (slash == std::string_view::npos) slash = s.size();
        if (slash > start) out.emplace_back(s.substr(start, slash - start));
        start = slash + 1;
    }
    return out;
}

// Trailing spaces are dropped unless escaped with a backslash.
std::string_view strip_trailing_spaces(std::string_view line) {
    while (!line.empty() && line.back() == ' ') {
        std::size_t backslashes = 0;
        for (std::size_t i = line.size() - 1; i > 0 && line[i - 1] == '\\'; --i) ++backslashes;
        if (backslashes % 2 == 1) break;
        line.remove_suffix(1);
    }
    return line;
}

bool segment_match(const std::string& pattern, const std::string& name) { return fnmatch(pattern.c_str(), name.c_str(), 0) == 0; }

}  // namespace

bool glob_segments_match(const std::vector<std::string>& pattern, const std::vector<std::string>& path) {
    // reachable[j]: the pattern consumed so far can end having matched path[0, j).
    // Dynamic programming keeps hostile patterns (many `**`) linear in their size.
    std::vector<char> reachable(path.size() + 1, 0);
    reachable[0] = 1;
    for (const auto& seg : pattern) {
        std::vector<char> next(path.size() + 1, 0);
        if (seg == "**") {
            bool any = false;
            for (std::size_t j = 0; j <= path.size(); ++j) next[j] = static_cast<char>(any = any || reachable[j]);
        } else {
            for (std::size_t j = 0; j < path.size(); ++j)
                if (reachable[j] && segment_match(seg, path[j])) next[j + 1] = 1;
        }
        reachable = std::move(next);
    }
    return reachable[path.size()] != 0;
}

void IgnoreRules::add(std::string_view text, const std::string& base) {
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        line = strip_trailing_spaces(line);
        if (line.empty() || line.front() == '#') continue;
        Pattern p;
        p.base = base;
        if (line.front() == '!') {
            p.negated = true;
            line.remove_prefix(1);
        } else if (line.starts_with("\\#") || line.starts_with("\\!")) {
            line.remove_prefix(1);
        }
        if (!line.empty() && line.back() == '/') {
            p.directory_only = true;
            line.remove_suffix(1);
        }
        if (line.empty()) continue;
        // A slash at the start or in the middle anchors the pattern at its directory.
        p.anchored = line.find('/') != std::string_view::npos;
        p.segments = split_segments(line);
        if (p.segments.empty()) continue;
        if (!p.anchored) p.segments.insert(p.segments.begin(), "**");
        patterns_.push_back(std::move(p));
    }
}

bool IgnoreRules::ignored(const std::string& path, bool is_directory) const {
    auto segments = split_segments(path);
    for (auto it = patterns_.rbegin(); it != patterns_.rend(); ++it) {
        const Pattern& p = *it;
        if (p.directory_only && !is_directory) continue;
        std::vector<std::string> relative = segments;
        if (!p.base.empty()) {
            auto base = split_segments(p.base);
            if (base.size() >= segments.size() || !std::equal(base.begin(), base.end(), segments.begin())) continue;
            relative.erase(relative.begin(), relative.begin() + static_cast<std::ptrdiff_t>(base.size()));
        }
        if (glob_segments_match(p.segments, relative)) return !p.negated;
    }
    return false;
}

}  // namespace preflight::util
