// `rules functions`: the rule language's function reference (Markdown), from the
// function table itself, so docs/rule-language.md cannot drift from what the
// checker accepts.
#pragma once

#include <string>

namespace preflight::output {

// A table of every function, sorted by name: `signature` | meaning.
std::string function_reference();

}  // namespace preflight::output
