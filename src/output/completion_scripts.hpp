// Shell completion scripts for bash, zsh and fish, rendered from the same
// description of the command line as --help and the man page: commands, options
// per command, the values of options with a fixed set, paths for files and
// directories, and the loaded packs' rule ids for `explain`, asked of the binary
// itself (`rules list --format ids`) when completing, so they follow the packs.
#pragma once

#include <string>

#include "output/cli_model.hpp"

namespace preflight::output {

// For bash-completion: `complete -F _PROGRAM PROGRAM`.
std::string bash_completion(const CliDescription& cli);
// For zsh's fpath (#compdef); sourcing it also works once compinit has run.
std::string zsh_completion(const CliDescription& cli);
// For fish's vendor_completions.d.
std::string fish_completion(const CliDescription& cli);

}  // namespace preflight::output
