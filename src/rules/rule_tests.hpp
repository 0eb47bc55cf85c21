// Each pack's own test cases: tests/<case>/job.toml and tests/<case>/expect.toml.
//
// expect.toml:
//   fires = ["rule-id", …]     # exactly these rules of the pack fire
//   quiet = ["rule-id", …]     # these must not fire (a deliberate negative case)
//   undetermined = [ … ]       # optional: exactly these rules of the pack are undetermined
//   fallbacks = ["kernel=implementation", …]   # optional, exact
//   limitations = ["feature", …]               # optional, exact
//   [patch.env]    NAME = "value"               # optional, exact
//   [patch.config] "train.packing" = false      # optional, exact
// Each expectation covers the pack's own rules: other packs' findings, fixes,
// fallbacks and limitations are not compared, so adding a pack breaks no other.
//
// A case's job is checked as `check` checks it (rules/check_job.hpp), and its job
// file must draw no finding of its own (an unknown key, an unknown model.arch):
// such a case would test something else than it says.
//
// Every rule of a pack must fire in one case and stay quiet in another.
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

struct CaseResult {
    std::string pack;
    std::string name;
    bool passed = true;
    std::vector<std::string> diff;  // "- expected" / "+ actual" lines, or a reason
};

struct TestReport {
    std::vector<CaseResult> cases;
    std::vector<std::string> coverage_gaps;  // "pack: rule X has no case where it fires"
    std::vector<std::string> untested;       // packs compiled into the binary, without their tests
    std::size_t failed() const;
};

Result<TestReport> run_pack_tests(const RuleSet& rules, const std::vector<std::string>& only_packs);

}  // namespace preflight::rules
