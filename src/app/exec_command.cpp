// `preflight exec [check options] -- CMD ARGS…`: checks the launch command against this
// node, refuses to start it when the verdict fails, otherwise applies the safe fixes to
// its environment and arguments and becomes it (execvp), so its exit status is ours.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "launch/launch_patch.hpp"
#include "output/printable.hpp"
#include "output/report.hpp"
#include "output/shell_words.hpp"
#include "rules/check_job.hpp"

namespace preflight::app {
namespace {

struct ExecArgs {
    std::vector<std::string> argv;
    std::vector<std::string> with;
    std::string fail_on = "error";
    bool no_apply = false;
    bool no_probe = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

// What could not run: a shell's convention, 127 for a command that is not there.
constexpr int kCannotRun = 127;

int run(const ExecArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto input = read_launch_argv(args.argv, *rules, args.with);
    if (!input) return report_input_error(input.error(), args.output);
    const auto& launch = input->launches.front();
    // This node is where the command runs: its facts unless another source is named.
    FactOptions facts = args.facts;
    if (!facts.any_source() && !args.no_probe) facts.probe = true;
    std::optional<facts::NodeFacts> node;
    if (facts.any_source()) {
        auto collected = node_facts(facts, *rules);
        if (!collected) return report_input_error(collected.error(), args.output);
        node = std::move(*collected);
    }
    auto checked = rules::check_job(*rules, launch.launch.config, node ? &*node : nullptr, rules::CheckOptions{});
    if (!checked) return report_input_error(checked.error(), args.output);
    const auto& result = checked->result;
    Severity threshold = args.fail_on == "warning" ? Severity::warning : Severity::error;
    // Findings the safe fixes resolve do not stop the start: the fixes are applied below.
    bool blocked = std::any_of(result.findings.begin(), result.findings.end(),
                               [&](const rules::Finding& f) { return f.severity >= threshold && (!f.fixable || args.no_apply); });
    if (blocked || !result.unsettled.empty()) {
        output::ReportInput in{"", &result, "fail", true};
        std::cerr << output::text_launch_report({{in, launch.label, launch.command.where, launch.launch.launcher->name}},
                                                args.output.stderr_style());
        std::cerr << output::printable(fmt::format("preflight: not starting {}: the check fails", args.argv.front())) << "\n";
        return exit_findings;
    }
    std::vector<std::string> argv = args.argv;
    if (!args.no_apply) {
        auto plan = launch::plan_patch(launch.command, launch.launch, result.patch);
        argv = launch::patched_argv(args.argv, plan);
        for (const auto& e : plan.env) {
            if (e.value) setenv(e.name.c_str(), e.value->c_str(), 1);
            else unsetenv(e.name.c_str());
            std::cerr << output::printable(e.value ? fmt::format("preflight: set {}={}", e.name, *e.value)
                                                   : fmt::format("preflight: unset {}", e.name))
                      << "\n";
        }
        for (const auto& e : plan.argv)
            std::cerr << output::printable(fmt::format("preflight: {} ({})", output::shell_line(e.words), e.key)) << "\n";
        for (const auto& key : plan.unspellable)
            std::cerr << output::printable(
                             fmt::format("preflight: note: no {} flag gives {}; not applied", launch.launch.launcher->name, key))
                      << "\n";
    }
    std::vector<char*> raw;
    for (auto& a : argv) raw.push_back(a.data());
    raw.push_back(nullptr);
    std::cout.flush();
    std::cerr.flush();
    execvp(raw[0], raw.data());
    std::cerr << output::printable(fmt::format("preflight: cannot run {}: {}", argv.front(), std::strerror(errno))) << "\n";
    return kCannotRun;
}

}  // namespace

Command register_exec(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<ExecArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("exec", "Check a launch command on this node, then run it with the safe fixes applied");
    cmd->footer(
        "Checks the command after -- against this node's facts (the live probe unless --freeze or --env\n"
        "names another source). A failing verdict prints the findings on stderr and exits 1 without\n"
        "starting anything. Otherwise the safe fixes are applied to the command's environment and\n"
        "arguments (each change said on stderr; --no-apply only gates), and preflight becomes the\n"
        "command: its exit status is preflight's. 127: the command could not be started.\n"
        "Example: preflight exec -- megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2");
    cmd->add_option("command", args->argv, "The launch command and its arguments (after --)")
        ->required()
        ->type_name("-- COMMAND...");
    cmd->add_option("--with", args->with, "A partial run configuration laid under the launch (repeatable)")
        ->type_name("FILE.toml")
        ->allow_extra_args(false);
    cmd->add_option("--fail-on", args->fail_on, "Lowest severity that refuses the start")
        ->check(CLI::IsMember({"error", "warning"}))
        ->capture_default_str();
    cmd->add_flag("--no-apply", args->no_apply, "Only gate: start the command unchanged when the check passes");
    cmd->add_flag("--no-probe", args->no_probe, "Do not probe this node (check the command line alone)");
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, false);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
