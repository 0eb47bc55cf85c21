// The syntax tree of a rule expression. Every node keeps where it came from.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/value.hpp"
#include "lang/type.hpp"
#include "version/version.hpp"

namespace preflight::lang {

struct FunctionDef;

// Every operator, spelled as in expression text: a node's `op` views one of these.
inline constexpr std::string_view kOperators[] = {"||", "&&", "==", "!=", "<=", ">=", "<", ">",
                                                  "in", "+",  "-",  "*",  "/",  "%",  "!"};
// The spelling in kOperators equal to `text`; empty where there is none.
constexpr std::string_view operator_spelling(std::string_view text) {
    if (text.empty() || text.size() > 2) return {};  // most nodes have none
    for (std::string_view op : kOperators)
        if (op == text) return op;
    return {};
}

// The place of `op` in kOperators, plus one; 0 where it is none of them.
constexpr std::size_t operator_number(std::string_view op) {
    for (std::size_t i = 0; i < std::size(kOperators); ++i)
        if (kOperators[i] == op) return i + 1;
    return 0;
}

enum class NodeKind { literal, name, call, unary, binary, list };

struct Node {
    NodeKind kind = NodeKind::literal;
    int offset = 0;       // byte offset in the expression text
    Value literal;        // literal
    std::string name;     // name, call
    std::string_view op;  // unary, binary: one of kOperators' spellings, never a copy
    std::vector<std::unique_ptr<Node>> children;
    int height = 1;  // levels of the tree from here down (the parser bounds it)

    // Filled in by the checker.
    Type type;
    const FunctionDef* function = nullptr;
    std::optional<version::VersionRange> range;        // satisfies(): the compiled range
    VersionRef const_version;                          // a string literal compared with a version
    version::Scheme scheme = version::Scheme::pep440;  // pkg(): the package's scheme
};

using NodePtr = std::unique_ptr<Node>;

// A parse tree kept beside its expression text, for the first compile of that text to
// take: pack images carry one per expression, so loading a pack skips the parser
// (most of a check's cost before). Taken, copied or never set, it is empty, and the
// compile parses the text, which gives the same tree.
class ParsedTree {
public:
    ParsedTree() = default;
    explicit ParsedTree(NodePtr root) : root_(std::move(root)) {}
    ParsedTree(const ParsedTree&) {}
    ParsedTree& operator=(const ParsedTree&) {
        root_.reset();
        return *this;
    }
    ParsedTree(ParsedTree&&) = default;
    ParsedTree& operator=(ParsedTree&&) = default;

    const Node* get() const { return root_.get(); }
    // Const because the text it stands for is unchanged by taking it: what is left
    // compiles to the same expression.
    NodePtr take() const { return std::move(root_); }

private:
    mutable NodePtr root_;
};

// An error at a node; `location.column` holds its byte offset in the expression.
inline tl::unexpected<Error> error_at(const Node& n, std::string message) {
    Location l;
    l.column = n.offset;
    return fail(std::move(message), l);
}

}  // namespace preflight::lang
