// The pipeline every job command shares: load the packs and the job, check it to
// the fixpoint.
#pragma once

#include <memory>
#include <string>

#include "app/common.hpp"
#include "config/run_config.hpp"
#include "facts/fact_set.hpp"
#include "facts/node_facts.hpp"
#include "rules/engine.hpp"

namespace preflight::app {

// The fact source the options name (--freeze, --env, else the live probe), and its facts.
std::unique_ptr<facts::FactSource> fact_source(const FactOptions& options, const rules::RuleSet& rules);
Result<facts::NodeFacts> node_facts(const FactOptions& options, const rules::RuleSet& rules);

struct Evaluation {
    rules::RuleSet rules;
    config::RunConfig config;
    facts::FactSet facts;
    rules::CheckResult result;  // job-file diagnostics included as findings
};

Result<Evaluation> evaluate_job(const std::string& job, const RuleOptions& rule_options, const FactOptions& fact_options,
                                const rules::CheckOptions& options);

// The same for a job file or a launch script, as `check` takes them: a script's one
// launch with the --with files laid under it (a script with several launches is an
// error naming them); --with under a job file is the error `check` gives.
Result<Evaluation> evaluate_input(const std::string& input, const std::vector<std::string>& with, const RuleOptions& rule_options,
                                  const FactOptions& fact_options, const rules::CheckOptions& options);

// Generators (fix, env, args) write nothing when fixes conflicted or never settled:
// prints why to stderr and returns true.
bool refuse_unsettled(const rules::CheckResult& result);

}  // namespace preflight::app
