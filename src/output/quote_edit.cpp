#include "output/quote_edit.hpp"

#include <algorithm>

#include "output/toml_edit.hpp"

namespace preflight::output {
namespace {

// The byte offset of a line and column (in code points), or npos past the text.
std::size_t offset_of(const std::string& text, int line, int column) {
    std::size_t at = 0;
    for (int l = 1; l < line; ++l) {
        at = text.find('\n', at);
        if (at == std::string::npos) return at;
        ++at;
    }
    for (int c = 1; c < column && at < text.size() && text[at] != '\n'; ++c) {
        ++at;
        while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
    }
    return at;
}

// The end (one past the closing delimiter) of the one-line TOML string at `at`.
std::size_t string_end(const std::string& text, std::size_t at) {
    if (at >= text.size() || (text[at] != '"' && text[at] != '\'')) return std::string::npos;
    char delim = text[at];
    if (text.compare(at, 3, std::string(3, delim)) == 0) return std::string::npos;  // multi-line: not a reference's form
    for (std::size_t i = at + 1; i < text.size() && text[i] != '\n'; ++i) {
        if (delim == '"' && text[i] == '\\') {
            ++i;
            continue;
        }
        if (text[i] == delim) return i + 1;
    }
    return std::string::npos;
}

}  // namespace

Result<std::string> add_quotes(const std::string& text, const std::string& file, const std::vector<QuoteEdit>& edits) {
    struct Span {
        std::size_t begin, end;
        const QuoteEdit* edit;
    };
    std::vector<Span> spans;
    for (const auto& e : edits) {
        std::size_t begin = offset_of(text, e.where.line, e.where.column);
        std::size_t end = begin == std::string::npos ? begin : string_end(text, begin);
        if (end == std::string::npos)
            return fail("no one-line reference string starts here",
                        Location{file, e.where.line, e.where.column, "references", ""});
        spans.push_back({begin, end, &e});
    }
    std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin > b.begin; });
    std::string out = text;
    for (const auto& s : spans) {
        if (s.edit->row_cell) {
            std::size_t eol = out.find('\n', s.end);
            out.insert(eol == std::string::npos ? out.size() : eol, "\nquote = " + toml_literal(Value(s.edit->quote)));
            continue;
        }
        std::string reference = out.substr(s.begin, s.end - s.begin);
        out.replace(s.begin, s.end - s.begin, "{ at = " + reference + ", quote = " + toml_literal(Value(s.edit->quote)) + " }");
    }
    return out;
}

}  // namespace preflight::output
