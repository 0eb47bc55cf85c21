// `preflight fix JOB.toml -o OUT.toml`: the job with every safe fix applied, edited
// as text so the user's comments and key order survive.
#include <filesystem>
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "output/generator_notes.hpp"
#include "output/printable.hpp"
#include "output/toml_edit.hpp"
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
        return report_input_error(Error{"-o names the input job; use --in-place to rewrite it", Location{args.output_file}}, args.output);

    rules::CheckOptions options;
    options.apply_suggested = args.apply_suggested;
    auto evaluation = evaluate_job(args.job, args.rules, args.facts, options);
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    if (refuse_unsettled(evaluation->result)) return exit_findings;

    std::vector<output::TomlEdit> edits;
    for (const auto& [key, entry] : evaluation->result.patch.config) {
        auto dot = key.find('.');
        edits.push_back({key.substr(0, dot), key.substr(dot + 1), entry.value});
    }
    for (const auto& [name, entry] : evaluation->result.patch.env) edits.push_back({"env", name, entry.value});

    auto text = util::read_input(args.job, util::kJobFile);
    if (!text) return report_input_error(text.error(), args.output);
    auto patched = output::apply_toml_edits(*text, args.job, edits);
    if (!patched) return report_input_error(patched.error(), args.output);

    std::string target = args.in_place ? args.job : args.output_file;
    // A relative model.config is relative to the job file: keep it pointing at the
    // same file when the patched job lands in another directory.
    if (auto mc = evaluation->facts.config.find("model.config");
        target != "-" && mc != evaluation->facts.config.end() && mc->second.origin.kind == OriginKind::job) {
        namespace fs = std::filesystem;
        std::string path = *mc->second.value.get<std::string>();
        fs::path from = fs::absolute(args.job).parent_path().lexically_normal();
        fs::path to = fs::absolute(target).parent_path().lexically_normal();
        if (fs::path(path).is_relative() && from != to) {
            std::string moved = (from / path).lexically_normal().lexically_relative(to).generic_string();
            auto repointed = output::apply_toml_edits(*patched, args.job, {{"model", "config", Value(moved)}});
            if (!repointed) return report_input_error(repointed.error(), args.output);
            patched = std::move(repointed);
        }
    }
    auto written = util::write_output(target, *patched, {.force = args.force});
    if (!written) return report_input_error(written.error(), args.output);
    if (target != "-") {
        if (!args.output.quiet)
            std::cerr << fmt::format("preflight: wrote {} ({} change{})\n", output::printable(target), edits.size(), edits.size() == 1 ? "" : "s");
    }
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
