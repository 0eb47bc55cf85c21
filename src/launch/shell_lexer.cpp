#include "launch/shell_lexer.hpp"

#include <algorithm>
#include <cctype>

namespace preflight::launch::shell {
namespace {

constexpr std::size_t npos = std::string_view::npos;

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// Characters that end an unquoted word.
bool is_meta(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<' || c == '>';
}

class Lexer {
public:
    Lexer(std::string_view text, const LineIndex& lines) : t_(text), lines_(lines) {}

    Result<std::vector<Token>> run() {
        out_.reserve(t_.size() / 16 + 8);
        while (true) {
            skip_blanks();
            if (i_ >= t_.size()) {
                push(Token::Kind::end, i_, 0);
                return std::move(out_);
            }
            char c = t_[i_];
            if (c == '#') {
                while (i_ < t_.size() && t_[i_] != '\n') ++i_;
                continue;
            }
            if (c == '\n') {
                push(Token::Kind::newline, i_, 1);
                ++i_;
                read_heredoc_bodies();
                continue;
            }
            if (auto op = operator_length(); op.second > 0) {
                push(op.first, i_, op.second);
                if (op.first == Token::Kind::redirect) {
                    auto raw = t_.substr(i_, op.second);
                    if (raw.ends_with("<<") || raw.ends_with("<<-"))
                        heredocs_.push_back({out_.size() - 1, {}, raw.ends_with("<<-"), true});
                }
                i_ += op.second;
                continue;
            }
            auto word = PREFLIGHT_TRY(lex_word());
            out_.push_back(std::move(word));
            if (!heredocs_.empty() && heredocs_.back().awaiting_delimiter) {
                auto& h = heredocs_.back();
                h.awaiting_delimiter = false;
                for (const auto& p : out_.back().parts) h.delimiter += p.kind == Part::Kind::literal ? p.text : "";
            }
        }
    }

private:
    struct Heredoc {
        std::size_t token;
        std::string delimiter;
        bool strip_tabs;
        bool awaiting_delimiter;
    };

    tl::unexpected<Error> error_at(std::size_t offset, const std::string& message) const {
        int line = lines_.line_of(offset);
        return fail(message, Location{"", line, lines_.column_of(offset), "", std::string(lines_.line_text(line))});
    }

    void push(Token::Kind kind, std::size_t offset, std::size_t length) {
        Token tok;
        tok.kind = kind;
        tok.offset = offset;
        tok.raw = t_.substr(offset, length);
        out_.push_back(std::move(tok));
    }

    void skip_blanks() {
        while (i_ < t_.size()) {
            if (t_[i_] == ' ' || t_[i_] == '\t') {
                ++i_;
            } else if (t_[i_] == '\\' && i_ + 1 < t_.size() && t_[i_ + 1] == '\n') {
                i_ += 2;
            } else {
                break;
            }
        }
    }

    char at(std::size_t k) const { return k < t_.size() ? t_[k] : '\0'; }

    // The operator at i_, if any: its kind and length (0 when a word starts here).
    std::pair<Token::Kind, std::size_t> operator_length() const {
        using K = Token::Kind;
        std::size_t k = i_;
        while (is_digit(at(k))) ++k;  // an IO number: 2>&1
        if (k > i_ && (at(k) == '<' || at(k) == '>') && at(k + 1) != '(') {
            auto [kind, len] = redirect_length(k);
            return {kind, len + (k - i_)};
        }
        char c = at(i_), d = at(i_ + 1);
        switch (c) {
            case ';':
                if (d == ';') return {K::case_end, at(i_ + 2) == '&' ? 3u : 2u};
                if (d == '&') return {K::case_end, 2};
                return {K::semi, 1};
            case '&':
                if (d == '&') return {K::and_if, 2};
                if (d == '>') return {K::redirect, at(i_ + 2) == '>' ? 3u : 2u};
                return {K::amp, 1};
            case '|':
                if (d == '|') return {K::or_if, 2};
                return {K::pipe, d == '&' ? 2u : 1u};
            case '(': return {K::lparen, 1};
            case ')': return {K::rparen, 1};
            case '<':
            case '>':
                if (d == '(') return {K::word, 0};  // process substitution: a word
                return redirect_length(i_);
            default: return {K::word, 0};
        }
    }

    std::pair<Token::Kind, std::size_t> redirect_length(std::size_t k) const {
        std::string_view rest = t_.substr(k);
        for (std::string_view op : {"<<<", "<<-", "<<", "<&", "<>", ">>", ">&", ">|", "<", ">"})
            if (rest.starts_with(op)) return {Token::Kind::redirect, op.size()};
        return {Token::Kind::word, 0};
    }

    void read_heredoc_bodies() {
        for (auto& h : heredocs_) {
            int first = lines_.line_of(i_);
            int last = first - 1;
            while (i_ < t_.size()) {
                auto eol = t_.find('\n', i_);
                auto line = t_.substr(i_, eol == npos ? npos : eol - i_);
                i_ = eol == npos ? t_.size() : eol + 1;
                if (h.strip_tabs) line.remove_prefix(std::min(line.find_first_not_of('\t'), line.size()));
                if (line == h.delimiter) break;
                ++last;
            }
            out_[h.token].heredoc_first_line = first;
            out_[h.token].heredoc_last_line = std::max(first, last);
        }
        heredocs_.clear();
    }

    // --- words ---------------------------------------------------------------

    static void add_literal(std::vector<Part>& parts, std::string_view s, bool quoted, std::size_t offset) {
        if (!parts.empty() && parts.back().kind == Part::Kind::literal && parts.back().quoted == quoted) {
            parts.back().text += s;
            return;
        }
        Part p;
        p.quoted = quoted;
        p.text = std::string(s);
        p.offset = offset;
        parts.push_back(std::move(p));
    }

    static Part unknown(std::string because, std::size_t offset, bool quoted) {
        Part p;
        p.kind = Part::Kind::unknown;
        p.because = std::move(because);
        p.offset = offset;
        p.quoted = quoted;
        return p;
    }

    // NAME=( word … ): the elements are words, lexed as words are (quotes, expansions),
    // separated by blanks, newlines and comments, up to the matching ')'.
    Result<void> lex_array_elements(Token& tok) {
        std::size_t open = i_++;
        tok.array_literal = true;
        if (++depth_ > kMaxShellNesting)
            return error_at(open, "expansions nest more than " + std::to_string(kMaxShellNesting) + " levels");
        while (true) {
            while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t' || t_[i_] == '\n' || t_[i_] == '\r' ||
                                      (t_[i_] == '\\' && at(i_ + 1) == '\n')))
                i_ += t_[i_] == '\\' ? 2 : 1;
            if (i_ >= t_.size()) return error_at(open, "unterminated array assignment: no ')'");
            if (t_[i_] == '#') {
                while (i_ < t_.size() && t_[i_] != '\n') ++i_;
                continue;
            }
            if (t_[i_] == ')') {
                ++i_;
                break;
            }
            if (is_meta(t_[i_])) return error_at(i_, std::string("unexpected '") + t_[i_] + "' in an array assignment");
            std::size_t before = i_;
            auto element = PREFLIGHT_TRY(lex_word());
            if (i_ == before) return error_at(i_, "unexpected text in an array assignment");
            tok.array_elements.push_back(std::move(element));
        }
        --depth_;
        return {};
    }

    Result<Token> lex_word() {
        Token tok;
        tok.kind = Token::Kind::word;
        tok.offset = i_;
        auto& parts = tok.parts;
        // NAME= or NAME+= at the start makes an assignment word.
        std::size_t k = i_;
        if (is_name_start(at(k))) {
            while (is_name_char(at(k))) ++k;
            if (at(k) == '+' && at(k + 1) == '=') ++k;
            if (at(k) == '=') {
                tok.assignment = true;
                add_literal(parts, t_.substr(i_, k + 1 - i_), false, i_);
                i_ = k + 1;
                if (at(i_) == '(') {
                    PREFLIGHT_TRY(lex_array_elements(tok));
                    tok.raw = t_.substr(tok.offset, i_ - tok.offset);
                    return tok;
                }
                lex_tilde(parts);
            }
        }
        if (i_ == tok.offset) {
            if ((at(i_) == '<' || at(i_) == '>') && at(i_ + 1) == '(') {
                auto end = PREFLIGHT_TRY(skip_group(i_ + 1, '(', ')', "process substitution"));
                parts.push_back(unknown("process substitution", i_, false));
                i_ = end;
            }
            lex_tilde(parts);
        }
        bool open_bracket = false;
        while (i_ < t_.size() && !is_meta(t_[i_])) {
            char c = t_[i_];
            std::size_t start = i_;
            if (c == '\\') {
                if (at(i_ + 1) == '\n') {
                    i_ += 2;
                } else if (i_ + 1 < t_.size()) {
                    add_literal(parts, t_.substr(i_ + 1, 1), true, i_);
                    i_ += 2;
                } else {
                    add_literal(parts, "\\", false, i_);
                    ++i_;
                }
            } else if (c == '\'') {
                auto close = t_.find('\'', i_ + 1);
                if (close == npos) return error_at(start, "unterminated single quote");
                add_literal(parts, t_.substr(i_ + 1, close - i_ - 1), true, i_);  // '' is an empty word
                i_ = close + 1;
            } else if (c == '"') {
                PREFLIGHT_TRY(lex_double_quoted(parts));
            } else if (c == '$') {
                PREFLIGHT_TRY(lex_dollar(parts, false));
            } else if (c == '`') {
                auto end = PREFLIGHT_TRY(skip_backtick(i_));
                parts.push_back(unknown("command substitution", i_, false));
                i_ = end;
            } else {
                // `[` alone (the test command) matches nothing; a [..] pair is a pattern
                if (c == '*' || c == '?' || (c == ']' && open_bracket)) tok.has_glob = true;
                if (c == '[') open_bracket = true;
                add_literal(parts, t_.substr(i_, 1), false, i_);
                ++i_;
            }
        }
        if (has_brace_expansion(parts)) parts.push_back(unknown("brace expansion", tok.offset, false));
        tok.raw = t_.substr(tok.offset, i_ - tok.offset);
        return tok;
    }

    // {a,b} or {1..3} in the unquoted text of a word.
    static bool has_brace_expansion(const std::vector<Part>& parts) {
        for (const auto& p : parts) {
            if (p.kind != Part::Kind::literal || p.quoted) continue;
            auto open = p.text.find('{');
            while (open != npos) {
                auto close = p.text.find('}', open);
                if (close == npos) break;
                auto inner = std::string_view(p.text).substr(open + 1, close - open - 1);
                if (inner.find(',') != npos || inner.find("..") != npos) return true;
                open = p.text.find('{', open + 1);
            }
        }
        return false;
    }

    // A leading unquoted ~ or ~user, ended by / or the end of the word.
    void lex_tilde(std::vector<Part>& parts) {
        if (at(i_) != '~') return;
        std::size_t k = i_ + 1;
        while (k < t_.size() && (is_name_char(t_[k]) || t_[k] == '-' || t_[k] == '.')) ++k;
        if (k < t_.size() && t_[k] != '/' && t_[k] != ':' && !is_meta(t_[k])) return;
        Part p;
        p.kind = Part::Kind::tilde;
        p.text = std::string(t_.substr(i_ + 1, k - i_ - 1));
        p.offset = i_;
        parts.push_back(std::move(p));
        i_ = k;
    }

    Result<void> lex_double_quoted(std::vector<Part>& parts) {
        std::size_t open = i_;
        ++i_;
        add_literal(parts, "", true, open);  // "" is an empty word, not no word
        while (true) {
            if (i_ >= t_.size()) return error_at(open, "unterminated double quote");
            char c = t_[i_];
            if (c == '"') {
                ++i_;
                return {};
            }
            if (c == '\\') {
                char d = at(i_ + 1);
                if (d == '\n') {
                    i_ += 2;
                } else if (d == '$' || d == '`' || d == '"' || d == '\\') {
                    add_literal(parts, t_.substr(i_ + 1, 1), true, i_);
                    i_ += 2;
                } else {
                    add_literal(parts, "\\", true, i_);
                    ++i_;
                }
            } else if (c == '$') {
                PREFLIGHT_TRY(lex_dollar(parts, true));
            } else if (c == '`') {
                auto end = PREFLIGHT_TRY(skip_backtick(i_));
                parts.push_back(unknown("command substitution", i_, true));
                i_ = end;
            } else {
                add_literal(parts, t_.substr(i_, 1), true, i_);
                ++i_;
            }
        }
    }

    Result<void> lex_dollar(std::vector<Part>& parts, bool quoted) {
        std::size_t start = i_;
        char d = at(i_ + 1);
        if (d == '(') {
            bool arithmetic = at(i_ + 2) == '(';
            auto end = PREFLIGHT_TRY(skip_group(i_ + 1, '(', ')', arithmetic ? "arithmetic expansion" : "command substitution"));
            parts.push_back(unknown(arithmetic ? "arithmetic expansion" : "command substitution", start, quoted));
            i_ = end;
        } else if (d == '[') {
            auto end = PREFLIGHT_TRY(skip_group(i_ + 1, '[', ']', "arithmetic expansion"));
            parts.push_back(unknown("arithmetic expansion", start, quoted));
            i_ = end;
        } else if (d == '{') {
            return lex_braced(parts, quoted);
        } else if (d == '\'' && !quoted) {
            return lex_ansi_c(parts);
        } else if (d == '"' && !quoted) {
            ++i_;  // $"…": a translatable string, read as "…"
            return lex_double_quoted(parts);
        } else if (is_name_start(d)) {
            std::size_t k = i_ + 1;
            while (is_name_char(at(k))) ++k;
            parts.push_back(param(std::string(t_.substr(i_ + 1, k - i_ - 1)), start, quoted));
            i_ = k;
        } else if (is_digit(d) || (d != '\0' && std::string_view("@*#?$!-").find(d) != npos)) {
            parts.push_back(param(std::string(1, d), start, quoted));
            i_ += 2;
        } else {
            add_literal(parts, "$", quoted, i_);
            ++i_;
        }
        return {};
    }

    static Part param(std::string name, std::size_t offset, bool quoted) {
        Part p;
        p.kind = Part::Kind::param;
        p.text = std::move(name);
        p.offset = offset;
        p.quoted = quoted;
        return p;
    }

    Result<void> lex_braced(std::vector<Part>& parts, bool quoted) {
        std::size_t start = i_;
        std::size_t k = i_ + 2;
        auto skip_rest = [&](const std::string& because) -> Result<void> {
            auto end = PREFLIGHT_TRY(skip_group(start + 1, '{', '}', "parameter expansion"));
            parts.push_back(unknown(because, start, quoted));
            i_ = end;
            return {};
        };
        bool length = false;
        if (at(k) == '#' && at(k + 1) != '}') {
            length = true;
            ++k;
        }
        if (at(k) == '!') return skip_rest("indirect expansion");
        std::size_t name_start = k;
        if (is_name_start(at(k))) {
            while (is_name_char(at(k))) ++k;
        } else if (is_digit(at(k))) {
            while (is_digit(at(k))) ++k;
        } else if (at(k) != '\0' && std::string_view("@*#?$!-").find(at(k)) != npos) {
            ++k;
        } else {
            return skip_rest("parameter expansion");
        }
        Part p = param(std::string(t_.substr(name_start, k - name_start)), start, quoted);
        char c = at(k);
        if (c == '[' && is_name_start(at(name_start))) {
            // ${a[@]}, ${a[*]}, ${a[N]}: other subscripts (arithmetic, names) are not read
            std::size_t close = t_.find(']', k);
            if (close == npos) return skip_rest("array");
            auto index = t_.substr(k + 1, close - k - 1);
            bool number = !index.empty() && std::all_of(index.begin(), index.end(), is_digit);
            if (index != "@" && index != "*" && !number) return skip_rest("array subscript");
            p.index = std::string(index);
            k = close + 1;
            c = at(k);
        }
        if (c == '}') {
            if (length) p.op = Part::Op::length;
            parts.push_back(std::move(p));
            i_ = k + 1;
            return {};
        }
        if (length) return skip_rest("parameter expansion");
        if (c == '[') return skip_rest("array");
        if (p.index == "@" || p.index == "*") return skip_rest("an operator on a whole array");
        if (c == ':' && std::string_view("-=+?").find(at(k + 1)) != npos && at(k + 1) != '\0') {
            p.colon = true;
            c = at(++k);
        }
        switch (c) {
            case '-': p.op = Part::Op::use_default; break;
            case '=': p.op = Part::Op::assign_default; break;
            case '+': p.op = Part::Op::use_alternative; break;
            case '?': p.op = Part::Op::error_if_unset; break;
            case '%':
            case '#': return skip_rest("pattern removal ${NAME%…}");
            case '/': return skip_rest("pattern substitution ${NAME/…}");
            case ':': return skip_rest("substring expansion ${NAME:…}");
            case '^':
            case ',': return skip_rest("case modification ${NAME^…}");
            case '@': return skip_rest("parameter transformation ${NAME@…}");
            default: return skip_rest("parameter expansion");
        }
        i_ = k + 1;
        if (++depth_ > kMaxShellNesting)
            return error_at(start, "expansions nest more than " + std::to_string(kMaxShellNesting) + " levels");
        auto operand = lex_operand(start, quoted);
        --depth_;
        if (!operand) return tl::unexpected(operand.error());
        p.operand = std::move(*operand);
        parts.push_back(std::move(p));
        return {};
    }

    // The word after ${NAME:- … up to its closing brace.
    Result<std::vector<Part>> lex_operand(std::size_t open, bool in_double_quotes) {
        std::vector<Part> parts;
        while (true) {
            if (i_ >= t_.size()) return error_at(open, "unterminated ${");
            char c = t_[i_];
            if (c == '}') {
                ++i_;
                return parts;
            }
            if (c == '\\') {
                char d = at(i_ + 1);
                if (d == '\n') {
                    i_ += 2;
                } else if (!in_double_quotes || d == '$' || d == '`' || d == '"' || d == '\\' || d == '}') {
                    add_literal(parts, t_.substr(i_ + 1, 1), true, i_);
                    i_ += 2;
                } else {
                    add_literal(parts, "\\", true, i_);
                    ++i_;
                }
            } else if (c == '\'' && !in_double_quotes) {
                auto close = t_.find('\'', i_ + 1);
                if (close == npos) return error_at(i_, "unterminated single quote");
                add_literal(parts, t_.substr(i_ + 1, close - i_ - 1), true, i_);
                i_ = close + 1;
            } else if (c == '"') {
                PREFLIGHT_TRY(lex_double_quoted(parts));
            } else if (c == '$') {
                PREFLIGHT_TRY(lex_dollar(parts, in_double_quotes));
            } else if (c == '`') {
                auto end = PREFLIGHT_TRY(skip_backtick(i_));
                parts.push_back(unknown("command substitution", i_, in_double_quotes));
                i_ = end;
            } else {
                add_literal(parts, t_.substr(i_, 1), in_double_quotes, i_);
                ++i_;
            }
        }
    }

    Result<void> lex_ansi_c(std::vector<Part>& parts) {
        std::size_t open = i_;
        i_ += 2;
        std::string out;
        while (true) {
            if (i_ >= t_.size()) return error_at(open, "unterminated $' quote");
            char c = t_[i_];
            if (c == '\'') {
                ++i_;
                break;
            }
            if (c != '\\') {
                out += c;
                ++i_;
                continue;
            }
            char d = at(i_ + 1);
            i_ += 2;
            switch (d) {
                case 'a': out += '\a'; break;
                case 'b': out += '\b'; break;
                case 'e':
                case 'E': out += '\x1b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'v': out += '\v'; break;
                case '\\':
                case '\'':
                case '"':
                case '?': out += d; break;
                case 'x': {
                    int v = 0, n = 0;
                    while (n < 2 && std::isxdigit(static_cast<unsigned char>(at(i_)))) {
                        char h = at(i_++);
                        v = v * 16 + (is_digit(h) ? h - '0' : (h | 0x20) - 'a' + 10);
                        ++n;
                    }
                    if (n == 0) {
                        out += "\\x";
                    } else {
                        out += static_cast<char>(v);
                    }
                    break;
                }
                default:
                    if (d >= '0' && d <= '7') {
                        int v = d - '0', n = 1;
                        while (n < 3 && at(i_) >= '0' && at(i_) <= '7') {
                            v = v * 8 + (at(i_++) - '0');
                            ++n;
                        }
                        out += static_cast<char>(v & 0xff);
                    } else {
                        // \u, \U, \c and the rest: not worth guessing
                        auto close = skip_ansi_rest();
                        if (!close) return error_at(open, "unterminated $' quote");
                        parts.push_back(unknown("$'…' escape \\" + std::string(1, d), open, true));
                        return {};
                    }
            }
        }
        if (out.find('\0') != std::string::npos) out.resize(out.find('\0'));  // bash stops at NUL
        add_literal(parts, out, true, open);
        return {};
    }

    bool skip_ansi_rest() {
        while (i_ < t_.size()) {
            if (t_[i_] == '\\') {
                i_ += 2;
            } else if (t_[i_] == '\'') {
                ++i_;
                return true;
            } else {
                ++i_;
            }
        }
        return false;
    }

    // --- skipping constructs that are not interpreted -------------------------

    // From an opening `open` at `start` to just past its matching `close`, past quotes
    // and nested substitutions.
    Result<std::size_t> skip_group(std::size_t start, char open, char close, const std::string& what) {
        if (++depth_ > kMaxShellNesting)
            return error_at(start, what + " nests more than " + std::to_string(kMaxShellNesting) + " levels");
        int depth = 0;
        std::size_t k = start;
        while (k < t_.size()) {
            char c = t_[k];
            if (c == '\\') {
                k += 2;
                continue;
            }
            if (c == '\'' && open != '[') {
                auto q = t_.find('\'', k + 1);
                if (q == npos) break;
                k = q + 1;
                continue;
            }
            if (c == '"') {
                k = PREFLIGHT_TRY(skip_double_quoted(k));
                continue;
            }
            if (c == '`') {
                k = PREFLIGHT_TRY(skip_backtick(k));
                continue;
            }
            if (c == '$' && (at(k + 1) == '(' || at(k + 1) == '{') && at(k + 1) != open) {
                char o = at(k + 1);
                k = PREFLIGHT_TRY(skip_group(k + 1, o, o == '(' ? ')' : '}', what));
                continue;
            }
            if (c == open) ++depth;
            if (c == close && --depth == 0) {
                --depth_;
                return k + 1;
            }
            ++k;
        }
        return error_at(start > 0 && t_[start - 1] == '$' ? start - 1 : start, "unterminated " + what);
    }

    Result<std::size_t> skip_double_quoted(std::size_t start) {
        std::size_t k = start + 1;
        while (k < t_.size()) {
            char c = t_[k];
            if (c == '\\') {
                k += 2;
            } else if (c == '"') {
                return k + 1;
            } else if (c == '$' && (at(k + 1) == '(' || at(k + 1) == '{')) {
                char o = at(k + 1);
                k = PREFLIGHT_TRY(skip_group(k + 1, o, o == '(' ? ')' : '}', "expansion"));
            } else if (c == '`') {
                k = PREFLIGHT_TRY(skip_backtick(k));
            } else {
                ++k;
            }
        }
        return error_at(start, "unterminated double quote");
    }

    Result<std::size_t> skip_backtick(std::size_t start) {
        std::size_t k = start + 1;
        while (k < t_.size()) {
            if (t_[k] == '\\') {
                k += 2;
            } else if (t_[k] == '`') {
                return k + 1;
            } else {
                ++k;
            }
        }
        return error_at(start, "unterminated backtick command substitution");
    }

    std::string_view t_;
    const LineIndex& lines_;
    std::size_t i_ = 0;
    int depth_ = 0;
    std::vector<Token> out_;
    std::vector<Heredoc> heredocs_;
};

}  // namespace

LineIndex::LineIndex(std::string_view text) : text_(text) {
    starts_.push_back(0);
    for (std::size_t k = 0; k < text.size(); ++k)
        if (text[k] == '\n' && k + 1 < text.size()) starts_.push_back(k + 1);
}

int LineIndex::line_of(std::size_t offset) const {
    auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
    return static_cast<int>(it - starts_.begin());
}

int LineIndex::column_of(std::size_t offset) const {
    int line = line_of(offset);
    return static_cast<int>(offset - starts_[static_cast<std::size_t>(line - 1)]) + 1;
}

std::string_view LineIndex::line_text(int line) const {
    if (line < 1 || line > line_count()) return {};
    auto start = starts_[static_cast<std::size_t>(line - 1)];
    auto end = text_.find('\n', start);
    auto s = text_.substr(start, end == npos ? npos : end - start);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    return s;
}

Result<std::vector<Token>> tokenize(std::string_view text, const LineIndex& lines) { return Lexer(text, lines).run(); }

bool is_name(std::string_view s) {
    if (s.empty() || !is_name_start(s[0])) return false;
    return std::all_of(s.begin(), s.end(), is_name_char);
}

}  // namespace preflight::launch::shell
