// The rule-condition parser.
//
// Grammar (EBNF). Operators bind as in C; `in` is a comparison.
//
//   expression  = or ;
//   or          = and , { "||" , and } ;
//   and         = comparison , { "&&" , comparison } ;
//   comparison  = additive , [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" | "in" ) , additive ] ;
//   additive    = term , { ( "+" | "-" ) , term } ;
//   term        = unary , { ( "*" | "/" | "%" ) , unary } ;
//   unary       = ( "!" | "-" ) , unary | primary ;
//   primary     = literal | call | name | list | "(" , expression , ")" ;
//   call        = identifier , "(" , [ expression , { "," , expression } ] , ")" ;
//   name        = identifier , { "." , identifier } ;
//   list        = "[" , [ expression , { "," , expression } ] , "]" ;
//   literal     = string | integer | float | "true" | "false" | "null" ;
//   string      = "'" , { char } , "'" | '"' , { char } , '"' ;   (escapes: \n \t \\ \' \")
//
// Nesting is bounded (kMaxDepth), and so are the tree the parser builds (kMaxHeight
// levels, kMaxNodes nodes): a flat chain `a && a && …` nests no parentheses but
// becomes a tree as deep as it is long, which the checker, the evaluator and the
// tree's destructor all walk recursively.
#pragma once

#include <string_view>

#include "core/error.hpp"
#include "lang/ast.hpp"

namespace preflight::lang {

inline constexpr int kMaxDepth = 64;
inline constexpr int kMaxHeight = 256;
inline constexpr int kMaxNodes = 10000;

// On error, `location.column` is the byte offset into `source`.
Result<NodePtr> parse_expression(std::string_view source);

}  // namespace preflight::lang
