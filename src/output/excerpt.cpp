#include "output/excerpt.hpp"

#include <fmt/format.h>

namespace preflight::output {

std::string location_prefix(const Location& l) {
    if (l.file.empty()) return "preflight";
    if (l.line <= 0) return l.file;
    if (l.column <= 0) return fmt::format("{}:{}", l.file, l.line);
    return fmt::format("{}:{}:{}", l.file, l.line, l.column);
}

std::string excerpt(const Location& l, const Style& style) {
    if (l.line <= 0 || l.source_line.empty()) return "";
    std::string number = std::to_string(l.line);
    std::string gutter(number.size(), ' ');
    std::string caret_pad;
    // Keep tabs so the caret lines up under the same character.
    for (int i = 0; i + 1 < l.column && i < static_cast<int>(l.source_line.size()); ++i)
        caret_pad += l.source_line[static_cast<std::size_t>(i)] == '\t' ? '\t' : ' ';
    return fmt::format(" {} | {}\n {} | {}{}\n", number, l.source_line, gutter, caret_pad, style.paint("^", "1;32"));
}

std::string format_error(const Error& e, const Style& style) {
    return fmt::format("{}: {}: {}\n{}", location_prefix(e.location), style.severity(Severity::error), e.message,
                       excerpt(e.location, style));
}

}  // namespace preflight::output
