// `preflight check JOB.toml`: findings, the patched runtime arguments, the kernel
// fallbacks and limitations.
#include <iostream>

#include "app/evaluate.hpp"
#include "app/gate_options.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "output/ci_report.hpp"
#include "output/fact_lines.hpp"
#include "output/printable.hpp"
#include "output/report.hpp"
#include "rules/check_job.hpp"
#include "rules/engine.hpp"

namespace preflight::app {
namespace {

struct CheckArgs {
    std::vector<std::string> inputs;  // a job file, a launch script, or a command line after --
    std::vector<std::string> with;
    bool launch = false;
    std::string fail_on = "error";
    bool strict = false;
    bool apply_suggested = false;
    bool dump_facts = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
    GateOptions gates;  // waivers and baselines (gate_options.hpp)
};

std::string verdict(const rules::CheckResult& result) {
    return result.has_at_least(Severity::error) ? "fail" : result.has_at_least(Severity::warning) ? "warn" : "pass";
}

Severity threshold_of(const CheckArgs& args) { return args.fail_on == "warning" ? Severity::warning : Severity::error; }

rules::CheckOptions check_options(const CheckArgs& args) {
    rules::CheckOptions options;
    options.strict = args.strict;
    options.apply_suggested = args.apply_suggested;
    return options;
}

// A launch script or a command line: each launch checked on its own, one report.
int run_launches(const CheckArgs& args, bool command_line) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto input = command_line ? read_launch_argv(args.inputs, *rules, args.with)
                              : read_launch_script(args.inputs.front(), *rules, args.with);
    if (!input) return report_input_error(input.error(), args.output);
    std::optional<facts::NodeFacts> node;
    if (args.facts.any_source()) {
        auto collected = node_facts(args.facts, *rules);
        if (!collected) return report_input_error(collected.error(), args.output);
        node = std::move(*collected);
    }
    std::vector<rules::CheckedJob> checked;
    for (const auto& l : input->launches) {
        auto one = rules::check_job(*rules, l.launch.config, node ? &*node : nullptr, check_options(args));
        if (!one) return report_input_error(one.error(), args.output);
        if (args.dump_facts)
            std::cout << output::printable("== " + l.label) << "\n" << output::fact_set_lines(one->facts) << "\n";
        checked.push_back(std::move(*one));
    }
    // Waivers and baselines (gate_options.hpp): one call over every launch.
    std::vector<GateInput> gated;
    for (std::size_t i = 0; i < checked.size(); ++i)
        gated.push_back(
            {input->launches[i].launch.config.path, &input->launches[i].launch.config, &checked[i].facts, &checked[i].result});
    if (auto gates = apply_gates(args.gates, *rules, gated); !gates) return report_input_error(gates.error(), args.output);
    std::vector<output::LaunchReportInput> reports;
    bool fails = false;
    std::string worst = "pass";
    for (std::size_t i = 0; i < checked.size(); ++i) {
        const auto& l = input->launches[i];
        const auto& result = checked[i].result;
        std::string v = verdict(result);
        if (v == "fail" || (v == "warn" && worst == "pass")) worst = v;
        fails = fails || result.has_at_least(threshold_of(args));
        reports.push_back(
            {{l.launch.config.path, &result, v, args.output.quiet}, l.label, l.command.where, l.launch.launcher->name});
    }
    std::string shown = command_line ? "" : args.inputs.front();
    std::vector<output::CheckedFile> files;
    for (std::size_t i = 0; i < checked.size(); ++i) files.push_back({input->launches[i].launch.config.path, &checked[i].result});
    if (args.output.format == "json") std::cout << output::json_launch_report(shown, worst, reports).dump(2) << "\n";
    else if (args.output.format == "sarif") std::cout << output::sarif_report(*rules, files).dump(2) << "\n";
    else if (args.output.format == "github") std::cout << output::github_annotations(files);
    else std::cout << output::text_launch_report(reports, args.output.stdout_style());
    return fails ? exit_findings : exit_pass;
}

int run(const CheckArgs& args) {
    if (args.inputs.empty())
        return report_input_error(Error{"name a job file, a launch script, or a command line after --", {}}, args.output);
    bool command_line = args.inputs.size() > 1;
    if (command_line || args.launch || is_launch_script(args.inputs.front())) return run_launches(args, command_line);
    if (!args.with.empty())
        return report_input_error(Error{"--with lays a partial configuration under a launch; a job file gives its own", {}},
                                  args.output);

    const std::string& job = args.inputs.front();
    auto evaluation = evaluate_job(job, args.rules, args.facts, check_options(args));
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    // Waivers and baselines (gate_options.hpp).
    if (auto gates =
            apply_gates(args.gates, evaluation->rules, {{job, &evaluation->config, &evaluation->facts, &evaluation->result}});
        !gates)
        return report_input_error(gates.error(), args.output);
    const auto& result = evaluation->result;
    if (args.dump_facts) std::cout << output::fact_set_lines(evaluation->facts) << "\n";

    output::ReportInput in{job, &result, verdict(result), args.output.quiet};
    if (args.output.format == "json") std::cout << output::json_report(in).dump(2) << "\n";
    else if (args.output.format == "sarif")
        std::cout << output::sarif_report(evaluation->rules, {{job, &result}}).dump(2) << "\n";
    else if (args.output.format == "github") std::cout << output::github_annotations({{job, &result}});
    else std::cout << output::text_report(in, args.output.stdout_style());
    return result.has_at_least(threshold_of(args)) ? exit_findings : exit_pass;
}

}  // namespace

Command register_check(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<CheckArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd =
        app.add_subcommand("check", "Check a run configuration, a launch script or a launch command line against the rule packs");
    cmd->footer(
        "Prints each finding as file:line:col: severity: message [rule-id] with the source line,\n"
        "then the patched runtime arguments, kernel fallbacks and limitations.\n"
        "A launch script (.sh, .bash, or a #!...sh first line) is read as bash would run it; each launch\n"
        "in it is checked on its own, its findings located at the script's lines. After --, the words\n"
        "are one launch command line, with this process's environment as its own.\n"
        "--format sarif writes SARIF 2.1.0 (code scanning); --format github writes workflow commands\n"
        "that GitHub Actions shows as annotations on the pull request (docs/ci.md).\n"
        "Exit: 0 pass, 1 findings at or above --fail-on, 2 unreadable input or rules, 3 internal error.\n"
        "Examples: preflight check share/examples/qwen3_5-27b-megatron-npu.toml --format json\n"
        "          preflight check train.sh --with site.toml\n"
        "          preflight check --probe -- megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2");
    cmd->add_option("input", args->inputs, "A job file (job.toml), a launch script, or (after --) a launch command line")
        ->required()
        ->type_name("JOB.toml|SCRIPT|-- COMMAND...");
    cmd->add_option("--with", args->with,
                    "A partial run configuration laid under a launch (hardware, packages, the image's environment); "
                    "the launch's own values win, a disagreement is a finding. Repeatable")
        ->type_name("FILE.toml")
        ->allow_extra_args(false);
    cmd->add_flag("--launch", args->launch, "Read the input as a launch script whatever its name");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json", "sarif", "github"});
    cmd->add_option("--fail-on", args->fail_on, "Lowest severity that makes the exit code 1")
        ->check(CLI::IsMember({"error", "warning"}))
        ->capture_default_str();
    cmd->add_flag("--strict", args->strict, "Count undetermined error rules as errors (for CI)");
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--dump-facts", args->dump_facts, "Print every fact the check starts from, as (origin) name = value");
    add_fact_options(cmd, args->facts, true);
    add_gate_options(cmd, args->gates);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
