// `fleet`'s report: drift, missing nodes and per-node verdicts, nodes named in Slurm
// hostlist form.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "fleet/fleet_summary.hpp"

namespace preflight::output {

std::string fleet_text(const fleet::FleetSummary& summary);
nlohmann::ordered_json fleet_json(const fleet::FleetSummary& summary);

}  // namespace preflight::output
