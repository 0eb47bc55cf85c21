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
    enum class Kind { replace, insert_line_before } kind = Kind::replace;
    TextSpan span;     // replace: the span; insert_line_before: only `line` counts
    std::string text;  // the new text (replace) or the whole new line, without '\n'
};

// Applies the edits to the script text. Edits may not overlap; lines inserted before the
// same line keep their order. Errors name the script and the line of an edit that does
// not fit the text.
Result<std::string> apply_script_edits(const std::string& text, const std::string& file, std::vector<ScriptEdit> edits);

// The end (one past, 1-based) of the shell word that starts at `column` of `line`, by the
// shell's quoting rules; 0 when the word goes on past the line (an open quote or a
// backslash-newline inside it), which the editor does not touch.
int shell_word_end(const std::string& line, int column);

// The indentation of a line (its leading blanks).
std::string indentation_of(const std::string& line);

}  // namespace preflight::output
