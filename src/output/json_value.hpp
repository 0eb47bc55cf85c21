#pragma once

#include <nlohmann/json.hpp>

#include "core/value.hpp"

namespace preflight::output {

// Versions become their text; Unknown becomes null (JSON has no third state).
nlohmann::ordered_json to_json(const Value& v);

}  // namespace preflight::output
