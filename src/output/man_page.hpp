// `preflight(1)`: the man page, in roff (man macros), rendered from the same
// description of the command line as --help and the shell completions.
#pragma once

#include <string>

#include "output/cli_model.hpp"

namespace preflight::output {

// NAME, SYNOPSIS, DESCRIPTION (the program's summary and footer), OPTIONS, COMMANDS
// (a subsection per command with its text, arguments and options), EXIT STATUS,
// ENVIRONMENT, FILES, SEE ALSO. No date, so the page is the same on every build.
std::string man_page(const CliDescription& cli);

// Text made safe for a roff text line or a quoted macro argument: backslashes,
// hyphens (as \-), quotes and non-ASCII characters escaped.
std::string roff_escape(std::string_view text);

}  // namespace preflight::output
