// The tokens of a launch script as bash splits them: words (with their quoting and
// expansions kept apart, so that the interpreter can expand them against the
// variables of the moment), operators, redirections and newlines. Constructs the
// reader does not run ($(…), backticks, $((…)), ${X%…} …) become `unknown` parts
// naming the construct (the interpreter reports those it reaches); here-document
// bodies are consumed and their lines recorded.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace preflight::launch::shell {

// One piece of a word.
struct Part {
    enum class Kind {
        literal,  // text as written after quote removal
        param,    // $NAME, ${NAME}, ${NAME:-operand} …
        tilde,    // a leading unquoted ~ (text: the user name, empty for $HOME)
        unknown,  // a construct the reader does not run (because: its name)
    };
    enum class Op { none, length, use_default, assign_default, use_alternative, error_if_unset };

    Kind kind = Kind::literal;
    bool quoted = false;  // inside quotes or escaped: not split into fields
    std::string text;     // literal text, parameter name or tilde user
    Op op = Op::none;
    bool colon = false;         // ${X:-y} (unset or empty) as against ${X-y} (unset only)
    std::vector<Part> operand;  // the word after the operator
    std::string index;          // ${a[@]}: "@", "*" or a number; "" when no subscript
    std::string because;        // unknown: "command substitution" …
    std::size_t offset = 0;     // of the part's first character
};

struct Token {
    enum class Kind {
        word,
        newline,
        semi,      // ;
        case_end,  // ;; ;& ;;&
        and_if,    // &&
        or_if,     // ||
        pipe,      // | |&
        amp,       // &
        lparen,
        rparen,
        redirect,  // < > >> >& <& &> &>> <> >| <<< and here-documents << <<-
        end,
    };
    Kind kind = Kind::end;
    std::size_t offset = 0;  // of the first character
    std::string_view raw;    // the text as written
    // word
    std::vector<Part> parts;
    bool assignment = false;            // starts with an unquoted NAME= or NAME+=
    bool array_literal = false;         // NAME=( … )
    std::vector<Token> array_elements;  // its words
    bool has_glob = false;              // an unquoted * ? or [ (pathname expansion is not done)
    // redirect: a here-document's body, as 1-based lines (0 when none)
    int heredoc_first_line = 0;
    int heredoc_last_line = 0;
};

// 1-based line of a byte offset, and the offset where a line starts.
class LineIndex {
public:
    explicit LineIndex(std::string_view text);
    int line_of(std::size_t offset) const;
    int column_of(std::size_t offset) const;
    std::string_view line_text(int line) const;
    int line_count() const { return static_cast<int>(starts_.size()); }

private:
    std::string_view text_;
    std::vector<std::size_t> starts_;
};

inline constexpr int kMaxShellNesting = 64;

// All tokens of `text` (the last is `end`). An unterminated quote or expansion is an
// error located where it opened (the caller fills in the file name).
Result<std::vector<Token>> tokenize(std::string_view text, const LineIndex& lines);

bool is_name(std::string_view s);

}  // namespace preflight::launch::shell
