// What the checker needs to know about the world, and what the evaluator asks of it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/value.hpp"
#include "lang/type.hpp"
#include "version/version.hpp"

namespace preflight::lang {

class Schema {
public:
    virtual ~Schema() = default;
    virtual std::optional<Type> fact_type(std::string_view name) const = 0;
    virtual version::Scheme package_scheme(std::string_view normalized_name) const = 0;
    virtual bool has_table(std::string_view table) const = 0;
    virtual std::optional<Type> column_type(std::string_view table, std::string_view column) const = 0;
};

class EvalContext {
public:
    virtual ~EvalContext() = default;
    virtual Value fact(std::string_view name) = 0;
    virtual Value env(std::string_view name) = 0;                 // string, Null (unset) or Unknown
    virtual Value package(std::string_view normalized_name) = 0;  // Version, Null or Unknown
    // The git branch or tag a distribution was installed from: string, Null when the
    // package is known absent, Unknown when nobody recorded it.
    virtual Value revision(std::string_view normalized_name) = 0;
    virtual Value lookup(std::string_view table, std::string_view key_column, const Value& key,
                         std::string_view value_column) = 0;  // the cell, or Null when no row matches
    // Whether the job (or a fix) gives the fact, rather than a default.
    virtual bool given(std::string_view name) = 0;
};

}  // namespace preflight::lang
