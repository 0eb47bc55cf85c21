// The parse tree of a launch script: lists of and-or lists of pipelines of elements
// (simple commands, groups, subshells, if/case arms, loops, function bodies), as bash
// groups them; the interpreter (shell_interpreter.hpp) runs it. Compound commands the
// reader does not run (select, coproc, arithmetic, for ((…))) stay as skipped blocks
// with what they may assign.
#pragma once

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "launch/shell_lexer.hpp"

namespace preflight::launch::shell {

// --- the parse tree -------------------------------------------------------------

struct List;

struct Simple {
    std::vector<const Token*> words;      // assignments first, then the command's words
    std::vector<const Token*> redirects;  // the operators (their targets are skipped)
    std::size_t offset = 0;
};

// What a block the reader does not run may change.
struct Effects {
    std::set<std::string> assigns;
    std::set<std::string> exports;
    std::vector<std::string> first_words;  // commands it runs: calls of functions
    bool anything = false;                 // eval or source inside
    bool cwd = false;                      // cd inside
};

// One arm of an `if`, `case` or loop: the commands it runs, and what it is.
struct Arm {
    std::shared_ptr<List> body;
    std::string what;                    // "the then-branch of the if"
    std::vector<const Token*> patterns;  // case: the arm's patterns
};

struct Element {
    // branches: an if or case (arms, one of which runs); loop: a for or while (its body
    // runs any number of times, `loop_var` unknown in it)
    enum class Kind { simple, group, subshell, skipped, function_def, test, branches, loop };
    Kind kind = Kind::simple;
    Simple simple;                                  // test: the words between [[ and ]]; loop: a for loop's words after `in`
    std::shared_ptr<List> body;                     // group, subshell, function_def (nullptr: not parsed)
    std::vector<std::shared_ptr<List>> conditions;  // if/elif/while lists, run before the arms
    std::vector<Arm> arms;                          // branches, loop (one arm)
    bool exhaustive = false;                        // an arm always runs (if … else)
    const Token* subject = nullptr;                 // case WORD
    std::string loop_var;
    std::string what;  // skipped: "if block" …; function_def: the name
    std::size_t offset = 0;
    std::size_t end_offset = 0;
    Effects effects;  // skipped, function_def
};

struct Pipeline {
    std::vector<Element> elements;
    bool negated = false;  // `! pipeline`: its status is inverted, and `set -e` ignores it
};

struct AndOr {
    std::vector<Pipeline> pipelines;
    std::vector<const Token*> operators;  // && or || before pipelines[1…]
    bool background = false;
};

struct List {
    std::vector<AndOr> items;
};

// Parses the tokens of one file; errors carry line and column (the caller adds the file).
Result<List> parse(const std::vector<Token>& tokens, const LineIndex& lines);

}  // namespace preflight::launch::shell
