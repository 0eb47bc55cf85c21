// `preflight check JOB.toml`: findings, the patched runtime arguments, the kernel
// fallbacks and limitations.
#include <filesystem>
#include <iostream>
#include <map>

#include <fmt/format.h>

#include "app/check_inputs.hpp"
#include "app/evaluate.hpp"
#include "app/gate_options.hpp"
#include "app/launch_input.hpp"
#include "app/project_settings.hpp"
#include "core/exit_code.hpp"
#include "output/ci_report.hpp"
#include "output/fact_lines.hpp"
#include "output/printable.hpp"
#include "output/report.hpp"
#include "output/test_results.hpp"
#include "rules/baseline.hpp"
#include "rules/check_job.hpp"
#include "rules/engine.hpp"
#include "rules/inline_ignore.hpp"
#include "rules/waiver.hpp"
#include "util/did_you_mean.hpp"
#include "util/files.hpp"
#include "util/output_target.hpp"
#include "util/parallel.hpp"

namespace preflight::app {
namespace {

struct CheckArgs {
    std::vector<std::string> inputs;  // job files, launch scripts, directories; or a command line after --
    std::string output_file;          // -o
    bool skip_non_jobs = false;       // named files selected as a walk selects them
    std::vector<std::string> with;
    bool launch = false;
    std::string fail_on = "error";
    bool strict = false;
    bool allow_unknown_keys = false;
    std::vector<std::string> select, ignore;  // rule ids or packs
    std::string min_severity;                 // "" = info, or warning under -q
    bool apply_suggested = false;
    bool dump_facts = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
    GateOptions gates;  // waivers and baselines (gate_options.hpp)
    bool show_settings = false;
    ProjectSettings settings;  // .preflight.toml, with the command line's values laid over it
    // The options a .preflight.toml may also give: given here, the command line wins.
    std::map<std::string, CLI::Option*> overriding;
};

// The settings in effect: .preflight.toml's, under what the command line gave.
Result<CheckArgs> with_settings(const CheckArgs& given, bool command_line, ProjectSettingsCache& settings_files) {
    CheckArgs args = given;
    auto& s = args.settings;
    const std::string first = command_line || args.inputs.empty() ? "." : args.inputs.front();
    s = *PREFLIGHT_TRY(settings_files.for_path(first));
    auto from_cli = [&](const char* name) {
        auto it = args.overriding.find(name);
        return it != args.overriding.end() && it->second->count() > 0;
    };
    if (from_cli("fail-on")) s.fail_on = {args.fail_on, "command line"};
    else args.fail_on = s.fail_on.value;
    if (from_cli("strict")) s.strict = {args.strict, "command line"};
    else args.strict = s.strict.value;
    if (from_cli("select")) s.select = {args.select, "command line"};
    else args.select = s.select.value;
    if (from_cli("ignore")) s.ignore = {args.ignore, "command line"};
    else args.ignore = s.ignore.value;
    if (from_cli("baseline")) {
        s.baseline = {args.gates.baseline, "command line"};
    } else if (!s.baseline.value.empty()) {
        // Relative to the settings file; used once the repository has written it.
        std::error_code ec;
        auto path = (s.base / s.baseline.value).lexically_normal();
        // Named as the checked path is: absolute under an absolute one.
        if (std::filesystem::exists(path, ec))
            args.gates.baseline = std::filesystem::path(first).is_absolute()
                                      ? path.string()
                                      : path.lexically_relative(std::filesystem::current_path()).string();
    }
    return args;
}

std::string verdict(const rules::CheckResult& result) {
    return result.has_at_least(Severity::error) ? "fail" : result.has_at_least(Severity::warning) ? "warn" : "pass";
}

Severity threshold_of(const CheckArgs& args) { return args.fail_on == "warning" ? Severity::warning : Severity::error; }

// The lowest severity the report shows: --min-severity, else warnings under -q.
Severity shown_from(const CheckArgs& args) {
    const std::string& level = args.min_severity.empty() ? (args.output.quiet ? "warning" : "info") : args.min_severity;
    return parse_severity(level).value_or(Severity::info);
}

// Each --select / --ignore name must be a rule id, a pack, or a finding the engine
// itself reports: a misspelt one would select nothing, or ignore nothing, in silence.
Result<void> check_rule_names(const CheckArgs& args, const rules::RuleSet& rules) {
    std::vector<std::string> known = rules::engine_finding_ids();
    for (const auto& r : rules.rules) known.push_back(r.id);
    for (const auto& p : rules.packs) known.push_back(p.name);
    for (const auto& [option, names] : {std::pair{"--select", &args.select}, {"--ignore", &args.ignore}})
        for (const auto& name : *names)
            if (std::find(known.begin(), known.end(), name) == known.end()) {
                auto near = util::closest(name, known);
                return fail(fmt::format("{} '{}' names no loaded rule or pack{}", option, name,
                                        near ? fmt::format("; did you mean '{}'?", *near) : ""),
                            Location{"", 0, 0, option});
            }
    return {};
}

rules::CheckOptions check_options(const CheckArgs& args) {
    rules::CheckOptions options;
    options.strict = args.strict;
    options.allow_unknown_keys = args.allow_unknown_keys;
    options.select = args.select;
    options.ignore = args.ignore;
    options.apply_suggested = args.apply_suggested;
    return options;
}

// One file checked: a job (one result) or a launch script (one result per launch).
struct FileCheck {
    CheckTarget target;
    std::optional<Error> error;                 // unreadable or invalid: reported on stderr, exit 2
    std::optional<config::RunConfig> job;       // a job file's configuration
    std::optional<LaunchInput> script;          // a launch script's launches
    std::vector<rules::CheckedJob> checked;     // one per job or launch
    std::string job_text;                       // a job file's text, for SARIF fixes
    std::vector<std::string> verdicts;          // per job or launch, on every finding (before --min-severity)
    const ProjectSettings* settings = nullptr;  // the .preflight.toml nearest the file (its [[with]])
};

// Reads and checks one file against the loaded packs. A launch script found by a walk
// that holds no launch is passed over (most shell scripts of a repository are not
// launches); one the user named is an error, as a job file that is not one is.
void check_file(const CheckArgs& args, const rules::RuleSet& rules, const facts::NodeFacts* node, FileCheck& file) {
    // --with, then what .preflight.toml's [[with]] pairs with this path.
    std::vector<std::string> with = args.with;
    if (file.settings)
        for (auto& w : file.settings->with_files(file.target.path)) with.push_back(std::move(w));
    auto record = [&](Result<rules::CheckedJob> one) {
        if (!one) return file.error = std::move(one.error()), false;
        file.checked.push_back(std::move(*one));
        return true;
    };
    if (file.target.kind == CheckTarget::Kind::job) {
        if (!with.empty() && file.target.named) {
            file.error =
                Error{"--with lays a partial configuration under a launch; a job file gives its own", Location{file.target.path}};
            return;
        }
        auto config = config::load_run_config(file.target.path, [&](const std::string& p) { return rules.scheme_of(p); });
        if (!config) return void(file.error = std::move(config.error()));
        file.job = std::move(*config);
        file.job_text = util::read_file(file.target.path).value_or("");
        record(rules::check_job(rules, *file.job, node, check_options(args)));
        return;
    }
    auto input = read_launch_script(file.target.path, rules, with, file.target.named);
    if (!input) return void(file.error = std::move(input.error()));
    // A walk's script with no launch read is a note, unless a launch may be where the
    // reader cannot read it or bash stops before any: that is no pass, but an unread
    // input (exit 2).
    if (input->launches.empty() && (!input->unread.empty() || input->stop)) return void(file.error = unread_launch_error(*input));
    file.script = std::move(*input);
    for (const auto& l : file.script->launches)
        if (!record(rules::check_job(rules, l.launch.config, node, check_options(args)))) return;
}

// What a report renders of one checked file.
struct Rendered {
    std::vector<output::FileReport> reports;   // text and JSON
    std::vector<output::CheckedFile> results;  // the CI formats
};

Rendered render_inputs(const CheckArgs& args, const std::vector<FileCheck>& files) {
    Rendered out;
    for (const auto& f : files) {
        if (f.error) {
            out.reports.push_back({f.target.path, false, {}, &*f.error});
            continue;
        }
        output::FileReport report{f.target.path, f.script.has_value(), {}, nullptr, {}};
        if (f.script && f.script->launches.empty() && shown_from(args) <= Severity::info) report.no_launch = f.script->no_launch;
        for (std::size_t i = 0; i < f.checked.size(); ++i) {
            const auto& result = f.checked[i].result;
            if (f.script) {
                const auto& l = f.script->launches[i];
                report.launches.push_back({{l.launch.config.path, &result, f.verdicts[i], args.output.quiet},
                                           l.label,
                                           l.command.where,
                                           l.launch.launcher->name});
                out.results.push_back({l.launch.config.path, &result});
            } else {
                report.launches.push_back({{f.target.path, &result, f.verdicts[i], args.output.quiet}, "", {}, ""});
                out.results.push_back({f.target.path, &result, &f.job_text, &f.checked[i].facts});
            }
        }
        if (f.script || !f.checked.empty()) out.reports.push_back(std::move(report));
    }
    return out;
}

// The report in the chosen format, for a single input shaped as before (one job's
// report, or one script's launches) and for several as one report over all files.
std::string render(const CheckArgs& args, const rules::RuleSet& rules, const Rendered& in, bool single, const std::string& shown,
                   const std::filesystem::path& root, const output::Style& style) {
    const auto& format = args.output.format;
    if (format == "sarif") return output::ci_json_text(output::sarif_report(rules, in.results, root));
    if (format == "github") return output::github_annotations(in.results, root);
    if (format == "junit") return output::junit_report(rules, in.results, threshold_of(args));
    if (format == "tap") return output::tap_report(rules, in.results, threshold_of(args));
    if (format == "codequality") return output::ci_json_text(output::code_quality_report(in.results, root));
    if (single && in.reports.size() == 1) {
        const auto& r = in.reports.front();
        if (!r.script) {
            if (format == "json") return output::json_report(r.launches.front().report).dump(2) + "\n";
            return output::text_report(r.launches.front().report, style);
        }
        if (format == "json")
            return output::json_launch_report(shown, output::worst_verdict(in.reports), r.launches).dump(2) + "\n";
        return output::text_launch_report(r.launches, style);
    }
    if (format == "json") return output::json_files_report(in.reports).dump(2) + "\n";
    return output::text_files_report(in.reports, style);
}

int run(const CheckArgs& given, bool command_line) {
    // Every .preflight.toml this run meets, each read once: the first path's gives the
    // run's settings, each file's nearest its `exclude` and [[with]].
    ProjectSettingsCache settings_files;
    auto effective = with_settings(given, command_line, settings_files);
    if (!effective) return report_input_error(effective.error(), given.output);
    const CheckArgs& args = *effective;
    if (args.show_settings) {
        std::cout << settings_text(args.settings);
        return exit_pass;
    }
    if (args.inputs.empty())
        return report_input_error(Error{"name a job file, a launch script, or a command line after --", {}}, args.output);
    if (!command_line && args.launch && args.inputs.size() > 1)
        return report_input_error(Error{"--launch reads one file as a launch script; name one", {}}, args.output);
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    if (auto names = check_rule_names(args, *rules); !names) return report_input_error(names.error(), args.output);

    std::vector<FileCheck> files;
    std::optional<facts::NodeFacts> node;
    if (args.facts.any_source()) {
        auto collected = node_facts(args.facts, *rules);
        if (!collected) return report_input_error(collected.error(), args.output);
        node = std::move(*collected);
    }
    const facts::NodeFacts* node_ptr = node ? &*node : nullptr;
    bool single = true;
    if (command_line) {
        // The words after -- are one launch, with this process's environment as its own.
        auto input = read_launch_argv(args.inputs, *rules, args.with);
        if (!input) return report_input_error(input.error(), args.output);
        FileCheck f{{"", CheckTarget::Kind::script, true}, {}, {}, std::move(*input), {}, {}, {}};
        for (const auto& l : f.script->launches) {
            auto one = rules::check_job(*rules, l.launch.config, node_ptr, check_options(args));
            if (!one) return report_input_error(one.error(), args.output);
            f.checked.push_back(std::move(*one));
        }
        files.push_back(std::move(f));
    } else {
        auto targets = collect_check_targets(args.inputs, args.skip_non_jobs);
        if (!targets) return report_input_error(targets.error(), args.output);
        // The nearest .preflight.toml's `exclude`: what a walk found there is passed
        // over; a file named on the command line is still checked.
        std::string excluded_by;
        for (auto& t : *targets) {
            auto nearest = settings_files.for_path(t.path);
            if (!nearest) return report_input_error(nearest.error(), args.output);
            if (!t.named && (*nearest)->excluded(t.path)) {
                excluded_by = (*nearest)->file;
                continue;
            }
            if (args.launch) t.kind = CheckTarget::Kind::script;
            files.push_back({std::move(t), {}, {}, {}, {}, {}, {}, *nearest});
        }
        if (files.empty() && !targets->empty())
            return report_input_error(Error{"every file found is excluded by " + excluded_by, {}}, args.output);
        single = files.size() == 1 && files.front().target.named && !args.skip_non_jobs;
        // Files are independent: each is read and checked on its own core, into its
        // own slot, so the report's order is the targets' order whatever the timing.
        util::parallel_for(files.size(), [&](std::size_t i) { check_file(args, *rules, node_ptr, files[i]); });
        if (single && files.front().error) return report_input_error(*files.front().error, args.output);
    }

    if (args.dump_facts)
        for (const auto& f : files)
            for (std::size_t i = 0; i < f.checked.size(); ++i) {
                if (f.script) std::cout << output::printable("== " + f.script->launches[i].label) << "\n";
                else if (!single) std::cout << output::printable("== " + f.target.path) << "\n";
                std::cout << output::fact_set_lines(f.checked[i].facts) << "\n";
            }

    // Waivers and baselines (gate_options.hpp): one call over every job and launch.
    std::vector<GateInput> gated;
    for (auto& f : files)
        for (std::size_t i = 0; i < f.checked.size(); ++i) {
            const config::RunConfig* config = f.script ? &f.script->launches[i].launch.config : &*f.job;
            gated.push_back({f.script ? config->path : f.target.path, config, &f.checked[i].facts, &f.checked[i].result});
        }
    // Files in fingerprints, baselines and CI reports: relative to this root.
    auto root = rules::identity_root(command_line ? "" : args.inputs.front());
    // `# preflight: ignore[RULE] reason` in a script, for the command below it.
    for (auto& f : files) {
        if (!f.script || f.checked.empty() || f.target.path.empty()) continue;
        std::vector<rules::Finding> invalid;
        auto ignores = rules::read_inline_ignores(util::read_file(f.target.path).value_or(""), f.target.path, *rules, invalid);
        for (std::size_t i = 0; i < f.checked.size(); ++i)
            rules::apply_inline_ignores(ignores, f.target.path, f.script->launches[i].command.where.line, f.checked[i].result);
        auto& first = f.checked.front().result.findings;
        first.insert(first.end(), invalid.begin(), invalid.end());
    }
    // A finding in a file outside its launch's own (a --with file) is fingerprinted
    // with the launch, so a baseline entry of one launch never covers another's.
    for (auto& f : files)
        for (std::size_t i = 0; i < f.checked.size(); ++i) {
            std::string own = f.script ? f.script->launches[i].launch.config.path : f.target.path;
            std::string launch = rules::identity_path(own, root);
            if (f.script && f.script->launches[i].command.where.line > 0)
                launch += fmt::format(":{}", f.script->launches[i].command.where.line);
            for (auto& finding : f.checked[i].result.findings)
                if (!finding.location.file.empty() && finding.location.file != own) finding.launch = launch;
        }
    if (auto gates = apply_gates(args.gates, *rules, gated, root); !gates) return report_input_error(gates.error(), args.output);
    // One order, after the gates added their findings; the exit code is decided on all
    // of them, before the report leaves out those below the shown severity.
    bool fails = false;
    for (auto& f : files)
        for (auto& one : f.checked) {
            auto& result = one.result;
            rules::sort_findings(result.findings);
            fails = fails || result.has_at_least(threshold_of(args));
            f.verdicts.push_back(verdict(result));
            std::erase_if(result.findings, [&](const rules::Finding& x) { return x.severity < shown_from(args); });
        }

    // Unreadable files of a many-file run: each named on stderr; the report covers the rest.
    bool unreadable = false;
    for (const auto& f : files)
        if (f.error) {
            report_input_error(*f.error, args.output);
            unreadable = true;
        }

    auto rendered = render_inputs(args, files);
    bool writes_file = !args.output_file.empty() && args.output_file != "-";
    auto style = writes_file ? output::Style{} : args.output.stdout_style();
    std::string shown = command_line ? "" : args.inputs.front();
    std::string report = render(args, *rules, rendered, single, shown, root, style);
    if (writes_file) {
        if (auto written = util::write_output(args.output_file, report); !written)
            return report_input_error(Error{written.error()}, args.output);
    } else {
        std::cout << report;
    }
    exit_keeping_memory(unreadable ? exit_bad_input : fails ? exit_findings : exit_pass);
}

}  // namespace

Command register_check(CLI::App& app, const std::string& exe_path, bool command_line) {
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
        "Several paths, or a directory, are checked in one run on every core: in a directory, every\n"
        "*.toml that declares `schema` and every shell script, skipping .git and what .gitignore\n"
        "excludes; one report, one exit code, files in name order. A script with no launch is named\n"
        "in an info note (\"no launch found\"); one where a launch may be that the reader cannot read\n"
        "(a command whose name is not known, eval, a block it does not run) is unread input, exit 2.\n"
        "CI formats (docs/ci.md): sarif (SARIF 2.1.0, code scanning), github (workflow commands shown as\n"
        "pull-request annotations), junit and tap (a test case per file and rule), codequality (GitLab).\n"
        "Exit: 0 pass, 1 findings at or above --fail-on, 2 unreadable input or rules, 3 internal error.\n"
        "Examples: preflight check share/examples/qwen3_5-27b-megatron-npu.toml --format json\n"
        "          preflight check train.sh --with site.toml\n"
        "          preflight check . --format sarif -o preflight.sarif\n"
        "          preflight check --probe -- megatron sft --model Qwen/Qwen3-8B --tensor_model_parallel_size 2");
    cmd->add_option("input", args->inputs,
                    "Job files (job.toml), launch scripts and directories; or, after --, a launch command line")
        ->required()
        ->type_name("PATH...|-- COMMAND...");
    cmd->add_option("--with", args->with,
                    "A partial run configuration laid under a launch (hardware, packages, the image's environment); "
                    "the launch's own values win, a disagreement is a finding. Repeatable")
        ->type_name("FILE.toml")
        ->allow_extra_args(false);
    cmd->add_flag("--launch", args->launch, "Read the input as a launch script whatever its name");
    cmd->add_flag("--skip-non-jobs", args->skip_non_jobs,
                  "Pass over named files a directory walk would pass over (TOML without `schema`, scripts "
                  "without a launch) and accept finding none: for hooks that name every changed file");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json", "sarif", "github", "junit", "tap", "codequality"});
    cmd->add_option("-o,--output", args->output_file,
                    "Write the report to FILE (atomically: a reader never sees half of it) instead of standard output")
        ->type_name("FILE");
    args->overriding["fail-on"] = cmd->add_option("--fail-on", args->fail_on, "Lowest severity that makes the exit code 1")
                                      ->check(CLI::IsMember({"error", "warning"}))
                                      ->capture_default_str();
    args->overriding["strict"] =
        cmd->add_flag("--strict", args->strict,
                      "Count each undetermined rule at its own severity, as if it had fired: a check that could not "
                      "decide fails (for CI)");
    cmd->add_flag("--allow-unknown-keys", args->allow_unknown_keys,
                  "Report unknown job keys and sections, and variables one or two edits from a name the rules read, "
                  "as warnings instead of errors");
    cmd->add_option("--min-severity", args->min_severity,
                    "Show only findings at or above this severity (every format); the exit code still follows "
                    "--fail-on. -q implies warning")
        ->check(CLI::IsMember({"info", "warning", "error"}))
        ->type_name("LEVEL");
    args->overriding["select"] =
        cmd->add_option("--select", args->select,
                        "Run only these rules: rule ids or pack names, comma-separated or repeated. Example: "
                        "--select qwen35-gdn-megatron")
            ->delimiter(',')
            ->type_name("RULE|PACK")
            ->allow_extra_args(false);
    args->overriding["ignore"] =
        cmd->add_option("--ignore", args->ignore,
                        "Do not run these rules (rule ids or pack names, comma-separated or repeated); the verdict's "
                        "coverage counts them as ignored")
            ->delimiter(',')
            ->type_name("RULE|PACK")
            ->allow_extra_args(false);
    cmd->add_flag("--apply-suggested", args->apply_suggested, "Apply suggested fixes too, not only safe ones");
    cmd->add_flag("--dump-facts", args->dump_facts, "Print every fact the check starts from, as (origin) name = value");
    add_fact_options(cmd, args->facts, true);
    add_gate_options(cmd, args->gates);
    args->overriding["baseline"] = cmd->get_option("--baseline");
    cmd->add_flag("--show-settings", args->show_settings,
                  "Print the settings in effect (.preflight.toml found upward from the first path, then the "
                  "command line) with where each came from, and exit");
    return {cmd, [args, command_line] { return run(*args, command_line); }};
}

}  // namespace preflight::app
