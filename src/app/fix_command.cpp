// `preflight fix JOB.toml|SCRIPT -o OUT`: the job or the launch script with every safe
// fix applied, edited as text so the user's comments, order and layout survive.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "launch/launch_patch.hpp"
#include "launch/shell_script.hpp"
#include "output/generator_notes.hpp"
#include "output/patched_job.hpp"
#include "output/patched_script.hpp"
#include "output/printable.hpp"
#include "output/unified_diff.hpp"
#include "rules/check_job.hpp"
#include "util/input_file.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct FixArgs {
    std::string job;
    std::string output_file;  // -o
    std::vector<std::string> with;
    bool launch = false;
    bool diff = false;
    bool in_place = false;
    bool apply_suggested = false;
    bool force = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

bool same_file(const std::string& a, const std::string& b) {
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec);
}

// The patched text, however it was made: written where asked, shown as a diff if asked.
int deliver(const FixArgs& args, const std::string& before, const std::string& after, std::size_t changes) {
    if (args.diff) std::cout << output::unified_diff(before, after, args.job);
    if (args.output_file.empty() && !args.in_place) return exit_pass;  // --diff alone writes nothing
    std::string target = args.in_place ? args.job : args.output_file;
    auto written = util::write_output(target, after, {.force = args.force});
    if (!written) return report_input_error(written.error(), args.output);
    if (target != "-" && !args.output.quiet)
        std::cerr << fmt::format("preflight: wrote {} ({} change{})\n", output::printable(target), changes,
                                 changes == 1 ? "" : "s");
    return exit_pass;
}

int run_job(const FixArgs& args) {
    rules::CheckOptions options;
    options.apply_suggested = args.apply_suggested;
    auto evaluation = evaluate_job(args.job, args.rules, args.facts, options);
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    if (refuse_unsettled(evaluation->result)) return exit_findings;

    auto text = util::read_input(args.job, util::kJobFile);
    if (!text) return report_input_error(text.error(), args.output);
    std::string target = args.in_place || args.output_file.empty() ? args.job : args.output_file;
    auto patched = output::patched_job(*text, args.job, target, evaluation->result.patch, evaluation->facts);
    if (!patched) return report_input_error(patched.error(), args.output);
    int code = deliver(args, *text, patched->text, patched->changes);
    std::cerr << output::remaining_errors_note(evaluation->result);
    exit_keeping_memory(code);
}

// Each launch of the script checked on its own; its patch placed in the script's text.
int run_script(const FixArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto input = read_launch_script(args.job, *rules, args.with);
    if (!input) return report_input_error(input.error(), args.output);
    std::optional<facts::NodeFacts> node;
    if (args.facts.any_source()) {
        auto collected = node_facts(args.facts, *rules);
        if (!collected) return report_input_error(collected.error(), args.output);
        node = std::move(*collected);
    }
    rules::CheckOptions options;
    options.apply_suggested = args.apply_suggested;
    std::vector<output::LaunchFix> fixes;
    std::vector<rules::CheckResult> results;
    for (const auto& l : input->launches) {
        auto checked = rules::check_job(*rules, l.launch.config, node ? &*node : nullptr, options);
        if (!checked) return report_input_error(checked.error(), args.output);
        if (refuse_unsettled(checked->result)) return exit_findings;
        fixes.push_back({&l.command, launch::plan_patch(l.command, l.launch, checked->result.patch), l.launch.launcher->name});
        results.push_back(std::move(checked->result));
    }
    auto text = util::read_input(args.job, launch::kLaunchScript);
    if (!text) return report_input_error(text.error(), args.output);
    auto patched = output::patched_script(*text, args.job, fixes);
    if (!patched) return report_input_error(patched.error(), args.output);
    for (const auto& note : patched->notes) std::cerr << output::printable("preflight: note: " + note) << "\n";
    int code = deliver(args, *text, patched->text, patched->changes);
    for (const auto& result : results) std::cerr << output::remaining_errors_note(result);
    exit_keeping_memory(code);
}

int run(const FixArgs& args) {
    if (args.output_file.empty() && !args.in_place && !args.diff)
        return report_input_error(
            Error{"give -o FILE for the patched file (or --in-place to rewrite it, or --diff to see the change)", {}},
            args.output);
    if (!args.output_file.empty() && args.in_place)
        return report_input_error(Error{"give either -o FILE or --in-place, not both", {}}, args.output);
    if (!args.in_place && !args.output_file.empty() && args.output_file != "-" && same_file(args.job, args.output_file))
        return report_input_error(Error{"-o names the input; use --in-place to rewrite it", Location{args.output_file}},
                                  args.output);
    if (args.diff && args.output_file == "-")
        return report_input_error(Error{"--diff prints the change on stdout: -o - would mix the file into it", {}}, args.output);
    if (args.launch || is_launch_script(args.job)) return run_script(args);
    if (!args.with.empty())
        return report_input_error(Error{"--with lays a partial run configuration under a launch script; " + args.job +
                                            " is a job file (give --launch if it is a script)",
                                        Location{args.job}},
                                  args.output);
    return run_job(args);
}

}  // namespace

Command register_fix(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<FixArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("fix", "Write the job or launch script with every safe fix applied");
    cmd->footer(
        "Values are replaced where they stand, so comments, order and layout survive. In a job file new\n"
        "keys go under their table's header. In a launch script a flag's value is edited in place, a\n"
        "missing flag is added at the end of its command in the command's continuation style, and a\n"
        "variable is set by editing the assignment the launch sees or by an `export` line before it;\n"
        "what cannot be placed is named on stderr. The output is written atomically; the input is never\n"
        "changed without --in-place. Checking the output finds nothing fixable, and fixing it again\n"
        "changes nothing.\n"
        "Examples:\n"
        "  preflight fix job.toml -o job.patched.toml\n"
        "  preflight fix train.sh --diff                 # show the change, write nothing\n"
        "  preflight fix train.sh --in-place --with site.toml");
    cmd->add_option("job", args->job, "The run configuration (job.toml) or launch script (train.sh)")
        ->required()
        ->type_name("JOB.toml|SCRIPT");
    cmd->add_option("-o,--output", args->output_file, "Where to write the patched file ('-' for stdout)")->type_name("FILE");
    cmd->add_flag("--in-place", args->in_place, "Rewrite the input itself");
    cmd->add_flag("--diff", args->diff, "Print the change as a unified diff on stdout (alone: write nothing)");
    cmd->add_flag("--launch", args->launch, "Read the input as a launch script whatever its name");
    cmd->add_option("--with", args->with, "A partial run configuration laid under the script's launches (repeatable)")
        ->type_name("FILE.toml")
        ->allow_extra_args(false);
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--force", args->force, "Replace a read-only output (or input, with --in-place)");
    cmd->add_flag("-q,--quiet", args->output.quiet, "Do not report what was written");
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
