// One entry of a pack's `references`: where upstream shows what a rule or default
// claims, and optionally a short verbatim quote of the cited line(s), so that
// `rules verify` can tell whether the citation still says it. A plain string stays a
// reference without a quote; `{ at = "…", quote = "…" }` carries one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace preflight::rules {

struct Reference {
    std::string text;   // owner/repo@tag:path[:line[-line]], or an http(s) URL
    std::string quote;  // lines joined by '\n', each without surrounding white space; empty: none
    Location where;     // the reference string in the pack file
    Location quote_where;
    bool inline_table = false;  // written { at = …, quote = … }
    bool row_cell = false;      // a table row's `at` cell, its quote in the row's `quote` cell
};

// A reference into upstream code: `owner/repo@tag:path`, with the cited lines when
// given (`:12` or `:12-18`).
struct CodeCitation {
    std::string repo;  // owner/name
    std::string tag;   // a release tag, a branch, or a commit
    std::string path;
    int first_line = 0;  // 0: the whole file
    int last_line = 0;
};

std::optional<CodeCitation> parse_code_citation(std::string_view text);
bool is_url_reference(std::string_view text);

// A quote is short: at most this many lines and bytes (UTF-8).
inline constexpr std::size_t kMaxQuoteLines = 4;
inline constexpr std::size_t kMaxQuoteBytes = 240;

// Why a reference's text or a quote is malformed; nullopt when it is well formed.
std::optional<std::string> reference_problem(std::string_view text);
std::optional<std::string> quote_problem(std::string_view quote);

// The quote `rules verify --write-quotes` fills in from a cited line: white space
// stripped, cut at kMaxQuoteBytes on a character boundary. Empty for a blank line.
std::string quote_from_line(std::string_view line);

// Where a quote stands among a file's lines: the first line (1-based) of every place
// its lines occur in consecutive file lines, each quote line inside its file line.
std::vector<int> quote_matches(const std::vector<std::string>& file_lines, std::string_view quote);

}  // namespace preflight::rules
