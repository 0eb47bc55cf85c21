#include "rules/check_job.hpp"

#include "facts/merge.hpp"
#include "rules/model_catalog.hpp"
#include "rules/model_table.hpp"
#include "rules/reads.hpp"

namespace preflight::rules {
namespace {

// Problems in the job file itself (unknown keys, a node that disagrees with it) are
// findings like any other.
// A typo switches the rules over the meant key off: an unknown key or section is an
// error unless the user allows them.
Finding job_file_finding(const Diagnostic& d, const CheckOptions& options) {
    bool typo = d.code == "config-unknown-key" || d.code == "config-unknown-section";
    Finding f;
    f.rule = d.code;
    f.pack = "preflight";
    f.severity = typo && !options.allow_unknown_keys ? Severity::error : d.severity;
    f.message = d.message;
    f.location = d.location;
    return f;
}

}  // namespace

Result<CheckedJob> check_job(const RuleSet& rules, const config::RunConfig& config, const facts::NodeFacts* node,
                             const CheckOptions& options) {
    CheckedJob checked{facts::from_run_config(config), {}};
    Diagnostics diagnostics = config.diagnostics;
    std::optional<Finding> other_interpreter;
    if (node) {
        // A probe of another interpreter than the launch's lists none of what it runs:
        // its missing packages are then unknown, not absent, and it says so once instead
        // of a warning per package the job declares.
        other_interpreter = probe_other_interpreter(rules, checked.facts, *node);
        if (other_interpreter) {
            facts::NodeFacts partial = *node;
            partial.packages_complete = false;
            facts::merge_node(checked.facts, partial, diagnostics);
        } else {
            facts::merge_node(checked.facts, *node, diagnostics);
        }
    }
    fill_from_model_table(rules, checked.facts);
    auto arch = PREFLIGHT_TRY(check_model_arch(rules, checked.facts, config.path));
    checked.result = run_check(rules, checked.facts, config.path, options);

    std::vector<Finding> job_file;
    for (const auto& d : diagnostics) job_file.push_back(job_file_finding(d, options));
    for (auto& f : env_name_typos(rules, checked.facts, options.allow_unknown_keys ? Severity::warning : Severity::error))
        job_file.push_back(std::move(f));
    if (arch) job_file.push_back(std::move(*arch));
    if (other_interpreter) job_file.push_back(std::move(*other_interpreter));
    std::erase_if(job_file, [&](const Finding& f) { return !options.selects(f.rule, f.pack); });
    checked.job_file_findings = job_file.size();
    checked.result.findings.insert(checked.result.findings.begin(), std::make_move_iterator(job_file.begin()),
                                   std::make_move_iterator(job_file.end()));
    return checked;
}

}  // namespace preflight::rules
