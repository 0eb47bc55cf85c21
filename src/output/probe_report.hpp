// `probe`'s report of a node: its facts as text lines or JSON, and what the probe
// noticed on the way (two versions of one distribution …).
#pragma once

#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "facts/node_facts.hpp"
#include "plugin/loader.hpp"

namespace preflight::output {

// The probe's own findings, one `file:line:col: severity: message [code]` line each.
std::string probe_findings(const facts::NodeFacts& node);

// The facts as text: a summary first, as collect_env and npu-smi lead with one (the
// Python read and how many packages; the non-Python layers; the packages the loaded
// rules read, that are installed; the devices, or "none found"), then
// output/fact_lines.hpp's node_fact_lines.
std::string probe_text(const facts::NodeFacts& node, const std::set<std::string>& packages_read = {});

// {"packages", "env", "hardware", "origins", "redacted", "plugins_refused"} (the
// refusals as plugins list --format json gives them). A sorted-map JSON object:
// inserting thousands of packages stays O(n log n), where ordered_json would search
// linearly on every insert.
nlohmann::json probe_json(const facts::NodeFacts& node, const std::vector<plugin::Refusal>& plugins_refused = {});

}  // namespace preflight::output
