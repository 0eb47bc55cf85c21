// What the generators (fix, env, args) say on stderr besides their output: why
// they wrote nothing, and which errors their output still carries.
#pragma once

#include <string>

#include "rules/engine.hpp"

namespace preflight::output {

// Why nothing is written when fixes conflicted or never settled; "" when all settled.
std::string unsettled_refusal(const rules::CheckResult& result);

// "N error findings no safe fix resolves"; "" when there are none.
std::string remaining_errors_note(const rules::CheckResult& result);

}  // namespace preflight::output
