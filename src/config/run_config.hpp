// The run configuration (job.toml; docs/manual.md), read with every value's location.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/error.hpp"
#include "core/fact.hpp"
#include "version/version.hpp"

namespace preflight::config {

// A TOML table kept as written for a later reader (the inline `[[waive]]` tables):
// each value as text with its location, nested tables by name.
struct RawEntry {
    std::string type;  // "a string", "a date", "an integer" … (as errors name it)
    std::string text;  // a string's content, a date as YYYY-MM-DD, else the value as TOML writes it
    Location where;
};
struct RawTable {
    Location where;  // the table's header (or first key) line
    std::map<std::string, RawEntry> values;
    std::map<std::string, RawTable> tables;
};

struct RunConfig {
    std::string path;             // as the user named it
    FactMap values;               // dotted key → fact, defaults included
    FactMap env;                  // [env]
    FactMap packages;             // [packages], PEP 503-normalized names
    FactMap revisions;            // [revisions]: normalized name → git branch or tag
    Diagnostics diagnostics;      // warnings: unknown keys and sections
    std::vector<RawTable> waive;  // [[waive]] tables, read by rules/waiver.hpp
};

using SchemeOf = std::function<version::Scheme(const std::string& normalized_package)>;

// Errors (exit 2): unreadable file, malformed TOML, wrong types, bad enum values,
// unparsable versions, invalid variable names, unreadable model config.
Result<RunConfig> load_run_config(const std::string& path, const SchemeOf& scheme_of);

// A partial run configuration (`--with FILE`: a site's hardware, an image's packages)
// declares `schema = 1` but may leave out [job]; it gets no key-table defaults, so it
// sets only what it says.
Result<RunConfig> load_partial_run_config(const std::string& path, const SchemeOf& scheme_of);

// Reads the model keys of the config.json that `model.config` names (relative to the
// configuration's own file) into `cfg`, where the configuration does not give them.
Result<void> read_model_config(RunConfig& cfg);

// Every key-table default the configuration does not give, as a default-origin fact.
void fill_key_defaults(RunConfig& cfg);

}  // namespace preflight::config
