// `plan`: the smallest change of package versions, variables and flags that leaves a
// launch with no error. Moves come from the release lists (release_list.hpp) and the
// fixes the rules offer; every candidate stack is judged by the real check
// (rules::check_job), never by a second reading of the rules.
//
// The search is bounded and deterministic: the packages it may move are those the
// error findings rest on (their evidence and `fixed_in`), then those the findings of a
// tried move rest on; each package's releases are tried nearest first, upgrades before
// downgrades at equal distance, final releases before pre-releases; at most
// `max_packages` packages move together and at most `max_checks` stacks are checked.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "core/error.hpp"
#include "facts/node_facts.hpp"
#include "plan/release_list.hpp"
#include "rules/check_job.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::plan {

struct PlanOptions {
    rules::CheckOptions check;   // as `check` would run (strict, select/ignore …)
    std::set<std::string> keep;  // normalized package names that must not move (--keep)
    std::size_t max_packages = 3;
    std::size_t max_checks = 200;  // candidate stacks checked, at most
    // Releases tried per package: the nearest half of them upgrades, a third
    // downgrades, a sixth pre-releases.
    std::size_t versions_per_package = 12;
    std::size_t frontier = 6;      // past one package, the closest stacks grown per level
    std::size_t alternatives = 3;  // ranked after the best
};

// One package moved to another release.
struct PackageMove {
    std::string package;
    std::string from;  // the version the launch has ("" when it names none)
    std::string to;
    bool upgrade = true;
    int distance = 0;  // releases of the list between from and to, counting to
    const Release* release = nullptr;
    // What this move alone does to the launch: the rules it clears (fired before, not
    // after) and the findings it brings into play (fire after, not before).
    std::vector<std::string> clears;
    std::vector<rules::Finding> brings;
};

// A variable or configuration key set (or unset) by a rule's fix.
struct SettingChange {
    FactRef target;
    std::optional<Value> value;  // nullopt: unset
    std::string rule;            // the rule whose fix it is (the rule it clears)
};

struct Candidate {
    std::vector<PackageMove> moves;  // sorted by package
    std::vector<SettingChange> settings;
    bool suggested = false;              // its settings include suggested fixes
    rules::CheckResult planned;          // `check` of the planned stack
    std::vector<std::string> clears;     // rules of the launch's findings that no longer fire
    std::vector<rules::Finding> brings;  // findings of the planned stack the launch did not have
    int errors = 0, warnings = 0;

    std::size_t changes() const { return moves.size() + settings.size(); }
};

// An error that no candidate tried clears: the rule, and why the search could not move it.
struct Blocker {
    rules::Finding finding;
    std::string why;
};

struct Plan {
    rules::CheckedJob before;             // the launch as it is
    std::optional<Candidate> best;        // nullopt: no candidate left no error
    std::vector<Candidate> alternatives;  // ranked after the best
    std::vector<Blocker> blockers;        // when there is no best
    std::set<std::string> kept;           // --keep packages the launch has
    std::size_t checks = 0;               // stacks checked
    bool capped = false;                  // the search stopped at max_checks
    bool nothing_to_do = false;           // the launch had no error
};

// Errors: the launch itself cannot be checked (check_job's errors).
Result<Plan> make_plan(const rules::RuleSet& rules, const ReleaseLists& releases, const config::RunConfig& config,
                       const facts::NodeFacts* node, const PlanOptions& options);

// Counts as check's verdict counts: fired (not undetermined, not suppressed) errors.
int count_errors(const rules::CheckResult& result);

}  // namespace preflight::plan
