// `fleet`'s report as one SARIF 2.1.0 run, built from the same pieces as check's
// (ci_report.hpp): each drifting fact, the expected nodes that sent no bundle, each
// unreadable, duplicate or stale bundle, and each finding of a group of nodes that
// fails or warns against the job, as results.
#pragma once

#include <nlohmann/json.hpp>

#include "fleet/fleet_summary.hpp"
#include "rules/rule_set.hpp"

namespace preflight::output {

// Drift and bad bundles are located at a bundle (the first node that differs, the
// file itself); missing nodes at the directory (or first bundle) `fleet` read; a
// node's finding at its place in the job, with the nodes it holds on as properties.
nlohmann::ordered_json fleet_sarif(const rules::RuleSet& rules, const fleet::FleetSummary& summary);

}  // namespace preflight::output
