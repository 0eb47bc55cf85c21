// Every key of the run configuration (docs/manual.md) in one table: its type, default,
// allowed values, the spellings users reach for instead, and what it means.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/value.hpp"
#include "lang/type.hpp"

namespace preflight::config {

// The table's text is the program's own (string literals): rows view it, and building
// the table copies none of it.
struct KeyInfo {
    std::string_view key;  // dotted: "parallel.tp"
    lang::Type type;
    std::optional<Value> default_value;     // nullopt: unknown unless given
    std::vector<std::string_view> allowed;  // for enumerated strings
    std::vector<std::string_view> aliases;  // other spellings, for "did you mean"
    std::string_view doc;
    // Other spellings of allowed values that launchers use, read as the canonical one
    // ("flash_attention_2" → "flash").
    std::vector<std::pair<std::string_view, std::string_view>> value_spellings = {};
    std::optional<std::int64_t> min = std::nullopt, max = std::nullopt;  // integer bounds
};

std::span<const KeyInfo> key_table();
// The rows key_table() makes room for at once; a test holds the table to it.
inline constexpr std::size_t kKeyRowsReserved = 448;
const KeyInfo* find_key(std::string_view dotted);

// The least value an integer key may hold: degrees, counts and sizes are at least 1,
// an optimization level and an expert count at least 0; nullopt for `schema`.
std::optional<std::int64_t> minimum_of(const KeyInfo& key);

// Sections whose keys are free-form: [env] (variable → string) and [packages]
// (distribution → version). [model] also takes any Hugging Face config.json key.
inline constexpr std::string_view kEnvSection = "env";
inline constexpr std::string_view kPackagesSection = "packages";
inline constexpr std::string_view kRevisionsSection = "revisions";
inline constexpr std::string_view kModelSection = "model";

std::vector<std::string> section_names();

}  // namespace preflight::config
