#include "launch/shell_parser.hpp"

#include <algorithm>

namespace preflight::launch::shell {
namespace {

using TK = Token::Kind;

bool is_word(const Token& t, std::string_view s) { return t.kind == TK::word && t.raw == s; }

bool is_one_of(const Token& t, std::initializer_list<std::string_view> words) {
    if (t.kind != TK::word) return false;
    return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return t.raw == w; });
}

// The NAME of an assignment word (NAME=… or NAME+=…).
std::string_view assigned_name(const Token& t) {
    auto eq = t.raw.find('=');
    auto name = t.raw.substr(0, eq);
    if (!name.empty() && name.back() == '+') name.remove_suffix(1);
    return name;
}

class Parser {
public:
    Parser(const std::vector<Token>& tokens, const LineIndex& lines) : t_(tokens), lines_(lines) {}

    Result<List> parse() {
        auto list = PREFLIGHT_TRY(parse_list(Stop::end));
        if (cur().kind != TK::end) return unexpected(cur());
        return list;
    }

private:
    enum class Stop { end, paren, brace, keyword, case_arm };

    const Token& cur() const { return t_[p_]; }
    const Token& peek(std::size_t k = 1) const { return t_[std::min(p_ + k, t_.size() - 1)]; }

    tl::unexpected<Error> error_at(std::size_t offset, const std::string& message) const {
        int line = lines_.line_of(offset);
        return fail(message, Location{"", line, lines_.column_of(offset), "", std::string(lines_.line_text(line))});
    }
    tl::unexpected<Error> unexpected(const Token& t) const {
        if (t.kind == TK::end) return error_at(t.offset, "syntax error: unexpected end of file");
        if (t.kind == TK::newline) return error_at(t.offset, "syntax error near unexpected newline");
        return error_at(t.offset, "syntax error near unexpected '" + std::string(t.raw) + "'");
    }

    void skip_newlines() {
        while (cur().kind == TK::newline) ++p_;
    }

    Result<List> parse_list(Stop stop) {
        if (++depth_ > shell::kMaxShellNesting)
            return error_at(cur().offset, "commands nest more than " + std::to_string(shell::kMaxShellNesting) + " levels");
        List list;
        while (true) {
            while (cur().kind == TK::newline || cur().kind == TK::semi) ++p_;
            const Token& t = cur();
            if (t.kind == TK::end) break;
            if (t.kind == TK::rparen) {
                if (stop == Stop::paren) break;
                return unexpected(t);
            }
            if (is_word(t, "}") && stop == Stop::brace) break;
            if (stop == Stop::keyword && is_one_of(t, {"fi", "done", "then", "else", "elif", "do"})) break;
            if (stop == Stop::case_arm && (t.kind == TK::case_end || is_word(t, "esac"))) break;
            if (is_one_of(t, {"fi", "done", "esac", "then", "else", "elif", "do", "}", "in"})) return unexpected(t);
            auto item = PREFLIGHT_TRY(parse_and_or());
            if (cur().kind == TK::amp) {
                item.background = true;
                ++p_;
            } else if (cur().kind == TK::semi || cur().kind == TK::newline) {
                ++p_;
            } else if (cur().kind != TK::end && cur().kind != TK::rparen && !is_word(cur(), "}") &&
                       !(stop == Stop::keyword && is_one_of(cur(), {"fi", "done", "then", "else", "elif", "do"})) &&
                       !(stop == Stop::case_arm && (cur().kind == TK::case_end || is_word(cur(), "esac")))) {
                return unexpected(cur());
            }
            list.items.push_back(std::move(item));
        }
        --depth_;
        return list;
    }

    Result<AndOr> parse_and_or() {
        AndOr item;
        item.pipelines.push_back(PREFLIGHT_TRY(parse_pipeline()));
        while (cur().kind == TK::and_if || cur().kind == TK::or_if) {
            item.operators.push_back(&cur());
            ++p_;
            skip_newlines();
            item.pipelines.push_back(PREFLIGHT_TRY(parse_pipeline()));
        }
        return item;
    }

    Result<Pipeline> parse_pipeline() {
        Pipeline pipe;
        // `!` and `time` are syntax, not commands
        while (is_word(cur(), "!") || is_word(cur(), "time")) {
            bool time = is_word(cur(), "time");
            if (!time) pipe.negated = !pipe.negated;
            ++p_;
            if (time && is_word(cur(), "-p")) ++p_;
        }
        pipe.elements.push_back(PREFLIGHT_TRY(parse_element()));
        while (cur().kind == TK::pipe) {
            ++p_;
            skip_newlines();
            pipe.elements.push_back(PREFLIGHT_TRY(parse_element()));
        }
        return pipe;
    }

    Result<Element> parse_element() {
        const Token& t = cur();
        Element e;
        e.offset = t.offset;
        if (t.kind == TK::lparen && peek().kind == TK::lparen && peek().offset == t.offset + 1) {
            PREFLIGHT_TRY(skip_block(e, "arithmetic command"));
        } else if (t.kind == TK::lparen) {
            ++p_;
            e.kind = Element::Kind::subshell;
            e.body = std::make_shared<List>(PREFLIGHT_TRY(parse_list(Stop::paren)));
            if (cur().kind != TK::rparen) return error_at(t.offset, "unterminated subshell: no ')'");
            ++p_;
        } else if (is_word(t, "{")) {
            ++p_;
            e.kind = Element::Kind::group;
            e.body = std::make_shared<List>(PREFLIGHT_TRY(parse_list(Stop::brace)));
            if (!is_word(cur(), "}")) return error_at(t.offset, "unterminated { group: no '}'");
            ++p_;
        } else if (is_one_of(t, {"if", "for", "while", "until", "case", "select", "coproc"})) {
            std::string kind(t.raw);
            // Parsed when it is the plain form; otherwise (for ((…)), select, coproc) skipped.
            std::size_t start = p_;
            PREFLIGHT_TRY(skip_block(e, kind == "if" || kind == "case" ? kind + " block" : kind + " loop"));
            std::size_t after = p_;
            if (kind == "if" || kind == "case" || kind == "while" || kind == "until" || kind == "for") {
                p_ = start;
                Element parsed;
                parsed.offset = t.offset;
                auto ok = kind == "if" ? parse_if(parsed) : kind == "case" ? parse_case(parsed) : parse_loop(parsed, kind);
                if (ok && p_ == after) {
                    parsed.end_offset = e.end_offset;
                    parsed.effects = e.effects;
                    e = std::move(parsed);
                } else {
                    p_ = after;
                }
            }
        } else if (is_word(t, "[[")) {
            e.kind = Element::Kind::test;
            ++p_;
            while (cur().kind != TK::end && !is_word(cur(), "]]")) {
                if (cur().kind == TK::word) e.simple.words.push_back(&cur());
                ++p_;
            }
            if (cur().kind == TK::end) return error_at(t.offset, "unterminated [[: no ']]'");
            ++p_;
        } else if (is_word(t, "function") ||
                   (t.kind == TK::word && shell::is_name(t.raw) && peek().kind == TK::lparen && peek(2).kind == TK::rparen)) {
            bool keyword = is_word(t, "function");
            if (keyword) ++p_;
            if (cur().kind != TK::word) return unexpected(cur());
            std::string name(cur().raw);
            ++p_;
            if (cur().kind == TK::lparen && peek().kind == TK::rparen) p_ += 2;
            skip_newlines();
            // The body is parsed, to run where the function is called; what it may assign
            // is noted too, for calls from blocks the reader does not run.
            std::size_t start = p_;
            PREFLIGHT_TRY(skip_block(e, "function definition"));
            std::size_t after = p_;
            p_ = start;
            auto body = parse_element();
            if (body && p_ == after) {
                auto list = std::make_shared<List>();
                list->items.emplace_back();
                list->items.back().pipelines.emplace_back();
                list->items.back().pipelines.back().elements.push_back(std::move(*body));
                e.body = std::move(list);
            }
            p_ = after;
            e.kind = Element::Kind::function_def;
            e.what = std::move(name);
            e.offset = t.offset;
        } else {
            return parse_simple();
        }
        PREFLIGHT_TRY(parse_redirects(e.simple));
        return e;
    }

    // A reserved word where a command starts.
    Result<void> expect_word(std::string_view w) {
        skip_separators();
        if (!is_word(cur(), w)) return unexpected(cur());
        ++p_;
        return {};
    }
    void skip_separators() {
        while (cur().kind == TK::newline || cur().kind == TK::semi) ++p_;
    }
    Result<std::shared_ptr<List>> keyword_list() { return std::make_shared<List>(PREFLIGHT_TRY(parse_list(Stop::keyword))); }

    // if LIST then LIST [elif LIST then LIST]… [else LIST] fi
    Result<void> parse_if(Element& e) {
        e.kind = Element::Kind::branches;
        e.what = "if";
        ++p_;  // if
        e.conditions.push_back(PREFLIGHT_TRY(keyword_list()));
        PREFLIGHT_TRY(expect_word("then"));
        e.arms.push_back({PREFLIGHT_TRY(keyword_list()), "the then-branch of the if", {}});
        while (is_word(cur(), "elif")) {
            ++p_;
            e.conditions.push_back(PREFLIGHT_TRY(keyword_list()));
            PREFLIGHT_TRY(expect_word("then"));
            e.arms.push_back({PREFLIGHT_TRY(keyword_list()), "an elif-branch of the if", {}});
        }
        if (is_word(cur(), "else")) {
            ++p_;
            e.arms.push_back({PREFLIGHT_TRY(keyword_list()), "the else-branch of the if", {}});
            e.exhaustive = true;
        }
        return expect_word("fi");
    }

    // case WORD in [(]PATTERN[|PATTERN]…) LIST ;; … esac
    Result<void> parse_case(Element& e) {
        e.kind = Element::Kind::branches;
        e.what = "case";
        ++p_;  // case
        if (cur().kind != TK::word) return unexpected(cur());
        e.subject = &cur();
        ++p_;
        skip_newlines();
        if (!is_word(cur(), "in")) return unexpected(cur());
        ++p_;
        while (true) {
            skip_newlines();
            if (is_word(cur(), "esac")) break;
            Arm arm;
            if (cur().kind == TK::lparen) ++p_;
            while (true) {
                if (cur().kind != TK::word) return unexpected(cur());
                arm.patterns.push_back(&cur());
                ++p_;
                if (cur().kind == TK::pipe && cur().raw == "|") {
                    ++p_;
                    continue;
                }
                break;
            }
            if (cur().kind != TK::rparen) return unexpected(cur());
            ++p_;
            arm.body = std::make_shared<List>(PREFLIGHT_TRY(parse_list(Stop::case_arm)));
            arm.what = "the '" + std::string(arm.patterns.front()->raw) + (arm.patterns.size() > 1 ? "|…" : "") +
                       ")' branch of the case";
            if (std::any_of(arm.patterns.begin(), arm.patterns.end(), [](const Token* p) { return p->raw == "*"; }))
                e.exhaustive = true;
            e.arms.push_back(std::move(arm));
            if (cur().kind == TK::case_end) {
                if (cur().raw != ";;") e.exhaustive = false;  // ;& and ;;& fall through: not one arm
                ++p_;
                continue;
            }
            if (!is_word(cur(), "esac")) return unexpected(cur());
        }
        ++p_;  // esac
        return {};
    }

    // for NAME [in WORDS…]; do LIST done; while|until LIST; do LIST done
    Result<void> parse_loop(Element& e, const std::string& kind) {
        e.kind = Element::Kind::loop;
        e.what = kind + " loop";
        ++p_;
        if (kind == "for") {
            if (cur().kind != TK::word || !shell::is_name(cur().raw)) return unexpected(cur());
            e.loop_var = std::string(cur().raw);
            ++p_;
            skip_newlines();
            if (is_word(cur(), "in")) {
                ++p_;
                // the words: kept for `set -u` only, the loop variable is unknown anyway
                while (cur().kind == TK::word) e.simple.words.push_back(&cur()), ++p_;
            }
        } else {
            e.conditions.push_back(PREFLIGHT_TRY(keyword_list()));
        }
        PREFLIGHT_TRY(expect_word("do"));
        e.arms.push_back({PREFLIGHT_TRY(keyword_list()), "the " + kind + " loop", {}});
        return expect_word("done");
    }

    Result<void> parse_redirects(Simple& s) {
        while (cur().kind == TK::redirect) {
            s.redirects.push_back(&cur());
            ++p_;
            if (cur().kind != TK::word) return unexpected(cur());
            ++p_;
        }
        return {};
    }

    Result<Element> parse_simple() {
        Element e;
        e.offset = cur().offset;
        e.simple.offset = cur().offset;
        while (true) {
            const Token& t = cur();
            if (t.kind == TK::word) {
                e.simple.words.push_back(&t);
                ++p_;
            } else if (t.kind == TK::redirect) {
                PREFLIGHT_TRY(parse_redirects(e.simple));
            } else {
                break;
            }
        }
        if (e.simple.words.empty() && e.simple.redirects.empty()) return unexpected(cur());
        return e;
    }

    // Past a compound command the reader does not run, to its matching end, noting
    // what it may assign. Reserved words count only where a command starts.
    Result<void> skip_block(Element& e, const std::string& what) {
        e.kind = Element::Kind::skipped;
        e.what = what;
        const Token& open = cur();
        std::vector<char> stack;  // 'k' keyword block, '(' paren, 'c' case
        bool command_start = true;
        std::string_view command;  // first word of the current command
        std::string_view previous;
        while (true) {
            const Token& t = cur();
            if (t.kind == TK::end) return error_at(open.offset, "unterminated " + what + " (opened here): no matching end");
            ++p_;
            switch (t.kind) {
                case TK::lparen:
                    stack.push_back('(');
                    command_start = true;
                    command = {};
                    break;
                case TK::rparen:
                    if (!stack.empty() && stack.back() == '(') stack.pop_back();
                    command_start = true;
                    command = {};
                    break;
                case TK::redirect:
                    if (cur().kind == TK::word) ++p_;
                    break;
                case TK::word: {
                    auto w = t.raw;
                    if (command_start) {
                        if (w == "if" || w == "for" || w == "while" || w == "until" || w == "select" || w == "{") {
                            stack.push_back('k');
                        } else if (w == "case") {
                            stack.push_back('c');
                            command_start = false;
                        } else if (w == "fi" || w == "done" || w == "}" || w == "esac") {
                            if (!stack.empty()) stack.pop_back();
                        } else if (w == "then" || w == "do" || w == "else" || w == "elif" || w == "!" || w == "time") {
                        } else if (t.assignment) {
                            e.effects.assigns.insert(std::string(assigned_name(t)));
                        } else if (w == "[[") {
                            while (cur().kind != TK::end && !is_word(cur(), "]]")) ++p_;
                            command_start = false;
                        } else {
                            command = w;
                            e.effects.first_words.emplace_back(w);
                            if (w == "eval" || w == "source" || w == ".") e.effects.anything = true;
                            if (w == "cd" || w == "pushd" || w == "popd") e.effects.cwd = true;
                            command_start = false;
                        }
                        if (w == "for" || w == "select" || w == "case") command_start = false;
                    } else if (previous == "for" || previous == "select") {
                        e.effects.assigns.insert(std::string(w));
                    } else if (command == "export" || command == "declare" || command == "typeset" || command == "local" ||
                               command == "readonly" || command == "unset" || command == "read" || command == "getopts" ||
                               command == "mapfile" || command == "readarray" || command == "let" || command == "printf") {
                        auto name = t.assignment ? assigned_name(t) : w;
                        if (command == "let")
                            name = name.substr(
                                0, name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789"));
                        if (shell::is_name(name)) {
                            e.effects.assigns.insert(std::string(name));
                            if (command == "export") e.effects.exports.insert(std::string(name));
                        }
                        if (command == "read" || command == "mapfile" || command == "readarray") {
                            e.effects.assigns.insert("REPLY");
                            e.effects.assigns.insert("MAPFILE");
                        }
                    }
                    previous = w;
                    break;
                }
                default:  // ; ;; & && || | newline
                    command_start = true;
                    command = {};
                    break;
            }
            if (stack.empty()) break;
        }
        e.end_offset = t_[p_ - 1].offset;
        return {};
    }

    const std::vector<Token>& t_;
    const LineIndex& lines_;
    std::size_t p_ = 0;
    int depth_ = 0;
};

}  // namespace

Result<List> parse(const std::vector<Token>& tokens, const LineIndex& lines) { return Parser(tokens, lines).parse(); }

}  // namespace preflight::launch::shell
