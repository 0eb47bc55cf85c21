#include "output/unified_diff.hpp"

#include <sstream>
#include <vector>

#include <dtl/dtl.hpp>

namespace preflight::output {
namespace {

// Lines with their newline, so a last line without one differs from one with it.
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = nl == std::string::npos ? text.size() : nl + 1;
        lines.push_back(text.substr(start, end - start));
        start = end;
    }
    return lines;
}

}  // namespace

std::string unified_diff(const std::string& before, const std::string& after, const std::string& path) {
    if (before == after) return "";
    auto a = lines_of(before), b = lines_of(after);
    dtl::Diff<std::string, std::vector<std::string>> diff(a, b);
    diff.compose();
    diff.composeUnifiedHunks();
    std::ostringstream out;
    out << "--- " << path << "\n+++ " << path << "\n";
    for (const auto& hunk : diff.getUniHunks()) {
        // dtl counts a hunk from its first line; an empty side starts before line 1.
        out << "@@ -" << hunk.a << "," << hunk.b << " +" << hunk.c << "," << hunk.d << " @@\n";
        auto emit = [&](char mark, const std::string& line) {
            out << mark << line;
            if (line.empty() || line.back() != '\n') out << "\n\\ No newline at end of file\n";
        };
        for (const auto& [line, info] : hunk.common[0]) emit(' ', line);
        for (const auto& [line, info] : hunk.change)
            emit(info.type == dtl::SES_ADD ? '+' : info.type == dtl::SES_DELETE ? '-' : ' ', line);
        for (const auto& [line, info] : hunk.common[1]) emit(' ', line);
    }
    return out.str();
}

}  // namespace preflight::output
