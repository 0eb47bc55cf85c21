// The job as it will launch: its facts under the engine's patch.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "facts/fact_set.hpp"
#include "rules/engine.hpp"

namespace preflight::rules {

struct LaunchVar {
    std::string name;
    std::optional<std::string> value;  // nullopt: the launch must not have it (unset)
    std::string rule;                  // the rule that set or unset it; empty when the job did
};

// The launch environment: the job's [env] (probed variables are the node's own and
// are not repeated), overridden by the patch; unset variables stay listed with no value.
std::vector<LaunchVar> launch_environment(const facts::FactSet& facts, const Patch& patch);

}  // namespace preflight::rules
