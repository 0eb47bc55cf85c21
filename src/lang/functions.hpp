// The built-in functions of the rule language, the one source of what the language
// offers: each entry holds a function's signature and doc (the generated function
// reference in docs/rule-language.md prints them), what it reads, its checker (run
// when a pack loads) and its evaluator (run when a rule is evaluated).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/fact_ref.hpp"
#include "core/value.hpp"
#include "lang/ast.hpp"
#include "lang/schema.hpp"

namespace preflight::lang {

struct FunctionDef;

// What a function's evaluator reads of its call beyond its arguments' values.
struct CallSite {
    const FunctionDef* function = nullptr;
    // The first argument's name (a fact's: given()) or text (a package's or variable's:
    // pkg(), env()), where it lies in the program: it outlives the check, so the
    // evaluation context may keep a view of it (a patch slot).
    std::string_view argument_name;
    VersionRef const_version;                      // version(): the version its text is
    const version::VersionRange* range = nullptr;  // satisfies(): its range
};

struct FunctionDef {
    const char* name;
    const char* signature;  // for docs and errors
    const char* doc;
    std::size_t min_args;
    std::size_t max_args;
    // Set for a function that reads a fact outside the run configuration: its first
    // argument is then a string literal naming it (a package, a variable). The checker
    // validates and normalizes that name before `check` runs, and records it among the
    // facts the expression reads.
    std::optional<FactRef::Kind> reads;
    // Type-checks a call whose arguments are already typed; may precompile constants.
    Result<Type> (*check)(Node& call, const Schema& schema);
    // Arguments arrive evaluated and known (never Unknown) unless `sees_unknown`.
    Value (*eval)(const CallSite& call, const std::vector<Value>& args, EvalContext& ctx);
    bool sees_unknown = false;
    // Set for a function a native plugin supplies: what its checker and evaluator call
    // (plugin/functions.cpp); null for a built-in.
    const void* extension = nullptr;
};

const FunctionDef* find_function(std::string_view name);
const std::vector<FunctionDef>& all_functions();

// Adds a function a native plugin supplies, before packs compile; `find_function`
// then finds it. A name already taken is refused (false). The definition is kept
// for the life of the process.
bool add_function(const FunctionDef& def);
// The functions plugins added so far, in the order they were added.
std::vector<FunctionDef> added_functions();

// The error for a call of a function nobody provides; names the plugin a
// plugin-style name (`example_answer`) would come from.
std::string unknown_function_message(std::string_view name);

}  // namespace preflight::lang
