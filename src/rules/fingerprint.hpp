// A finding's identity across runs, for baselines and SARIF's partialFingerprints:
// what it is about (rule, file, key), never where it stands (lines move when a
// script is edited above the finding) nor its message (values change as they are fixed).
#pragma once

#include <string>
#include <string_view>

#include "rules/engine.hpp"

namespace preflight::rules {

// The SHA-256 (hex) of the rule id, the file as the caller names it (give the same form
// on every run: relative to the repository root) and the key the finding is about.
std::string fingerprint(const Finding& finding, std::string_view file);

}  // namespace preflight::rules
