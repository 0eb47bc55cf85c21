#include "output/script_edit.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace preflight::output {
namespace {

std::vector<std::string> split_lines(const std::string& text, bool& final_newline) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t nl = text.find('\n', start);
        if (nl == std::string::npos) {
            lines.push_back(text.substr(start));
            final_newline = false;
            return lines;
        }
        lines.push_back(text.substr(start, nl - start));
        start = nl + 1;
    }
    final_newline = true;
    return lines;
}

}  // namespace

std::string indentation_of(const std::string& line) {
    return line.substr(0, line.find_first_not_of(" \t") == std::string::npos ? line.size() : line.find_first_not_of(" \t"));
}

Result<std::string> apply_script_edits(const std::string& text, const std::string& file, std::vector<ScriptEdit> edits) {
    using Kind = ScriptEdit::Kind;
    bool final_newline = true;
    auto lines = split_lines(text, final_newline);
    for (const auto& e : edits) {
        int line_count = static_cast<int>(lines.size());
        bool fits = e.kind == Kind::insert_line_before ? e.span.line >= 1 && e.span.line <= line_count + 1
                    : e.kind == Kind::remove_line      ? e.span.line >= 1 && e.span.line <= line_count
                                                       : e.span.line >= 1 && e.span.line <= line_count && e.span.column >= 1 &&
                                                        e.span.end_column >= e.span.column &&
                                                        e.span.end_column <= static_cast<int>(lines[e.span.line - 1].size()) + 1;
        if (!fits)
            return fail(fmt::format("an edit does not fit line {} of the script", e.span.line),
                        Location{file, e.span.line, e.span.column});
    }
    // Replacements first, right to left within a line so earlier columns stay valid; then
    // the line edits bottom up, so line numbers stay valid.
    std::stable_sort(edits.begin(), edits.end(), [](const ScriptEdit& a, const ScriptEdit& b) {
        if ((a.kind == Kind::replace) != (b.kind == Kind::replace)) return a.kind == Kind::replace;
        if (a.span.line != b.span.line) return a.span.line > b.span.line;
        if (a.kind != b.kind) return a.kind == Kind::remove_line;  // remove a line, then insert before it
        return a.span.column > b.span.column;
    });
    auto same = [](const ScriptEdit& a, const ScriptEdit& b) {
        return a.kind == b.kind && a.span.line == b.span.line && a.span.column == b.span.column &&
               a.span.end_column == b.span.end_column && a.text == b.text;
    };
    // An edit two launches both ask for (an export they share) is made once.
    std::vector<ScriptEdit> distinct;
    for (auto& e : edits)
        if (std::none_of(distinct.begin(), distinct.end(), [&](const ScriptEdit& d) { return same(d, e); }))
            distinct.push_back(std::move(e));
    edits = std::move(distinct);
    for (std::size_t i = 0; i + 1 < edits.size(); ++i) {
        const auto &a = edits[i], &b = edits[i + 1];
        if (a.kind == Kind::replace && b.kind == Kind::replace && a.span.line == b.span.line && b.span.end_column > a.span.column)
            return fail("two edits overlap on one line of the script", Location{file, a.span.line, b.span.column});
    }
    // Lines inserted before the same line: the stable sort keeps their order, but
    // inserting bottom-up reverses them, so insert each group in one go.
    for (std::size_t i = 0; i < edits.size();) {
        const auto& e = edits[i];
        if (e.kind == Kind::replace) {
            auto& l = lines[e.span.line - 1];
            l.replace(e.span.column - 1, e.span.end_column - e.span.column, e.text);
            ++i;
            continue;
        }
        if (e.kind == Kind::remove_line) {
            lines.erase(lines.begin() + (e.span.line - 1));
            ++i;
            continue;
        }
        std::size_t j = i;
        std::vector<std::string> group;
        while (j < edits.size() && edits[j].kind == e.kind && edits[j].span.line == e.span.line) group.push_back(edits[j++].text);
        lines.insert(lines.begin() + (e.span.line - 1), group.begin(), group.end());
        i = j;
    }
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) out += lines[i] + (i + 1 < lines.size() || final_newline ? "\n" : "");
    return out;
}

}  // namespace preflight::output
