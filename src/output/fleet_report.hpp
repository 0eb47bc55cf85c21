// `fleet`'s report: drift, missing nodes and per-node verdicts, nodes named in Slurm
// hostlist form.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fleet/fleet_summary.hpp"
#include "output/style.hpp"
#include "util/hostlist.hpp"

namespace preflight::output {

// The words every fleet renderer (text, JSON, SARIF) names nodes with: "1 node" or
// "N nodes"; nodes by index, and the nodes of bundles (stale, duplicate), as a hostlist.
std::string node_count(std::size_t n);
std::string nodes_hostlist(const fleet::FleetSummary& s, const std::vector<fleet::NodeIndex>& nodes);
template <class Bundle>
std::string bundles_hostlist(const std::vector<Bundle>& bundles) {
    std::vector<std::string> names;
    names.reserve(bundles.size());
    for (const auto& b : bundles) names.push_back(b.node);
    return util::compress_hostlist(std::move(names));
}

// Text as `check` prints it: severities and verdicts in colour when `style` says so.
std::string fleet_text(const fleet::FleetSummary& summary, const Style& style = {});
nlohmann::ordered_json fleet_json(const fleet::FleetSummary& summary);

}  // namespace preflight::output
