#include "lang/lexer.hpp"

#include <cctype>

namespace preflight::lang {
namespace {

Location at(std::size_t offset) {
    Location l;
    l.column = static_cast<int>(offset);
    return l;
}

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

}  // namespace

Result<std::vector<Token>> tokenize(std::string_view src) {
    std::vector<Token> out;
    out.reserve(src.size() / 4 + 2);  // about one token per four bytes in the packs' expressions
    std::size_t i = 0;
    while (i < src.size()) {
        char c = src[i];
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        Token t;
        t.offset = static_cast<int>(i);
        if (ident_start(c)) {
            std::size_t j = i;
            while (j < src.size() && ident_char(src[j])) ++j;
            t.kind = TokenKind::identifier;
            t.text = std::string(src.substr(i, j - i));
            i = j;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t j = i;
            while (j < src.size() && std::isdigit(static_cast<unsigned char>(src[j]))) ++j;
            t.kind = TokenKind::integer;
            if (j + 1 < src.size() && src[j] == '.' && std::isdigit(static_cast<unsigned char>(src[j + 1]))) {
                ++j;
                while (j < src.size() && std::isdigit(static_cast<unsigned char>(src[j]))) ++j;
                t.kind = TokenKind::floating;
            }
            if (j < src.size() && ident_char(src[j]))
                return fail("a number runs into a name; put an operator or space between them", at(j));
            t.text = std::string(src.substr(i, j - i));
            i = j;
        } else if (c == '"' || c == '\'') {
            std::size_t j = i + 1;
            std::string text;
            while (true) {
                if (j >= src.size() || src[j] == '\n') return fail("unterminated string literal", at(i));
                if (src[j] == c) break;
                if (src[j] == '\\') {
                    if (j + 1 >= src.size()) return fail("unterminated string literal", at(i));
                    char e = src[j + 1];
                    switch (e) {
                        case 'n': text += '\n'; break;
                        case 't': text += '\t'; break;
                        case '\\': text += '\\'; break;
                        case '\'': text += '\''; break;
                        case '"': text += '"'; break;
                        default: return fail(std::string("unknown escape '\\") + e + "' in string", at(j));
                    }
                    j += 2;
                    continue;
                }
                text += src[j++];
            }
            t.kind = TokenKind::string;
            t.text = std::move(text);
            i = j + 1;
        } else {
            static constexpr std::string_view two[] = {"==", "!=", "<=", ">=", "&&", "||"};
            t.kind = TokenKind::op;
            bool matched = false;
            for (std::string_view op : two) {
                if (src.substr(i, 2) == op) {
                    t.text = op;
                    i += 2;
                    matched = true;
                    break;
                }
            }
            if (!matched) {
                if (std::string_view("<>!()[],.+-*/%").find(c) == std::string_view::npos) {
                    if (c == '=') return fail("'=' is not an operator; compare with '=='", at(i));
                    if (c == '&' || c == '|') return fail(std::string("use '") + c + c + "' for logic", at(i));
                    return fail(std::string("unexpected character '") + c + "'", at(i));
                }
                t.text = std::string(1, c);
                ++i;
            }
        }
        out.push_back(std::move(t));
    }
    Token end;
    end.kind = TokenKind::end;
    end.offset = static_cast<int>(src.size());
    out.push_back(end);
    return out;
}

}  // namespace preflight::lang
