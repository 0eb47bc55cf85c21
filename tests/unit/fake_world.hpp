// In-memory Schema and EvalContext for testing the language without packs or files.
#pragma once

#include <map>
#include <string>

#include "lang/schema.hpp"

namespace preflight::test_support {

class FakeWorld : public lang::Schema, public lang::EvalContext {
public:
    std::map<std::string, lang::Type> types;
    std::map<std::string, Value> facts;      // absent → Unknown
    std::map<std::string, Value> env_vars;   // absent → Null
    std::map<std::string, Value> packages;   // absent → Unknown
    std::map<std::string, Value> revisions;  // absent → Unknown
    std::map<std::string, version::Scheme> schemes;

    std::optional<lang::Type> fact_type(std::string_view name) const override {
        auto it = types.find(std::string(name));
        if (it == types.end()) return std::nullopt;
        return it->second;
    }
    version::Scheme package_scheme(std::string_view n) const override {
        auto it = schemes.find(std::string(n));
        return it == schemes.end() ? version::Scheme::pep440 : it->second;
    }
    bool has_table(std::string_view t) const override { return t == "models"; }
    std::optional<lang::Type> column_type(std::string_view, std::string_view c) const override {
        if (c == "arch") return lang::Type{lang::TypeKind::string};
        if (c == "has_gdn") return lang::Type{lang::TypeKind::boolean};
        return std::nullopt;
    }

    Value fact(std::string_view name) override {
        auto it = facts.find(std::string(name));
        return it == facts.end() ? Value::unknown(FactRef::config(std::string(name))) : it->second;
    }
    Value env(std::string_view name) override {
        auto it = env_vars.find(std::string(name));
        return it == env_vars.end() ? Value(Null{}) : it->second;
    }
    Value package(std::string_view name) override {
        auto it = packages.find(std::string(name));
        return it == packages.end() ? Value::unknown(FactRef::package(std::string(name))) : it->second;
    }
    Value revision(std::string_view name) override {
        auto it = revisions.find(std::string(name));
        return it == revisions.end() ? Value::unknown(FactRef::revision(std::string(name))) : it->second;
    }
    bool given(std::string_view name) override { return facts.count(std::string(name)) > 0; }
    Value lookup(std::string_view, std::string_view, const Value& key, std::string_view) override {
        return key == Value("qwen3_5") ? Value(true) : Value(Null{});
    }
};

}  // namespace preflight::test_support
