#include "lang/evaluator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "lang/functions.hpp"

namespace preflight::lang {
namespace {

// An operator's spelling (one or two bytes) as one number, so that a node's operator is
// matched by integer comparison: compared as strings, operators were thousands of
// out-of-line comparisons a check.
constexpr std::uint16_t op_code(std::string_view op) {
    if (op.empty() || op.size() > 2) return 0;
    auto byte = [](char c) { return static_cast<std::uint16_t>(static_cast<unsigned char>(c)); };
    return static_cast<std::uint16_t>(byte(op[0]) | (op.size() == 2 ? byte(op[1]) << 8 : 0));
}
constexpr std::uint16_t operator""_op(const char* text, std::size_t size) { return op_code(std::string_view(text, size)); }

Value unknown_of(std::initializer_list<const Value*> values) {
    Unknown u;
    for (const Value* v : values)
        if (const auto* x = v->get<Unknown>()) u.add(*x);
    return Value(u);
}

bool is_number(const Value& v) { return v.get<std::int64_t>() || v.get<double>(); }
double as_double(const Value& v) {
    if (const auto* i = v.get<std::int64_t>()) return static_cast<double>(*i);
    return *v.get<double>();
}

// A version compared with a string: the string is read in the version's scheme.
std::optional<version::Version> as_version(const Value& v, const Node& n, version::Scheme scheme) {
    if (n.const_version) return *n.const_version;
    if (const auto* ver = v.get<version::Version>()) return *ver;
    if (const auto* s = v.get<std::string>()) return version::Version::parse(scheme, *s);
    return std::nullopt;
}

// -1/0/1, or nullopt when the two cannot be ordered (then the result is Unknown).
std::optional<int> order(const Value& a, const Node& na, const Value& b, const Node& nb) {
    if (is_number(a) && is_number(b)) {
        if (a.get<std::int64_t>() && b.get<std::int64_t>()) {
            auto x = *a.get<std::int64_t>(), y = *b.get<std::int64_t>();
            return x < y ? -1 : (x > y ? 1 : 0);
        }
        double x = as_double(a), y = as_double(b);
        return x < y ? -1 : (x > y ? 1 : 0);
    }
    if (a.get<version::Version>() || b.get<version::Version>()) {
        version::Scheme scheme =
            a.get<version::Version>() ? a.get<version::Version>()->scheme() : b.get<version::Version>()->scheme();
        auto va = as_version(a, na, scheme), vb = as_version(b, nb, scheme);
        if (!va || !vb) return std::nullopt;
        return compare(*va, *vb);
    }
    if (a.get<std::string>() && b.get<std::string>()) {
        int c = a.get<std::string>()->compare(*b.get<std::string>());
        return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    if (a.get<bool>() && b.get<bool>()) return static_cast<int>(*a.get<bool>()) - static_cast<int>(*b.get<bool>());
    if (a.get<List>() && b.get<List>()) return *a.get<List>() == *b.get<List>() ? 0 : 1;
    return std::nullopt;
}

bool equal_for_membership(const Value& item, const Value& element) {
    if (is_number(item) && is_number(element)) return as_double(item) == as_double(element);
    if (const auto* v = item.get<version::Version>()) {
        if (const auto* s = element.get<std::string>()) {
            auto parsed = version::Version::parse(v->scheme(), *s);
            auto c = parsed ? compare(*v, *parsed) : std::nullopt;
            return c && *c == 0;
        }
    }
    return item == element;
}

Value compare_values(const Node& n, const Value& a, const Value& b) {
    const std::uint16_t op = op_code(n.op);
    if (a.is_null() || b.is_null()) {
        bool both = a.is_null() && b.is_null();
        if (op == "=="_op) return Value(both);
        if (op == "!="_op) return Value(!both);
        return Value(false);  // nothing orders against an absent value
    }
    auto c = order(a, *n.children[0], b, *n.children[1]);
    if (!c) {
        if (op == "=="_op) return Value(false);
        if (op == "!="_op) return Value(true);
        return Value::unknown_because("cannot order " + display(a) + " and " + display(b));
    }
    if (op == "=="_op) return Value(*c == 0);
    if (op == "!="_op) return Value(*c != 0);
    if (op == "<"_op) return Value(*c < 0);
    if (op == "<="_op) return Value(*c <= 0);
    if (op == ">"_op) return Value(*c > 0);
    return Value(*c >= 0);
}

Value arithmetic(std::uint16_t op, const Value& a, const Value& b) {
    if (a.is_null() || b.is_null()) return Value(Null{});
    if (op == "+"_op && a.get<std::string>()) return Value(*a.get<std::string>() + *b.get<std::string>());
    if (op == "/"_op) {
        double d = as_double(b);
        if (d == 0) return Value::unknown_because("division by zero");
        return Value(as_double(a) / d);
    }
    if (a.get<std::int64_t>() && b.get<std::int64_t>()) {
        std::int64_t x = *a.get<std::int64_t>(), y = *b.get<std::int64_t>(), r = 0;
        if (op == "%"_op) {
            if (y == 0) return Value::unknown_because("division by zero");
            return Value(x % y);
        }
        bool overflow = op == "+"_op   ? __builtin_add_overflow(x, y, &r)
                        : op == "-"_op ? __builtin_sub_overflow(x, y, &r)
                                       : __builtin_mul_overflow(x, y, &r);
        if (overflow) return Value::unknown_because("integer overflow");
        return Value(r);
    }
    double x = as_double(a), y = as_double(b);
    if (op == "+"_op) return Value(x + y);
    if (op == "-"_op) return Value(x - y);
    return Value(x * y);
}

}  // namespace

Value evaluate(const Node& n, EvalContext& ctx) {
    switch (n.kind) {
        case NodeKind::literal: return n.literal;
        case NodeKind::name: return ctx.fact(n.name);
        case NodeKind::list: {
            List items;
            items.reserve(n.children.size());
            for (const auto& c : n.children) {
                Value v = evaluate(*c, ctx);
                if (v.is_unknown()) return v;
                items.push_back(std::move(v));
            }
            return Value(std::move(items));
        }
        case NodeKind::call: {
            std::vector<Value> args;
            args.reserve(n.children.size());  // grown a value at a time, it was copied and left behind
            Unknown missing;
            for (const auto& c : n.children) {
                args.push_back(evaluate(*c, ctx));
                if (const auto* u = args.back().get<Unknown>()) missing.add(*u);
            }
            if (!missing.empty() && !n.function->sees_unknown) return Value(missing);
            return n.function->eval(n, args, ctx);
        }
        case NodeKind::unary: {
            Value v = evaluate(*n.children[0], ctx);
            if (v.is_unknown() || v.is_null()) return v;
            if (op_code(n.op) == "!"_op) return Value(!*v.get<bool>());
            if (const auto* i = v.get<std::int64_t>()) {
                if (*i == INT64_MIN) return Value::unknown_because("integer overflow");
                return Value(-*i);
            }
            return Value(-as_double(v));
        }
        case NodeKind::binary: {
            const std::uint16_t op = op_code(n.op);
            Value a = evaluate(*n.children[0], ctx);
            if (op == "&&"_op || op == "||"_op) {
                bool decisive = op == "||"_op;
                if (const auto* x = a.get<bool>(); x && *x == decisive) return Value(decisive);
                Value b = evaluate(n.right(), ctx);
                if (const auto* y = b.get<bool>(); y && *y == decisive) return Value(decisive);
                if (a.is_unknown() || b.is_unknown()) return unknown_of({&a, &b});
                return Value(!decisive);  // null operands count as false
            }
            Value b = evaluate(*n.children[1], ctx);
            if (a.is_unknown() || b.is_unknown()) return unknown_of({&a, &b});
            if (op == "in"_op) {
                if (a.is_null() || b.is_null()) return Value(false);
                if (const auto* list = b.get<List>())
                    return Value(
                        std::any_of(list->begin(), list->end(), [&](const Value& e) { return equal_for_membership(a, e); }));
                return Value(b.get<std::string>()->find(*a.get<std::string>()) != std::string::npos);
            }
            if (op == "=="_op || op == "!="_op || op == "<"_op || op == "<="_op || op == ">"_op || op == ">="_op)
                return compare_values(n, a, b);
            return arithmetic(op, a, b);
        }
    }
    return Value::unknown_because("internal: unhandled node");
}

}  // namespace preflight::lang
