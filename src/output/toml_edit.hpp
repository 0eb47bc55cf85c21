// Edits a TOML document as text, so that everything the edit does not touch (comments,
// key order, spacing) stays byte for byte: a value is replaced where it stands, a
// new key goes right under its table's header, a new table at the end.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/value.hpp"

namespace preflight::output {

struct TomlEdit {
    std::string table;           // "train", "env"
    std::string key;             // "packing", "USE_MCORE_GDN"
    std::optional<Value> value;  // nullopt: remove the key
};

// The TOML text of a scalar: true, 12, 1.5, "quoted \"string\"".
std::string toml_literal(const Value& v);
// A key as TOML writes it: bare when it is A-Za-z0-9_- only, else quoted.
std::string toml_key(const std::string& key);

Result<std::string> apply_toml_edits(const std::string& text, const std::string& file, const std::vector<TomlEdit>& edits);

}  // namespace preflight::output
