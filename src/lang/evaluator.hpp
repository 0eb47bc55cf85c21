// Evaluates a checked expression with three-valued logic: an Unknown operand makes
// the result Unknown (naming every missing fact), except where the other operand
// already decides it (`false && ?` is false, `true || ?` is true).
#pragma once

#include "core/value.hpp"
#include "lang/ast.hpp"
#include "lang/schema.hpp"

namespace preflight::lang {

Value evaluate(const Node& node, EvalContext& ctx);

}  // namespace preflight::lang
