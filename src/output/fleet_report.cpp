#include "output/fleet_report.hpp"

#include <fmt/format.h>

#include "output/json_value.hpp"
#include "output/printable.hpp"
#include "util/hostlist.hpp"

namespace preflight::output {
namespace {

using fleet::FleetSummary;
using fleet::NodeIndex;

void drift_lines(std::string& out, const FleetSummary& s, bool read_by_rules) {
    for (const auto& d : s.drift) {
        if (d.read_by_rules != read_by_rules) continue;
        // The majority's nodes are the rest; on a large fleet their list says nothing.
        out +=
            fmt::format("  {}: {} on {}\n", printable(d.fact), printable(d.majority.value), node_count(d.majority.nodes.size()));
        for (const auto& o : d.others)
            out += fmt::format("    differs: {} on {} ({})\n", printable(o.value), node_count(o.nodes.size()),
                               printable(nodes_hostlist(s, o.nodes)));
    }
}

}  // namespace

std::string node_count(std::size_t n) { return n == 1 ? "1 node" : fmt::format("{} nodes", n); }

std::string nodes_hostlist(const FleetSummary& s, const std::vector<NodeIndex>& nodes) {
    std::vector<std::string> names;
    names.reserve(nodes.size());
    for (auto n : nodes) names.push_back(s.nodes[n]);
    return util::compress_hostlist(std::move(names));
}

std::string fleet_text(const FleetSummary& s, const Style& style) {
    std::vector<NodeIndex> all(s.nodes.size());
    for (NodeIndex i = 0; i < all.size(); ++i) all[i] = i;
    // No node to list (every bundle stale, duplicate or unreadable): no dangling colon.
    std::string out =
        fmt::format("fleet: {} from {} {}", node_count(s.nodes.size()), s.bundles, s.bundles == 1 ? "bundle" : "bundles");
    out += all.empty() ? "\n" : fmt::format(": {}\n", printable(nodes_hostlist(s, all)));
    bool read = false, unread = false;
    for (const auto& d : s.drift) (d.read_by_rules ? read : unread) = true;
    if (read) {
        out += "drift in facts the rules read:\n";
        drift_lines(out, s, true);
    }
    if (unread) {
        out += "drift in facts no rule reads (not a failure):\n";
        drift_lines(out, s, false);
    }
    if (!read && !unread) out += "drift: none\n";
    if (s.expected) {
        if (s.missing.empty()) out += fmt::format("missing nodes: none of {}\n", printable(*s.expected));
        else
            out += fmt::format("missing nodes: {} ({})\n", node_count(s.missing.size()),
                               printable(util::compress_hostlist(s.missing)));
        if (!s.unexpected.empty())
            out += fmt::format("unexpected nodes: {} ({})\n", node_count(s.unexpected.size()),
                               printable(util::compress_hostlist(s.unexpected)));
    }
    if (!s.stale.empty()) {
        out += fmt::format("stale bundles: {} ({}), written before {} (--max-age {})\n", node_count(s.stale.size()),
                           printable(bundles_hostlist(s.stale)), s.stale_before, printable(*s.max_age));
        for (const auto& b : s.stale)
            out += fmt::format("  {}: {}, written {}\n", printable(b.node), printable(b.file),
                               b.time.empty() ? "at no recorded time" : printable(b.time));
    }
    if (!s.duplicates.empty()) {
        out +=
            fmt::format("nodes with more than one bundle (later ones ignored): {}\n", printable(bundles_hostlist(s.duplicates)));
        // Which file was passed over: the one to delete or re-probe.
        for (const auto& b : s.duplicates) out += fmt::format("  {}: {} ignored\n", printable(b.node), printable(b.file));
    }
    for (const auto& u : s.unreadable) out += fmt::format("unreadable bundle: {}: {}\n", printable(u.file), printable(u.message));
    if (s.job) {
        out += fmt::format("verdicts against {}:\n", printable(*s.job));
        for (const auto& g : s.verdicts) {
            out += fmt::format("  {} on {} ({})\n", style.bold(g.verdict), node_count(g.nodes.size()),
                               printable(nodes_hostlist(s, g.nodes)));
            for (const auto& f : g.findings)
                out += fmt::format("    {} {}: {}\n", style.severity(f.severity), printable(f.rule), printable(f.message));
        }
    }
    out += fmt::format("verdict: {}\n", style.bold(s.fails() ? "fail" : "pass"));
    return out;
}

nlohmann::ordered_json fleet_json(const FleetSummary& s) {
    using json = nlohmann::ordered_json;
    auto value_nodes = [&s](const fleet::ValueNodes& v) {
        return json{{"value", v.value}, {"count", v.nodes.size()}, {"nodes", nodes_hostlist(s, v.nodes)}};
    };
    std::vector<NodeIndex> all(s.nodes.size());
    for (NodeIndex i = 0; i < all.size(); ++i) all[i] = i;
    auto j = versioned<json>(kFleetOutputVersion);
    j["verdict"] = s.fails() ? "fail" : "pass";
    j["nodes"] = {{"count", s.nodes.size()}, {"hostlist", nodes_hostlist(s, all)}};
    j["bundles"] = s.bundles;
    json drift = json::array();
    for (const auto& d : s.drift) {
        json others = json::array();
        for (const auto& o : d.others) others.push_back(value_nodes(o));
        drift.push_back(
            {{"fact", d.fact}, {"read_by_rules", d.read_by_rules}, {"majority", value_nodes(d.majority)}, {"differing", others}});
    }
    j["drift"] = drift;
    if (s.expected)
        j["expected"] = {{"hostlist", *s.expected},
                         {"missing", util::compress_hostlist(s.missing)},
                         {"missing_count", s.missing.size()},
                         {"unexpected", util::compress_hostlist(s.unexpected)}};
    if (s.max_age) {
        json bundles = json::array();
        for (const auto& b : s.stale) bundles.push_back({{"node", b.node}, {"file", b.file}, {"time", b.time}});
        j["stale"] = {{"max_age", *s.max_age},
                      {"before", s.stale_before},
                      {"count", s.stale.size()},
                      {"nodes", bundles_hostlist(s.stale)},
                      {"bundles", std::move(bundles)}};
    }
    j["duplicates"] = bundles_hostlist(s.duplicates);
    json unreadable = json::array();
    for (const auto& u : s.unreadable) unreadable.push_back({{"file", u.file}, {"message", u.message}});
    j["unreadable"] = unreadable;
    if (s.job) {
        json groups = json::array();
        for (const auto& g : s.verdicts) {
            json findings = json::array();
            for (const auto& f : g.findings)
                findings.push_back({{"rule", f.rule}, {"severity", std::string(to_string(f.severity))}, {"message", f.message}});
            groups.push_back({{"verdict", g.verdict},
                              {"count", g.nodes.size()},
                              {"nodes", nodes_hostlist(s, g.nodes)},
                              {"findings", findings}});
        }
        j["job"] = *s.job;
        j["verdicts"] = groups;
    }
    return j;
}

}  // namespace preflight::output
