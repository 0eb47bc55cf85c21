#include "lang/compiler.hpp"

#include "lang/functions.hpp"
#include "lang/parser.hpp"
#include "util/identifiers.hpp"

namespace preflight::lang {
namespace {

bool loose(const Type& t) { return t.kind == TypeKind::any || t.kind == TypeKind::null; }

bool comparable(const Type& a, const Type& b) {
    if (loose(a) || loose(b)) return true;
    if (a.is_numeric() && b.is_numeric()) return true;
    if (a.kind == TypeKind::list && b.kind == TypeKind::list)
        return a.elem == b.elem || a.elem == TypeKind::any || b.elem == TypeKind::any;
    return a.kind == b.kind;
}

class Checker {
public:
    Checker(const Schema& schema, std::set<FactRef>& reads) : schema_(schema), reads_(reads) {}

    Result<void> check(Node& n) {
        for (auto& child : n.children)
            if (auto r = check(*child); !r) return r;
        switch (n.kind) {
            case NodeKind::literal: n.type = type_of(n.literal); return {};
            case NodeKind::name: {
                auto t = schema_.fact_type(n.name);
                if (!t) return error_at(n, "unknown fact '" + n.name + "'" + hint(n.name));
                n.type = *t;
                reads_.insert(FactRef::config(n.name));
                return {};
            }
            case NodeKind::list: {
                Type elem{TypeKind::any};
                for (auto& c : n.children) {
                    if (c->type.kind == TypeKind::list) return error_at(*c, "lists of lists are not supported");
                    if (elem.kind == TypeKind::any) elem = c->type;
                    else if (!comparable(elem, c->type))
                        return error_at(*c, "list mixes " + to_string(elem) + " and " + to_string(c->type));
                    else if (c->type.kind == TypeKind::floating) elem = c->type;
                }
                n.type = {TypeKind::list, elem.kind == TypeKind::null ? TypeKind::any : elem.kind};
                return {};
            }
            case NodeKind::call: return check_call(n);
            case NodeKind::unary: return check_unary(n);
            case NodeKind::binary: return check_binary(n);
        }
        return {};
    }

private:
    const Schema& schema_;
    std::set<FactRef>& reads_;

    // A name written as a job-file key of the environment or the packages: the language
    // reads those through functions.
    static std::string hint(const std::string& name) {
        auto kind = FactRef::from_key(name).kind;
        if (name == "env" || kind == FactRef::Kind::env)
            return "; read variables with env(\"NAME\"), which also sees the probed environment";
        if (kind == FactRef::Kind::package) return "; read versions with pkg(\"name\")";
        return "";
    }

    // A function that reads a package, variable or revision names it in a string
    // literal: checked and normalized here, once for all such functions, and recorded.
    Result<void> check_fact_argument(Node& call, FactRef::Kind kind) {
        Node& arg = *call.children[0];
        const std::string* name = arg.kind == NodeKind::literal ? arg.literal.get<std::string>() : nullptr;
        bool variable = kind == FactRef::Kind::env;
        if (!name)
            return error_at(arg, call.name + "(): the " + (variable ? "variable" : "package") + " name must be a string literal");
        if (variable) {
            if (!util::is_env_name(*name)) return error_at(arg, "'" + *name + "' is not a valid environment variable name");
            reads_.insert(FactRef{kind, *name});
            return {};
        }
        std::string normalized = version::normalize_package_name(*name);
        call.scheme = schema_.package_scheme(normalized);
        arg.literal = Value(normalized);
        reads_.insert(FactRef{kind, std::move(normalized)});
        return {};
    }

    Result<void> check_call(Node& n) {
        const FunctionDef* f = find_function(n.name);
        if (!f) return error_at(n, unknown_function_message(n.name));
        if (n.children.size() < f->min_args || n.children.size() > f->max_args)
            return error_at(
                n, std::string(f->name) + "() takes " +
                       (f->min_args == f->max_args ? std::to_string(f->min_args)
                                                   : std::to_string(f->min_args) + " to " + std::to_string(f->max_args)) +
                       " argument(s): " + f->signature);
        n.function = f;
        if (f->reads)
            if (auto r = check_fact_argument(n, *f->reads); !r) return r;
        auto t = PREFLIGHT_TRY(f->check(n, schema_));
        n.type = t;
        return {};
    }

    Result<void> check_unary(Node& n) {
        const Type& t = n.children[0]->type;
        if (n.op == "!") {
            if (t.kind != TypeKind::boolean && !loose(t)) return error_at(n, "'!' needs a bool, not " + to_string(t));
            n.type = {TypeKind::boolean};
        } else {
            if (!t.is_numeric() && !loose(t)) return error_at(n, "'-' needs a number, not " + to_string(t));
            n.type = t;
        }
        return {};
    }

    // A string literal compared with a version becomes a version constant of the
    // other side's scheme, checked now rather than at every evaluation.
    Result<void> coerce_version_literal(Node& version_side, Node& other) {
        const std::string* text = other.kind == NodeKind::literal ? other.literal.get<std::string>() : nullptr;
        if (!text) return {};
        auto parsed = version::Version::parse(version_side.scheme, *text);
        if (parsed) other.const_version = std::make_shared<const version::Version>(std::move(*parsed));
        if (!other.const_version)
            return error_at(other, "'" + *text + "' is not a valid " + std::string(to_string(version_side.scheme)) + " version");
        other.scheme = version_side.scheme;
        other.type = {TypeKind::version};
        return {};
    }

    Result<void> check_binary(Node& n) {
        Node& a = *n.children[0];
        Node& b = *n.children[1];
        std::string_view op = n.op;
        if (op == "&&" || op == "||") {
            for (Node* side : {&a, &b})
                if (side->type.kind != TypeKind::boolean && !loose(side->type))
                    return error_at(*side, "'" + std::string(op) + "' needs bool operands, not " + to_string(side->type));
            n.type = {TypeKind::boolean};
            return {};
        }
        if (op == "in") {
            const Type& r = b.type;
            if (r.kind == TypeKind::string) {
                if (a.type.kind != TypeKind::string && !loose(a.type))
                    return error_at(a, "'in' on a string needs a string on the left, not " + to_string(a.type));
            } else if (r.kind == TypeKind::list) {
                bool version_in_strings = a.type.kind == TypeKind::version && r.elem == TypeKind::string;
                if (!version_in_strings && !comparable(a.type, Type{r.elem}))
                    return error_at(a, "cannot look for " + to_string(a.type) + " in " + to_string(r));
            } else if (!loose(r)) {
                return error_at(b, "'in' needs a list or string on the right, not " + to_string(r));
            }
            n.type = {TypeKind::boolean};
            return {};
        }
        if (op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=") {
            if (a.type.kind == TypeKind::version && b.type.kind == TypeKind::string) {
                if (auto r = coerce_version_literal(a, b); !r) return r;
            } else if (b.type.kind == TypeKind::version && a.type.kind == TypeKind::string) {
                if (auto r = coerce_version_literal(b, a); !r) return r;
            }
            if (!comparable(a.type, b.type))
                return error_at(n, "cannot compare " + to_string(a.type) + " with " + to_string(b.type));
            bool ordered = op != "==" && op != "!=";
            if (ordered && (a.type.kind == TypeKind::boolean || a.type.kind == TypeKind::list))
                return error_at(n, "'" + std::string(op) + "' does not order " + to_string(a.type) + " values");
            n.type = {TypeKind::boolean};
            return {};
        }
        // Arithmetic.
        if (op == "+" && a.type.kind == TypeKind::string && b.type.kind == TypeKind::string) {
            n.type = {TypeKind::string};
            return {};
        }
        for (Node* side : {&a, &b})
            if (!side->type.is_numeric() && !loose(side->type))
                return error_at(*side, "'" + std::string(op) + "' needs numbers, not " + to_string(side->type));
        if (op == "%") {
            for (Node* side : {&a, &b})
                if (side->type.kind == TypeKind::floating) return error_at(*side, "'%' needs integers");
            n.type = {TypeKind::integer};
        } else if (op == "/") {
            n.type = {TypeKind::floating};
        } else {
            bool any_float = a.type.kind == TypeKind::floating || b.type.kind == TypeKind::floating;
            n.type = {any_float ? TypeKind::floating : TypeKind::integer};
        }
        return {};
    }
};

}  // namespace

Result<Expression> compile(std::string_view source, const Schema& schema, std::optional<Type> expected) {
    return compile(source, nullptr, schema, expected);
}

Result<Expression> compile(std::string_view source, NodePtr parsed, const Schema& schema, std::optional<Type> expected) {
    NodePtr root = std::move(parsed);
    if (!root) root = PREFLIGHT_TRY(parse_expression(source));
    Expression::Description description;
    description.source = std::string(source);
    Checker checker(schema, description.reads);
    PREFLIGHT_TRY(checker.check(*root));
    if (expected) {
        const Type& got = root->type;
        bool ok = got == *expected || got.kind == TypeKind::any || got.kind == TypeKind::null ||
                  (expected->kind == TypeKind::floating && got.kind == TypeKind::integer) ||
                  (expected->kind == TypeKind::list && got.kind == TypeKind::list && got.elem == TypeKind::any);
        if (!ok) {
            Location l;
            l.column = 0;
            return fail("the expression is " + to_string(got) + " but " + to_string(*expected) + " is needed here", l);
        }
    }
    Expression e;
    e.program = Program::of(*root);
    e.description.get() = std::move(description);
    return e;
}

}  // namespace preflight::lang
