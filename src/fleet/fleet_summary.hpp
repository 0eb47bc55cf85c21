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

// A bundle written before --max-age allows: it may be a node's bundle of an earlier
// run (a probe that failed this time left it in place), so it does not count.
struct StaleBundle {
    std::string node;
    std::string file;
    std::string time;  // as the manifest records it; empty when it records none
};

// A bundle that named a node: where a report points for that node.
struct NodeBundle {
    std::string node;
    std::string file;
};

struct FleetSummary {
    std::vector<std::string> inputs;  // the bundles and directories as given
    std::vector<std::string> nodes;   // by NodeIndex, in the order the bundles were read
    std::vector<std::string> files;   // by NodeIndex: the bundle each node's facts came from
    std::size_t bundles = 0;          // files read, unreadable ones included
    std::vector<Drift> drift;
    std::optional<std::string> expected;  // --expect, as given
    std::vector<std::string> missing;     // expected, with no bundle
    std::vector<std::string> unexpected;  // a bundle, not expected
    std::vector<NodeBundle> duplicates;   // a second bundle of one node (ignored)
    std::vector<UnreadableBundle> unreadable;
    std::optional<std::string> max_age;  // --max-age, as given
    std::string stale_before;            // its cut-off, a UTC time: older bundles are stale
    std::vector<StaleBundle> stale;      // neither tallied nor checked, nor counted as missing
    std::optional<std::string> job;      // --job
    std::vector<VerdictGroup> verdicts;

    // Exit 1: a fact some rule reads drifts, a node fails the job, an expected node
    // sent no bundle, or a bundle could not be read, named its node twice or is stale.
    bool fails() const {
        for (const auto& d : drift)
            if (d.read_by_rules) return true;
        for (const auto& g : verdicts)
            if (g.verdict == "fail") return true;
        return !missing.empty() || !unreadable.empty() || !duplicates.empty() || !stale.empty();
    }
};

}  // namespace preflight::fleet
