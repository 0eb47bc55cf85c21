// What the loaded knowledge reads, and the checks that need it: a variable the launch
// sets that is a near miss of one the rules read (USE_MCORE_GDM for USE_MCORE_GDN),
// and a probe that found none of the framework the launch runs.
#pragma once

#include <optional>
#include <set>
#include <vector>

#include "core/fact_ref.hpp"
#include "facts/fact_set.hpp"
#include "facts/node_facts.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

inline constexpr const char* kEnvNameTypo = "env-name-typo";
inline constexpr const char* kProbeOtherInterpreter = "probe-other-interpreter";

// Fills `rules.reads` (every fact a rule condition, computed fix, derived fact or
// default reads) and `rules.variables_read` (the variables among them, those fixes and
// defaults write, and the `variable` column of the launchers' environment table), once
// the set is compiled.
void find_reads(RuleSet& rules);

// One finding per variable the launch sets (origin: the job or script) that nothing
// reads, within two edits of a name a rule, default or launcher reads; at `severity`.
std::vector<Finding> env_name_typos(const RuleSet& rules, const facts::FactSet& facts, Severity severity);

// A live probe that lists every package but none that a configuration value of the
// launch names and the rules read (job.framework = "ms-swift"): it most likely read
// another interpreter than the launch's. The finding says so and how to name the right
// one; the caller then takes the probe's missing packages as unknown, not absent.
std::optional<Finding> probe_other_interpreter(const RuleSet& rules, const facts::FactSet& job, const facts::NodeFacts& node);

}  // namespace preflight::rules
