#pragma once

#include <string>

#include "core/value.hpp"

namespace preflight::lang {

enum class TypeKind { any, null, boolean, integer, floating, string, version, list };

struct Type {
    TypeKind kind = TypeKind::any;
    TypeKind elem = TypeKind::any;  // for lists

    bool operator==(const Type&) const = default;
    bool is_numeric() const { return kind == TypeKind::integer || kind == TypeKind::floating; }
};

inline std::string to_string(TypeKind k) {
    switch (k) {
        case TypeKind::any: return "any";
        case TypeKind::null: return "null";
        case TypeKind::boolean: return "bool";
        case TypeKind::integer: return "int";
        case TypeKind::floating: return "float";
        case TypeKind::string: return "string";
        case TypeKind::version: return "version";
        case TypeKind::list: return "list";
    }
    return "any";
}

inline std::string to_string(const Type& t) {
    if (t.kind == TypeKind::list) return "list<" + to_string(t.elem) + ">";
    return to_string(t.kind);
}

// Names used in pack files (`type = "int"`); nullopt-like `any` on failure is avoided
// by returning false.
inline bool parse_type(const std::string& text, Type& out) {
    static const std::pair<const char*, Type> table[] = {
        {"bool", {TypeKind::boolean}},
        {"int", {TypeKind::integer}},
        {"float", {TypeKind::floating}},
        {"string", {TypeKind::string}},
        {"version", {TypeKind::version}},
        {"list<string>", {TypeKind::list, TypeKind::string}},
        {"list<int>", {TypeKind::list, TypeKind::integer}},
    };
    for (const auto& [name, type] : table)
        if (text == name) {
            out = type;
            return true;
        }
    return false;
}

// The type of a literal value: a pack's literal or table cell, a job's TOML scalar.
inline Type type_of(const Value& v) {
    if (v.is_null()) return {TypeKind::null};
    if (v.get<bool>()) return {TypeKind::boolean};
    if (v.get<std::int64_t>()) return {TypeKind::integer};
    if (v.get<double>()) return {TypeKind::floating};
    if (v.get<std::string>()) return {TypeKind::string};
    return {TypeKind::any};
}

}  // namespace preflight::lang
