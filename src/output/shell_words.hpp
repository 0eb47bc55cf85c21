// Words as a POSIX shell reads them back: the one place preflight quotes for a shell
// (the launch-script reader is its inverse).
#pragma once

#include <string>
#include <vector>

namespace preflight::output {

// The word unchanged when a shell would read it as it is, else in single quotes
// (an embedded quote written as '\'').
std::string shell_word(const std::string& word);

// Words joined by single spaces, each quoted as needed.
std::string shell_line(const std::vector<std::string>& words);

}  // namespace preflight::output
