// Check results as test results, for CI systems that show test reports (GitLab,
// Jenkins, Azure: JUnit XML; TAP consumers: TAP 13). Each checked file and each
// loaded rule make one test case: failed by a finding at or above the threshold,
// skipped when the rule was undetermined there, passed otherwise (findings below the
// threshold and waived ones are told in the case's output, not hidden).
#pragma once

#include <string>
#include <vector>

#include "core/severity.hpp"
#include "output/ci_report.hpp"
#include "rules/rule_set.hpp"

namespace preflight::output {

// <testsuites> with one <testsuite> per file, one <testcase classname=FILE name=RULE>
// per rule; failures carry the messages and locations, skipped cases what was missing.
std::string junit_report(const rules::RuleSet& rules, const std::vector<CheckedFile>& files, Severity fail_on);

// `TAP version 13`, the plan, then `ok`/`not ok N - FILE: RULE` with a YAML block for
// failures and `# SKIP` for undetermined rules.
std::string tap_report(const rules::RuleSet& rules, const std::vector<CheckedFile>& files, Severity fail_on);

// XML 1.0 character data and attribute values: markup characters escaped, and the
// control characters XML 1.0 cannot carry at all replaced by U+FFFD.
std::string xml_escape(const std::string& s);

}  // namespace preflight::output
