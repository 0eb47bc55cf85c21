// `rules list`: the loaded packs, each with its rules, as text or JSON.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "launch/launcher.hpp"
#include "output/style.hpp"
#include "rules/rule_set.hpp"

namespace preflight::output {

// A pack per paragraph: "NAME VERSION (N rules) — summary", its file, then (unless
// `quiet`) one line per rule; then the packs an earlier one of the same name shadowed.
std::string rule_listing_text(const rules::RuleSet& rules, bool quiet, const Style& style);

// One rule id a line, for shell completion of `explain`.
std::string rule_ids_text(const rules::RuleSet& rules);
// The launcher styles the packs define (`args --style`), one a line.
std::string launcher_names_text(const launch::LauncherSet& launchers);

// {"packs": [{name, version, engine, summary, file, rules: [{id, severity, summary}]}]}.
nlohmann::ordered_json rule_listing_json(const rules::RuleSet& rules);

}  // namespace preflight::output
