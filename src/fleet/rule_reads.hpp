// The facts the loaded packs read: every rule's condition, error condition and
// computed fix, every derived fact and every default. A node that differs from the
// rest in one of these can change a verdict; `fleet` fails on such drift only.
#pragma once

#include <set>

#include "core/fact_ref.hpp"
#include "rules/rule_set.hpp"

namespace preflight::fleet {

std::set<FactRef> facts_read_by(const rules::RuleSet& rules);

}  // namespace preflight::fleet
