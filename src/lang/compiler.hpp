// Turns expression text into a checked tree, once, when a pack loads.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "lang/ast.hpp"
#include "lang/schema.hpp"

namespace preflight::lang {

struct Expression {
    std::string source;
    NodePtr root;
    std::set<std::string> facts;     // fact names the expression reads
    std::set<std::string> packages;  // pkg()/installed() arguments, normalized
    std::set<std::string> env_vars;  // env() arguments
    std::set<std::string> revisions; // revision() arguments, normalized
};

// On error, `location.column` is the byte offset into `source`. `expected` is the
// type the result must have (e.g. bool for a condition), if any.
Result<Expression> compile(std::string_view source, const Schema& schema, std::optional<Type> expected = std::nullopt);

}  // namespace preflight::lang
