// `preflight fix JOB.toml -o OUT.toml`: the job with every safe fix applied, edited
// as text so the user's comments and key order survive.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "output/generator_notes.hpp"
#include "output/patched_job.hpp"
#include "output/printable.hpp"
#include "util/input_file.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct FixArgs {
    std::string job;
    std::string output_file;  // -o
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

int run(const FixArgs& args) {
    if (args.output_file.empty() && !args.in_place)
        return report_input_error(Error{"give -o FILE for the patched job (or --in-place to rewrite it)", {}}, args.output);
    if (!args.output_file.empty() && args.in_place)
        return report_input_error(Error{"give either -o FILE or --in-place, not both", {}}, args.output);
    if (!args.in_place && args.output_file != "-" && same_file(args.job, args.output_file))
        return report_input_error(Error{"-o names the input job; use --in-place to rewrite it", Location{args.output_file}},
                                  args.output);

    rules::CheckOptions options;
    options.apply_suggested = args.apply_suggested;
    auto evaluation = evaluate_job(args.job, args.rules, args.facts, options);
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    if (refuse_unsettled(evaluation->result)) return exit_findings;

    auto text = util::read_input(args.job, util::kJobFile);
    if (!text) return report_input_error(text.error(), args.output);
    std::string target = args.in_place ? args.job : args.output_file;
    auto patched = output::patched_job(*text, args.job, target, evaluation->result.patch, evaluation->facts);
    if (!patched) return report_input_error(patched.error(), args.output);
    auto written = util::write_output(target, patched->text, {.force = args.force});
    if (!written) return report_input_error(written.error(), args.output);
    if (target != "-" && !args.output.quiet)
        std::cerr << fmt::format("preflight: wrote {} ({} change{})\n", output::printable(target), patched->changes,
                                 patched->changes == 1 ? "" : "s");
    std::cerr << output::remaining_errors_note(evaluation->result);
    return exit_pass;
}

}  // namespace

Command register_fix(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<FixArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("fix", "Write the job with every safe fix applied");
    cmd->footer(
        "Values are replaced where they stand and new keys go under their table's header, so comments\n"
        "and key order survive. The output is written atomically; the input is never changed without\n"
        "--in-place. Checking the output finds nothing fixable, and fixing it again changes nothing.\n"
        "Example: preflight fix job.toml -o job.patched.toml");
    cmd->add_option("job", args->job, "The run configuration (job.toml)")->required()->type_name("JOB.toml");
    cmd->add_option("-o,--output", args->output_file, "Where to write the patched job ('-' for stdout)")->type_name("FILE");
    cmd->add_flag("--in-place", args->in_place, "Rewrite the input job itself");
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--force", args->force, "Replace a read-only output (or input, with --in-place)");
    cmd->add_flag("-q,--quiet", args->output.quiet, "Do not report what was written");
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
