#include "core/fact.hpp"

#include <fmt/format.h>

namespace preflight {
namespace {

constexpr OriginKind kAllKinds[] = {OriginKind::job,           OriginKind::model_config, OriginKind::model_table,
                                    OriginKind::default_value, OriginKind::probe,        OriginKind::snapshot,
                                    OriginKind::freeze,        OriginKind::derived,      OriginKind::patch};

// Origins name files by their base name: the full path is in the finding already.
std::string base_name(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string file_and_line(const Location& where) {
    return where.line > 0 ? fmt::format("{}:{}", base_name(where.file), where.line) : base_name(where.file);
}

}  // namespace

std::string_view origin_kind_name(OriginKind kind) {
    switch (kind) {
        case OriginKind::job: return "job";
        case OriginKind::model_config: return "model_config";
        case OriginKind::model_table: return "model_table";
        case OriginKind::default_value: return "default";
        case OriginKind::probe: return "probe";
        case OriginKind::snapshot: return "snapshot";
        case OriginKind::freeze: return "freeze";
        case OriginKind::derived: return "derived";
        case OriginKind::patch: return "patch";
    }
    return "?";
}

std::optional<OriginKind> origin_kind_named(std::string_view name) {
    for (auto kind : kAllKinds)
        if (origin_kind_name(kind) == name) return kind;
    return std::nullopt;
}

std::string describe(const Origin& o) {
    switch (o.kind) {
        case OriginKind::job:
            // A command line's fact has no file: the launch reader names what gave it in
            // `rule` ("command line --cp", "environment $NPROC_PER_NODE", "environment").
            if (o.where.file.empty()) return o.rule.empty() ? std::string("command line") : o.rule;
            return file_and_line(o.where);
        case OriginKind::freeze: return file_and_line(o.where);
        case OriginKind::model_config: return base_name(o.where.file);
        case OriginKind::model_table: return fmt::format("model table: {}", o.rule);
        case OriginKind::probe:
            if (o.where.file.empty()) break;
            return fmt::format("{}: {}{}", origin_kind_name(o.kind), o.where.file, o.rule.empty() ? "" : ", " + o.rule);
        case OriginKind::patch: return fmt::format("{}: {}", origin_kind_name(o.kind), o.rule);
        case OriginKind::default_value:
        case OriginKind::snapshot:
        case OriginKind::derived: break;
    }
    return std::string(origin_kind_name(o.kind));
}

}  // namespace preflight
