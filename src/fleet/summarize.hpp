// The fleet pipeline: snapshot bundles read in batches on every core, each counted in
// order (unreadable, stale, a second bundle of one node, or tallied), identical nodes
// checked once against the job, and the expected nodes compared with those that sent
// a bundle. `fleet` (app/fleet_command.cpp) parses its options, calls this and renders.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "core/error.hpp"
#include "fleet/fleet_summary.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::fleet {

struct FleetRequest {
    std::vector<std::string> inputs;                   // the bundles and directories as given (reported)
    std::vector<std::string> files;                    // the bundle files, in order (bundle_files)
    std::optional<std::string> expect;                 // --expect, as given
    std::optional<std::vector<std::string>> expected;  // its node names
    std::optional<std::string> max_age;                // --max-age, as given
    std::optional<std::int64_t> stale_before;          // bundles written before this are stale
    const config::RunConfig* job = nullptr;            // --job, loaded; null: no verdicts
    std::string job_path;
    rules::CheckOptions options;
    std::function<void(std::size_t bundles_done)> progress;  // called before each batch
};

// The bundle files the inputs name: files as given, a directory's *.tar.gz sorted.
Result<std::vector<std::string>> bundle_files(const std::vector<std::string>& inputs);

// Errors: a check of the job that could not run (exit 2); unreadable bundles are part
// of the summary, not errors.
Result<FleetSummary> summarize(const rules::RuleSet& rules, const FleetRequest& request);

}  // namespace preflight::fleet
