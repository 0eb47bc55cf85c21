// Everything known about a launch before any rule runs: the run configuration,
// the launch environment and the installed packages, each fact with its origin.
#pragma once

#include <map>
#include <set>
#include <string>

#include "config/run_config.hpp"
#include "core/fact.hpp"

namespace preflight::facts {

struct FactSet {
    FactMap config;     // dotted config keys, defaults included
    FactMap env;        // the launch environment
    FactMap packages;   // normalized name → version
    FactMap revisions;  // normalized name → git branch or tag of a source install
    // Whether a name missing from `env` / `packages` is known to be absent (an
    // unset variable, an uninstalled package) rather than unknown.
    bool env_complete = true;
    bool packages_complete = false;
    std::set<std::string> packages_uncovered;  // unknown even when packages_complete
};

// The job's own facts: [env] is the launch environment as the job declares it,
// and [packages] lists what it expects; anything else installed is unknown.
FactSet from_run_config(const config::RunConfig& cfg);

}  // namespace preflight::facts
