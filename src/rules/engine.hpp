// Runs the rules over the facts, applies their fixes and runs them again until
// nothing changes (a fixpoint), so the consequences of a fix are found too.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/fact_ref.hpp"
#include "core/severity.hpp"
#include "facts/fact_set.hpp"
#include "rules/rule_set.hpp"

namespace preflight::rules {

struct CheckOptions {
    bool apply_suggested = false;  // also apply fixes marked "suggested"
    bool strict = false;           // undetermined error rules count as errors
    int max_rounds = 16;
};

// A fact a finding rests on, and where its value came from.
struct Evidence {
    std::string origin;  // "job.toml:30", "default", "derived", "patch: rule-id" …
    std::string fact;    // FactRef::phrase(): "model.arch", "pkg megatron-core", "env USE_MCORE_GDN"
    std::string value;
    bool derived = false;
};

// Why a finding that fired does not count toward the verdict: a waiver accepts it
// (until it expires, while its version bounds hold) or the baseline already had it.
// A suppressed finding is still reported (SARIF `suppressions`), never dropped.
struct Suppression {
    enum class Kind { waiver, baseline } kind = Kind::waiver;
    std::string justification;  // the waiver's reason; for the baseline, the baseline file
    std::string owner;          // who accepted the risk ("" for the baseline)
    std::string expires;        // YYYY-MM-DD, "" when the waiver has no expiry
    Location where;             // the waiver's table (file, line); the baseline file
};

struct Finding {
    std::string rule;
    std::string pack;
    Severity severity = Severity::error;
    std::string message;
    Location location;
    bool fixable = false;
    std::vector<std::string> references;
    std::vector<std::string> fixes;     // "set env USE_MCORE_GDN=0", with "(suggested)" where so
    std::vector<Evidence> evidence;
    bool undetermined = false;
    // For undetermined findings, what was missing: the facts as FactRef::display()
    // spells them, other causes in parentheses.
    std::vector<std::string> missing;
    std::optional<Suppression> suppressed;  // set by waivers and baselines, after the check
};

struct PatchEntry {
    std::optional<Value> value;  // nullopt: unset (env only)
    std::string rule;
    bool operator==(const PatchEntry&) const = default;
};

struct Patch {
    std::map<std::string, PatchEntry> env;
    std::map<std::string, PatchEntry> config;
    bool operator==(const Patch&) const = default;
    bool empty() const { return env.empty() && config.empty(); }
    // The map that holds a variable or a config key.
    std::map<std::string, PatchEntry>& slot(const FactRef& ref) { return ref.kind == FactRef::Kind::env ? env : config; }
    const std::map<std::string, PatchEntry>& slot(const FactRef& ref) const {
        return ref.kind == FactRef::Kind::env ? env : config;
    }
};

struct FallbackEntry {
    std::string kernel, implementation, rule, reason;
};

struct LimitationEntry {
    std::string feature, rule, reason;
};

struct CheckResult {
    std::vector<Finding> findings;  // sorted by location, then rule id
    Patch patch;                    // without the unsettled keys
    // Config keys and variables whose fixes conflicted or never settled: an error
    // finding each, and left out of the patch, so nothing writes them.
    std::set<FactRef> unsettled;
    std::vector<FallbackEntry> fallbacks;
    std::vector<LimitationEntry> limitations;
    int rounds = 0;  // evaluations of every rule, the last at the fixpoint

    bool has_at_least(Severity s) const;
};

CheckResult run_check(const RuleSet& rules, const facts::FactSet& facts, const std::string& config_path,
                      const CheckOptions& options);

}  // namespace preflight::rules
