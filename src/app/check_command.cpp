// `preflight check JOB.toml`: findings, the patched runtime arguments, the kernel
// fallbacks and limitations.
#include <algorithm>
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "output/printable.hpp"
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
};

// "(origin) name = value" for every fact the check starts from, sorted by name.
std::string dump(const facts::FactSet& f) {
    std::vector<std::pair<std::string, std::string>> lines;
    for (const auto& [k, fact] : f.config) lines.push_back({k, fmt::format("({}) {} = {}", describe(fact.origin), k, display(fact.value))});
    for (const auto& [k, fact] : f.env) lines.push_back({"env " + k, fmt::format("({}) env {} = {}", describe(fact.origin), k, display(fact.value))});
    for (const auto& [k, fact] : f.packages)
        lines.push_back({"pkg " + k, fmt::format("({}) pkg {} = {}", describe(fact.origin), k,
                                                 fact.value.is_null() ? "not installed" : display(fact.value))});
    std::sort(lines.begin(), lines.end());
    std::string out;
    for (const auto& [k, line] : lines) out += output::printable(line) + "\n";
    return out;
}

int run(const CheckArgs& args, Common& common) {
    rules::CheckOptions options;
    options.strict = args.strict;
    options.apply_suggested = args.apply_suggested;
    auto evaluated = evaluate_job(args.job, common, options);
    if (!evaluated) return report_input_error(evaluated.error(), common);
    const Evaluation* evaluation = *evaluated;
    const auto& result = evaluation->result;
    if (args.dump_facts) std::cout << dump(evaluation->facts) << "\n";

    output::ReportInput in;
    in.config_path = args.job;
    in.result = &result;
    in.verdict = result.has_at_least(Severity::error) ? "fail" : result.has_at_least(Severity::warning) ? "warn" : "pass";
    in.quiet = common.quiet;
    if (common.format == "json") std::cout << output::json_report(in).dump(2) << "\n";
    else std::cout << output::text_report(in, stdout_style(common));

    Severity threshold = args.fail_on == "warning" ? Severity::warning : Severity::error;
    return result.has_at_least(threshold) ? exit_findings : exit_pass;
}

}  // namespace

void register_check(CLI::App& app, Common& common) {
    auto args = std::make_shared<CheckArgs>();
    auto* cmd = app.add_subcommand("check", "Check a run configuration against the rule packs");
    cmd->footer(
        "Prints each finding as file:line:col: severity: message [rule-id] with the source line,\n"
        "then the patched runtime arguments, kernel fallbacks and limitations.\n"
        "Exit: 0 pass, 1 findings at or above --fail-on, 2 unreadable input or rules, 3 internal error.\n"
        "Example: preflight check share/examples/qwen3_5-27b-megatron-npu.toml --format json");
    cmd->add_option("job", args->job, "The run configuration (job.toml)")->required()->type_name("JOB.toml");
    add_rules_option(cmd, common);
    add_output_options(cmd, common, {"text", "json"});
    cmd->add_option("--fail-on", args->fail_on, "Lowest severity that makes the exit code 1")
        ->check(CLI::IsMember({"error", "warning"}))
        ->capture_default_str();
    cmd->add_flag("--strict", args->strict, "Count undetermined error rules as errors (for CI)");
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--dump-facts", args->dump_facts, "Print every fact the check starts from, as (origin) name = value");
    add_fact_options(cmd, common, true);
    cmd->callback([args, &common] { common.exit_code = run(*args, common); });
}

}  // namespace preflight::app
