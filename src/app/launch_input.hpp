// Launches read from what the user points at: a launch script (by its shebang or
// suffix, or forced with --launch) or a command line given after `--`. Each launch a
// launcher table recognises becomes a run configuration, with the partial ones named
// by --with laid under it and the model's config.json found where the launcher would
// download it.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "launch/launch_config.hpp"
#include "launch/shell_script.hpp"
#include "rules/rule_set.hpp"

namespace preflight::app {

// A shell script: a name ending in .sh or .bash, or a first line `#!…sh`.
bool is_launch_script(const std::string& path);

struct LaunchRead {
    std::string label;        // "train.sh:14: megatron sft"
    launch::Command command;  // as the shell would run it
    launch::Launch launch;    // launch.config: the run configuration
};

struct LaunchInput {
    std::string path;  // the script; "" for a command line
    // The launchers the launches point into (their flags' specs), kept alive with them.
    std::unique_ptr<launch::LauncherSet> launchers;
    std::vector<LaunchRead> launches;
    // With no launch read (a walk's script, `exec`): why, naming the commands considered
    // ("none of its 2 commands is one …"), and where a launch may be that the reader
    // cannot read (a command whose name is not known, eval, a block or a function it
    // does not run that starts a launcher's program), each at its line.
    std::string no_launch;
    std::vector<launch::Skipped> unread;
    std::optional<launch::Skipped> stop;  // bash stops the script here, before any launch
};

// Reads every launch of a script. Errors: unreadable or malformed scripts (file and
// line), --with files, and (with `require_launch`) a script with no launch a launcher
// table recognises; without it such a script reads as no launches, with `no_launch`
// and `unread` saying why.
Result<LaunchInput> read_launch_script(const std::string& path, const rules::RuleSet& rules, const std::vector<std::string>& with,
                                       bool require_launch = true);

// Reads one launch given as argv, with this process's environment as its own.
Result<LaunchInput> read_launch_argv(const std::vector<std::string>& argv, const rules::RuleSet& rules,
                                     const std::vector<std::string>& with);

// The error for a script with no launch read that bash stops before any launch, or
// where `unread` names places one may be: at the stop, or the first of the places,
// each listed by its line.
Error unread_launch_error(const LaunchInput& input);

// The process environment as a map.
std::map<std::string, std::string> process_environment();

}  // namespace preflight::app
