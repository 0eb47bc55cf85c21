// `rules verify` and `rules outdated`: the packs' references against mirrors of the
// repositories they cite.
#pragma once

#include <string>
#include <vector>

#include "app/common.hpp"

namespace preflight::app {

std::vector<Command> register_rules_evidence(CLI::App* rules_cmd, const std::string& exe_path);

}  // namespace preflight::app
