#include "core/fact.hpp"

#include <fmt/format.h>

namespace preflight {

std::string describe(const Origin& o) {
    switch (o.kind) {
        case OriginKind::job:
            return o.where.line > 0 ? fmt::format("{}:{}", o.where.file, o.where.line) : o.where.file;
        case OriginKind::model_config: return o.where.file;
        case OriginKind::default_value: return "default";
        case OriginKind::probe: return "probe";
        case OriginKind::snapshot: return "snapshot";
        case OriginKind::freeze: return "freeze";
        case OriginKind::derived: return "derived";
        case OriginKind::patch: return "patch: " + o.rule;
    }
    return "?";
}

}  // namespace preflight
