// The built-in functions of the rule language: their signatures (checked when a
// pack loads) and their meaning (applied when a rule is evaluated).
#pragma once

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/value.hpp"
#include "lang/ast.hpp"
#include "lang/schema.hpp"

namespace preflight::lang {

struct FunctionDef {
    const char* name;
    const char* signature;  // for docs and errors
    const char* doc;
    std::size_t min_args;
    std::size_t max_args;
    // Type-checks a call whose arguments are already typed; may precompile constants.
    Result<Type> (*check)(Node& call, const Schema& schema);
    // Arguments arrive evaluated and known (never Unknown) unless `sees_unknown`.
    Value (*eval)(const Node& call, const std::vector<Value>& args, EvalContext& ctx);
    bool sees_unknown = false;
};

const FunctionDef* find_function(std::string_view name);
const std::vector<FunctionDef>& all_functions();

}  // namespace preflight::lang
