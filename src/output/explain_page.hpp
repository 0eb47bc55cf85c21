// `explain RULE-ID`: one rule for a person at a terminal: what it checks, why,
// when it fires, its fixes, fallbacks, limitations and references.
#pragma once

#include <string>

#include "core/error.hpp"
#include "output/style.hpp"
#include "rules/rule_set.hpp"

namespace preflight::output {

// Fails, at the rule, when the rule has no explanation to show.
Result<std::string> explain_page(const rules::Rule& rule, const Style& style);

}  // namespace preflight::output
