// Turns expression text into a checked tree, once, when a pack loads.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/fact_ref.hpp"
#include "lang/ast.hpp"
#include "lang/schema.hpp"
#include "util/deferred.hpp"

namespace preflight::lang {

struct Expression {
    std::string source;
    // The checked tree, made on first use where the expression was read from a
    // rule-set image (rules/rule_set_image.cpp): a check evaluates few of the messages,
    // fixes, defaults and derived facts a set holds.
    util::Deferred<NodePtr> root;
    const Node& tree() const { return *root.get(); }
    // What the expression reads: facts by name (run-configuration keys and derived
    // facts), and the packages, variables and revisions its function calls name.
    std::set<FactRef> reads;
};

// On error, `location.column` is the byte offset into `source`. `expected` is the
// type the result must have (e.g. bool for a condition), if any.
Result<Expression> compile(std::string_view source, const Schema& schema, std::optional<Type> expected = std::nullopt);
// The same with `source` already parsed into `parsed` (parse_expression's tree of that
// very text); a null tree means the text is parsed here.
Result<Expression> compile(std::string_view source, NodePtr parsed, const Schema& schema,
                           std::optional<Type> expected = std::nullopt);

}  // namespace preflight::lang
