#include "fleet/fact_tally.hpp"

#include <algorithm>

namespace preflight::fleet {
namespace {

// What a node without a fact shows in the report.
constexpr const char* kNotInstalled = "not installed";
constexpr const char* kAbsent = "absent";
constexpr const char* kUnset = "unset";
constexpr const char* kUnknown = "unknown";

std::string shown(const Value& v, const char* null_text) { return v.is_null() ? null_text : display(v); }

}  // namespace

FactTally::FactTally(std::set<FactRef> read) : read_(std::move(read)) {}

void FactTally::count(const std::string& fact, bool read, const std::string& value, NodeIndex node) {
    auto& tally = facts_[fact];
    tally.read_by_rules = read;
    tally.by_value[value].push_back(node);
}

bool FactTally::add(const std::string& node, const facts::NodeFacts& facts) {
    if (index_.count(node)) return false;
    const auto at = static_cast<NodeIndex>(nodes_.size());
    index_.emplace(node, at);
    nodes_.push_back(node);
    for (const auto& [name, f] : facts.packages) {
        const FactRef ref = FactRef::package(name);
        count(ref.phrase(), read_.count(ref) > 0, shown(f.value, kNotInstalled), at);
    }
    for (const auto& [name, f] : facts.revisions) {
        const FactRef ref = FactRef::revision(name);
        count(ref.phrase(), read_.count(ref) > 0, shown(f.value, kAbsent), at);
    }
    for (const auto& [name, f] : facts.hardware) count(name, read_.count(FactRef::config(name)) > 0, shown(f.value, kAbsent), at);
    for (const auto& ref : read_) {
        if (ref.kind != FactRef::Kind::env) continue;
        auto it = facts.env.find(ref.name);
        std::string value = it != facts.env.end() ? shown(it->second.value, kUnset) : facts.env_complete ? kUnset : kUnknown;
        count(ref.phrase(), true, value, at);
    }
    return true;
}

std::vector<Drift> FactTally::drift() const {
    std::vector<Drift> out;
    for (const auto& [fact, tally] : facts_) {
        std::vector<ValueNodes> values;
        std::size_t listed = 0;
        for (const auto& [value, nodes] : tally.by_value) {
            values.push_back({value, nodes});
            listed += nodes.size();
        }
        // Nodes that do not list the fact at all: a package one node lacks.
        if (listed < nodes_.size()) {
            std::vector<bool> seen(nodes_.size());
            for (const auto& [value, nodes] : tally.by_value)
                for (auto n : nodes) seen[n] = true;
            ValueNodes missing{fact.starts_with("pkg ") ? kNotInstalled : kAbsent, {}};
            for (NodeIndex n = 0; n < nodes_.size(); ++n)
                if (!seen[n]) missing.nodes.push_back(n);
            // "not installed" may also be listed explicitly: one value either way.
            auto same = std::find_if(values.begin(), values.end(), [&](const ValueNodes& v) { return v.value == missing.value; });
            if (same != values.end()) {
                same->nodes.insert(same->nodes.end(), missing.nodes.begin(), missing.nodes.end());
                std::sort(same->nodes.begin(), same->nodes.end());
            } else {
                values.push_back(std::move(missing));
            }
        }
        if (values.size() < 2) continue;
        std::stable_sort(values.begin(), values.end(),
                         [](const ValueNodes& a, const ValueNodes& b) { return a.nodes.size() > b.nodes.size(); });
        Drift d{fact, tally.read_by_rules, std::move(values.front()), {}};
        d.others.assign(std::make_move_iterator(values.begin() + 1), std::make_move_iterator(values.end()));
        out.push_back(std::move(d));
    }
    std::stable_sort(out.begin(), out.end(), [](const Drift& a, const Drift& b) { return a.read_by_rules > b.read_by_rules; });
    return out;
}

}  // namespace preflight::fleet
