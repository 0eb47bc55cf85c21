// Evaluates a checked expression with three-valued logic: an Unknown operand makes
// the result Unknown (naming every missing fact), except where the other operand
// already decides it (`false && ?` is false, `true || ?` is true). It reads the
// expression's program (lang/program.hpp) where it lies.
#pragma once

#include "core/value.hpp"
#include "lang/compiler.hpp"
#include "lang/program.hpp"
#include "lang/schema.hpp"

namespace preflight::lang {

Value evaluate(const Program& program, EvalContext& ctx);
Value evaluate(const Expression& expression, EvalContext& ctx);

}  // namespace preflight::lang
