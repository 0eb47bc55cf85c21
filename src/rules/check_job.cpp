#include "rules/check_job.hpp"

#include "facts/merge.hpp"
#include "rules/model_catalog.hpp"
#include "rules/model_table.hpp"

namespace preflight::rules {
namespace {

// Problems in the job file itself (unknown keys, a node that disagrees with it) are
// findings like any other.
Finding job_file_finding(const Diagnostic& d) {
    Finding f;
    f.rule = d.code;
    f.pack = "preflight";
    f.severity = d.severity;
    f.message = d.message;
    f.location = d.location;
    return f;
}

}  // namespace

Result<CheckedJob> check_job(const RuleSet& rules, const config::RunConfig& config, const facts::NodeFacts* node,
                             const CheckOptions& options) {
    CheckedJob checked{facts::from_run_config(config), {}};
    Diagnostics diagnostics = config.diagnostics;
    if (node) facts::merge_node(checked.facts, *node, diagnostics);
    fill_from_model_table(rules, checked.facts);
    auto arch = PREFLIGHT_TRY(check_model_arch(rules, checked.facts, config.path));
    checked.result = run_check(rules, checked.facts, config.path, options);

    std::vector<Finding> job_file;
    for (const auto& d : diagnostics) job_file.push_back(job_file_finding(d));
    if (arch) job_file.push_back(std::move(*arch));
    checked.job_file_findings = job_file.size();
    checked.result.findings.insert(checked.result.findings.begin(), std::make_move_iterator(job_file.begin()),
                                   std::make_move_iterator(job_file.end()));
    return checked;
}

}  // namespace preflight::rules
