// "(origin) name = value": the one line a fact is shown in to people, by
// `check --dump-facts`, `probe` and a finding's evidence.
#pragma once

#include <string>
#include <string_view>

#include "facts/fact_set.hpp"
#include "facts/node_facts.hpp"

namespace preflight::output {

// One line, without its newline; input-derived text made printable.
std::string fact_line(std::string_view origin, std::string_view name, std::string_view value);

// Every fact a check starts from (config keys, "env NAME", "pkg NAME"), sorted by
// name; a package known to be absent reads "not installed".
std::string fact_set_lines(const facts::FactSet& facts);

// A node's facts as `probe` prints them: hardware, packages, then the environment,
// each variable whose value was redacted followed by the redaction rule.
std::string node_fact_lines(const facts::NodeFacts& node);

}  // namespace preflight::output
