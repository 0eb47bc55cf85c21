// A reference to one fact a rule can read: a run-configuration key (or a derived
// fact, which the language reads by bare name alike), a variable of the launch
// environment, an installed package, or the revision a package was installed from.
// Text spells a reference differently in different places; those spellings are made
// and read here only, and everything else passes this type around.
#pragma once

#include <compare>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "util/digest.hpp"

namespace preflight {

struct FactRef {
    enum class Kind { config, env, package, revision };
    Kind kind = Kind::config;
    std::string name;  // the key or derived fact, the variable, the normalized package name

    static FactRef config(std::string key) { return {Kind::config, std::move(key)}; }
    static FactRef env(std::string variable) { return {Kind::env, std::move(variable)}; }
    static FactRef package(std::string normalized_name) { return {Kind::package, std::move(normalized_name)}; }
    static FactRef revision(std::string normalized_name) { return {Kind::revision, std::move(normalized_name)}; }

    // As the rule language reads it, and as an undetermined finding lists what it
    // misses: "parallel.tp", "env(NAME)", "pkg(name)", "revision(name)".
    std::string display() const;
    // As a dotted key of a job or pack file: "parallel.tp", "env.NAME",
    // "packages.name", "revisions.name".
    std::string key() const;
    // In running text (evidence, messages): "parallel.tp", "env NAME", "pkg name",
    // "revision name".
    std::string phrase() const;
    // The inverse of key(), for keys read from pack text (a default's `key`, a rule's
    // `about`); package names are normalized. Anything else is a config key.
    static FactRef from_key(std::string_view key);

    bool operator==(const FactRef&) const = default;
    // Ordered as their display() texts sort, so lists of them read alphabetically
    // (and in the order they did when they were strings).
    std::strong_ordering operator<=>(const FactRef& other) const;
};

}  // namespace preflight

template <>
struct std::hash<preflight::FactRef> {
    std::size_t operator()(const preflight::FactRef& r) const noexcept {
        return preflight::util::name_hash(r.name) * 31 + static_cast<std::size_t>(r.kind);
    }
};
