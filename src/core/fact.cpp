#include "core/fact.hpp"

#include <fmt/format.h>

namespace preflight {

// Origins name files by their base name: the full path is in the finding already.
static std::string base_name(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string describe(const Origin& o) {
    switch (o.kind) {
        case OriginKind::job:
            return o.where.line > 0 ? fmt::format("{}:{}", base_name(o.where.file), o.where.line) : base_name(o.where.file);
        case OriginKind::model_config: return base_name(o.where.file);
        case OriginKind::default_value: return "default";
        case OriginKind::probe: return o.where.file.empty() ? "probe" : "probe: " + o.where.file + (o.rule.empty() ? "" : ", " + o.rule);
        case OriginKind::snapshot: return "snapshot";
        case OriginKind::freeze: return o.where.line > 0 ? fmt::format("{}:{}", base_name(o.where.file), o.where.line) : base_name(o.where.file);
        case OriginKind::derived: return "derived";
        case OriginKind::patch: return "patch: " + o.rule;
    }
    return "?";
}

}  // namespace preflight
