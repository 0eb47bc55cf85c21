#include "app/gate_options.hpp"

#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "rules/baseline.hpp"
#include "rules/waiver.hpp"
#include "rules/waiver_file.hpp"
#include "util/output_target.hpp"
#include "util/time_text.hpp"

namespace preflight::app {
namespace fs = std::filesystem;
namespace {

std::string directory_of(const std::string& file) {
    std::error_code ec;
    fs::path absolute = fs::absolute(fs::path(file), ec).lexically_normal();
    return absolute.parent_path().string();
}

}  // namespace

void add_gate_options(CLI::App* cmd, GateOptions& gates) {
    const char* group = "Waivers and baselines";
    cmd->add_option("--waivers", gates.waiver_files,
                    "A waiver file of [[waive]] tables (rule, path, justification, owner, expires, when); repeatable. "
                    "A waived finding is reported as suppressed. .preflight-waivers.toml is also found from the working "
                    "directory up to the repository root. Example: --waivers ci/waivers.toml")
        ->type_name("FILE.toml")
        ->allow_extra_args(false)
        ->group(group);
    cmd->add_flag("--no-inline-waivers", gates.no_inline_waivers,
                  "Ignore [[waive]] tables in job files (a central CI accepts only its own waiver files)")
        ->group(group);
    cmd->add_flag("--no-waiver-discovery", gates.no_waiver_discovery,
                  "Do not look for .preflight-waivers.toml; only --waivers files (and inline tables) count")
        ->group(group);
    cmd->add_option("--now", gates.now, "The day waiver expiry is judged on, instead of today. Example: --now 2026-07-01")
        ->type_name("YYYY-MM-DD")
        ->group(group);
    cmd->add_option("--baseline", gates.baseline,
                    "Suppress the findings recorded in this baseline, so only new ones decide the verdict; entries no "
                    "longer found are reported as fixed (baseline-fixed). Example: --baseline .preflight-baseline.json")
        ->type_name("FILE.json")
        ->group(group);
    cmd->add_option("--write-baseline", gates.write_baseline,
                    "Record this run's findings (those no waiver covers) by fingerprint (rule, file, key) into FILE, "
                    "replacing it atomically; the report and exit code are as without it. "
                    "Example: --write-baseline .preflight-baseline.json")
        ->type_name("FILE.json")
        ->group(group);
}

Result<void> apply_gates(const GateOptions& gates, const rules::RuleSet& rules, const std::vector<GateInput>& inputs,
                         const fs::path& root) {
    if (inputs.empty()) return {};
    auto today = rules::today();
    if (!gates.now.empty()) {
        auto day = util::parse_day(gates.now);
        if (!day)
            return fail(fmt::format("--now '{}' is not a calendar day written YYYY-MM-DD", gates.now),
                        Location{"", 0, 0, "--now"});
        today = *day;
    }

    // Waiver files: the discovered one, then each --waivers file, in that order.
    std::vector<std::string> files;
    // The discovered file is named relative to the working directory ("../../.preflight-waivers.toml").
    if (!gates.no_waiver_discovery)
        if (auto found = rules::discover_waiver_file(fs::current_path()))
            files.push_back(found->lexically_relative(fs::current_path()).string());
    for (const auto& f : gates.waiver_files) files.push_back(f);
    std::vector<std::unique_ptr<rules::Waiver>> waivers;  // stable addresses for `matched`
    std::vector<const rules::Waiver*> shared;
    for (const auto& file : files) {
        auto tables = PREFLIGHT_TRY(rules::read_waiver_file(file));
        for (auto& w : PREFLIGHT_TRY(rules::read_waivers(tables, directory_of(file), rules))) {
            waivers.push_back(std::make_unique<rules::Waiver>(std::move(w)));
            shared.push_back(waivers.back().get());
        }
    }
    std::set<const rules::Waiver*> matched;
    std::vector<const rules::Waiver*> all = shared;
    // The facts of the jobs each waiver was offered to, for one that matched nothing.
    std::map<const rules::Waiver*, std::vector<const facts::FactSet*>> offered;
    static const facts::FactSet no_facts;
    for (const auto& in : inputs) {
        std::vector<const rules::Waiver*> mine = shared;
        if (in.config && !gates.no_inline_waivers && !in.config->waive.empty()) {
            for (auto& w : PREFLIGHT_TRY(rules::read_waivers(in.config->waive, directory_of(in.file), rules))) {
                waivers.push_back(std::make_unique<rules::Waiver>(std::move(w)));
                mine.push_back(waivers.back().get());
                all.push_back(waivers.back().get());
            }
        }
        const facts::FactSet& job_facts = in.facts ? *in.facts : no_facts;
        for (const auto* w : mine) offered[w].push_back(&job_facts);
        rules::apply_waivers(mine, job_facts, today, *in.result, matched);
    }
    rules::CheckResult& first = *inputs.front().result;
    for (const auto* w : all)
        if (!matched.count(w)) first.findings.push_back(rules::unused_waiver_finding(*w, offered[w], today));

    if (!gates.baseline.empty()) {
        auto baseline = PREFLIGHT_TRY(rules::read_baseline(gates.baseline));
        std::set<std::string> seen, checked;
        for (const auto& in : inputs) {
            checked.insert(rules::identity_path(in.file, root));
            for (const auto& f : in.result->findings) checked.insert(rules::identity_path(f.location.file, root));
            rules::apply_baseline(baseline, root, *in.result, seen);
        }
        if (auto fixed = rules::baseline_fixed_finding(baseline, seen, checked)) first.findings.push_back(std::move(*fixed));
    }

    if (!gates.write_baseline.empty()) {
        std::vector<rules::BaselineEntry> entries;
        for (const auto& in : inputs)
            for (const auto& f : in.result->findings)
                if (rules::belongs_in_baseline(f)) entries.push_back(rules::baseline_entry(f, root));
        PREFLIGHT_TRY(util::write_output(gates.write_baseline, rules::baseline_json(std::move(entries))));
    }
    return {};
}

}  // namespace preflight::app
