// `preflight fleet BUNDLE…|DIR`: the snapshot bundles of every node of an allocation
// side by side: the facts that differ between nodes, the expected nodes that sent no
// bundle, and each node's verdict against a job.
#include <ctime>
#include <iostream>

#include <fmt/format.h>

#include "app/common.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "fleet/summarize.hpp"
#include "output/fleet_report.hpp"
#include "output/fleet_sarif.hpp"
#include "output/progress_line.hpp"
#include "util/hostlist.hpp"
#include "util/time_text.hpp"

namespace preflight::app {
namespace {

struct FleetArgs {
    std::vector<std::string> inputs;  // bundles, or directories of *.tar.gz
    std::string expect;               // a Slurm hostlist
    std::string job;
    std::string max_age;  // a duration: older bundles are stale
    std::string now;      // the time ages are judged against, instead of the clock
    bool strict = false;
    RuleOptions rules;
    OutputOptions output;
};

// --job: a job file, or a launch script with exactly one launch (as `check train.sh` reads it).
Result<config::RunConfig> load_job(const std::string& path, const rules::RuleSet& rules) {
    if (!is_launch_script(path)) return config::load_run_config(path, [&](const std::string& p) { return rules.scheme_of(p); });
    auto input = PREFLIGHT_TRY(read_launch_script(path, rules, {}));
    if (input.launches.size() != 1)
        return fail(fmt::format("--job takes a script with one launch; this one has {}: check it with `preflight check`",
                                input.launches.size()),
                    Location{path});
    return std::move(input.launches.front().launch.config);
}

// --max-age: the time before which a bundle is stale (nullopt: none is).
Result<std::optional<std::int64_t>> cutoff(const FleetArgs& args) {
    if (args.max_age.empty()) return std::optional<std::int64_t>{};
    auto age = util::parse_duration(args.max_age);
    if (!age)
        return fail(fmt::format("--max-age '{}' is not a duration such as 90s, 30m, 2h, 1d or 1h30m", args.max_age),
                    Location{"", 0, 0, "--max-age"});
    std::int64_t now = std::time(nullptr);
    if (!args.now.empty()) {
        auto given = util::parse_utc_time(args.now);
        if (!given)
            return fail(fmt::format("--now '{}' is not a UTC time written 2026-07-01T12:00:00Z (or a day, 2026-07-01)", args.now),
                        Location{"", 0, 0, "--now"});
        now = *given;
    }
    return std::optional<std::int64_t>{now - *age};
}

int run(const FleetArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    std::optional<config::RunConfig> job;
    if (!args.job.empty()) {
        auto loaded = load_job(args.job, *rules);
        if (!loaded) return report_input_error(loaded.error(), args.output);
        job = std::move(*loaded);
    }
    std::optional<std::vector<std::string>> expected;
    if (!args.expect.empty()) {
        auto names = util::expand_hostlist(args.expect);
        if (!names)
            return report_input_error(
                Error{names.error().message, Location{"--expect", 1, names.error().column, "", args.expect}}, args.output);
        expected = std::move(*names);
    }
    auto stale_before = cutoff(args);
    if (!stale_before) return report_input_error(stale_before.error(), args.output);
    auto files = fleet::bundle_files(args.inputs);
    if (!files) return report_input_error(files.error(), args.output);

    fleet::FleetRequest request;
    request.inputs = args.inputs;
    request.files = std::move(*files);
    if (expected) {
        request.expect = args.expect;
        request.expected = std::move(expected);
    }
    if (*stale_before) {
        request.max_age = args.max_age;
        request.stale_before = **stale_before;
    }
    if (job) {
        request.job = &*job;
        request.job_path = args.job;
    }
    request.options.strict = args.strict;
    // On a terminal, how many bundles are read and how long the rest will take.
    output::ProgressLine progress("reading bundles", request.files.size(), output::ProgressUnit::items,
                                  output::progress_wanted(args.output.quiet), "bundles");
    request.progress = [&](std::size_t done) { progress.update(done); };
    auto summarized = fleet::summarize(*rules, request);
    progress.finish();
    if (!summarized) return report_input_error(summarized.error(), args.output);
    const fleet::FleetSummary& summary = *summarized;
    if (args.output.format == "json") std::cout << output::fleet_json(summary).dump(2) << "\n";
    else if (args.output.format == "sarif") std::cout << output::fleet_sarif(*rules, summary).dump(2) << "\n";
    else if (!args.output.quiet || summary.fails()) std::cout << output::fleet_text(summary, args.output.stdout_style());
    return summary.fails() ? exit_findings : exit_pass;
}

}  // namespace

Command register_fleet(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<FleetArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("fleet", "Compare the snapshot bundles of every node: drift, missing nodes, verdicts");
    cmd->footer(
        "Reads bundles written by `probe -o` on each node (a directory is read for its *.tar.gz)\n"
        "and reports each fact whose value differs between nodes: the value most nodes hold and\n"
        "the nodes that differ, in Slurm hostlist form. Variables count only where a loaded rule\n"
        "reads them. Exits 1 when a fact a rule reads differs, a node fails --job, an --expect\n"
        "node sent no bundle, or a bundle is unreadable or stale (--max-age); drift no rule reads\n"
        "is only reported.\n"
        "--format sarif writes one SARIF 2.1.0 run with drift, missing nodes, bad bundles and the\n"
        "nodes' findings as results (docs/fleet.md).\n"
        "Example: preflight fleet bundles/ --expect \"$SLURM_JOB_NODELIST\" --job job.toml");
    cmd->add_option("inputs", args->inputs, "Snapshot bundles, or directories holding them")->required()->type_name("BUNDLE|DIR");
    cmd->add_option("--expect", args->expect, "The nodes that must have sent a bundle, as a Slurm hostlist (n[001-064])")
        ->type_name("HOSTLIST");
    cmd->add_option(
           "--job", args->job,
           "Check this job (a job file, or a launch script with one launch) on every node and group the nodes by verdict")
        ->type_name("JOB.toml|SCRIPT");
    auto* max_age = cmd->add_option("--max-age", args->max_age,
                                    "Bundles written longer ago than this are stale (a node's bundle of an earlier run) "
                                    "and fail the fleet like a missing node. Example: --max-age 30m (s, m, h, d; 1h30m)")
                        ->type_name("DURATION");
    cmd->add_option("--now", args->now,
                    "The time --max-age counts back from, instead of the clock (UTC). Example: --now 2026-07-01T12:00:00Z")
        ->type_name("TIME")
        ->needs(max_age);
    cmd->add_flag("--strict", args->strict, "With --job: undetermined error rules count as errors");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json", "sarif"});
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
