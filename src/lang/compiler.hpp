// Turns expression text into a checked tree, once, when a pack loads.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/fact_ref.hpp"
#include "lang/ast.hpp"
#include "lang/program.hpp"
#include "lang/schema.hpp"
#include "util/deferred.hpp"

namespace preflight::lang {

struct Expression {
    // The text and what it reads: wanted to describe an expression (an explanation, a
    // finding's evidence), never to evaluate one.
    struct Description {
        std::string source;
        // Facts by name (run-configuration keys and derived facts), and the packages,
        // variables and revisions its function calls name.
        std::set<FactRef> reads;
    };
    // The checked tree as a program (lang/program.hpp), what the evaluator reads.
    Program program;
    // Made on first use for an expression read from a rule-set image
    // (rules/rule_set_image.cpp): a check describes few of the expressions a set holds.
    util::Deferred<Description> description;

    const std::string& source() const { return description.get().source; }
    const std::set<FactRef>& reads() const { return description.get().reads; }
};

// On error, `location.column` is the byte offset into `source`. `expected` is the
// type the result must have (e.g. bool for a condition), if any.
Result<Expression> compile(std::string_view source, const Schema& schema, std::optional<Type> expected = std::nullopt);
// The same with `source` already parsed into `parsed` (parse_expression's tree of that
// very text); a null tree means the text is parsed here.
Result<Expression> compile(std::string_view source, NodePtr parsed, const Schema& schema,
                           std::optional<Type> expected = std::nullopt);

}  // namespace preflight::lang
