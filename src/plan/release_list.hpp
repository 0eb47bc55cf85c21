// The releases the packs know of each package (the `releases` table of
// rules/releases/pack.toml, which tools/releases/gen_releases.py writes from upstream
// tags and the vendors' matrices): what `plan` may move a package to.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rules/rule_set.hpp"
#include "version/version.hpp"

namespace preflight::plan {

struct Release {
    version::Version version;
    std::string date;    // YYYY-MM-DD of its tag; "" where a matrix alone names it
    std::string line;    // the release line it belongs to ("0.16", vllm-ascend's vllm line)
    std::string source;  // "NVIDIA/Megatron-LM@core_v0.16.1", "matrix: compat-matrices/torch_npu_cann"
    bool pre = false;    // a pre-release: pip takes it only when named
    bool pip = true;     // installed with pip (not CANN, a toolkit; not MindSpeed, installed from its branch)
};

// Normalized package name → its releases, oldest first (each package's own scheme).
using ReleaseLists = std::map<std::string, std::vector<Release>>;

inline constexpr const char* kReleasesTable = "releases";

// The loaded packs' release lists; empty when no pack has the table. The table has
// one row per package (`package`, `pip`, and `releases`: one line per release,
// "VERSION DATE LINE SOURCE [pre]"), so the packs every check loads stay small; a
// line whose version does not parse in its package's scheme is left out.
ReleaseLists release_lists(const rules::RuleSet& rules);

}  // namespace preflight::plan
