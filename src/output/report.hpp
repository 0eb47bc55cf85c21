// Check results as text (for people) and JSON (docs/manual.md, "JSON output", for machines).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "output/style.hpp"
#include "rules/engine.hpp"

namespace preflight::output {

struct ReportInput {
    std::string config_path;
    const rules::CheckResult* result = nullptr;
    std::string verdict;  // pass | warn | fail
    bool quiet = false;
};

std::string text_report(const ReportInput& in, const Style& style);
// {"applied", "not_applicable", "undetermined", "missing": [...]}
nlohmann::ordered_json coverage_json(const rules::Coverage& c);
nlohmann::ordered_json json_report(const ReportInput& in);

// One launch of a script or command line: where it is and what launched it.
struct LaunchReportInput {
    ReportInput report;
    std::string label;  // "train.sh:14: megatron sft"
    Location where;     // the command's first word
    std::string launcher;
};

// Each launch under a header line naming it, then its report.
std::string text_launch_report(const std::vector<LaunchReportInput>& launches, const Style& style);
// {"preflight_version", "output_version", "config", "verdict" (the worst), "launches": [
//   {"launch": {"file", "line", "launcher"}, …the fields of json_report…}]}
nlohmann::ordered_json json_launch_report(const std::string& input, const std::string& verdict,
                                          const std::vector<LaunchReportInput>& launches);

// One file of a many-file run: a job file (one entry in `launches`, with no label) or
// a launch script (one entry per launch; none when a walk found no launch in it).
struct FileReport {
    std::string path;
    bool script = false;
    std::vector<LaunchReportInput> launches;
    const Error* error = nullptr;  // unreadable or invalid: told on stderr, counted here
    // A script a walk found with no launch in it: why ("none of its 2 commands is one
    // …"), an info note under the file's name; "" when notes are not shown.
    std::string no_launch;
};

// The worst verdict over files and launches: fail, then warn, then pass.
std::string worst_verdict(const std::vector<FileReport>& files);

// Each file under a `== FILE` line (a script's launches under their own; a script with
// no launch, its note), then one summary line: files, launches, scripts with no launch,
// and how many passed, warned, failed and were unreadable.
std::string text_files_report(const std::vector<FileReport>& files, const Style& style);
// {"preflight_version", "output_version", "verdict", "summary": {"files", "jobs",
//  "scripts", "launches", "no_launch", "pass", "warn", "fail", "unreadable"}, "files":
//  [json_report of a job, or {"config": SCRIPT, "verdict", "launches": […], "no_launch"
//  (with no launch: why)} of a script, or {"config", "error": {"message", "line",
//  "column"}} of an unreadable file]}
nlohmann::ordered_json json_files_report(const std::vector<FileReport>& files);

}  // namespace preflight::output
