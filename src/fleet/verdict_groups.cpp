#include "fleet/verdict_groups.hpp"

#include <algorithm>

namespace preflight::fleet {

void VerdictGroups::add(NodeIndex node, const rules::CheckResult& result) {
    std::vector<GroupFinding> findings;
    for (const auto& f : result.findings)
        if (!f.suppressed && f.severity >= Severity::warning)  // as has_at_least counts them
            findings.push_back({f.rule, f.severity, f.message, f.location.file, f.location.line, f.location.column});
    // Errors, then warnings, as every report orders them; by rule and place within each.
    std::sort(findings.begin(), findings.end(), [](const GroupFinding& a, const GroupFinding& b) {
        return a.severity != b.severity ? a.severity > b.severity : a < b;
    });
    std::string verdict = result.has_at_least(Severity::error)     ? "fail"
                          : result.has_at_least(Severity::warning) ? "warn"
                                                                   : "pass";
    groups_[{std::move(verdict), std::move(findings)}].push_back(node);
}

std::vector<VerdictGroup> VerdictGroups::groups() const {
    std::vector<VerdictGroup> out;
    for (const auto& [key, nodes] : groups_) out.push_back({key.first, key.second, nodes});
    auto rank = [](const std::string& v) { return v == "fail" ? 0 : v == "warn" ? 1 : 2; };
    std::stable_sort(out.begin(), out.end(), [&](const VerdictGroup& a, const VerdictGroup& b) {
        if (rank(a.verdict) != rank(b.verdict)) return rank(a.verdict) < rank(b.verdict);
        return a.nodes.size() > b.nodes.size();
    });
    return out;
}

}  // namespace preflight::fleet
