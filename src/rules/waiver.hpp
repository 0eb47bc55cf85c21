// Waivers: a known risk accepted for a reason, by someone, until a date, while the
// versions it was judged on hold. A waived finding is marked suppressed and still
// reported; a waiver that no longer holds is itself a finding (docs/manual.md,
// "Waivers and baselines").
#pragma once

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "config/run_config.hpp"
#include "core/error.hpp"
#include "facts/fact_set.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"
#include "version/version.hpp"

namespace preflight::rules {

// The ids of the findings waivers themselves give.
inline constexpr const char* kWaiverExpired = "waiver-expired";
inline constexpr const char* kWaiverLapsed = "waiver-lapsed";
inline constexpr const char* kWaiverUndetermined = "waiver-undetermined";
inline constexpr const char* kWaiverUnused = "waiver-unused";

// A day as waivers and --now write it: "YYYY-MM-DD" (util::parse_day reads it).
std::string format_date(const std::chrono::year_month_day& day);
// Today in the local time zone.
std::chrono::year_month_day today();

// A version bound: the waiver holds only while the package's version is in range.
struct VersionBound {
    std::string package;  // normalized
    version::VersionRange range;
    Location where;
};

struct Waiver {
    std::string rule;
    std::string path;  // fnmatch(3) glob (FNM_PATHNAME), relative to `base`; "" matches every file
    std::string base;  // absolute directory of the file that holds the waiver
    std::string justification;
    std::string owner;
    std::optional<std::chrono::year_month_day> expires;  // the last day it holds
    std::vector<VersionBound> bounds;
    Location where;  // the [[waive]] table
};

// The ids a waiver may name: the loaded rules and the findings the engine itself
// reports about its inputs (config-unknown-key, with-conflict …).
bool waivable_rule(const RuleSet& rules, std::string_view id);
// The ids of the findings the engine itself reports (config-unknown-key …), which
// --select / --ignore and waivers may name besides the loaded rules.
std::vector<std::string> engine_finding_ids();

// Checks raw [[waive]] tables (a waiver file's, or a job file's inline ones) against
// the loaded rules. Errors (exit 2) name the file, line and key: an unknown key, a
// missing rule/justification/owner, a rule id no pack defines, a bad date or range.
Result<std::vector<Waiver>> read_waivers(const std::vector<config::RawTable>& tables, const std::string& base,
                                         const RuleSet& rules);

// Whether `file` (as a finding names it, relative to the working directory or
// absolute) lies under the waiver's directory and matches its glob.
bool path_matches(const Waiver& waiver, const std::string& file);

// Whether a waiver holds for a job: in force, expired (today is past `expires`),
// lapsed (a bound's package is at another version, or not installed) or
// undetermined (a bound's package version is unknown: the waiver then does not
// suppress, since nobody can tell it covers this job).
struct WaiverStanding {
    enum class State { in_force, expired, lapsed, undetermined } state = State::in_force;
    std::string why;  // for the finding that reports it
};
WaiverStanding standing(const Waiver& waiver, const facts::FactSet& facts, const std::chrono::year_month_day& today);

// Marks the findings of one job that a waiver in force covers (the first such waiver
// in `waivers` wins), adds a warning for each waiver that would have covered an
// unsuppressed finding but is expired, lapsed or undetermined, and records in
// `matched` every waiver that suppressed a finding or was reported so.
void apply_waivers(const std::vector<const Waiver*>& waivers, const facts::FactSet& facts,
                   const std::chrono::year_month_day& today, CheckResult& result, std::set<const Waiver*>& matched);

// The finding for a waiver that matched no finding: a warning (waiver-expired) when
// today is past its expiry, or (waiver-lapsed) when a version bound lapses for every job
// it was offered to (`jobs`: their facts; a waiver file's waivers are offered to every
// job, an inline one to its own); else a notice (waiver-unused).
Finding unused_waiver_finding(const Waiver& waiver, const std::vector<const facts::FactSet*>& jobs,
                              const std::chrono::year_month_day& today);

}  // namespace preflight::rules
