// Two nodes whose check of one job cannot come out differently share a key, so a
// fleet of identical nodes is checked once, not once per node. The key holds every
// package, revision and hardware fact of the node, the variables the loaded packs
// read, the flags that make a missing fact absent rather than unknown, and the
// node's own findings; other variables (host names, ranks) are left out, as no rule
// reads them.
#pragma once

#include <set>
#include <string>

#include "core/fact_ref.hpp"
#include "facts/node_facts.hpp"

namespace preflight::fleet {

std::string check_key(const facts::NodeFacts& node, const std::set<FactRef>& read);

}  // namespace preflight::fleet
