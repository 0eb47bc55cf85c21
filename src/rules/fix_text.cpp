#include "rules/fix_text.hpp"

#include <fmt/format.h>

namespace preflight::rules {
namespace {

// `value_text`: how the value reads, or nullopt for an unset.
std::string action(const Fix& fix, const std::optional<std::string>& value_text) {
    bool env = fix.target == Fix::Target::env;
    if (!value_text) return fmt::format("unset {}{}", env ? "env " : "", fix.key);
    // A variable's value is its text; a config value is a TOML literal, as in the job.
    return env ? fmt::format("set env {}={}", fix.key, *value_text) : fmt::format("set {} = {}", fix.key, *value_text);
}

std::string value_text(const Fix& fix, const Value& value) {
    return fix.target == Fix::Target::env ? display(value) : literal(value);
}

}  // namespace

std::string fix_text(const Fix& fix, const std::optional<Value>& value) {
    std::string what = action(fix, value ? std::optional(value_text(fix, *value)) : std::nullopt);
    return fix.safe ? what : what + " (suggested)";
}

std::string declared_fix_text(const Fix& fix) {
    if (fix.unset) return action(fix, std::nullopt);
    if (fix.expr) return action(fix, "`" + fix.expr->source() + "`");
    return action(fix, fix.literal ? std::optional(value_text(fix, *fix.literal)) : std::nullopt);
}

}  // namespace preflight::rules
