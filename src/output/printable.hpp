// Text that came from input (job keys and values, bundle texts, pack texts, archive
// member names, paths) made safe to print on a terminal: control characters are
// shown as escapes (ESC as the four characters `\x1b`, a newline as `\n`), so no
// input can move the cursor, change colours or forge a line such as `verdict: pass`.
// Every text renderer routes input-derived text through here; JSON output does not
// (the JSON encoder escapes exactly).
#pragma once

#include <string>
#include <string_view>

namespace preflight::output {

enum class Keep {
    nothing,  // one line: every control character escaped
    tabs,     // source excerpts: a tab stays a tab, so a caret under it lines up
    lines,    // multi-line texts of our own files (explanations): newlines and tabs stay
};

// Escapes C0 controls and DEL as \n \r \t or \xNN, C1 controls (U+0080..U+009F) as
// \u0080.., line and paragraph separators and bidirectional overrides as \u2028 ..,
// and each byte of invalid UTF-8 as \xNN. Everything else, backslashes included, is
// kept as it is.
std::string printable(std::string_view text, Keep keep = Keep::nothing);

}  // namespace preflight::output
