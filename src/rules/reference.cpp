#include "rules/reference.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "util/text.hpp"
#include "util/utf8.hpp"

namespace preflight::rules {
namespace {

bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'; }

bool valid_name(std::string_view s) { return !s.empty() && s != "." && s != ".." && std::all_of(s.begin(), s.end(), name_char); }

bool digits(std::string_view s) {
    return !s.empty() && s.size() <= 7 && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A git ref or commit as a citation may name it: no white space or control characters,
// nothing git refuses in a ref name, and no leading '-' (it would read as an option).
bool valid_tag(std::string_view s) {
    if (s.empty() || s[0] == '-' || s.find("..") != std::string_view::npos || s.find("@{") != std::string_view::npos)
        return false;
    return std::none_of(s.begin(), s.end(), [](char c) {
        auto u = static_cast<unsigned char>(c);
        return u <= 0x20 || u == 0x7F || c == '~' || c == '^' || c == ':' || c == '?' || c == '*' || c == '[' || c == '\\';
    });
}

std::vector<std::string_view> split_lines(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t start = 0;
    for (;;) {
        auto nl = s.find('\n', start);
        out.push_back(s.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
        if (nl == std::string_view::npos) return out;
        start = nl + 1;
    }
}

}  // namespace

bool is_url_reference(std::string_view text) { return text.starts_with("https://") || text.starts_with("http://"); }

std::optional<CodeCitation> parse_code_citation(std::string_view text) {
    auto at = text.find('@');
    auto slash = text.find('/');
    if (at == std::string_view::npos || slash == std::string_view::npos || slash > at) return std::nullopt;
    CodeCitation c;
    std::string_view owner = text.substr(0, slash), name = text.substr(slash + 1, at - slash - 1);
    if (!valid_name(owner) || !valid_name(name)) return std::nullopt;
    c.repo = std::string(text.substr(0, at));
    auto colon = text.find(':', at);
    if (colon == std::string_view::npos) return std::nullopt;
    std::string_view tag = text.substr(at + 1, colon - at - 1);
    if (!valid_tag(tag)) return std::nullopt;
    c.tag = std::string(tag);
    std::string_view rest = text.substr(colon + 1);
    // The last ":N" or ":N-M" is the cited lines; a path may hold ':' itself.
    if (auto last = rest.rfind(':'); last != std::string_view::npos) {
        std::string_view lines = rest.substr(last + 1);
        auto dash = lines.find('-');
        std::string_view first = lines.substr(0, dash), second = dash == std::string_view::npos ? lines : lines.substr(dash + 1);
        if (digits(first) && digits(second)) {
            if (std::stoi(std::string(first)) < 1) return std::nullopt;  // lines count from 1
            c.first_line = std::stoi(std::string(first));
            c.last_line = std::stoi(std::string(second));
            rest = rest.substr(0, last);
        }
    }
    if (rest.empty() || rest.front() == '/' || rest.back() == '/') return std::nullopt;
    std::size_t start = 0;
    for (;;) {  // no empty, "." or ".." segment
        auto end = rest.find('/', start);
        std::string_view seg = rest.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (seg.empty() || seg == "." || seg == "..") return std::nullopt;
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    if (std::any_of(rest.begin(), rest.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7F; }))
        return std::nullopt;
    c.path = std::string(rest);
    return c;
}

std::optional<std::string> reference_problem(std::string_view text) {
    if (is_url_reference(text)) {
        bool blank =
            std::any_of(text.begin(), text.end(), [](char ch) { return static_cast<unsigned char>(ch) <= 0x20 || ch == 0x7F; });
        if (blank || text.size() <= std::string_view("https://").size())
            return "a URL reference holds no white space and names a host";
        return std::nullopt;
    }
    auto c = parse_code_citation(text);
    if (!c) return fmt::format("'{}' is neither owner/repo@tag:path:line nor an http(s) URL", text);
    if (c->last_line < c->first_line) return fmt::format("the cited lines {}-{} run backwards", c->first_line, c->last_line);
    return std::nullopt;
}

std::optional<std::string> quote_problem(std::string_view quote) {
    if (util::trim(quote).empty()) return "a quote must not be empty";
    if (util::first_invalid_utf8(quote) != std::string_view::npos) return "a quote must be valid UTF-8";
    if (quote.size() > kMaxQuoteBytes)
        return fmt::format("a quote holds at most {} bytes (this one {}): quote the words that say it", kMaxQuoteBytes,
                           quote.size());
    auto lines = split_lines(quote);
    if (lines.size() > kMaxQuoteLines)
        return fmt::format("a quote spans at most {} lines (this one {})", kMaxQuoteLines, lines.size());
    for (auto line : lines) {
        if (line.empty()) return "a quote has no blank lines: join the quoted lines with a single \\n";
        if (util::trim(line, " \t") != line) return "each quoted line is written without leading or trailing white space";
        for (char ch : line)
            if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t')
                return "a quote holds no control characters but \\n between lines";
    }
    return std::nullopt;
}

std::string quote_from_line(std::string_view line) {
    std::string_view s = util::trim(line);
    if (s.size() <= kMaxQuoteBytes) return std::string(s);
    std::size_t cut = kMaxQuoteBytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 sequence
    return std::string(util::trim(s.substr(0, cut)));
}

std::vector<int> quote_matches(const std::vector<std::string>& file_lines, std::string_view quote) {
    std::vector<int> out;
    auto wanted = split_lines(quote);
    if (wanted.empty() || wanted.size() > file_lines.size()) return out;
    for (std::size_t i = 0; i + wanted.size() <= file_lines.size(); ++i) {
        bool all = true;
        for (std::size_t k = 0; k < wanted.size() && all; ++k)
            all = file_lines[i + k].find(util::trim(wanted[k])) != std::string::npos;
        if (all) out.push_back(static_cast<int>(i) + 1);
    }
    return out;
}

}  // namespace preflight::rules
