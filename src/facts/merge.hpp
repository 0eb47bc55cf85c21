#pragma once

#include "core/diagnostic.hpp"
#include "facts/fact_set.hpp"
#include "facts/node_facts.hpp"

namespace preflight::facts {

// The job's [env] wins over the node's environment (it is what the launch exports);
// the node's package versions win over [packages] (they are what will run), and a
// version the job expects but the node lacks or differs on is a finding.
void merge_node(FactSet& facts, const NodeFacts& node, Diagnostics& findings);

}  // namespace preflight::facts
