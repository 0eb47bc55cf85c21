// What `fleet` found over a set of snapshot bundles, as the renderers read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "fleet/fact_tally.hpp"
#include "fleet/verdict_groups.hpp"

namespace preflight::fleet {

struct UnreadableBundle {
    std::string file;
    std::string message;
};

struct FleetSummary {
    std::vector<std::string> nodes;  // by NodeIndex, in the order the bundles were read
    std::size_t bundles = 0;         // files read, unreadable ones included
    std::vector<Drift> drift;
    std::optional<std::string> expected;  // --expect, as given
    std::vector<std::string> missing;     // expected, with no bundle
    std::vector<std::string> unexpected;  // a bundle, not expected
    std::vector<std::string> duplicates;  // a second bundle of one node (ignored)
    std::vector<UnreadableBundle> unreadable;
    std::optional<std::string> job;  // --job
    std::vector<VerdictGroup> verdicts;

    // Exit 1: a fact some rule reads drifts, a node fails the job, an expected node
    // sent no bundle, or a bundle could not be read or named its node twice.
    bool fails() const {
        for (const auto& d : drift)
            if (d.read_by_rules) return true;
        for (const auto& g : verdicts)
            if (g.verdict == "fail") return true;
        return !missing.empty() || !unreadable.empty() || !duplicates.empty();
    }
};

}  // namespace preflight::fleet
