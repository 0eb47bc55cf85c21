// `preflight plan JOB|SCRIPT`: the smallest change of package versions, variables and
// flags that leaves the launch with no error (plan/planner.hpp), as pip lines, a
// constraints file and the check of the planned stack.
#include <iostream>

#include <fmt/format.h>

#include "app/evaluate.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "output/plan_report.hpp"
#include "output/printable.hpp"
#include "plan/planner.hpp"
#include "plan/release_list.hpp"
#include "util/output_target.hpp"
#include "version/version.hpp"

namespace preflight::app {
namespace {

struct PlanArgs {
    std::string input;
    std::vector<std::string> with;
    std::vector<std::string> keep;
    std::string constraints;  // -o
    bool strict = false;
    bool allow_unknown_keys = false;
    bool force = false;
    std::size_t max_packages = 3;
    std::size_t alternatives = 3;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

struct PlannedLaunch {
    std::string label;  // "" for a job file
    std::string config_path;
    plan::Plan plan;
};

int run(const PlanArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto releases = plan::release_lists(*rules);
    if (releases.empty())
        return report_input_error(Error{"no loaded pack has the release lists (table 'releases', rules/releases/pack.toml): "
                                        "plan has no version to move a package to",
                                        {}},
                                  args.output);
    plan::PlanOptions options;
    options.check.strict = args.strict;
    options.check.allow_unknown_keys = args.allow_unknown_keys;
    options.max_packages = args.max_packages;
    options.alternatives = args.alternatives;
    for (const auto& k : args.keep) options.keep.insert(version::normalize_package_name(k));

    std::optional<facts::NodeFacts> node;
    if (args.facts.any_source()) {
        auto n = node_facts(args.facts, *rules);
        if (!n) return report_input_error(n.error(), args.output);
        node = std::move(*n);
    }
    // A job file, or each launch of a script.
    std::vector<config::RunConfig> configs;
    std::vector<std::string> labels;
    if (is_launch_script(args.input)) {
        auto input = read_launch_script(args.input, *rules, args.with);
        if (!input) return report_input_error(input.error(), args.output);
        for (auto& l : input->launches) {
            configs.push_back(l.launch.config);
            labels.push_back(l.label);
        }
    } else {
        if (!args.with.empty())
            return report_input_error(
                Error{"--with lays a partial configuration under a launch; a job file gives its own", Location{args.input}},
                args.output);
        auto config = config::load_run_config(args.input, [&](const std::string& p) { return rules->scheme_of(p); });
        if (!config) return report_input_error(config.error(), args.output);
        configs.push_back(std::move(*config));
        labels.emplace_back();
    }
    std::vector<PlannedLaunch> planned;
    for (std::size_t i = 0; i < configs.size(); ++i) {
        auto p = plan::make_plan(*rules, releases, configs[i], node ? &*node : nullptr, options);
        if (!p) return report_input_error(p.error(), args.output);
        planned.push_back({labels[i], configs[i].path, std::move(*p)});
    }

    bool blocked = false;
    std::string constraints;
    for (const auto& l : planned) {
        blocked |= !l.plan.nothing_to_do && !l.plan.best;
        auto text = output::constraints_file({l.config_path, &l.plan, args.output.quiet});
        constraints += constraints.empty() ? text : text.substr(text.find('\n') + 1);
    }
    if (args.output.format == "json") {
        if (labels.front().empty()) {
            std::cout << output::json_plan_report({planned.front().config_path, &planned.front().plan, args.output.quiet}).dump(2)
                      << "\n";
        } else {
            std::vector<output::LaunchPlanInput> launches;
            for (const auto& l : planned) launches.push_back({l.label, {l.config_path, &l.plan, args.output.quiet}});
            std::cout << output::json_launch_plans(args.input, launches).dump(2) << "\n";
        }
    } else {
        auto style = args.output.stdout_style();
        std::string out;
        for (const auto& l : planned) {
            if (!l.label.empty()) out += (out.empty() ? "" : "\n") + fmt::format("== {}\n", output::printable(l.label));
            out += output::text_plan_report({l.config_path, &l.plan, args.output.quiet}, style);
        }
        std::cout << out;
    }
    if (!args.constraints.empty()) {
        auto written = util::write_output(args.constraints, constraints, {.force = args.force});
        if (!written) return report_input_error(written.error(), args.output);
    }
    exit_keeping_memory(blocked ? exit_findings : exit_pass);
}

}  // namespace

Command register_plan(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<PlanArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("plan", "Find the smallest change of versions, variables and flags that makes a launch valid");
    cmd->footer(
        "plan answers \"what do I install?\" when check fails. It tries moves, and checks each\n"
        "stack it tries exactly as check would:\n"
        "  - package versions from the release lists (rules/releases/pack.toml: each package's\n"
        "    upstream release tags, and the versions the vendors' matrices name);\n"
        "  - the variables and flags the rules' fixes set (safe ones; suggested ones where the\n"
        "    safe ones leave an error).\n"
        "It moves only the packages the errors rest on (their facts, the releases that retire\n"
        "their rules) and those a tried move brings into play (a torch_npu needs its CANN).\n"
        "The best plan leaves no error and no more warnings than needed (the fewest), then\n"
        "moves the fewest packages, changes the fewest settings, and prefers final releases,\n"
        "upgrades, and the nearest versions. A move a matrix forbids leaves a compat error,\n"
        "so it is never a plan. Each move names the rules it clears and the findings it\n"
        "brings into play (what it does alone); CANN and MindSpeed are named, not pip-installed.\n"
        "When nothing clears an error, plan names the rule that blocks and why (exit 1).\n"
        "Examples:\n"
        "  preflight plan job.toml\n"
        "  preflight plan job.toml --keep cann -o constraints.txt && pip install -c constraints.txt …\n"
        "  preflight plan train.sh --with site.toml --format json\n"
        "Exit: 0 a plan (or nothing to plan), 1 no plan clears every error, 2 unreadable input.");
    cmd->add_option("input", args->input, "The job file or launch script, as check reads it")
        ->required()
        ->type_name("JOB|SCRIPT");
    cmd->add_option("--with", args->with, "A partial configuration laid under a launch script's launches (repeatable)")
        ->type_name("FILE");
    cmd->add_option("--keep", args->keep, "A package that must not move: the CANN a cluster runs, say (repeatable)")
        ->type_name("PKG");
    cmd->add_option("-o,--output", args->constraints, "Also write the best plan's versions as a pip constraints file")
        ->type_name("FILE");
    cmd->add_option("--max-packages", args->max_packages, "Most packages one plan moves")
        ->check(CLI::Range(1, 4))
        ->capture_default_str();
    cmd->add_option("--alternatives", args->alternatives, "Plans shown after the best")
        ->check(CLI::Range(0, 10))
        ->capture_default_str();
    cmd->add_flag("--strict", args->strict, "An undetermined rule counts at its own severity, as in check");
    cmd->add_flag("--allow-unknown-keys", args->allow_unknown_keys, "Unknown job keys are warnings, not errors, as in check");
    cmd->add_flag("--force", args->force, "Replace a read-only -o file");
    add_output_options(cmd, args->output, {"text", "json"});
    add_rules_option(cmd, args->rules);
    add_fact_options(cmd, args->facts, true);
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
