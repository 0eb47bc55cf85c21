// The middle of every check of a job, shared by `check` (and the generators) and
// the packs' own test cases, so both see the same findings: the job's facts with
// the node's merged in, the model table's shape for a known model id, model.arch
// against the catalog, the engine to its fixpoint, and the job file's own problems
// first.
#pragma once

#include "config/run_config.hpp"
#include "core/error.hpp"
#include "facts/fact_set.hpp"
#include "facts/node_facts.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

struct CheckedJob {
    facts::FactSet facts;               // what the check started from
    CheckResult result;                 // the job file's diagnostics and the model-arch finding come first …
    std::size_t job_file_findings = 0;  // … this many of them
};

// `node`: the node's facts, or nullptr for the job's own alone. Fails (exit 2) only
// where model.arch is a near miss of a catalog arch.
Result<CheckedJob> check_job(const RuleSet& rules, const config::RunConfig& config, const facts::NodeFacts* node,
                             const CheckOptions& options);

}  // namespace preflight::rules
