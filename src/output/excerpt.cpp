#include "output/excerpt.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "output/printable.hpp"
#include "util/utf8.hpp"

namespace preflight::output {

std::string location_prefix(const Location& l) {
    if (l.file.empty()) return "preflight";
    std::string file = printable(l.file);
    if (l.line <= 0) return file;
    if (l.column <= 0) return fmt::format("{}:{}", file, l.line);
    return fmt::format("{}:{}:{}", file, l.line, l.column);
}

std::string diagnostic_line(const Location& l, Severity severity, std::string_view message, std::string_view code,
                            const Style& style) {
    return fmt::format("{}: {}: {} [{}]\n", location_prefix(l), style.severity(severity), printable(message), printable(code));
}

std::string excerpt(const Location& l, const Style& style) {
    if (l.line <= 0 || l.source_line.empty()) return "";
    std::string number = std::to_string(l.line);
    std::string gutter(number.size(), ' ');
    // The caret goes under the same character of the escaped line: one blank per
    // character printed before it, tabs kept as tabs.
    std::size_t before = l.column > 1 ? std::min(static_cast<std::size_t>(l.column - 1), l.source_line.size()) : 0;
    std::string shown_before = printable(std::string_view(l.source_line).substr(0, before), Keep::tabs);
    std::string caret_pad;
    for (std::size_t i = 0; i < shown_before.size();) {
        char32_t cp = 0;
        std::size_t n = util::utf8_next(shown_before, i, cp);
        caret_pad += cp == '\t' ? '\t' : ' ';
        i += n ? n : 1;
    }
    return fmt::format(" {} | {}\n {} | {}{}\n", number, printable(l.source_line, Keep::tabs), gutter, caret_pad,
                       style.paint("^", "1;32"));
}

std::string format_error(const Error& e, const Style& style) {
    return fmt::format("{}: {}: {}\n{}", location_prefix(e.location), style.severity(Severity::error), printable(e.message),
                       excerpt(e.location, style));
}

}  // namespace preflight::output
