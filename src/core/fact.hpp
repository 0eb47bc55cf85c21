// A fact is a value plus where it came from, so a user can tell a wrong config
// from a wrong environment: "(job.toml:12) train.padding_free = false".
#pragma once

#include <string>

#include "core/error.hpp"
#include "core/value.hpp"

namespace preflight {

enum class OriginKind { job, model_config, default_value, probe, snapshot, freeze, derived, patch };

struct Origin {
    OriginKind kind = OriginKind::job;
    Location where;    // file/line for job and model_config
    std::string rule;  // the rule that set it, for patch
};

struct Fact {
    Value value;
    Origin origin;
};

std::string describe(const Origin& o);

}  // namespace preflight
