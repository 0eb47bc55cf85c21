// toml++ nodes as preflight's readers of job files (config/run_config.cpp) and waiver
// files (rules/waiver_file.cpp) report them: one wording of a node's type, and one
// way to keep a table as written (RawTable) for rules/waiver.cpp to check.
#pragma once

#include <functional>
#include <string>

#include <toml++/toml.h>

#include "config/run_config.hpp"

namespace preflight::config {

// "a bool", "an integer", "a float", "a string", "an array", "a table"; dates and
// times are "a date/time".
std::string toml_type_name(const toml::node& node);

// Where a reader places a node (each reader has its own rule for the column).
using NodeLocation = std::function<Location(const toml::node& node, const std::string& key)>;

// `table` as written, its keys under `dotted`: each value's type ("a date" for a date),
// its text (a string's content, a date as YYYY-MM-DD, else the value as TOML writes
// it) and where `locate` places it; sub-tables likewise.
RawTable raw_table(const toml::table& table, const std::string& dotted, const NodeLocation& locate);

}  // namespace preflight::config
