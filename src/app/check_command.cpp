// `preflight check JOB.toml`: findings, the patched runtime arguments, the kernel
// fallbacks and limitations.
#include <iostream>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "output/fact_lines.hpp"
#include "output/report.hpp"
#include "rules/engine.hpp"

namespace preflight::app {
namespace {

struct CheckArgs {
    std::string job;
    std::string fail_on = "error";
    bool strict = false;
    bool apply_suggested = false;
    bool dump_facts = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

std::string verdict(const rules::CheckResult& result) {
    return result.has_at_least(Severity::error) ? "fail" : result.has_at_least(Severity::warning) ? "warn" : "pass";
}

int run(const CheckArgs& args) {
    rules::CheckOptions options;
    options.strict = args.strict;
    options.apply_suggested = args.apply_suggested;
    auto evaluation = evaluate_job(args.job, args.rules, args.facts, options);
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    const auto& result = evaluation->result;
    if (args.dump_facts) std::cout << output::fact_set_lines(evaluation->facts) << "\n";

    output::ReportInput in{args.job, &result, verdict(result), args.output.quiet};
    if (args.output.format == "json") std::cout << output::json_report(in).dump(2) << "\n";
    else std::cout << output::text_report(in, args.output.stdout_style());

    Severity threshold = args.fail_on == "warning" ? Severity::warning : Severity::error;
    return result.has_at_least(threshold) ? exit_findings : exit_pass;
}

}  // namespace

Command register_check(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<CheckArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("check", "Check a run configuration against the rule packs");
    cmd->footer(
        "Prints each finding as file:line:col: severity: message [rule-id] with the source line,\n"
        "then the patched runtime arguments, kernel fallbacks and limitations.\n"
        "Exit: 0 pass, 1 findings at or above --fail-on, 2 unreadable input or rules, 3 internal error.\n"
        "Example: preflight check share/examples/qwen3_5-27b-megatron-npu.toml --format json");
    cmd->add_option("job", args->job, "The run configuration (job.toml)")->required()->type_name("JOB.toml");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json"});
    cmd->add_option("--fail-on", args->fail_on, "Lowest severity that makes the exit code 1")
        ->check(CLI::IsMember({"error", "warning"}))
        ->capture_default_str();
    cmd->add_flag("--strict", args->strict, "Count undetermined error rules as errors (for CI)");
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--dump-facts", args->dump_facts, "Print every fact the check starts from, as (origin) name = value");
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
