// `preflight import train.sh [-o job.toml]`: the run configuration of a launch script
// written as a job file, each value commented with the script line it came from.
#include <iostream>

#include <fmt/format.h>

#include "app/common.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "output/job_file.hpp"
#include "output/printable.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct ImportArgs {
    std::string script;
    std::string output_file;  // -o
    std::vector<std::string> with;
    int index = 0;  // --index: which launch of a script with several (1-based)
    bool force = false;
    RuleOptions rules;
    OutputOptions output;
};

int run(const ImportArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto input = read_launch_script(args.script, *rules, args.with);
    if (!input) return report_input_error(input.error(), args.output);
    const auto& launches = input->launches;
    if (launches.size() > 1 && args.index == 0) {
        std::string lines;
        for (std::size_t i = 0; i < launches.size(); ++i)
            lines += fmt::format("{}--index {}: line {}", i ? ", " : "", i + 1, launches[i].command.where.line);
        return report_input_error(
            Error{fmt::format("{} holds {} launches; name one ({})", args.script, launches.size(), lines), Location{args.script}},
            args.output);
    }
    std::size_t pick = args.index == 0 ? 0 : static_cast<std::size_t>(args.index - 1);
    if (pick >= launches.size())
        return report_input_error(Error{fmt::format("--index {}: {} holds {} launch{}", args.index, args.script, launches.size(),
                                                    launches.size() == 1 ? "" : "es"),
                                        Location{args.script}},
                                  args.output);
    const auto& chosen = launches[pick];
    // Flags with no key and constructs not interpreted are listed at the end of the file.
    Diagnostics not_read;
    for (const auto& f : chosen.launch.flags)
        if (!f.spec) {
            std::string words = f.written;
            for (const auto& v : f.values) words += " " + (v.text ? *v.text : std::string("?"));
            not_read.push_back({Severity::info, "launch-not-interpreted", words, f.where});
        }
    for (const auto& d : chosen.launch.config.diagnostics)
        if (d.code == "launch-not-interpreted" && !d.message.starts_with("not interpreted (no key")) not_read.push_back(d);
    std::string text = output::job_file_text({&chosen.launch.config, chosen.label, not_read});
    if (args.output_file.empty() || args.output_file == "-") {
        std::cout << text;
        exit_keeping_memory(exit_pass);
    }
    auto written = util::write_output(args.output_file, text, {.force = args.force});
    if (!written) return report_input_error(written.error(), args.output);
    if (!args.output.quiet)
        std::cerr << output::printable(fmt::format("preflight: wrote {} from {}", args.output_file, chosen.label)) << "\n";
    exit_keeping_memory(exit_pass);
}

}  // namespace

Command register_import(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<ImportArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("import", "Write a launch script's run configuration as a job file");
    cmd->footer(
        "Reads the script as bash would run it and writes the launch as a job file: every value the\n"
        "launch gives, commented with its script line; flags with no key of the run configuration and\n"
        "constructs not interpreted are listed at the end. Keys the launch leaves out keep the\n"
        "launcher's defaults, which the rule packs know.\n"
        "Example: preflight import train.sh --with site.toml -o job.toml");
    cmd->add_option("script", args->script, "The launch script")->required()->type_name("SCRIPT");
    cmd->add_option("-o,--output", args->output_file, "Where to write the job file ('-' or none: stdout)")->type_name("FILE");
    cmd->add_option("--with", args->with, "A partial run configuration laid under the launch (repeatable)")
        ->type_name("FILE.toml")
        ->allow_extra_args(false);
    cmd->add_option("--index", args->index, "Which launch of a script that holds several (1 is the first)")
        ->check(CLI::PositiveNumber);
    cmd->add_flag("--force", args->force, "Replace a read-only output");
    cmd->add_flag("-q,--quiet", args->output.quiet, "Do not report what was written");
    add_rules_option(cmd, args->rules);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
