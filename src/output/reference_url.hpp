// Rule references as links: `owner/repo@tag:path:line` names a line of upstream code at
// a release tag on GitHub, where the packs' sources are read (docs/rule-packs.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace preflight::output {

// "NVIDIA/Megatron-LM@core_v0.15.3:megatron/training/arguments.py:94" →
// "https://github.com/NVIDIA/Megatron-LM/blob/core_v0.15.3/megatron/training/arguments.py#L94";
// without a line, the file; without a path, the tree at the tag. A URL is itself;
// anything else (prose, an untagged branch) has none.
std::optional<std::string> reference_url(std::string_view reference);

}  // namespace preflight::output
