// Where each fix of a check lands in a launch: a flag's value replaced where it
// stands, a flag added in the launcher's own spelling, a switch taken away, a variable
// set or unset. `exec` applies the plan to the argument vector and the environment;
// `fix` applies it to the script's text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "launch/launch_config.hpp"
#include "rules/engine.hpp"

namespace preflight::launch {

// Replace argv[index, index + count) with `words` (count 0: insert before index;
// index == argv.size(): append).
struct ArgvEdit {
    std::string key;  // the run-configuration key the edit gives
    std::size_t index = 0;
    std::size_t count = 0;
    std::vector<std::string> words;
};

struct EnvEdit {
    std::string name;
    std::optional<std::string> value;   // nullopt: unset
    const Binding* existing = nullptr;  // the assignment the command sees today, if any
};

struct LaunchPatch {
    std::vector<ArgvEdit> argv;            // in argv order, none overlapping
    std::vector<EnvEdit> env;              // by name
    std::vector<std::string> unspellable;  // patched keys no flag of this launcher can give
};

LaunchPatch plan_patch(const Command& command, const Launch& launch, const rules::Patch& patch);

// The argument vector with every edit applied (unknown words stay as their text was
// given; a command from a script with unknown words cannot be patched this way).
std::vector<std::string> patched_argv(const std::vector<std::string>& argv, const LaunchPatch& plan);

}  // namespace preflight::launch
