// `rules doc`: the rule reference (docs/rules.md), generated from the packs so it
// cannot drift from them: per pack its derived facts, defaults and rules.
#pragma once

#include <string>

#include "core/error.hpp"
#include "rules/rule_set.hpp"

namespace preflight::output {

// Markdown; fails, at the rule, when a rule has no explanation to show.
Result<std::string> rule_reference(const rules::RuleSet& rules);

// The error every page that shows a rule's explanation gives when it has none.
Error missing_explanation(const rules::Rule& rule);

}  // namespace preflight::output
