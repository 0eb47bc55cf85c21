// What decides a CI verdict besides the rules: waivers (files, the discovered
// .preflight-waivers.toml, a job's inline [[waive]] tables) and a baseline (read,
// written). Applied after the check, before the report; app/gate_options.hpp gives
// the command-line options that fill GatePolicy.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "core/error.hpp"
#include "facts/fact_set.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

struct GatePolicy {
    std::vector<std::string> waiver_files;
    bool no_inline_waivers = false;
    bool no_waiver_discovery = false;
    std::string now;  // YYYY-MM-DD; "" = today
    std::string baseline;
    std::string write_baseline;
};

// One checked job: where it came from, its configuration (for inline waivers; may be
// null), the facts it was checked with (for version bounds) and its result, which
// apply_gates marks and extends.
struct GateInput {
    std::string file;
    const config::RunConfig* config = nullptr;
    const facts::FactSet* facts = nullptr;
    CheckResult* result = nullptr;
};

// Waivers first, then the baseline, then the baseline to write. Findings about the
// waivers and the baseline themselves go to the first input's result, after its
// own. Baseline fingerprints name files relative to `root` (identity_root).
// Errors (exit 2): an unreadable or invalid waiver file or baseline, a bad `now`.
Result<void> apply_gates(const GatePolicy& gates, const RuleSet& rules, const std::vector<GateInput>& inputs,
                         const std::filesystem::path& root);

}  // namespace preflight::rules
