#include "rules/gates.hpp"

#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "rules/baseline.hpp"
#include "rules/waiver.hpp"
#include "rules/waiver_file.hpp"
#include "util/output_target.hpp"
#include "util/time_text.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;
namespace {

std::string directory_of(const std::string& file) {
    std::error_code ec;
    fs::path absolute = fs::absolute(fs::path(file), ec).lexically_normal();
    return absolute.parent_path().string();
}

}  // namespace

Result<void> apply_gates(const GatePolicy& gates, const RuleSet& rules, const std::vector<GateInput>& inputs,
                         const fs::path& root) {
    if (inputs.empty()) return {};
    auto day_judged = rules::today();
    if (!gates.now.empty()) {
        auto day = util::parse_day(gates.now);
        if (!day)
            return fail(fmt::format("--now '{}' is not a calendar day written YYYY-MM-DD", gates.now),
                        Location{"", 0, 0, "--now"});
        day_judged = *day;
    }

    // Waiver files: the discovered one, then each --waivers file, in that order.
    std::vector<std::string> files;
    // The discovered file is named relative to the working directory ("../../.preflight-waivers.toml").
    if (!gates.no_waiver_discovery)
        if (auto found = discover_waiver_file(fs::current_path()))
            files.push_back(found->lexically_relative(fs::current_path()).string());
    for (const auto& f : gates.waiver_files) files.push_back(f);
    std::vector<std::unique_ptr<Waiver>> waivers;  // stable addresses for `matched`
    std::vector<const Waiver*> shared;
    for (const auto& file : files) {
        auto tables = PREFLIGHT_TRY(read_waiver_file(file));
        for (auto& w : PREFLIGHT_TRY(read_waivers(tables, directory_of(file), rules))) {
            waivers.push_back(std::make_unique<Waiver>(std::move(w)));
            shared.push_back(waivers.back().get());
        }
    }
    std::set<const Waiver*> matched;
    std::vector<const Waiver*> all = shared;
    // The facts of the jobs each waiver was offered to, for one that matched nothing.
    std::map<const Waiver*, std::vector<const facts::FactSet*>> offered;
    static const facts::FactSet no_facts;
    for (const auto& in : inputs) {
        std::vector<const Waiver*> mine = shared;
        if (in.config && !gates.no_inline_waivers && !in.config->waive.empty()) {
            for (auto& w : PREFLIGHT_TRY(read_waivers(in.config->waive, directory_of(in.file), rules))) {
                waivers.push_back(std::make_unique<Waiver>(std::move(w)));
                mine.push_back(waivers.back().get());
                all.push_back(waivers.back().get());
            }
        }
        const facts::FactSet& job_facts = in.facts ? *in.facts : no_facts;
        for (const auto* w : mine) offered[w].push_back(&job_facts);
        apply_waivers(mine, job_facts, day_judged, *in.result, matched);
    }
    CheckResult& first = *inputs.front().result;
    for (const auto* w : all)
        if (!matched.count(w)) first.findings.push_back(unused_waiver_finding(*w, offered[w], day_judged));

    if (!gates.baseline.empty()) {
        auto baseline = PREFLIGHT_TRY(read_baseline(gates.baseline));
        std::set<std::string> seen, checked;
        for (const auto& in : inputs) {
            checked.insert(identity_path(in.file, root));
            for (const auto& f : in.result->findings) checked.insert(identity_path(f.location.file, root));
            apply_baseline(baseline, root, *in.result, seen);
        }
        if (auto fixed = baseline_fixed_finding(baseline, seen, checked)) first.findings.push_back(std::move(*fixed));
    }

    if (!gates.write_baseline.empty()) {
        std::vector<BaselineEntry> entries;
        for (const auto& in : inputs)
            for (const auto& f : in.result->findings)
                if (belongs_in_baseline(f)) entries.push_back(baseline_entry(f, root));
        PREFLIGHT_TRY(util::write_output(gates.write_baseline, baseline_json(std::move(entries))));
    }
    return {};
}

}  // namespace preflight::rules
