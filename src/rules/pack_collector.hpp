// Finds packs on the rule path and reads them (stages 1–2 of reader → collector →
// compiler): the engine-version gate, and duplicate pack names.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "rules/pack_source.hpp"

namespace preflight::rules {

// The directories searched, in order: `--rules` directories if any were given, else
// PREFLIGHT_RULES_PATH (':'-separated) if set, else the installed
// share/preflight/rules and, when running from a build tree, the source tree's rules/.
std::vector<std::string> rule_search_path(const std::vector<std::string>& cli_dirs, const std::string& exe_path);

// Each directory is a pack (has pack.toml) or holds packs one level down.
Result<std::vector<PackSource>> collect_packs(const std::vector<std::string>& dirs, const std::string& engine_version);

}  // namespace preflight::rules
