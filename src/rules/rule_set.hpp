// Compiled packs: the rules, derived facts, tables and version schemes the engine
// runs with (stage 3 of reader → collector → compiler).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/error.hpp"
#include "core/fact_ref.hpp"
#include "core/severity.hpp"
#include "lang/compiler.hpp"
#include "lang/message_template.hpp"
#include "lang/schema.hpp"
#include "rules/pack_source.hpp"
#include "util/deferred.hpp"
#include "util/digest.hpp"

namespace preflight::rules {

struct Fix {
    enum class Target { env, config } target = Target::env;
    std::string key;
    std::optional<Value> literal;
    std::optional<lang::Expression> expr;  // computed value
    bool unset = false;
    bool safe = true;

    // The patch slot the fix writes: a variable or a config key.
    FactRef slot() const { return target == Target::env ? FactRef::env(key) : FactRef::config(key); }
};

struct FixedIn {
    std::string package;  // normalized
    version::VersionRange range;
};

struct Fallback {
    std::string kernel, implementation, reason;
};

struct Limitation {
    std::string feature, reason;
};

// What a rule says, and where: needed for a rule that fires, is undetermined or is
// shown, not for judging one. A set read from its image reads it when first asked.
struct RuleText {
    std::string summary;
    std::string explain;       // inline text, when the pack file has it
    std::string explain_file;  // else this page: explain/<id>.md beside pack.toml
    lang::MessageTemplate message;
    std::vector<FactRef> about;  // what a finding points at in the job, first found first
    std::vector<std::string> references;
    std::vector<Fallback> fallbacks;
    std::vector<Limitation> limitations;
    Location where;
};

struct Rule {
    std::string id;
    std::string pack;
    Severity severity = Severity::error;
    lang::Expression when;
    std::optional<lang::Expression> error_when;  // a warning that is an error while this holds
    // Whether the launch involves what the rule is about (engine.hpp, "Relevance");
    // absent: the packages the rule reads decide.
    std::optional<lang::Expression> applies;
    std::vector<Fix> fixes;
    std::vector<FixedIn> fixed_in;
    util::Deferred<RuleText> deferred_text;  // text() reads it

    const RuleText& text() const { return deferred_text.get(); }
    RuleText& text() { return deferred_text.get(); }
};

struct DerivedFact {
    std::string name;
    lang::Type type;
    lang::Expression expr;
    std::string doc;
    std::string pack;
};

// Who gives a default and where it is written: wanted to describe a value (evidence,
// the rule reference), never to compute one.
struct DefaultText {
    std::string by;
    std::vector<std::string> references;
    std::string pack;
    Location where;
};

// The value a key takes when the job leaves it out, as a launcher's default or as
// something a framework sets by itself. Entries for one key are tried in pack order;
// the first whose condition holds gives the value.
struct Default {
    FactRef target;  // a run-configuration key or a variable
    std::optional<Value> literal;
    std::optional<lang::Expression> expr;
    std::optional<lang::Expression> when;  // absent: always
    bool applied = false;
    // Read from a rule-set image when first asked for: a check computes the defaults it
    // reads and describes few of them.
    util::Deferred<DefaultText> deferred_text;  // text() reads it
    const DefaultText& text() const { return deferred_text.get(); }
    DefaultText& text() { return deferred_text.get(); }
};

struct PackInfo {
    std::string name, version, engine, summary, file, dir;
    std::size_t rule_count = 0;
};

struct Table {
    std::map<std::string, lang::Type> columns;
    // Made on first use: a check reads few of the packs' tables, and a set loaded from
    // its image (rule_set_image.hpp) decodes a table's rows only when they are read.
    util::Deferred<std::vector<TableRow>> rows;
    // Each column's cells in row order, one per column of `columns`: what lookup()
    // reads. Read from an image, a column is decoded alone, without the other columns
    // and the cells' locations, which were most of what a lookup decoded.
    std::map<std::string, util::Deferred<std::vector<Value>>, std::less<>> cells;

    // The `value_column` cell of the first row whose `key_column` cell equals `key`;
    // null where no row's does, or the table has no such column.
    Value lookup(std::string_view key_column, const Value& key, std::string_view value_column) const;
};

template <class T>
using NameIndex = std::unordered_map<std::string, T, util::NameHash, std::equal_to<>>;

class RuleSet : public lang::Schema {
public:
    std::vector<PackInfo> packs;
    std::vector<Rule> rules;
    std::vector<DerivedFact> derived;  // in declaration order; evaluated on demand
    std::vector<Default> defaults;     // in pack order
    std::map<std::string, Table> tables;
    std::map<std::string, version::Scheme> schemes;  // normalized package → scheme
    std::vector<std::string> shadowed;               // packs skipped for an earlier one of the same name
    // What the set reads, found when it is compiled (reads.hpp) and kept in its image: a
    // check wants the variables read for every launch that sets one, and finding them
    // would read every expression of the set, most of which a check never evaluates.
    // Both sorted, each once: every fact an expression reads (a node that differs in one
    // can change a verdict: what `fleet` counts drift in), and every variable read,
    // written by a fix or default, or named in a table's `variable` column.
    util::Deferred<std::vector<FactRef>> reads;
    util::Deferred<std::vector<std::string>> variables_read;
    // Positions in `rules` / `derived` by name, for lookups on every evaluation.
    NameIndex<std::size_t> rule_index;
    NameIndex<std::size_t> derived_index;
    // A config key or variable → positions in `defaults`.
    std::unordered_map<FactRef, std::vector<std::size_t>> defaults_index;

    // Rebuilds the three indexes from the lists (a set read from its image).
    void index_all();

    const Rule* find_rule(std::string_view id) const;
    const DerivedFact* find_derived(std::string_view name) const;
    // The defaults for a config key or variable, in the order they are tried: positions
    // in `defaults`.
    std::span<const std::size_t> defaults_for(const FactRef& target) const;
    version::Scheme scheme_of(const std::string& normalized) const;

    // lang::Schema
    std::optional<lang::Type> fact_type(std::string_view name) const override;
    version::Scheme package_scheme(std::string_view normalized_name) const override;
    bool has_table(std::string_view table) const override;
    std::optional<lang::Type> column_type(std::string_view table, std::string_view column) const override;
};

// A rule's explanation: the inline text, or its page, read now (nullopt when neither
// exists). Checks never need it, so it is not read when packs load.
std::optional<std::string> explanation(const Rule& rule);

// Compiles collected pack sources. Errors name the pack file, line and column
// (inside an expression where the error is in one). Takes the sources by value: their
// tables move into the rule set (pass std::move when they are not needed after).
Result<RuleSet> compile_packs(std::vector<PackSource> packs);

}  // namespace preflight::rules
