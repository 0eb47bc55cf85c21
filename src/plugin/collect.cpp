#include "plugin/collect.hpp"

#include <fmt/format.h>

namespace preflight::plugin {
namespace {

std::optional<Value> value_of(const preflight_value& v, const std::string& name, preflight_fact_kind kind,
                              const SchemeOf& scheme_of) {
    if (v.is_null) return Value();
    switch (v.type) {
        case PREFLIGHT_TYPE_BOOL: return Value(v.integer != 0);
        case PREFLIGHT_TYPE_INT: return Value(static_cast<std::int64_t>(v.integer));
        case PREFLIGHT_TYPE_FLOAT: return Value(v.real);
        case PREFLIGHT_TYPE_STRING:
            if (!v.text) return std::nullopt;
            return Value(std::string(v.text));
        case PREFLIGHT_TYPE_VERSION: {
            if (!v.text) return std::nullopt;
            auto scheme = kind == PREFLIGHT_FACT_PACKAGE ? scheme_of(name) : version::Scheme::pep440;
            auto parsed = version::Version::parse(scheme, v.text);
            if (!parsed) return std::nullopt;
            return Value(std::move(*parsed));
        }
    }
    return std::nullopt;
}

}  // namespace

FactSink::FactSink(const Plugin& plugin, const SchemeOf& scheme_of) : plugin_(plugin), scheme_of_(scheme_of) {
    c_.context = this;
    c_.emit = &FactSink::emit;
}

// The sink's callback: copies everything, throws nothing.
void FactSink::emit(void* context, preflight_fact_kind kind, const char* name, const preflight_value* value,
                    const char* origin) try {
    auto* self = static_cast<FactSink*>(context);
    if (!name || !*name || !value || (kind != PREFLIGHT_FACT_PACKAGE && kind != PREFLIGHT_FACT_HARDWARE)) {
        self->out_.warnings.push_back(
            fmt::format("plugin {} emitted a fact without a name, value or valid kind", self->plugin_.name));
        return;
    }
    auto v = value_of(*value, name, kind, self->scheme_of_);
    if (!v) {
        self->out_.warnings.push_back(
            fmt::format("plugin {} emitted {} with a value that does not parse as its type; ignored", self->plugin_.name, name));
        return;
    }
    Origin o{OriginKind::probe, Location{origin && *origin ? origin : self->plugin_.name}, {}};
    self->out_.facts.push_back({kind, name, Fact{std::move(*v), std::move(o)}});
} catch (...) {}

tl::expected<Collection, std::string> collect_facts(const Plugin& plugin, Host& host, const SchemeOf& scheme_of) {
    if (!plugin.collect) return Collection{};
    FactSink sink(plugin, scheme_of);
    HostBridge bridge(host);
    char error[1024] = "";
    int rc = plugin.collect(bridge.get(), sink.get(), error, sizeof error);
    error[sizeof error - 1] = '\0';
    if (rc != PREFLIGHT_OK)
        return tl::unexpected(fmt::format("plugin {} ({}) failed: {}", plugin.name, plugin.path,
                                          *error ? error : fmt::format("error code {}", rc)));
    return sink.take();
}

}  // namespace preflight::plugin
