// model.arch against the architectures the packs' model catalog names (table
// `models`, column `arch`): a model rule can only judge a model it knows.
#pragma once

#include <optional>
#include <string>

#include "core/error.hpp"
#include "facts/fact_set.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

// An error (with did-you-mean) when model.arch is a near miss of a catalog arch:
// equal but for case and punctuation, or at most two edits away without changing
// a digit (qwen2 is another model, not a typo of qwen3). A warning finding when the
// arch is simply not in the catalog. Nothing when it is, when model.arch is not
// given, or when no loaded pack has the catalog.
Result<std::optional<Finding>> check_model_arch(const RuleSet& rules, const facts::FactSet& facts,
                                                const std::string& config_path);

}  // namespace preflight::rules
