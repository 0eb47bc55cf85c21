#include "lang/evaluator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

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

// A version compared with a string: the string is read in the version's scheme, or is
// a version constant already (the checker made one of a literal compared with a version).
std::optional<version::Version> as_version(const Value& v, const VersionRef& constant, version::Scheme scheme) {
    if (constant) return *constant;
    if (const auto* ver = v.get<version::Version>()) return *ver;
    if (const auto* s = v.get<std::string>()) return version::Version::parse(scheme, *s);
    return std::nullopt;
}

// -1/0/1, or nullopt when the two cannot be ordered (then the result is Unknown).
std::optional<int> order(const Value& a, const VersionRef& ca, const Value& b, const VersionRef& cb) {
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
        auto va = as_version(a, ca, scheme), vb = as_version(b, cb, scheme);
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

Value compare_values(std::uint16_t op, const Value& a, const VersionRef& ca, const Value& b, const VersionRef& cb) {
    if (a.is_null() || b.is_null()) {
        bool both = a.is_null() && b.is_null();
        if (op == "=="_op) return Value(both);
        if (op == "!="_op) return Value(!both);
        return Value(false);  // nothing orders against an absent value
    }
    auto c = order(a, ca, b, cb);
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

// Reads a program (lang/program.hpp) where it lies. A program comes from a checked tree
// or from an image whose hash was checked: bytes that do not decode are a bug.
class Cursor {
public:
    explicit Cursor(std::string_view bytes) : at_(bytes.data()), end_(bytes.data() + bytes.size()) {}
    bool at_end() const { return at_ == end_; }

    [[noreturn]] static void broken() { throw std::runtime_error("an expression's program does not decode"); }

    unsigned byte() {
        need(1);
        return static_cast<unsigned char>(*at_++);
    }
    // Most counts and lengths are one byte: that case inline.
    std::uint64_t word() {
        if (at_ != end_ && (static_cast<unsigned char>(*at_) & 0x80U) == 0) return static_cast<unsigned char>(*at_++);
        std::uint64_t v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            unsigned b = byte();
            v |= static_cast<std::uint64_t>(b & 0x7fU) << shift;
            if ((b & 0x80U) == 0) return v;
        }
        broken();
    }
    std::string_view span() {
        std::uint64_t n = word();
        need(n);
        std::string_view s(at_, n);
        at_ += n;
        return s;
    }
    std::uint64_t eight() {
        need(8);
        std::uint64_t v = 0;
        std::memcpy(&v, at_, sizeof v);
        at_ += sizeof v;
        return v;
    }

private:
    const char* at_;
    const char* end_;

    void need(std::uint64_t n) const {
        if (n > static_cast<std::uint64_t>(end_ - at_)) broken();
    }
};

// Each operator's code (op_code) by its number in the program (its place in kOperators
// plus one; 0 for none).
constexpr auto kOpCodes = [] {
    std::array<std::uint16_t, std::size(kOperators) + 1> codes{};
    for (std::size_t i = 0; i < std::size(kOperators); ++i) codes[i + 1] = op_code(kOperators[i]);
    return codes;
}();

constexpr unsigned tag_of(ProgramValueTag t) { return static_cast<unsigned>(t); }

// A literal; a string's bytes, where they lie in the program, also in `text`.
Value read_value(Cursor& c, std::string_view* text = nullptr) {
    switch (c.byte()) {
        case tag_of(ProgramValueTag::null): return Value();
        case tag_of(ProgramValueTag::boolean): {
            unsigned b = c.byte();
            if (b > 1) Cursor::broken();
            return Value(b == 1);
        }
        case tag_of(ProgramValueTag::integer): return Value(static_cast<std::int64_t>(c.eight()));
        case tag_of(ProgramValueTag::floating): return Value(std::bit_cast<double>(c.eight()));
        case tag_of(ProgramValueTag::string): {
            std::string_view bytes = c.span();
            if (text) *text = bytes;
            return Value(std::string(bytes));
        }
        case tag_of(ProgramValueTag::list): {
            std::uint64_t n = c.word();
            List items;
            for (std::uint64_t i = 0; i < n; ++i) items.push_back(read_value(c));
            return Value(std::move(items));
        }
        default: Cursor::broken();
    }
}

version::Scheme read_scheme(Cursor& c) {
    unsigned s = c.byte();
    if (s > static_cast<unsigned>(version::Scheme::cann)) Cursor::broken();
    return static_cast<version::Scheme>(s);
}

// A node's head and fields, as far as the evaluator takes them.
struct Head {
    NodeKind kind;
    std::uint16_t op;  // op_code of its operator, 0 for none
    Value literal;
    std::string_view name;  // a name node's, or a string literal's text: where it lies in the program
    const FunctionDef* function = nullptr;
    version::Scheme version_scheme{};
    std::string_view version_text;  // a version constant's, where it holds one
    version::Scheme range_scheme{};
    std::string_view range_text;  // satisfies()'s range, where it holds one
};

Head read_head(Cursor& c) {
    unsigned first = c.byte(), holds = c.byte();
    unsigned kind = first & 7U, op = first >> 3;
    if (kind > static_cast<unsigned>(NodeKind::list) || op >= kOpCodes.size() || holds > kProgramHoldsAll) Cursor::broken();
    Head h{static_cast<NodeKind>(kind), kOpCodes[op]};
    if (holds & holds_literal) h.literal = read_value(c, &h.name);
    if (holds & holds_name) h.name = c.span();
    if (holds & holds_function) {
        std::uint64_t number = c.word();
        const auto& builtins = all_functions();
        if (number > builtins.size()) Cursor::broken();
        h.function = number > 0 ? &builtins[number - 1] : find_function(c.span());
        if (!h.function) Cursor::broken();
    }
    if (holds & holds_const_version) {
        h.version_scheme = read_scheme(c);
        h.version_text = c.span();
    }
    if (holds & holds_range) {
        h.range_scheme = read_scheme(c);
        h.range_text = c.span();
    }
    if (h.kind == NodeKind::call && !h.function) Cursor::broken();
    return h;
}

bool short_circuits(const Head& h) { return h.op == "&&"_op || h.op == "||"_op; }

// Steps over a node without evaluating it (a list whose earlier item is unknown).
void skip(Cursor& c) {
    Head h = read_head(c);
    switch (h.kind) {
        case NodeKind::literal:
        case NodeKind::name: return;
        case NodeKind::list:
        case NodeKind::call:
            for (std::uint64_t i = 0, n = c.word(); i < n; ++i) skip(c);
            return;
        case NodeKind::unary: skip(c); return;
        case NodeKind::binary:
            skip(c);
            if (short_circuits(h)) (void)c.span();
            else skip(c);
            return;
    }
}

std::optional<VersionRef> parse_constant(version::Scheme scheme, std::string_view text) {
    auto v = version::Version::parse(scheme, text);
    if (!v) return std::nullopt;
    // Shared by the values made from it, as a tree's constant was.
    return std::make_shared<const version::Version>(std::move(*v));
}

// Versions and ranges parsed from a program's text, by where that text lies: a
// program is evaluated where it lies, and parsing a range costs more than reading
// the rest of its tree. The text is kept and compared, so bytes freed and written
// again at the same place are parsed again, never mistaken for the old ones.
template <class T, std::optional<T> (*parse)(version::Scheme, std::string_view)>
class ParsedByPlace {
public:
    const T& get(version::Scheme scheme, std::string_view text) {
        auto [it, made] = memo_.try_emplace(text.data());
        Entry& e = it->second;
        if (made || e.scheme != scheme || e.text != text) {
            auto parsed = parse(scheme, text);
            // Written by the checker from a value it parsed: a bug, not bad input.
            if (!parsed) throw std::runtime_error("an expression's program holds a version or range that does not parse");
            e = Entry{scheme, std::string(text), std::move(*parsed)};
        }
        return e.value;
    }

private:
    struct Entry {
        version::Scheme scheme{};
        std::string text;
        T value;
    };
    std::unordered_map<const char*, Entry> memo_;
};

VersionRef version_constant(const Head& h) {
    if (h.version_text.data() == nullptr) return nullptr;
    thread_local ParsedByPlace<VersionRef, parse_constant> versions;
    return versions.get(h.version_scheme, h.version_text);
}

const version::VersionRange* range_of(const Head& h) {
    if (h.range_text.data() == nullptr) return nullptr;
    thread_local ParsedByPlace<version::VersionRange, version::VersionRange::parse> ranges;
    return &ranges.get(h.range_scheme, h.range_text);
}

// What a node leaves its parent beyond its value: a version constant (a literal
// compared with a version, read as one), and a name node's name or a string literal's
// text where it lies in the program (a function's first argument: CallSite).
struct Seen {
    VersionRef constant;
    std::string_view name;
};

Value eval(Cursor& c, EvalContext& ctx, Seen* seen);

// A whole program, or the part of one an operand's length bounds: nothing may follow it.
Value eval_all(std::string_view bytes, EvalContext& ctx) {
    Cursor c(bytes);
    Value v = eval(c, ctx, nullptr);
    if (!c.at_end()) Cursor::broken();
    return v;
}

Value eval(Cursor& c, EvalContext& ctx, Seen* seen) {
    Head n = read_head(c);
    if (seen) {
        seen->constant = version_constant(n);
        seen->name = n.name;
    }
    switch (n.kind) {
        case NodeKind::literal: return std::move(n.literal);
        case NodeKind::name: return ctx.fact(n.name);
        case NodeKind::list: {
            std::uint64_t count = c.word();
            List items;
            items.reserve(count);
            for (std::uint64_t i = 0; i < count; ++i) {
                Value v = eval(c, ctx, nullptr);
                if (v.is_unknown()) {
                    while (++i < count) skip(c);
                    return v;
                }
                items.push_back(std::move(v));
            }
            return Value(std::move(items));
        }
        case NodeKind::call: {
            std::uint64_t count = c.word();
            CallSite site{n.function, {}, seen ? seen->constant : version_constant(n), range_of(n)};
            std::vector<Value> args;
            args.reserve(count);  // grown a value at a time, it was copied and left behind
            Unknown missing;
            for (std::uint64_t i = 0; i < count; ++i) {
                Seen first;
                args.push_back(eval(c, ctx, i == 0 ? &first : nullptr));
                if (i == 0) site.argument_name = first.name;
                if (const auto* u = args.back().get<Unknown>()) missing.add(*u);
            }
            if (!missing.empty() && !n.function->sees_unknown) return Value(missing);
            return n.function->eval(site, args, ctx);
        }
        case NodeKind::unary: {
            Value v = eval(c, ctx, nullptr);
            if (v.is_unknown() || v.is_null()) return v;
            if (n.op == "!"_op) return Value(!*v.get<bool>());
            if (const auto* i = v.get<std::int64_t>()) {
                if (*i == INT64_MIN) return Value::unknown_because("integer overflow");
                return Value(-*i);
            }
            return Value(-as_double(v));
        }
        case NodeKind::binary: {
            const std::uint16_t op = n.op;
            Seen left, right;
            Value a = eval(c, ctx, &left);
            if (short_circuits(n)) {
                std::string_view later = c.span();
                bool decisive = op == "||"_op;
                if (const auto* x = a.get<bool>(); x && *x == decisive) return Value(decisive);
                Value b = eval_all(later, ctx);
                if (const auto* y = b.get<bool>(); y && *y == decisive) return Value(decisive);
                if (a.is_unknown() || b.is_unknown()) return unknown_of({&a, &b});
                return Value(!decisive);  // null operands count as false
            }
            Value b = eval(c, ctx, &right);
            if (a.is_unknown() || b.is_unknown()) return unknown_of({&a, &b});
            if (op == "in"_op) {
                if (a.is_null() || b.is_null()) return Value(false);
                if (const auto* list = b.get<List>())
                    return Value(
                        std::any_of(list->begin(), list->end(), [&](const Value& e) { return equal_for_membership(a, e); }));
                return Value(b.get<std::string>()->find(*a.get<std::string>()) != std::string::npos);
            }
            if (op == "=="_op || op == "!="_op || op == "<"_op || op == "<="_op || op == ">"_op || op == ">="_op)
                return compare_values(op, a, left.constant, b, right.constant);
            return arithmetic(op, a, b);
        }
    }
    Cursor::broken();
}

}  // namespace

Value evaluate(const Program& program, EvalContext& ctx) { return eval_all(program.bytes(), ctx); }

Value evaluate(const Expression& e, EvalContext& ctx) { return evaluate(e.program, ctx); }

}  // namespace preflight::lang
