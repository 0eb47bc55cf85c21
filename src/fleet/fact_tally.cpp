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

// The probe digests each hook library twice; one digest (sha256) stands for the
// library, so a library that differs is one drift, not two.
constexpr std::string_view kDigestShown = ".sha256";
constexpr std::string_view kDigestTwin = ".md5";

bool is_library_digest(const std::string& name, std::string_view suffix) {
    return name.starts_with("binary.") && name.ends_with(suffix);
}

std::string with_suffix(const std::string& name, std::string_view from, std::string_view to) {
    return name.substr(0, name.size() - from.size()) + std::string(to);
}

}  // namespace

FactTally::FactTally(std::set<FactRef> read) : read_(std::move(read)) {}

void FactTally::count(const std::string& fact, bool read, const std::string& value, NodeIndex node, const std::string& package) {
    auto& tally = facts_[fact];
    tally.read_by_rules = read;
    tally.package = package;
    tally.by_value[value].push_back(node);
}

bool FactTally::blind_to(NodeIndex node, const std::string& package) const {
    const Blind& blind = *blind_of_[node];
    return blind.all || blind.names.count(package) > 0;
}

bool FactTally::add(const std::string& node, const facts::NodeFacts& facts) {
    if (index_.count(node)) return false;
    const auto at = static_cast<NodeIndex>(nodes_.size());
    index_.emplace(node, at);
    nodes_.push_back(node);
    Blind blind{!facts.packages_complete, facts.packages_complete ? facts.uncovered : std::set<std::string>{}};
    blind_of_.push_back(&*blinds_.insert(std::move(blind)).first);
    for (const auto& [name, f] : facts.packages) {
        const FactRef ref = FactRef::package(name);
        count(ref.phrase(), read_.count(ref) > 0, shown(f.value, kNotInstalled), at, name);
    }
    for (const auto& [name, f] : facts.revisions) {
        const FactRef ref = FactRef::revision(name);
        count(ref.phrase(), read_.count(ref) > 0, shown(f.value, kAbsent), at);
    }
    for (const auto& [name, f] : facts.hardware) {
        bool read = read_.count(FactRef::config(name)) > 0;
        if (is_library_digest(name, kDigestTwin) && facts.hardware.count(with_suffix(name, kDigestTwin, kDigestShown))) continue;
        if (is_library_digest(name, kDigestShown))
            read = read || read_.count(FactRef::config(with_suffix(name, kDigestShown, kDigestTwin))) > 0;
        count(name, read, shown(f.value, kAbsent), at);
    }
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
        // Nodes that do not list the fact at all: a package one node lacks, or one its
        // probe could not see (a reserved layer no plugin covers: unknown there).
        if (listed < nodes_.size()) {
            std::vector<bool> seen(nodes_.size());
            for (const auto& [value, nodes] : tally.by_value)
                for (auto n : nodes) seen[n] = true;
            std::map<std::string, std::vector<NodeIndex>> unlisted;
            for (NodeIndex n = 0; n < nodes_.size(); ++n) {
                if (seen[n]) continue;
                const char* text = tally.package.empty() ? kAbsent : blind_to(n, tally.package) ? kUnknown : kNotInstalled;
                unlisted[text].push_back(n);
            }
            // "not installed" may also be listed explicitly: one value either way.
            for (auto& [shown_as, missing] : unlisted) {
                const std::string& text = shown_as;  // a lambda cannot capture a structured binding (clang 14)
                auto same = std::find_if(values.begin(), values.end(), [&](const ValueNodes& v) { return v.value == text; });
                if (same != values.end()) {
                    same->nodes.insert(same->nodes.end(), missing.begin(), missing.end());
                    std::sort(same->nodes.begin(), same->nodes.end());
                } else {
                    values.push_back({text, std::move(missing)});
                }
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
