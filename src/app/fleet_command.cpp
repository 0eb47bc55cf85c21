// `preflight fleet BUNDLE…|DIR`: the snapshot bundles of every node of an allocation
// side by side: the facts that differ between nodes, the expected nodes that sent no
// bundle, and each node's verdict against a job.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <unordered_map>

#include <fmt/format.h>

#include "app/common.hpp"
#include "app/launch_input.hpp"
#include "core/exit_code.hpp"
#include "facts/snapshot.hpp"
#include "fleet/check_key.hpp"
#include "fleet/fact_tally.hpp"
#include "fleet/fleet_summary.hpp"
#include "fleet/rule_reads.hpp"
#include "fleet/verdict_groups.hpp"
#include "output/fleet_report.hpp"
#include "output/progress_line.hpp"
#include "rules/check_job.hpp"
#include "util/hostlist.hpp"
#include "util/parallel.hpp"

namespace preflight::app {
namespace {

struct FleetArgs {
    std::vector<std::string> inputs;  // bundles, or directories of *.tar.gz
    std::string expect;               // a Slurm hostlist
    std::string job;
    bool strict = false;
    RuleOptions rules;
    OutputOptions output;
};

// The bundle files the inputs name: files as given, a directory's *.tar.gz sorted.
Result<std::vector<std::string>> bundle_files(const std::vector<std::string>& inputs) {
    namespace fs = std::filesystem;
    std::vector<std::string> files;
    for (const auto& input : inputs) {
        std::error_code ec;
        if (!fs::exists(input, ec)) return fail("no such file or directory", Location{input});
        if (!fs::is_directory(input, ec)) {
            files.push_back(input);
            continue;
        }
        std::vector<std::string> found;
        for (fs::directory_iterator it(input, ec), end; !ec && it != end; it.increment(ec))
            if (it->path().filename().string().ends_with(".tar.gz")) found.push_back(it->path().string());
        if (ec) return fail("cannot list the directory: " + ec.message(), Location{input});
        if (found.empty()) return fail("the directory holds no *.tar.gz bundle", Location{input});
        std::sort(found.begin(), found.end());
        files.insert(files.end(), found.begin(), found.end());
    }
    return files;
}

// One bundle, read on a worker thread, and what its check depends on.
struct NodeOutcome {
    Result<facts::Snapshot> snapshot = fail("not read");
    std::string check_key;
};

// Checks already run, by fleet::check_key: identical nodes are checked once. Bounded,
// so a fleet of all-different nodes does not keep every result.
constexpr std::size_t kMaxCachedChecks = 1024;

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
    auto files = bundle_files(args.inputs);
    if (!files) return report_input_error(files.error(), args.output);

    fleet::FleetSummary summary;
    const std::set<FactRef> read = fleet::facts_read_by(*rules);
    fleet::FactTally tally(read);
    std::unordered_map<std::string, rules::CheckResult> checked;
    fleet::VerdictGroups verdicts;
    rules::CheckOptions options;
    options.strict = args.strict;
    // Bundles are read in batches on every core and counted in order; a batch's
    // facts are dropped before the next is read, so memory stays flat.
    constexpr std::size_t kBatch = 64;
    // On a terminal, how many bundles are read and how long the rest will take.
    output::ProgressLine progress("reading bundles", files->size(), output::ProgressUnit::items,
                                  output::progress_wanted(args.output.quiet), "bundles");
    for (std::size_t start = 0; start < files->size(); start += kBatch) {
        progress.update(start);
        std::vector<NodeOutcome> batch(std::min(kBatch, files->size() - start));
        util::parallel_for(batch.size(), [&](std::size_t i) {
            batch[i].snapshot = facts::read_snapshot_bundle((*files)[start + i], {}, true);
            if (batch[i].snapshot && job) batch[i].check_key = fleet::check_key(batch[i].snapshot->facts, read);
        });
        for (std::size_t i = 0; i < batch.size(); ++i) {
            ++summary.bundles;
            auto& outcome = batch[i];
            if (!outcome.snapshot) {
                summary.unreadable.push_back({(*files)[start + i], outcome.snapshot.error().message});
                continue;
            }
            const std::string& node = outcome.snapshot->manifest.node;
            if (!tally.add(node, outcome.snapshot->facts)) {
                summary.duplicates.push_back(node);
                continue;
            }
            if (!job) continue;
            const auto index = static_cast<fleet::NodeIndex>(tally.nodes().size() - 1);
            if (auto hit = checked.find(outcome.check_key); hit != checked.end()) {
                verdicts.add(index, hit->second);
                continue;
            }
            auto one = rules::check_job(*rules, *job, &outcome.snapshot->facts, options);
            if (!one) return report_input_error(one.error(), args.output);
            verdicts.add(index, one->result);
            if (checked.size() < kMaxCachedChecks) checked.emplace(std::move(outcome.check_key), std::move(one->result));
        }
    }
    progress.finish();
    summary.nodes = tally.nodes();
    summary.drift = tally.drift();
    if (expected) {
        summary.expected = args.expect;
        std::set<std::string> seen(summary.nodes.begin(), summary.nodes.end());
        std::set<std::string> wanted(expected->begin(), expected->end());
        for (const auto& name : wanted)
            if (!seen.count(name)) summary.missing.push_back(name);
        for (const auto& name : seen)
            if (!wanted.count(name)) summary.unexpected.push_back(name);
    }
    if (job) {
        summary.job = args.job;
        summary.verdicts = verdicts.groups();
    }
    if (args.output.format == "json") std::cout << output::fleet_json(summary).dump(2) << "\n";
    else if (!args.output.quiet || summary.fails()) std::cout << output::fleet_text(summary);
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
        "node sent no bundle, or a bundle is unreadable; drift no rule reads is only reported.\n"
        "Example: preflight fleet bundles/ --expect \"$SLURM_JOB_NODELIST\" --job job.toml");
    cmd->add_option("inputs", args->inputs, "Snapshot bundles, or directories holding them")->required()->type_name("BUNDLE|DIR");
    cmd->add_option("--expect", args->expect, "The nodes that must have sent a bundle, as a Slurm hostlist (n[001-064])")
        ->type_name("HOSTLIST");
    cmd->add_option(
           "--job", args->job,
           "Check this job (a job file, or a launch script with one launch) on every node and group the nodes by verdict")
        ->type_name("JOB.toml|SCRIPT");
    cmd->add_flag("--strict", args->strict, "With --job: undetermined error rules count as errors");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json"});
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
