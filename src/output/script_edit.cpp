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

int shell_word_end(const std::string& line, int column) {
    std::size_t i = static_cast<std::size_t>(std::max(column, 1) - 1);
    auto is_break = [](char c) {
        return c == ' ' || c == '\t' || c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '(' || c == ')';
    };
    while (i < line.size() && !is_break(line[i])) {
        char c = line[i];
        if (c == '\\') {
            if (i + 1 >= line.size()) return 0;  // backslash-newline: the word continues on the next line
            i += 2;
        } else if (c == '\'') {
            auto close = line.find('\'', i + 1);
            if (close == std::string::npos) return 0;
            i = close + 1;
        } else if (c == '"') {
            std::size_t j = i + 1;
            while (j < line.size() && line[j] != '"') j += line[j] == '\\' ? 2 : 1;
            if (j >= line.size()) return 0;
            i = j + 1;
        } else {
            ++i;
        }
    }
    return static_cast<int>(i) + 1;
}

std::string indentation_of(const std::string& line) {
    return line.substr(0, line.find_first_not_of(" \t") == std::string::npos ? line.size() : line.find_first_not_of(" \t"));
}

Result<std::string> apply_script_edits(const std::string& text, const std::string& file, std::vector<ScriptEdit> edits) {
    bool final_newline = true;
    auto lines = split_lines(text, final_newline);
    for (const auto& e : edits) {
        int line_count = static_cast<int>(lines.size());
        bool fits = e.kind == ScriptEdit::Kind::insert_line_before
                        ? e.span.line >= 1 && e.span.line <= line_count + 1
                        : e.span.line >= 1 && e.span.line <= line_count && e.span.column >= 1 &&
                              e.span.end_column >= e.span.column &&
                              e.span.end_column <= static_cast<int>(lines[e.span.line - 1].size()) + 1;
        if (!fits)
            return fail(fmt::format("an edit does not fit line {} of the script", e.span.line),
                        Location{file, e.span.line, e.span.column});
    }
    // Replacements right to left within a line so earlier columns stay valid; inserted
    // lines last, bottom up, so line numbers stay valid.
    std::stable_sort(edits.begin(), edits.end(), [](const ScriptEdit& a, const ScriptEdit& b) {
        if (a.kind != b.kind) return a.kind == ScriptEdit::Kind::replace;
        if (a.span.line != b.span.line) return a.span.line > b.span.line;
        return a.span.column > b.span.column;
    });
    for (std::size_t i = 0; i + 1 < edits.size(); ++i) {
        const auto &a = edits[i], &b = edits[i + 1];
        if (a.kind == ScriptEdit::Kind::replace && b.kind == ScriptEdit::Kind::replace && a.span.line == b.span.line &&
            b.span.end_column > a.span.column)
            return fail("two edits overlap on one line of the script", Location{file, a.span.line, b.span.column});
    }
    // Lines inserted before the same line: the stable sort keeps their order, but
    // inserting bottom-up reverses them, so insert each group in one go.
    for (std::size_t i = 0; i < edits.size();) {
        const auto& e = edits[i];
        if (e.kind == ScriptEdit::Kind::replace) {
            auto& l = lines[e.span.line - 1];
            l.replace(e.span.column - 1, e.span.end_column - e.span.column, e.text);
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
