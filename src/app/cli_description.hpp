// Reads the live CLI11 definition into plain data (output/cli_model.hpp) for the
// man page and the shell completions: the same definition `--help` prints.
#pragma once

#include <CLI/CLI.hpp>

#include "output/cli_model.hpp"

namespace preflight::app {

// Every visible command and option of `app`; hidden ones (group "") are left out.
output::CliDescription describe_cli(CLI::App& app);

}  // namespace preflight::app
