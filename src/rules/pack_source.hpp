// A rule pack as read from its TOML file: strings and values with their locations,
// nothing compiled yet (stage 1 of reader → collector → compiler).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/value.hpp"
#include "lang/ast.hpp"
#include "rules/reference.hpp"

namespace preflight::rules {

// An expression or message as written, and where its text starts in the pack file.
struct SourceText {
    std::string text;
    Location where;        // the opening quote
    int content_line = 0;  // where the first character of `text` is
    int content_column = 0;
    lang::ParsedTree parsed;  // an expression's tree, where the text came from an image
};

struct FixSource {
    std::string target;  // "env" or "config"
    std::string key;
    std::optional<Value> literal;    // set = …
    std::optional<SourceText> expr;  // set_expr = "…"
    bool unset = false;
    bool safe = true;
    Location where;
};

struct FixedInSource {
    std::string package;
    std::string range;
    Location where;
};

struct RuleSource {
    std::string id;
    std::string severity;
    std::string summary;
    SourceText when;
    std::optional<SourceText> error_when;  // escalates the severity to error while true
    std::optional<SourceText> applies;     // whether the launch involves the rule's subject
    SourceText message;
    std::string explain;
    std::vector<std::string> about;
    std::vector<Reference> references;
    std::vector<FixSource> fixes;
    std::vector<FixedInSource> fixed_in;
    std::vector<std::map<std::string, std::string>> fallbacks;    // kernel, implementation, reason
    std::vector<std::map<std::string, std::string>> limitations;  // feature, reason
    Location where;
};

struct DerivedFactSource {
    std::string name;
    std::string type;
    SourceText expr;
    std::string doc;
    Location where;
};

// What a key holds when the job leaves it out: a launcher's default, or what a
// framework sets by itself, under a condition (usually a framework and version).
struct DefaultSource {
    std::string key;                 // a run-configuration key or env.NAME
    std::optional<Value> literal;    // value = …
    std::optional<SourceText> expr;  // value_expr = "…"
    std::optional<SourceText> when;  // absent: always
    std::string by;                  // who: "Megatron-SWIFT", "ms-swift >= 4.0.2 on Ascend"
    bool applied = false;            // the framework acts at run time (vs. an argument default)
    std::vector<Reference> references;
    Location where;
};

struct TableRow {
    std::map<std::string, Value, std::less<>> cells;  // searched by a view of the column's name too
    std::map<std::string, Location> cell_where;
    Location where;  // the row's first cell

    // A cell's string or truth value; nullptr when the row has no such cell or it holds
    // another type (tables are free-form: each reader decides what a missing cell means).
    const std::string* text(std::string_view column) const {
        auto it = cells.find(column);
        return it == cells.end() ? nullptr : it->second.get<std::string>();
    }
    const bool* flag(std::string_view column) const {
        auto it = cells.find(column);
        return it == cells.end() ? nullptr : it->second.get<bool>();
    }
};

struct PackSource {
    std::string file;  // path of pack.toml
    std::string dir;
    std::string name;
    std::string version;
    std::string engine;  // PEP 440 range of preflight versions
    Location engine_where;
    std::string summary;
    // The upstream release each cited repository was last read through: owner/repo →
    // (tag, where). `rules outdated` lists what upstream released after it.
    std::map<std::string, std::pair<std::string, Location>> checked_through;
    Location where;
    std::map<std::string, std::pair<std::string, Location>> schemes;  // package → scheme
    std::map<std::string, std::vector<TableRow>> tables;
    std::vector<DerivedFactSource> facts;
    std::vector<DefaultSource> defaults;
    std::vector<RuleSource> rules;
};

Result<PackSource> read_pack(const std::string& file);
// The same, for a pack file's text already read (pack_cache.cpp hashes it first).
Result<PackSource> read_pack_text(const std::string& file, std::string text);

// Maps a byte offset inside a SourceText to its line and column in the pack file.
Location locate_in(const SourceText& s, int offset);

}  // namespace preflight::rules
