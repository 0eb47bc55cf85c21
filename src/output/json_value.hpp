#pragma once

#include <nlohmann/json.hpp>

#include "core/value.hpp"

namespace preflight::output {

// Versions become their text; Unknown becomes null (JSON has no third state).
nlohmann::ordered_json to_json(const Value& v);

// Every JSON document preflight writes opens with the release that wrote it and the
// version of its shape, which share/schemas/ describes; a shape that changes
// incompatibly takes the next number.
inline constexpr int kCheckOutputVersion = 2;     // check, in its three shapes
inline constexpr int kProbeOutputVersion = 1;     // probe --format json
inline constexpr int kFleetOutputVersion = 1;     // fleet --format json
inline constexpr int kRulesOutputVersion = 1;     // rules list --format json
inline constexpr int kPluginsOutputVersion = 1;   // plugins list --format json
inline constexpr int kScanOutputVersion = 1;      // scan --format json
inline constexpr int kVerifyOutputVersion = 1;    // rules verify --format json
inline constexpr int kOutdatedOutputVersion = 1;  // rules outdated --format json
inline constexpr int kPlanOutputVersion = 1;      // plan --format json

template <class Json>
Json versioned(int output_version) {
    Json j;
    j["preflight_version"] = PREFLIGHT_VERSION;
    j["output_version"] = output_version;
    return j;
}

}  // namespace preflight::output
