#include "facts/merge.hpp"

#include <fmt/format.h>

namespace preflight::facts {

void merge_node(FactSet& facts, const NodeFacts& node, Diagnostics& findings) {
    for (const auto& [name, fact] : node.env)
        if (!facts.env.count(name)) facts.env[name] = fact;
    facts.env_complete = facts.env_complete || node.env_complete;

    for (const auto& [name, declared] : FactMap(facts.packages)) {
        auto it = node.packages.find(name);
        if (it == node.packages.end() && node.uncovered.count(name)) continue;  // the job's word stands
        if (it == node.packages.end()) {
            if (node.packages_complete && !declared.value.is_null())
                findings.push_back(
                    {Severity::warning, "config-package-missing",
                     fmt::format("[packages] expects {} {}, but the node has no {} ({})", name, display(declared.value), name,
                                 node.packages.empty() ? "nothing was found" : "not in its listing"),
                     declared.origin.where});
            if (node.packages_complete) facts.packages[name] = Fact{Value(Null{}), node.absent_origin};
            continue;
        }
        if (!it->second.value.is_unknown() && display(it->second.value) != display(declared.value))
            findings.push_back(
                {Severity::warning, "config-package-mismatch",
                 fmt::format("[packages] says {} {}, but the node has {} ({}); checking with the node's", name,
                             declared.value.is_null() ? "is not installed" : display(declared.value),
                             it->second.value.is_null() ? "none" : display(it->second.value), describe(it->second.origin)),
                 declared.origin.where});
    }
    for (const auto& [name, fact] : node.packages) facts.packages[name] = fact;
    // What a source install records of its branch wins over what the job says, as versions do.
    for (const auto& [name, fact] : node.revisions) facts.revisions[name] = fact;
    // What the node shows of its hardware fills what the job leaves unset.
    for (const auto& [name, fact] : node.hardware) {
        if (!name.starts_with("hardware.")) continue;
        auto it = facts.config.find(name);
        if (it == facts.config.end() || it->second.origin.kind == OriginKind::default_value) facts.config[name] = fact;
    }
    if (node.packages_complete && !facts.packages_complete) {
        facts.packages_complete = true;
        facts.packages_uncovered = node.uncovered;
    }
    findings.insert(findings.end(), node.findings.begin(), node.findings.end());
}

}  // namespace preflight::facts
