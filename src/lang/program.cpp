#include "lang/program.hpp"

#include <bit>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "lang/functions.hpp"

namespace preflight::lang {
namespace {

class ProgramWriter {
public:
    std::string out;

    void byte(unsigned b) { out.push_back(static_cast<char>(b)); }
    void word(std::uint64_t v) {
        while (v >= 0x80U) {
            byte(static_cast<unsigned>((v & 0x7fU) | 0x80U));
            v >>= 7;
        }
        byte(static_cast<unsigned>(v));
    }
    void span(std::string_view s) {
        word(s.size());
        out.append(s);
    }
    void eight(std::uint64_t v) {
        char raw[8];
        std::memcpy(raw, &v, sizeof raw);
        out.append(raw, sizeof raw);
    }
    // Literals are what a pack's text can hold: never Unknown, never a parsed version.
    void tag(ProgramValueTag t) { byte(static_cast<unsigned>(t)); }
    void value(const Value& v) {
        if (v.is_null()) tag(ProgramValueTag::null);
        else if (const auto* b = v.get<bool>()) tag(ProgramValueTag::boolean), byte(*b ? 1 : 0);
        else if (const auto* i = v.get<std::int64_t>()) tag(ProgramValueTag::integer), eight(static_cast<std::uint64_t>(*i));
        else if (const auto* d = v.get<double>()) tag(ProgramValueTag::floating), eight(std::bit_cast<std::uint64_t>(*d));
        else if (const auto* s = v.get<std::string>()) tag(ProgramValueTag::string), span(*s);
        else if (const auto* l = v.get<List>()) {
            tag(ProgramValueTag::list);
            word(l->size());
            for (const auto& e : *l) value(e);
        } else {
            throw std::logic_error("a literal that is neither text nor a list");
        }
    }

    void node(const Node& n) {
        unsigned holds = 0;
        if (!n.literal.is_null()) holds |= holds_literal;
        if (n.kind == NodeKind::name) holds |= holds_name;
        if (n.function) holds |= holds_function;
        if (n.const_version) holds |= holds_const_version;
        if (n.range) holds |= holds_range;
        byte(static_cast<unsigned>(n.kind) | static_cast<unsigned>(operator_number(n.op)) << 3);
        byte(holds);
        if (holds & holds_literal) value(n.literal);
        if (holds & holds_name) span(n.name);
        if (holds & holds_function) function(*n.function);
        if (holds & holds_const_version) byte(static_cast<unsigned>(n.const_version->scheme())), span(n.const_version->text());
        if (holds & holds_range) byte(static_cast<unsigned>(n.range->scheme())), span(n.range->text());
        switch (n.kind) {
            case NodeKind::literal:
            case NodeKind::name: return;
            case NodeKind::list:
            case NodeKind::call:
                word(n.children.size());
                for (const auto& c : n.children) node(*c);
                return;
            case NodeKind::unary: node(*n.children.at(0)); return;
            case NodeKind::binary:
                node(*n.children.at(0));
                if (n.op == "&&" || n.op == "||") {
                    ProgramWriter right;
                    right.node(*n.children.at(1));
                    span(right.out);
                } else {
                    node(*n.children.at(1));
                }
                return;
        }
    }

    // A built-in by its place in this build's table (a program is read by the build
    // that wrote it); a plugin's by name, found again in the process's table.
    void function(const FunctionDef& f) {
        const auto& builtins = all_functions();
        if (&f >= builtins.data() && &f < builtins.data() + builtins.size()) {
            word(static_cast<std::uint64_t>(&f - builtins.data()) + 1);
        } else {
            word(0);
            span(f.name);
        }
    }
};

}  // namespace

Program Program::of(const Node& checked) {
    ProgramWriter w;
    w.node(checked);
    auto owned = std::make_shared<const std::string>(std::move(w.out));
    Program p;
    p.bytes_ = *owned;
    p.keeper_ = std::move(owned);
    return p;
}

Program Program::view(std::string_view bytes, std::shared_ptr<const void> keeper) {
    Program p;
    p.bytes_ = bytes;
    p.keeper_ = std::move(keeper);
    return p;
}

}  // namespace preflight::lang
