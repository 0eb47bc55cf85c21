// Where waivers and baselines live: the repository root (the directory holding
// .git), the `.preflight-waivers.toml` found from the working directory up to it,
// and the waiver file itself, read into raw tables that rules/waiver.hpp checks.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "config/run_config.hpp"
#include "core/error.hpp"

namespace preflight::rules {

inline constexpr const char* kWaiverFileName = ".preflight-waivers.toml";

// The nearest directory from `start` (absolute) upward that holds `.git` (a
// directory, or the file a worktree has); nullopt outside any repository.
std::optional<std::filesystem::path> repository_root(const std::filesystem::path& start);

// `.preflight-waivers.toml` in `start` or a directory above it, up to and including
// the repository root; outside a repository only `start` itself is looked at, so a
// stray file in /tmp or $HOME never waives a finding.
std::optional<std::filesystem::path> discover_waiver_file(const std::filesystem::path& start);

// A waiver file's `[[waive]]` tables, each with its location. Errors (exit 2) name the
// file and line: unreadable, not UTF-8, not TOML, a key other than `waive` at the top.
Result<std::vector<config::RawTable>> read_waiver_file(const std::string& path);

}  // namespace preflight::rules
