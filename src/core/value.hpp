// The values facts and rule expressions take. `Unknown` is a fact nobody could
// establish (it remembers which ones); `Null` is a fact known to be absent
// (an unset variable, a package that is not installed).
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "core/fact_ref.hpp"
#include "version/version.hpp"

namespace preflight {

struct Unknown {
    std::set<FactRef> missing;      // the facts nobody could establish
    std::set<std::string> reasons;  // other causes: "division by zero"

    void add(const Unknown& other) {
        missing.insert(other.missing.begin(), other.missing.end());
        reasons.insert(other.reasons.begin(), other.reasons.end());
    }
    bool empty() const { return missing.empty() && reasons.empty(); }
    bool operator==(const Unknown&) const = default;
};
struct Null {};

struct Value;
using List = std::vector<Value>;
// A parsed version is large and never changes: values share it instead of copying.
using VersionRef = std::shared_ptr<const version::Version>;
// So is what an unknown value lacks (two sets): shared, it leaves a Value 40 bytes,
// not 104, and every tree node, list and table cell holds one.
using UnknownRef = std::shared_ptr<const Unknown>;

struct Value {
    std::variant<UnknownRef, Null, bool, std::int64_t, double, std::string, VersionRef, List> data;

    Value() : data(Null{}) {}
    template <class T>
    Value(T v) : data(std::move(v)) {}
    Value(Unknown u) : data(std::make_shared<const Unknown>(std::move(u))) {}
    Value(version::Version v) : data(std::make_shared<const version::Version>(std::move(v))) {}
    Value(const char* s) : data(std::string(s)) {}
    Value(int i) : data(static_cast<std::int64_t>(i)) {}

    bool is_unknown() const { return std::holds_alternative<UnknownRef>(data); }
    bool is_null() const { return std::holds_alternative<Null>(data); }
    template <class T>
    const T* get() const {
        if constexpr (std::is_same_v<T, version::Version>) {
            const auto* ref = std::get_if<VersionRef>(&data);
            return ref ? ref->get() : nullptr;
        } else if constexpr (std::is_same_v<T, Unknown>) {
            const auto* ref = std::get_if<UnknownRef>(&data);
            return ref ? ref->get() : nullptr;
        } else {
            return std::get_if<T>(&data);
        }
    }

    static Value unknown(FactRef missing) { return Value(Unknown{{std::move(missing)}, {}}); }
    // Unknown for a reason other than a missing fact; `why` reads as a phrase.
    static Value unknown_because(std::string why) { return Value(Unknown{{}, {std::move(why)}}); }
};

bool operator==(const Value& a, const Value& b);
inline bool operator!=(const Value& a, const Value& b) { return !(a == b); }

// How a value is shown to a user: strings bare, versions as written, lists in brackets.
std::string display(const Value& v);
// The TOML/JSON-ish literal form: strings quoted.
std::string literal(const Value& v);

}  // namespace preflight
