// Facts across the nodes of a fleet, one node at a time: per fact, each value seen
// and the nodes (by index) that hold it. A node's facts are dropped once counted, so
// memory grows with the distinct values, not with the facts of every node.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "core/fact_ref.hpp"
#include "facts/node_facts.hpp"

namespace preflight::fleet {

using NodeIndex = std::uint32_t;

// One value of a drifting fact and the nodes that hold it.
struct ValueNodes {
    std::string value;
    std::vector<NodeIndex> nodes;  // ascending
};

// A fact whose value is not the same on every node.
struct Drift {
    std::string fact;                // "pkg torch", "env HCCL_BUFFSIZE", "revision megatron-core", "binary.x.sha256"
    bool read_by_rules = false;      // a loaded rule reads it: the drift fails the fleet
    ValueNodes majority;             // the value most nodes hold (ties: the first in text order)
    std::vector<ValueNodes> others;  // the rest, most nodes first
};

class FactTally {
public:
    // Variables are tallied only where a rule reads them (`read`): the others differ
    // from node to node by design (host names, ranks, job ids).
    explicit FactTally(std::set<FactRef> read);

    // Counts one node's facts; false (and nothing counted) when the node was seen before.
    bool add(const std::string& node, const facts::NodeFacts& facts);

    bool has(const std::string& node) const { return index_.count(node) > 0; }
    const std::vector<std::string>& nodes() const { return nodes_; }
    // Every fact that differs, those rules read first, then by name.
    std::vector<Drift> drift() const;

private:
    struct Tally {
        bool read_by_rules = false;
        std::string package;  // a package's fact: the name a node that does not list it lacks
        std::map<std::string, std::vector<NodeIndex>> by_value;
    };
    // The packages a node's source could not see: all of them when its listing is
    // partial, else those it marked uncovered (a reserved layer no probe plugin covers).
    // A package such a node does not list is unknown there, not absent. Nodes share
    // one copy of each distinct set.
    struct Blind {
        bool all = false;
        std::set<std::string> names;
        bool operator<(const Blind& o) const { return std::tie(all, names) < std::tie(o.all, o.names); }
    };
    void count(const std::string& fact, bool read, const std::string& value, NodeIndex node, const std::string& package = {});
    bool blind_to(NodeIndex node, const std::string& package) const;

    std::set<FactRef> read_;
    std::vector<std::string> nodes_;
    std::set<Blind> blinds_;
    std::vector<const Blind*> blind_of_;  // by NodeIndex, into blinds_
    std::unordered_map<std::string, NodeIndex> index_;
    std::map<std::string, Tally> facts_;
};

}  // namespace preflight::fleet
