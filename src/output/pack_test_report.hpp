// `rules test`: a PASS/FAIL line per pack case (with its differences), the
// coverage gaps, and the totals.
#pragma once

#include <string>

#include "output/style.hpp"
#include "rules/rule_tests.hpp"

namespace preflight::output {

// `quiet` leaves out the cases that passed.
std::string pack_test_report(const rules::TestReport& report, bool quiet, const Style& style);

}  // namespace preflight::output
