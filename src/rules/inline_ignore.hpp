// Inline suppression in launch scripts, as shellcheck's `# shellcheck disable=` and
// ruff's `# noqa`: a comment line `# preflight: ignore[RULE, …] reason` accepts those
// rules' findings for the next command (the next line that is neither blank nor a
// comment): findings located on that line, and every finding of a launch that starts
// there. A reason is required, as a waiver's justification is.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

inline constexpr const char* kInlineIgnoreInvalid = "inline-ignore-invalid";

struct InlineIgnore {
    std::vector<std::string> rules;
    std::string reason;
    Location where;        // the comment
    int command_line = 0;  // the line of the command it applies to; 0: none follows
};

// The directives of a script's text, and a finding for each malformed one (no reason,
// no rule, a rule id no pack defines), located at its line.
std::vector<InlineIgnore> read_inline_ignores(std::string_view text, const std::string& path, const RuleSet& rules,
                                              std::vector<Finding>& invalid);

// Marks as suppressed the findings of one launch (starting at `launch_line` of
// `script`) that a directive covers.
void apply_inline_ignores(const std::vector<InlineIgnore>& ignores, const std::string& script, int launch_line,
                          CheckResult& result);

}  // namespace preflight::rules
