// `preflight exec [check options] -- CMD ARGS…`: checks the launch command against this
// node, refuses to start it when the verdict fails, otherwise applies the safe fixes to
// its environment and arguments and becomes it (execvp), so its exit status is ours.
// `exec -- bash train.sh` checks the script's launches and applies their environment
// fixes through the environment; a command no launcher recognises is checked for what
// applies to any launch (the environment, the installed stack) and started.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "app/evaluate.hpp"
#include "app/launch_input.hpp"
#include "config/merge_under.hpp"
#include "core/exit_code.hpp"
#include "launch/launch_patch.hpp"
#include "launch/shell_script.hpp"
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
    bool verbose = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

// What could not run: a shell's convention, 127 for a command that is not there.
constexpr int kCannotRun = 127;

// `bash train.sh`, `sh -e train.sh`, `./train.sh`: the script it runs, or "".
std::string script_of(const std::vector<std::string>& argv) {
    if (argv.empty()) return "";
    std::string first = std::filesystem::path(argv[0]).filename().string();
    if (first == "bash" || first == "sh") {
        for (std::size_t k = 1; k < argv.size(); ++k) {
            if (argv[k] == "-c") return "";  // a command string, not a file
            if (!argv[k].starts_with("-")) return argv[k];
        }
        return "";
    }
    return is_launch_script(argv[0]) ? argv[0] : "";
}

// A command no launcher recognises: what applies to any launch is its environment (this
// process's) and the stack laid under it.
Result<LaunchInput> read_any_command(const std::vector<std::string>& argv, const rules::RuleSet& rules,
                                     const std::vector<std::string>& with) {
    LaunchInput input{"", std::make_unique<launch::LauncherSet>(), {}};
    LaunchRead read;
    read.label = argv.front();
    read.command = launch::command_from_argv(argv, process_environment());
    auto& cfg = read.launch.config;
    for (const auto& [name, binding] : read.command.env)
        cfg.env[name] = Fact{Value(binding.value.value_or("")), Origin{OriginKind::job, {}, "environment"}};
    for (const auto& file : with) {
        auto partial =
            PREFLIGHT_TRY(config::load_partial_run_config(file, [&](const std::string& p) { return rules.scheme_of(p); }));
        config::merge_under(cfg, partial);
    }
    config::fill_key_defaults(cfg);
    input.launches.push_back(std::move(read));
    return input;
}

struct Checked {
    const LaunchRead* launch;
    rules::CheckResult result;
};

int run(const ExecArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    std::string script = script_of(args.argv);
    bool recognised = true;
    Result<LaunchInput> input =
        script.empty() ? read_launch_argv(args.argv, *rules, args.with) : read_launch_script(script, *rules, args.with, false);
    if (!input && script.empty()) {
        // No launcher knows it: still checked for what applies to any launch, and started.
        auto set = launch::compile_launchers(*rules);
        if (set && launch::recognise(launch::command_from_argv(args.argv, {}), *set)) {
            return report_input_error(input.error(), args.output);
        }
        recognised = false;
        input = read_any_command(args.argv, *rules, args.with);
    }
    if (!input) return report_input_error(input.error(), args.output);
    // This node is where the command runs: its facts unless another source is named.
    FactOptions facts = args.facts;
    if (!facts.any_source() && !args.no_probe) facts.probe = true;
    std::optional<facts::NodeFacts> node;
    if (facts.any_source()) {
        auto collected = node_facts(facts, *rules);
        if (!collected) return report_input_error(collected.error(), args.output);
        node = std::move(*collected);
    }
    std::vector<Checked> checked;
    for (const auto& launch : input->launches) {
        auto one = rules::check_job(*rules, launch.launch.config, node ? &*node : nullptr, rules::CheckOptions{});
        if (!one) return report_input_error(one.error(), args.output);
        checked.push_back({&launch, std::move(one->result)});
    }
    Severity threshold = args.fail_on == "warning" ? Severity::warning : Severity::error;
    // Findings the safe fixes resolve do not stop the start: the fixes are applied below.
    // A script's fixes apply through the environment only when they are all variables the
    // script does not set itself (its words and its own assignments are bash's).
    auto applicable = [&](const Checked& c) {
        if (script.empty()) return true;
        if (!c.launch->launch.launcher) return false;
        auto plan = launch::plan_patch(c.launch->command, c.launch->launch, c.result.patch);
        return plan.argv.empty() && plan.unspellable.empty() &&
               std::all_of(plan.env.begin(), plan.env.end(),
                           [](const launch::EnvEdit& e) { return !e.existing || e.existing->from_calling_env; });
    };
    bool blocked = false;
    std::size_t warnings = 0, errors = 0;
    std::vector<output::LaunchReportInput> report;
    for (const auto& c : checked) {
        bool fixes_apply = !args.no_apply && applicable(c);
        for (const auto& f : c.result.findings) {
            blocked = blocked || (f.severity >= threshold && (!f.fixable || !fixes_apply));
            warnings += f.severity == Severity::warning ? 1 : 0;
            errors += f.severity == Severity::error ? 1 : 0;
        }
        blocked = blocked || !c.result.unsettled.empty();
        output::ReportInput in{"", &c.result, blocked ? "fail" : "pass", !args.verbose};
        report.push_back(
            {in, c.launch->label, c.launch->command.where, c.launch->launch.launcher ? c.launch->launch.launcher->name : "any"});
    }
    if (blocked || args.verbose) std::cerr << output::text_launch_report(report, args.output.stderr_style());
    if (blocked) {
        std::cerr << output::printable(fmt::format("preflight: not starting {}: the check fails", args.argv.front())) << "\n";
        return exit_findings;
    }
    std::vector<std::string> argv = args.argv;
    std::vector<std::string> applied, skipped;
    if (!args.no_apply) {
        for (const auto& c : checked) {
            if (!c.launch->launch.launcher) continue;
            auto plan = launch::plan_patch(c.launch->command, c.launch->launch, c.result.patch);
            if (script.empty()) argv = launch::patched_argv(args.argv, plan);
            for (const auto& e : plan.env) {
                if (e.value) setenv(e.name.c_str(), e.value->c_str(), 1);
                else unsetenv(e.name.c_str());
                applied.push_back(e.value ? fmt::format("{}={}", e.name, *e.value) : fmt::format("unset {}", e.name));
                if (!args.output.quiet)
                    std::cerr << output::printable(e.value ? fmt::format("preflight: set {}={}", e.name, *e.value)
                                                           : fmt::format("preflight: unset {}", e.name))
                              << "\n";
            }
            for (const auto& e : plan.argv) {
                if (!script.empty()) {
                    skipped.push_back(fmt::format("{} ({}: `preflight fix --in-place {}`)", output::shell_line(e.words),
                                                  c.launch->label, script));
                    continue;
                }
                applied.push_back(output::shell_line(e.words));
                if (!args.output.quiet)
                    std::cerr << output::printable(fmt::format("preflight: {} ({})", output::shell_line(e.words), e.key)) << "\n";
            }
            for (const auto& key : plan.unspellable)
                skipped.push_back(fmt::format("{} (no {} flag gives it)", key, c.launch->launch.launcher->name));
        }
    }
    // One line says what the check found and did, whatever -q says about the rest.
    std::string what =
        script.empty() ? (recognised ? input->launches.front().label
                                     : args.argv.front() + " (no launcher recognises it: checked for what applies to any launch)")
                       : fmt::format("{} ({} launch{})", script, checked.size(), checked.size() == 1 ? "" : "es");
    std::cerr << output::printable(fmt::format("preflight: exec {}: {} error{}, {} warning{}; fixes applied: {}; skipped: {}",
                                               what, errors, errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s",
                                               applied.empty() ? "none" : fmt::format("{}", fmt::join(applied, ", ")),
                                               skipped.empty() ? "none" : fmt::format("{}", fmt::join(skipped, ", "))))
              << "\n";
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
        "`exec -- bash train.sh` checks the script's launches and applies their environment fixes\n"
        "through the environment; a command no launcher recognises is checked for what applies to\n"
        "any launch and started. One summary line on stderr says what was found and done (-v: all).\n"
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
    cmd->add_flag("-v,--verbose", args->verbose, "Print the whole check on stderr, not only its one-line summary");
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, false);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
