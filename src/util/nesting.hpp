// How deeply a TOML or JSON text nests its arrays and tables, counted on the bytes
// before any parser sees them: the parsers recurse once per level, and 10,000
// nested '[' in 20 KB would exhaust the stack.
#pragma once

#include <optional>
#include <string_view>

namespace preflight::util {

enum class Syntax { toml, json };

inline constexpr int kMaxNesting = 64;

// The 1-based line where `text` first opens more than `max_depth` arrays or tables
// (outside strings and comments), or nullopt when it stays within the limit.
std::optional<int> nesting_exceeded(std::string_view text, Syntax syntax, int max_depth = kMaxNesting);

}  // namespace preflight::util
