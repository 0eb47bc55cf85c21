// `preflight env JOB.toml --emit FORMAT [-o FILE]`: the launch environment of the
// patched job, as a file its consumer loads.
#include <iostream>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "output/env_file.hpp"
#include "rules/patched_state.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct EnvArgs {
    std::string job;
    std::string emit;
    std::string output;
    bool apply_suggested = false;
    bool force = false;
};

int run(const EnvArgs& args, Common& common) {
    rules::CheckOptions options;
    options.apply_suggested = args.apply_suggested;
    auto evaluated = evaluate_job(args.job, common, options);
    if (!evaluated) return report_input_error(evaluated.error(), common);
    const Evaluation* evaluation = *evaluated;
    if (refuse_unsettled(evaluation->result)) return exit_findings;
    auto format = *output::parse_env_format(args.emit);
    auto text = output::render_env(rules::launch_environment(evaluation->facts, evaluation->result.patch), format);
    if (!text) {
        // Point at the variable's line in the job when the job set it.
        Error e = text.error();
        e.location.file = args.job;
        const std::string& key = e.location.key;
        if (key.rfind("env.", 0) == 0)
            if (auto it = evaluation->facts.env.find(key.substr(4)); it != evaluation->facts.env.end() && it->second.origin.kind == OriginKind::job)
                e.location = it->second.origin.where;
        return report_input_error(e, common);
    }
    if (args.output.empty() || args.output == "-") {
        std::cout << *text;
    } else {
        // $GITHUB_ENV collects the variables of every step: append to it.
        auto written = util::write_output(args.output, *text, {.append = format == output::EnvFormat::github, .force = args.force});
        if (!written) return report_input_error(written.error(), common);
    }
    std::cerr << remaining_errors_note(evaluation->result);
    return exit_pass;
}

}  // namespace

void register_env(CLI::App& app, Common& common) {
    auto args = std::make_shared<EnvArgs>();
    auto* cmd = app.add_subcommand("env", "Write the launch environment of the patched job");
    cmd->footer(
        "The environment is the job's [env] with every safe fix applied, sorted by name; a variable a\n"
        "rule set carries the rule id as a comment where the format has comments.\n"
        "  sh       export NAME='value' (source with: set -a; . FILE); unset NAME for unsets\n"
        "  dotenv   NAME=value or NAME='value' (python-dotenv dialect)\n"
        "  systemd  NAME=\"value\" for EnvironmentFile=\n"
        "  ray      {\"env_vars\": {...}} for a Ray runtime_env\n"
        "  k8s      a container env: list\n"
        "  github   NAME<<DELIMITER blocks, appended to -o (e.g. \"$GITHUB_ENV\")\n"
        "A value a format cannot carry (a NUL byte, '${' for dotenv …) is an error naming the variable.\n"
        "Example: preflight env job.toml --emit sh -o launch.env");
    cmd->add_option("job", args->job, "The run configuration (job.toml)")->required()->type_name("JOB.toml");
    cmd->add_option("--emit", args->emit, "Output format")->required()->check(CLI::IsMember(output::env_format_names()));
    cmd->add_option("-o,--output", args->output, "Write here (atomically; github appends) instead of stdout")->type_name("FILE");
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--force", args->force, "Replace (or append to) a read-only -o file");
    add_rules_option(cmd, common);
    add_fact_options(cmd, common, true);
    cmd->callback([args, &common] { common.exit_code = run(*args, common); });
}

}  // namespace preflight::app
