#include "output/fleet_sarif.hpp"

#include <fmt/format.h>

#include "output/ci_report.hpp"
#include "output/fleet_report.hpp"
#include "util/hostlist.hpp"

namespace preflight::output {
namespace {

using json = nlohmann::ordered_json;
using fleet::FleetSummary;
using fleet::NodeIndex;

// fleet's own results, beside the loaded rules: what a fleet can be wrong in.
struct FleetRule {
    const char* id;
    Severity severity;
    const char* summary;
};
constexpr FleetRule kDrift{"fleet-drift", Severity::error, "A fact a loaded rule reads differs between nodes"};
constexpr FleetRule kDriftUnread{"fleet-drift-unread", Severity::info,
                                 "A fact no loaded rule reads differs between nodes (not a failure)"};
constexpr FleetRule kMissing{"fleet-missing-node", Severity::error, "An expected node (--expect) sent no bundle"};
constexpr FleetRule kStale{"fleet-stale-bundle", Severity::error,
                           "A bundle was written before --max-age allows: it may be a node's bundle of an earlier run"};
constexpr FleetRule kUnreadable{"fleet-unreadable-bundle", Severity::error, "A bundle could not be read"};
constexpr FleetRule kDuplicate{"fleet-duplicate-bundle", Severity::error,
                               "A second bundle named a node that already sent one; it was ignored"};

json descriptor(const FleetRule& r) {
    return {{"id", r.id},
            {"shortDescription", {{"text", r.summary}}},
            {"help", {{"text", std::string(r.summary) + "\nSee docs/fleet.md."}}},
            {"defaultConfiguration", {{"level", sarif_level(r.severity)}}},
            {"properties", {{"pack", "fleet"}}}};
}

class Results {
public:
    explicit Results(const std::map<std::string, std::size_t>& index) : index_(index) {}

    json& add(const std::string& rule, Severity severity, const std::string& message, const std::string& file,
              const Location& where = {}) {
        json r;
        r["ruleId"] = rule;
        if (auto it = index_.find(rule); it != index_.end()) r["ruleIndex"] = it->second;
        r["level"] = sarif_level(severity);
        r["message"] = {{"text", message}};
        if (!file.empty()) r["locations"] = sarif_location(file, where);
        results_.push_back(std::move(r));
        return results_.back();
    }
    json take() { return std::move(results_); }

private:
    const std::map<std::string, std::size_t>& index_;
    json results_ = json::array();
};

}  // namespace

json fleet_sarif(const rules::RuleSet& rules, const FleetSummary& s) {
    json descriptors = sarif_descriptors(rules);
    for (const auto* r : {&kDrift, &kDriftUnread, &kMissing, &kStale, &kUnreadable, &kDuplicate})
        descriptors.push_back(descriptor(*r));
    const auto index = sarif_rule_index(descriptors);
    Results results(index);

    for (const auto& d : s.drift) {
        const FleetRule& rule = d.read_by_rules ? kDrift : kDriftUnread;
        std::string message =
            fmt::format("{} differs between nodes: {} on {}", d.fact, d.majority.value, node_count(d.majority.nodes.size()));
        json differing = json::array();
        for (const auto& o : d.others) {
            message += fmt::format("; {} on {} ({})", o.value, node_count(o.nodes.size()), nodes_hostlist(s, o.nodes));
            differing.push_back({{"value", o.value}, {"count", o.nodes.size()}, {"nodes", nodes_hostlist(s, o.nodes)}});
        }
        // The odd one out is where to look: the bundle of the first node that differs.
        const NodeIndex first = d.others.front().nodes.front();
        auto& r = results.add(rule.id, rule.severity, message, first < s.files.size() ? s.files[first] : "");
        r["properties"] = {{"fact", d.fact},
                           {"majority", {{"value", d.majority.value}, {"count", d.majority.nodes.size()}}},
                           {"differing", std::move(differing)}};
    }
    if (!s.missing.empty()) {
        const std::string nodes = util::compress_hostlist(s.missing);
        auto& r = results.add(
            kMissing.id, kMissing.severity,
            fmt::format("{} of --expect {} sent no bundle: {}", node_count(s.missing.size()), s.expected.value_or(""), nodes),
            s.inputs.empty() ? "" : s.inputs.front());
        r["properties"] = {{"nodes", nodes}, {"count", s.missing.size()}};
    }
    for (const auto& b : s.stale) {
        auto& r = results.add(kStale.id, kStale.severity,
                              fmt::format("the bundle of {} was written at {}, before {} (--max-age {})", b.node,
                                          b.time.empty() ? "an unknown time" : b.time, s.stale_before, s.max_age.value_or("")),
                              b.file);
        r["properties"] = {{"node", b.node}, {"time", b.time}};
    }
    for (const auto& u : s.unreadable) results.add(kUnreadable.id, kUnreadable.severity, u.message, u.file);
    for (const auto& d : s.duplicates)
        results.add(kDuplicate.id, kDuplicate.severity, fmt::format("a second bundle of {}, ignored", d.node), d.file);
    for (const auto& g : s.verdicts) {
        for (const auto& f : g.findings) {
            const std::string nodes = nodes_hostlist(s, g.nodes);
            auto& r = results.add(f.rule, f.severity, fmt::format("{} (on {}: {})", f.message, node_count(g.nodes.size()), nodes),
                                  f.file.empty() ? s.job.value_or("") : f.file, Location{f.file, f.line, f.column});
            r["properties"] = {{"verdict", g.verdict}, {"nodes", nodes}, {"count", g.nodes.size()}};
        }
    }
    return sarif_log(std::move(descriptors), results.take());
}

}  // namespace preflight::output
