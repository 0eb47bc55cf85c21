// Baselines: the findings a repository already had when it adopted preflight, by
// fingerprint (rule, file, key; rules/fingerprint.hpp), so a CI run fails only on
// new ones (docs/manual.md, "Waivers and baselines").
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "rules/engine.hpp"

namespace preflight::rules {

inline constexpr const char* kBaselineFixed = "baseline-fixed";
inline constexpr int kBaselineVersion = 1;

struct BaselineEntry {
    std::string fingerprint;
    std::string rule;
    std::string file;  // relative to the run's identity_root
    std::string key;
    std::string message;  // for people reading the file; not compared
};

struct Baseline {
    std::string path;
    std::vector<BaselineEntry> entries;  // sorted by file, rule, key; one per fingerprint
};

// The directory fingerprints, baselines and CI reports name files relative to: the
// repository holding `first_input` (the first path the run names), else the repository
// above the working directory, else the working directory itself. So `check jobs` at
// the root, `check .` in jobs/ and `check /abs/repo/jobs` from anywhere agree.
std::filesystem::path identity_root(const std::string& first_input);

// The name a finding's file has in fingerprints: relative to `root` (identity_root),
// '/'-separated, so a baseline written at the root matches a run from a subdirectory.
std::string identity_path(const std::string& file, const std::filesystem::path& root);

// A finding recorded in a baseline: every finding that no waiver suppresses (a
// baseline-suppressed one stays, so writing over the baseline in use refreshes it),
// except the findings about waivers and baselines themselves.
bool belongs_in_baseline(const Finding& f);

BaselineEntry baseline_entry(const Finding& f, const std::filesystem::path& root);

// {"preflight_baseline": 1, "entries": [{fingerprint, rule, file, key, message}]},
// sorted and one entry per fingerprint, so the file diffs well in review.
std::string baseline_json(std::vector<BaselineEntry> entries);

// Errors (exit 2) name the file, and the line, the entry and the key where they can.
Result<Baseline> read_baseline(const std::string& path);

// Marks the findings whose fingerprint the baseline holds as suppressed, and records
// in `seen` each fingerprint it met.
void apply_baseline(const Baseline& baseline, const std::filesystem::path& root, CheckResult& result,
                    std::set<std::string>& seen);

// The entries gone since the baseline was written (fixed), among those whose file
// this run checked (`checked`: identity paths); nullopt when none are gone.
std::optional<Finding> baseline_fixed_finding(const Baseline& baseline, const std::set<std::string>& seen,
                                              const std::set<std::string>& checked);

}  // namespace preflight::rules
