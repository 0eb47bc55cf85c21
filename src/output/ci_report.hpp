// Check results in the formats CI systems display: SARIF 2.1.0 (GitHub code scanning and
// other SARIF viewers), GitHub Actions workflow commands (pull-request annotations) and
// GitLab's Code Quality report (merge-request widget). Test-report formats are in
// test_results.hpp.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "facts/fact_set.hpp"
#include "rules/engine.hpp"
#include "rules/rule_set.hpp"

namespace preflight::output {

// One checked run configuration: the file the user named (a job file or launch script)
// and its result. A finding located in another file (a --with file) names that file.
struct CheckedFile {
    std::string path;
    const rules::CheckResult* result = nullptr;
    // A job file's text and facts: with them, SARIF results carry `fixes` (the edits of
    // the finding's rule, as `fix` would write them). Absent for launch scripts.
    const std::string* job_text = nullptr;
    const facts::FactSet* facts = nullptr;
};

// One SARIF run: the loaded rules as reportingDescriptors (help: the explanation page
// and references; helpUri: the first URL reference), each finding a result located at
// its line and column (and end column when known), with partialFingerprints from
// rules::fingerprint, `suppressions` for waived or baselined findings, and `fixes` for a
// fixable finding of a job file: one replacement of the changed lines, with offsets in
// Unicode code points (the run's columnKind). Files are named as baselines name them
// (rules::identity_path below `root`, rules::identity_root()): URIs relative to the
// base id SRCROOT, which originalUriBaseIds sets to `root`; fingerprints are the
// baseline's, so neither depends on the checkout or the directory the run started in.
nlohmann::ordered_json sarif_report(const rules::RuleSet& rules, const std::vector<CheckedFile>& files,
                                    const std::filesystem::path& root);

// The pieces of that run other SARIF reports (fleet's) share: a relative path as a URI
// reference, a severity's level, a result's `locations` (a file, and its line and
// columns where known), the loaded rules as reportingDescriptors and each one's index
// by id, and the log of one run around descriptors and results.
std::string sarif_uri(const std::string& path);
const char* sarif_level(Severity severity);
nlohmann::ordered_json sarif_location(const std::string& path, const Location& where);
nlohmann::ordered_json sarif_descriptors(const rules::RuleSet& rules);
std::map<std::string, std::size_t> sarif_rule_index(const nlohmann::ordered_json& descriptors);
// `root`, when given, is SRCROOT in the run's originalUriBaseIds (check's reports).
nlohmann::ordered_json sarif_log(nlohmann::ordered_json descriptors, nlohmann::ordered_json results,
                                 const std::optional<std::filesystem::path>& root = std::nullopt);

// One `::error|warning|notice file=…,line=…,col=…,title=…::message` line per finding,
// escaped as GitHub's runner reads them back. Undetermined and suppressed findings are
// notices (a suppressed one says what accepted it). `file=` is relative to `root` (the
// repository root, where the runner resolves it) for a file below it, else as named.
std::string github_annotations(const std::vector<CheckedFile>& files, const std::filesystem::path& root);

// GitLab's Code Quality report: a JSON array of issues (description, check_name,
// fingerprint, severity info|major|critical, location.path and lines.begin), one per
// finding that is not waived or baselined; paths and fingerprints as in SARIF, relative
// to `root`.
nlohmann::ordered_json code_quality_report(const std::vector<CheckedFile>& files, const std::filesystem::path& root);

// GitHub's escaping: the message of a workflow command, and a property value. '%', CR
// and LF (and ':' and ',' in a property) as the runner reads them back; every other
// control character shown as printable() shows it.

std::string github_escape_data(const std::string& s);
std::string github_escape_property(const std::string& s);

// SARIF and Code Quality as text (indented, with a final newline), with no control
// character raw: what JSON would carry raw (DEL, C1 controls, line separators,
// bidirectional controls) written as backslash-u escapes, and bytes that are not UTF-8 replaced by U+FFFD.
std::string ci_json_text(const nlohmann::ordered_json& j);

}  // namespace preflight::output
