// Runs one plugin's fact collector against a host and turns what it emits into
// facts with probe origins. A package's version is parsed in its own scheme.
#pragma once

#include <functional>

#include <tl/expected.hpp>

#include "core/fact.hpp"
#include "plugin/host.hpp"
#include "plugin/loader.hpp"

namespace preflight::plugin {

struct CollectedFact {
    preflight_fact_kind kind;
    std::string name;
    Fact fact;
};

struct Collection {
    std::vector<CollectedFact> facts;   // in the order emitted
    std::vector<std::string> warnings;  // emitted values the host could not take
};

using SchemeOf = std::function<version::Scheme(const std::string& package)>;

// The sink a collector emits into: each value is copied and converted at once.
class FactSink {
public:
    FactSink(const Plugin& plugin, const SchemeOf& scheme_of);
    FactSink(const FactSink&) = delete;
    FactSink& operator=(const FactSink&) = delete;
    const preflight_fact_sink* get() const { return &c_; }
    Collection take() { return std::move(out_); }

private:
    static void emit(void* context, preflight_fact_kind kind, const char* name, const preflight_value* value, const char* origin);
    const Plugin& plugin_;
    const SchemeOf& scheme_of_;
    Collection out_;
    preflight_fact_sink c_{};
};

// In this process. The plugin's error message when its collector returns an error code.
tl::expected<Collection, std::string> collect_facts(const Plugin& plugin, Host& host, const SchemeOf& scheme_of);

}  // namespace preflight::plugin
