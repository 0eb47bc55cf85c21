// What a fact source found on a node: its environment, its packages and its
// hardware, each fact with its origin, plus findings about the node itself.
#pragma once

#include <map>
#include <set>
#include <string>

#include "core/diagnostic.hpp"
#include "core/fact.hpp"

namespace preflight::facts {

struct NodeFacts {
    FactMap env;
    FactMap packages;                             // normalized name → Version (Null: known absent)
    FactMap hardware;                             // e.g. "cpu.arch", "python.version"
    FactMap revisions;                            // normalized name → git branch or tag of a source install
    bool env_complete = false;                    // every variable of the node is listed
    bool packages_complete = false;               // every installed distribution is listed …
    std::set<std::string> uncovered;              // … except these names, which the source cannot see
    Origin absent_origin;                         // the origin of "not installed"
    Diagnostics findings;                         // e.g. two versions of one distribution
    std::map<std::string, std::string> redacted;  // env name → the redaction rule that hid its value (facts/redaction.hpp)
};

// The reserved names of non-Python layers (docs/manual.md, "The run configuration"): a Python package listing says
// nothing about them.
inline const std::set<std::string>& reserved_layers() {
    static const std::set<std::string> names = {"cann", "ascend-driver", "cuda", "nvidia-driver", "python"};
    return names;
}

// A place facts come from: the live node, a snapshot bundle, a freeze file, or an
// in-memory fake in tests.
class FactSource {
public:
    virtual ~FactSource() = default;
    virtual Result<NodeFacts> collect() = 0;
};

}  // namespace preflight::facts
