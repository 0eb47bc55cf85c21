// `rules verify --write-quotes`: a plain reference string in a pack file becomes
// `{ at = "…", quote = "…" }`, and a table row's `at = "…"` cell gets a `quote = "…"`
// line below it, as text, so that everything else in the file (comments, spacing, the
// other references) stays byte for byte.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"

namespace preflight::output {

struct QuoteEdit {
    Location where;  // the reference string's opening quote (line, column in code points)
    std::string quote;
    bool row_cell = false;  // a table row's `at` cell: the quote is a cell of its own
};

Result<std::string> add_quotes(const std::string& text, const std::string& file, const std::vector<QuoteEdit>& edits);

}  // namespace preflight::output
