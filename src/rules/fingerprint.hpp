// A finding's identity across runs, for baselines and SARIF's partialFingerprints:
// what it is about (rule, file, key), never where it stands (lines move when a
// script is edited above the finding) nor its message (values change as they are fixed).
// A finding located in a file several launches share (a --with file) also carries its
// launch (Finding::launch: script and launch line): without it, the baseline entry of
// one launch would hide the same error in a launch written after the baseline.
#pragma once

#include <string>
#include <string_view>

#include "rules/engine.hpp"

namespace preflight::rules {

// The SHA-256 (hex) of the rule id, the file as the caller names it (give the same form
// on every run: relative to the repository root), the key the finding is about, and
// its launch where it has one.
std::string fingerprint(const Finding& finding, std::string_view file);

}  // namespace preflight::rules
