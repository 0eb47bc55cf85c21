// Per-node verdicts against one job, grouped: nodes whose checks came out the same
// (the verdict and the same findings, message for message) share one group, so a
// thousand passing nodes are one line and the odd node stands out.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "fleet/fact_tally.hpp"
#include "rules/engine.hpp"

namespace preflight::fleet {

struct GroupFinding {
    std::string rule;
    Severity severity = Severity::error;
    std::string message;
    // Where in the job it points (the job file or a launch script): SARIF locates it there.
    std::string file;
    int line = 0;
    int column = 0;
    bool operator<(const GroupFinding& o) const {
        return std::tie(rule, message, severity, file, line, column) <
               std::tie(o.rule, o.message, o.severity, o.file, o.line, o.column);
    }
    bool operator==(const GroupFinding&) const = default;
};

struct VerdictGroup {
    std::string verdict;                 // "pass", "warn", "fail"
    std::vector<GroupFinding> findings;  // the errors and warnings that count (not suppressed)
    std::vector<NodeIndex> nodes;        // ascending
};

class VerdictGroups {
public:
    void add(NodeIndex node, const rules::CheckResult& result);
    // Failing groups first, then warnings, then passes; larger groups first within each.
    std::vector<VerdictGroup> groups() const;

private:
    std::map<std::pair<std::string, std::vector<GroupFinding>>, std::vector<NodeIndex>> groups_;
};

}  // namespace preflight::fleet
