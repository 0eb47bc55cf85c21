// Edits a shell script as text, so that everything an edit does not touch (comments,
// continuation lines, quoting, spacing) stays byte for byte: a value is replaced where
// it stands and new lines are inserted whole.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"

namespace preflight::output {

// A run of characters on one line: 1-based line, 1-based column, one past the end.
struct TextSpan {
    int line = 0;
    int column = 0;
    int end_column = 0;
};

struct ScriptEdit {
    enum class Kind { replace, insert_line_before, remove_line } kind = Kind::replace;
    TextSpan span;     // replace: the span; the other kinds: only `line` counts
    std::string text;  // the new text (replace) or the whole new line, without '\n'
};

// Applies the edits to the script text. Edits may not overlap (two identical ones count
// once); lines inserted before the same line keep their order and stand before it even
// when it is removed. Errors name the script and the line of an edit that does not fit.
Result<std::string> apply_script_edits(const std::string& text, const std::string& file, std::vector<ScriptEdit> edits);

// The indentation of a line (its leading blanks).
std::string indentation_of(const std::string& line);

}  // namespace preflight::output
