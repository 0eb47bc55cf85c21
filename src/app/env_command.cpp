// `preflight env JOB.toml|SCRIPT [--with FILE] --emit FORMAT [-o FILE]`: the launch environment of the
// patched job, as a file its consumer loads.
#include <iostream>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "core/fact_ref.hpp"
#include "output/env_file.hpp"
#include "output/generator_notes.hpp"
#include "rules/patched_state.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct EnvArgs {
    std::string job;
    std::vector<std::string> with;
    std::string emit;
    std::string output_file;  // -o
    bool apply_suggested = false;
    bool force = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

int run(const EnvArgs& args) {
    rules::CheckOptions options;
    options.apply_suggested = args.apply_suggested;
    auto evaluation = evaluate_input(args.job, args.with, args.rules, args.facts, options);
    if (!evaluation) return report_input_error(evaluation.error(), args.output);
    if (refuse_unsettled(evaluation->result)) return exit_findings;
    auto format = *output::parse_env_format(args.emit);
    auto text = output::render_env(rules::launch_environment(evaluation->facts, evaluation->result.patch), format);
    if (!text) {
        // Point at the variable's line in the job when the job set it.
        Error e = text.error();
        e.location.file = args.job;
        if (FactRef var = FactRef::from_key(e.location.key); var.kind == FactRef::Kind::env)
            if (auto it = evaluation->facts.env.find(var.name);
                it != evaluation->facts.env.end() && it->second.origin.kind == OriginKind::job)
                e.location = it->second.origin.where;
        return report_input_error(e, args.output);
    }
    if (args.output_file.empty() || args.output_file == "-") {
        std::cout << *text;
    } else {
        // $GITHUB_ENV collects the variables of every step: append to it.
        auto written =
            util::write_output(args.output_file, *text, {.append = format == output::EnvFormat::github, .force = args.force});
        if (!written) return report_input_error(written.error(), args.output);
    }
    std::cerr << output::remaining_errors_note(evaluation->result);
    exit_keeping_memory(exit_pass);
}

}  // namespace

Command register_env(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<EnvArgs>();
    args->rules.exe_path = exe_path;
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
    cmd->add_option("job", args->job, "The run configuration (job.toml), or a launch script holding one launch")
        ->required()
        ->type_name("JOB.toml|SCRIPT");
    cmd->add_option("--with", args->with,
                    "A partial run configuration laid under the script's launch (hardware, packages, the image's "
                    "environment), as `check` lays it. Repeatable")
        ->type_name("FILE.toml")
        ->allow_extra_args(false);
    cmd->add_option("--emit", args->emit, "Output format")->required()->check(CLI::IsMember(output::env_format_names()));
    cmd->add_option("-o,--output", args->output_file, "Write here (atomically; github appends) instead of stdout")
        ->type_name("FILE");
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--force", args->force, "Replace (or append to) a read-only -o file");
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
