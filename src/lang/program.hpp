// What an expression compiles to: its checked tree as bytes, which a rule-set image
// holds as they are and the evaluator reads where they lie (evaluator.cpp). Trees read
// from an image into nodes were a quarter of a check's instructions and 1.1 MB of its
// memory (bench/README.md, issue 22); a program read in place costs neither.
//
// The byte form, one node after another in the order the evaluator takes them:
//   node     := head holds fields children
//   head     := one byte: the node's kind (NodeKind, 3 bits), then its operator's place
//               in kOperators plus one (4 bits; 0 for none)
//   holds    := one byte of ProgramHolds bits: which fields follow
//   fields   := in ProgramHolds' order, each where its bit is set:
//               literal  a value (tag byte; a bool byte, 8 bytes of an integer or
//                        double, a string's length and bytes, a list's count and values)
//               name     length and bytes
//               function a built-in's place in all_functions() plus one, or 0 then a
//                        plugin function's name (length and bytes)
//               version  scheme byte, then the text of a version constant
//               range    scheme byte, then satisfies()'s range text
//               (a node's type, height, offset and pkg()'s scheme are the checker's
//               own, used before the program is written and never after: not kept)
//   children := a list's or call's count then each node; a unary node's operand; a
//               binary node's two operands, the right one of `&&` and `||` behind its
//               length so that the evaluator steps over it when the left one decides
// Lengths and counts are 7-bit varints. A program is read only by the build that
// wrote it, from a checked tree or an image whose hash was checked: bytes that do not
// decode are a bug, reported by an exception, never a value.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "lang/ast.hpp"

namespace preflight::lang {

enum ProgramHolds : unsigned {
    holds_literal = 1U << 0,        // a literal that is not null
    holds_name = 1U << 1,           // a name node's name
    holds_function = 1U << 2,       // a call's function
    holds_const_version = 1U << 3,  // a string literal compared with a version, or version()
    holds_range = 1U << 4,          // satisfies()'s range
};
inline constexpr unsigned kProgramHoldsAll = (1U << 5) - 1;

// A literal's first byte.
enum class ProgramValueTag : unsigned char { null, boolean, integer, floating, string, list };

class Program {
public:
    Program() = default;
    // The program of a tree the checker has filled in.
    static Program of(const Node& checked);
    // The bytes of a program of() wrote, kept alive by `keeper` (what holds them: a
    // rule-set image; null for bytes that outlive every use, the embedded image's).
    static Program view(std::string_view bytes, std::shared_ptr<const void> keeper);

    std::string_view bytes() const { return bytes_; }
    bool empty() const { return bytes_.empty(); }

private:
    std::shared_ptr<const void> keeper_;
    std::string_view bytes_;
};

}  // namespace preflight::lang
