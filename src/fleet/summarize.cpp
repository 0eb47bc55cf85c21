#include "fleet/summarize.hpp"

#include <algorithm>
#include <filesystem>
#include <set>
#include <unordered_map>

#include "facts/snapshot.hpp"
#include "fleet/check_key.hpp"
#include "fleet/fact_tally.hpp"
#include "fleet/verdict_groups.hpp"
#include "rules/check_job.hpp"
#include "util/parallel.hpp"
#include "util/time_text.hpp"

namespace preflight::fleet {
namespace {

// One bundle, read on a worker thread, and what its check depends on.
struct NodeOutcome {
    Result<facts::Snapshot> snapshot = fail("not read");
    std::string check_key;
};

// Checks already run, by check_key: identical nodes are checked once. Bounded, so a
// fleet of all-different nodes does not keep every result.
constexpr std::size_t kMaxCachedChecks = 1024;

// Bundles are read in batches on every core and counted in order; a batch's facts are
// dropped before the next is read, so memory stays flat.
constexpr std::size_t kBatch = 64;

}  // namespace

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

Result<FleetSummary> summarize(const rules::RuleSet& rules, const FleetRequest& request) {
    const auto& files = request.files;
    FleetSummary summary;
    summary.inputs = request.inputs;
    if (request.stale_before) {
        summary.max_age = request.max_age;
        summary.stale_before = util::format_utc_time(*request.stale_before);
    }
    // The facts the loaded packs read: a node that differs from the rest in one of these
    // can change a verdict, and `fleet` fails on such drift only.
    const std::set<FactRef> read(rules.reads.get().begin(), rules.reads.get().end());
    FactTally tally(read);
    std::unordered_map<std::string, rules::CheckResult> checked;
    VerdictGroups verdicts;
    std::set<std::string> stale_nodes;
    for (std::size_t start = 0; start < files.size(); start += kBatch) {
        if (request.progress) request.progress(start);
        std::vector<NodeOutcome> batch(std::min(kBatch, files.size() - start));
        util::parallel_for(batch.size(), [&](std::size_t i) {
            batch[i].snapshot = facts::read_snapshot_bundle(files[start + i], {}, true);
            if (batch[i].snapshot && request.job) batch[i].check_key = check_key(batch[i].snapshot->facts, read);
        });
        for (std::size_t i = 0; i < batch.size(); ++i) {
            ++summary.bundles;
            auto& outcome = batch[i];
            const std::string& file = files[start + i];
            if (!outcome.snapshot) {
                summary.unreadable.push_back({file, outcome.snapshot.error().message});
                continue;
            }
            const std::string& node = outcome.snapshot->manifest.node;
            // A node's first bundle counts, stale or not; any later one is a duplicate, so
            // a node with two old bundles is one stale node, not two.
            if (stale_nodes.count(node)) {
                summary.duplicates.push_back({node, file});
                continue;
            }
            if (request.stale_before) {
                const std::string& time = outcome.snapshot->manifest.time;
                auto written = util::parse_utc_time(time);
                if (!written || *written < *request.stale_before) {
                    if (tally.has(node)) summary.duplicates.push_back({node, file});
                    else {
                        stale_nodes.insert(node);
                        summary.stale.push_back({node, file, time});
                    }
                    continue;
                }
            }
            if (!tally.add(node, outcome.snapshot->facts)) {
                summary.duplicates.push_back({node, file});
                continue;
            }
            summary.files.push_back(file);
            if (!request.job) continue;
            const auto index = static_cast<NodeIndex>(tally.nodes().size() - 1);
            if (auto hit = checked.find(outcome.check_key); hit != checked.end()) {
                verdicts.add(index, hit->second);
                continue;
            }
            auto one = PREFLIGHT_TRY(rules::check_job(rules, *request.job, &outcome.snapshot->facts, request.options));
            verdicts.add(index, one.result);
            if (checked.size() < kMaxCachedChecks) checked.emplace(std::move(outcome.check_key), std::move(one.result));
        }
    }
    summary.nodes = tally.nodes();
    summary.drift = tally.drift();
    if (request.expected) {
        summary.expected = request.expect;
        // A stale node sent a bundle, just not one of this run: reported as stale, not missing.
        std::set<std::string> seen(summary.nodes.begin(), summary.nodes.end());
        for (const auto& b : summary.stale) seen.insert(b.node);
        std::set<std::string> wanted(request.expected->begin(), request.expected->end());
        for (const auto& name : wanted)
            if (!seen.count(name)) summary.missing.push_back(name);
        for (const auto& name : seen)
            if (!wanted.count(name)) summary.unexpected.push_back(name);
    }
    if (request.job) {
        summary.job = request.job_path;
        summary.verdicts = verdicts.groups();
    }
    return summary;
}

}  // namespace preflight::fleet
