#include "lang/parser.hpp"

#include <algorithm>
#include <charconv>

#include "lang/lexer.hpp"

namespace preflight::lang {
namespace {

class Parser {
public:
    explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

    Result<NodePtr> parse() {
        auto e = expression();
        if (!e) return e;
        if (peek().kind != TokenKind::end) return error("unexpected '" + peek().text + "' after the expression");
        return e;
    }

private:
    std::vector<Token> tokens_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    int nodes_ = 0;

    const Token& peek() const { return tokens_[pos_]; }
    bool is_op(std::string_view op) const { return peek().kind == TokenKind::op && peek().text == op; }
    bool is_word(std::string_view w) const { return peek().kind == TokenKind::identifier && peek().text == w; }

    tl::unexpected<Error> error(std::string message, int offset = -1) const {
        Location l;
        l.column = offset >= 0 ? offset : peek().offset;
        return fail(std::move(message), l);
    }

    NodePtr make(NodeKind kind, int offset) {
        ++nodes_;
        auto n = std::make_unique<Node>();
        n->kind = kind;
        n->offset = offset;
        return n;
    }

    // A node whose children are all in place: its height and the node count are
    // checked here, once, for every node built from others.
    Result<NodePtr> finish(NodePtr n) {
        for (const auto& c : n->children) n->height = std::max(n->height, c->height + 1);
        if (n->height > kMaxHeight)
            return error("expression too long: its tree is deeper than " + std::to_string(kMaxHeight) +
                             " levels (split it into derived facts)",
                         n->offset);
        if (nodes_ > kMaxNodes) return error("expression too long: more than " + std::to_string(kMaxNodes) + " terms", n->offset);
        return n;
    }

    struct DepthGuard {
        int& d;
        explicit DepthGuard(int& depth) : d(depth) { ++d; }
        ~DepthGuard() { --d; }
    };

    Result<NodePtr> expression() {
        DepthGuard guard(depth_);
        if (depth_ > kMaxDepth) return error("expression nested deeper than " + std::to_string(kMaxDepth) + " levels");
        return logical_or();
    }

    template <class Next>
    Result<NodePtr> binary_chain(std::initializer_list<std::string_view> ops, Next next) {
        auto left = (this->*next)();
        if (!left) return left;
        while (true) {
            std::string_view found;
            if (peek().kind == TokenKind::op)
                for (std::string_view op : ops)
                    if (peek().text == op) found = op;
            if (found.empty()) return left;
            int offset = peek().offset;
            ++pos_;
            auto right = (this->*next)();
            if (!right) return right;
            auto n = make(NodeKind::binary, offset);
            n->op = operator_spelling(found);
            n->children.push_back(std::move(*left));
            n->children.push_back(std::move(*right));
            left = finish(std::move(n));
            if (!left) return left;
        }
    }

    Result<NodePtr> logical_or() { return binary_chain({"||"}, &Parser::logical_and); }
    Result<NodePtr> logical_and() { return binary_chain({"&&"}, &Parser::comparison); }

    Result<NodePtr> comparison() {
        auto left = additive();
        if (!left) return left;
        static constexpr std::string_view kComparisons[] = {"==", "!=", "<=", ">=", "<", ">"};
        std::string_view op;
        if (peek().kind == TokenKind::op)
            for (std::string_view candidate : kComparisons)
                if (peek().text == candidate) op = candidate;
        if (is_word("in")) op = "in";
        if (op.empty()) return left;
        int offset = peek().offset;
        ++pos_;
        auto right = additive();
        if (!right) return right;
        auto n = make(NodeKind::binary, offset);
        n->op = operator_spelling(op);
        n->children.push_back(std::move(*left));
        n->children.push_back(std::move(*right));
        for (std::string_view chained : kComparisons)
            if (is_op(chained)) return error("comparisons do not chain; join them with '&&'");
        return finish(std::move(n));
    }

    Result<NodePtr> additive() { return binary_chain({"+", "-"}, &Parser::term); }
    Result<NodePtr> term() { return binary_chain({"*", "/", "%"}, &Parser::unary); }

    Result<NodePtr> unary() {
        if (is_op("!") || is_op("-")) {
            DepthGuard guard(depth_);
            if (depth_ > kMaxDepth) return error("expression nested deeper than " + std::to_string(kMaxDepth) + " levels");
            auto n = make(NodeKind::unary, peek().offset);
            n->op = operator_spelling(peek().text);
            ++pos_;
            auto operand = unary();
            if (!operand) return operand;
            n->children.push_back(std::move(*operand));
            return finish(std::move(n));
        }
        return primary();
    }

    Result<NodePtr> sequence(std::string_view close, NodePtr n) {
        if (is_op(close)) {
            ++pos_;
            return finish(std::move(n));
        }
        while (true) {
            auto e = expression();
            if (!e) return e;
            n->children.push_back(std::move(*e));
            if (is_op(",")) {
                ++pos_;
                continue;
            }
            if (is_op(close)) {
                ++pos_;
                return finish(std::move(n));
            }
            return error("expected ',' or '" + std::string(close) + "'");
        }
    }

    Result<NodePtr> primary() {
        const Token& t = peek();
        switch (t.kind) {
            case TokenKind::string: {
                auto n = make(NodeKind::literal, t.offset);
                n->literal = Value(t.text);
                ++pos_;
                return n;
            }
            case TokenKind::integer: {
                std::int64_t v = 0;
                auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
                if (ec != std::errc()) return error("integer literal out of range");
                auto n = make(NodeKind::literal, t.offset);
                n->literal = Value(v);
                ++pos_;
                return n;
            }
            case TokenKind::floating: {
                auto n = make(NodeKind::literal, t.offset);
                n->literal = Value(std::stod(t.text));
                ++pos_;
                return n;
            }
            case TokenKind::identifier: {
                if (t.text == "true" || t.text == "false" || t.text == "null") {
                    auto n = make(NodeKind::literal, t.offset);
                    if (t.text == "null") n->literal = Value(Null{});
                    else n->literal = Value(t.text == "true");
                    ++pos_;
                    return n;
                }
                if (t.text == "in") return error("expected a value before 'in'");
                int offset = t.offset;
                std::string name = t.text;
                ++pos_;
                if (is_op("(")) {
                    ++pos_;
                    auto n = make(NodeKind::call, offset);
                    n->name = name;
                    return sequence(")", std::move(n));
                }
                while (is_op(".")) {
                    ++pos_;
                    if (peek().kind != TokenKind::identifier) return error("expected a name after '.'");
                    name += "." + peek().text;
                    ++pos_;
                }
                auto n = make(NodeKind::name, offset);
                n->name = name;
                return n;
            }
            case TokenKind::op:
                if (t.text == "(") {
                    ++pos_;
                    auto e = expression();
                    if (!e) return e;
                    if (!is_op(")")) return error("expected ')'");
                    ++pos_;
                    return e;
                }
                if (t.text == "[") {
                    auto n = make(NodeKind::list, t.offset);
                    ++pos_;
                    return sequence("]", std::move(n));
                }
                return error("expected a value, found '" + t.text + "'");
            case TokenKind::end: return error("the expression ends where a value was expected");
        }
        return error("unexpected token");
    }
};

}  // namespace

Result<NodePtr> parse_expression(std::string_view source) {
    auto tokens = PREFLIGHT_TRY(tokenize(source));
    Parser p(std::move(tokens));
    return p.parse();
}

}  // namespace preflight::lang
