// A fact is a value plus where it came from, so a user can tell a wrong config
// from a wrong environment: "(job.toml:12) train.padding_free = false".
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/value.hpp"

namespace preflight {

enum class OriginKind { job, model_config, model_table, default_value, probe, snapshot, freeze, derived, patch };

// The one spelling of each kind ("job", "model_config", "default", …), as snapshot
// bundles store it; origin_kind_named reads it back (nullopt for any other word).
std::string_view origin_kind_name(OriginKind kind);
std::optional<OriginKind> origin_kind_named(std::string_view name);

struct Origin {
    OriginKind kind = OriginKind::job;
    Location where;    // file/line for job and model_config; the table row for model_table
    std::string rule;  // the rule that set it, for patch; the pack, for model_table
};

struct Fact {
    Value value;
    Origin origin;
};

// Facts by name (a config key, a variable, a package). Searched by any string type: a
// rule's evaluation looks names up as views of its tree, thousands of times a check.
using FactMap = std::map<std::string, Fact, std::less<>>;

// How a fact line shows the origin: "job.toml:12", "default", "probe: /path, rule", "patch: rule".
std::string describe(const Origin& o);

}  // namespace preflight
