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
    bool strict = false;           // an undetermined rule counts at its own severity
    // Unknown job keys and sections, and near misses of variables the rules read, are
    // errors; true makes them warnings (--allow-unknown-keys).
    bool allow_unknown_keys = false;
    // --select / --ignore: rule ids or pack names. A rule not selected, or ignored, is
    // not run and reports nothing; empty `select` selects every rule.
    std::vector<std::string> select, ignore;
    int max_rounds = 16;
    // A round keeps a rule's outcome from the round before when the patch changed
    // nothing it read; false evaluates every rule in every round (tests compare the two).
    bool keep_outcomes = true;

    bool selects(const std::string& rule, const std::string& pack) const;
};

// A fact a finding rests on, and where its value came from.
struct Evidence {
    std::string origin;  // "job.toml:30", "default", "derived", "patch: rule-id" …
    std::string fact;    // FactRef::phrase(): "model.arch", "pkg megatron-core", "env USE_MCORE_GDN"
    std::string value;
    bool derived = false;
    FactRef ref;  // the fact itself, for code that acts on it (plan moves its packages)
};

// Why a finding that fired does not count toward the verdict: a waiver accepts it
// (until it expires, while its version bounds hold) or the baseline already had it.
// A suppressed finding is still reported (SARIF `suppressions`), never dropped.
struct Suppression {
    enum class Kind { waiver, baseline, comment } kind = Kind::waiver;  // comment: rules/inline_ignore.hpp
    std::string justification;  // the waiver's reason; for the baseline, the baseline file
    std::string owner;          // who accepted the risk ("" for the baseline)
    std::string expires;        // YYYY-MM-DD, "" when the waiver has no expiry
    Location where;             // the waiver's table (file, line); the baseline file
};

// "waiver", "baseline", "comment": as JSON and the CI formats name the kind.
inline const char* to_string(Suppression::Kind kind) {
    return kind == Suppression::Kind::waiver ? "waiver" : kind == Suppression::Kind::baseline ? "baseline" : "comment";
}

struct Finding {
    std::string rule;
    std::string pack;
    Severity severity = Severity::error;
    std::string message;
    Location location;
    bool fixable = false;
    std::vector<std::string> references;
    std::vector<std::string> fixes;  // "set env USE_MCORE_GDN=0", with "(suggested)" where so
    std::vector<Evidence> evidence;
    bool undetermined = false;
    // For undetermined findings, what was missing: the facts as FactRef::display()
    // spells them, other causes in parentheses.
    std::vector<std::string> missing;
    std::optional<Suppression> suppressed;  // set by waivers and baselines, after the check
    // Lines under the message: for the grouped undetermined note, one per rule.
    std::vector<std::string> details;
    // For a finding located in a file other than its launch's own (a --with file that
    // several launches share): the launch it came from, "scripts/train.sh:14" relative
    // to the identity root. Part of its fingerprint, so a baseline entry of one launch
    // never hides the same finding of another.
    std::string launch;
};

// The rule id of the one note that groups the rules that apply but could not decide.
inline constexpr const char* kUndeterminedRule = "preflight-undetermined";

// How much of the loaded knowledge judged this launch. Relevance comes first: a rule
// whose subject the launch does not involve is not applicable and says nothing (its
// `applies` is false, or it is undecided only for packages the launch never names).
// Of the rules that apply, those that could not decide are undetermined; the rest
// (fired or quiet) are applied.
struct Coverage {
    int applied = 0;
    int not_applicable = 0;
    int undetermined = 0;
    int ignored = 0;                   // not run: --select / --ignore
    std::vector<std::string> missing;  // what the undetermined rules lacked, as Finding::missing
};

struct PatchEntry {
    std::optional<Value> value;  // nullopt: unset (env only)
    std::string rule;
    bool operator==(const PatchEntry&) const = default;
};

// Patch entries by key or variable name, searched by any string type (as FactMap).
using PatchMap = std::map<std::string, PatchEntry, std::less<>>;

struct Patch {
    PatchMap env;
    PatchMap config;
    bool operator==(const Patch&) const = default;
    bool empty() const { return env.empty() && config.empty(); }
    // The map that holds a variable or a config key.
    PatchMap& slot(const FactRef& ref) { return ref.kind == FactRef::Kind::env ? env : config; }
    const PatchMap& slot(const FactRef& ref) const { return ref.kind == FactRef::Kind::env ? env : config; }
};

struct FallbackEntry {
    std::string kernel, implementation, rule, reason;
};

struct LimitationEntry {
    std::string feature, rule, reason;
};

struct CheckResult {
    std::vector<Finding> findings;  // sorted by location, then rule id
    // Each undetermined rule on its own (findings holds one note for them all, rule
    // kUndeterminedRule): for per-rule reports (JUnit, TAP, JSON) and pack tests.
    std::vector<Finding> undetermined;
    Coverage coverage;
    Patch patch;  // without the unsettled keys
    // Config keys and variables whose fixes conflicted or never settled: an error
    // finding each, and left out of the patch, so nothing writes them.
    std::set<FactRef> unsettled;
    std::vector<FallbackEntry> fallbacks;
    std::vector<LimitationEntry> limitations;
    int rounds = 0;  // evaluations of every rule, the last at the fixpoint

    bool has_at_least(Severity s) const;
};

// The one order of findings, for a reader, applied once after waivers and baselines:
// errors, then warnings, then notes (the undetermined note last), each in file order;
// suppressed findings after all the others, in the same order.
void sort_findings(std::vector<Finding>& findings);

CheckResult run_check(const RuleSet& rules, const facts::FactSet& facts, const std::string& config_path,
                      const CheckOptions& options);

}  // namespace preflight::rules
