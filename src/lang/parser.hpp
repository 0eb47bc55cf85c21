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
// Nesting is bounded (kMaxDepth) so a hostile pack cannot exhaust the stack.
#pragma once

#include <string_view>

#include "core/error.hpp"
#include "lang/ast.hpp"

namespace preflight::lang {

inline constexpr int kMaxDepth = 64;

// On error, `location.column` is the byte offset into `source`.
Result<NodePtr> parse_expression(std::string_view source);

}  // namespace preflight::lang
