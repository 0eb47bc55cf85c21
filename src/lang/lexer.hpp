#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"

namespace preflight::lang {

enum class TokenKind { identifier, integer, floating, string, op, end };

struct Token {
    TokenKind kind = TokenKind::end;
    std::string text;  // identifier / operator text, or the decoded string literal
    int offset = 0;
};

// An error's `location.column` holds the byte offset into the expression; the
// caller maps it to a file position.
Result<std::vector<Token>> tokenize(std::string_view source);

}  // namespace preflight::lang
