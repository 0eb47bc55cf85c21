#include <algorithm>
#include <functional>
#include <set>

#include <fmt/format.h>

#include "config/key_table.hpp"
#include "rules/reads.hpp"
#include "rules/rule_set.hpp"
#include "util/identifiers.hpp"
#include "util/input_file.hpp"

namespace preflight::rules {
namespace {

bool snake_case(const std::string& s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (!(std::islower(c) || std::isdigit(c) || c == '_')) return false;
    return true;
}

bool kebab_id(const std::string& s) {
    if (s.empty() || !std::islower(static_cast<unsigned char>(s[0]))) return false;
    for (unsigned char c : s)
        if (!(std::islower(c) || std::isdigit(c) || c == '-' || c == '.')) return false;
    return true;
}

// Rewrites an expression error's offset into a pack-file location.
Error in_source(const Error& e, const SourceText& s, const std::string& what) {
    Error out;
    out.message = what + ": " + e.message;
    out.location = locate_in(s, e.location.column);
    return out;
}

// Compiles one expression of a pack; an error names `what` and the pack file's line
// and column.
Result<lang::Expression> compile_in_pack(const SourceText& text, const RuleSet& set, std::optional<lang::Type> expected,
                                         const std::string& what) {
    auto e = lang::compile(text.text, text.parsed.take(), set, expected);
    if (!e) return tl::unexpected(in_source(e.error(), text, what));
    return std::move(*e);
}

constexpr lang::Type kBool{lang::TypeKind::boolean};

// ---- schemes and tables: first, as expressions are checked against them ----------

Result<void> compile_schemes(const std::vector<PackSource>& packs, RuleSet& set) {
    std::map<std::string, std::string> owner;  // normalized package → pack
    for (const auto& pack : packs) {
        for (const auto& [pkg, entry] : pack.schemes) {
            auto scheme = version::parse_scheme(entry.first);
            if (!scheme) return fail(fmt::format("scheme \"{}\" is not one of pep440, cann", entry.first), entry.second);
            std::string normalized = version::normalize_package_name(pkg);
            if (auto it = set.schemes.find(normalized); it != set.schemes.end() && it->second != *scheme)
                return fail(fmt::format("package '{}' is given scheme {} here but {} in pack '{}'", pkg, entry.first,
                                        version::to_string(it->second), owner[normalized]),
                            entry.second);
            set.schemes[normalized] = *scheme;
            owner[normalized] = pack.name;
        }
    }
    return {};
}

// Whether a row has exactly the table's columns with their types: both maps are
// sorted by column, so one walk compares them (the generated tables have thousands of
// rows). When not, the slower walk below finds the error to report.
bool same_columns(const std::map<std::string, lang::Type>& columns, const std::map<std::string, Value, std::less<>>& cells) {
    if (columns.size() != cells.size()) return false;
    auto c = columns.begin();
    for (const auto& [col, cell] : cells) {
        if (c->first != col || !(c->second == lang::type_of(cell))) return false;
        ++c;
    }
    return true;
}

// A table's columns are typed by its first row; every other row has the same columns
// of the same types, so lookup() can be type-checked once.
Result<Table> compile_table(const std::string& name, std::vector<TableRow>& rows) {
    Table table;
    auto& out = table.rows.get();
    out.reserve(rows.size());
    for (auto& row : rows) {
        if (out.empty()) {
            for (const auto& [col, cell] : row.cells) table.columns[col] = lang::type_of(cell);
        } else if (!same_columns(table.columns, row.cells)) {
            for (const auto& [col, cell] : row.cells) {
                auto it = table.columns.find(col);
                if (it == table.columns.end())
                    return fail(fmt::format("table '{}': column '{}' is not in the table's first row", name, col),
                                row.cell_where.at(col));
                if (!(it->second == lang::type_of(cell)))
                    return fail(fmt::format("table '{}': column '{}' holds {} here but {} in the first row", name, col,
                                            lang::to_string(lang::type_of(cell)), lang::to_string(it->second)),
                                row.cell_where.at(col));
            }
            for (const auto& [col, type] : table.columns)
                if (!row.cells.count(col))
                    return fail(fmt::format("table '{}': this row lacks column '{}'", name, col), row.where);
        }
        out.push_back(std::move(row));
    }
    for (const auto& [col, type] : table.columns) {
        auto& cells = table.cells[col].get();
        cells.reserve(out.size());
        for (const auto& row : out) cells.push_back(row.cells.find(col)->second);
    }
    return table;
}

// Moves the rows out of the sources: nothing after this step reads them, and the
// generated flag tables are thousands of rows with a location per cell.
Result<void> compile_tables(std::vector<PackSource>& packs, RuleSet& set) {
    std::map<std::string, std::string> owner;  // table → pack
    for (auto& pack : packs) {
        for (auto& [name, rows] : pack.tables) {
            if (owner.count(name))
                return fail(fmt::format("table '{}' is already defined by pack '{}'", name, owner[name]),
                            rows.empty() ? pack.where : rows.front().where);
            owner[name] = pack.name;
            set.tables[name] = PREFLIGHT_TRY(compile_table(name, rows));
        }
    }
    return {};
}

// ---- derived facts ---------------------------------------------------------------

// Every name and type first, so a body may read a derived fact declared after it.
Result<void> declare_derived_facts(const std::vector<PackSource>& packs, RuleSet& set) {
    std::map<std::string, std::string> owner;  // fact → pack
    for (const auto& pack : packs) {
        for (const auto& f : pack.facts) {
            if (config::find_key(f.name))
                return fail(fmt::format("fact '{}' is a run-configuration key; derived facts need new names", f.name), f.where);
            if (owner.count(f.name))
                return fail(fmt::format("fact '{}' is already defined by pack '{}'", f.name, owner[f.name]), f.where);
            owner[f.name] = pack.name;
            DerivedFact d;
            d.name = f.name;
            d.doc = f.doc;
            d.pack = pack.name;
            if (!lang::parse_type(f.type, d.type))
                return fail(
                    fmt::format("fact '{}': unknown type \"{}\" (bool, int, float, string, version, list<string>, list<int>)",
                                f.name, f.type),
                    f.where);
            set.derived_index[d.name] = set.derived.size();
            set.derived.push_back(std::move(d));
        }
    }
    return {};
}

Result<void> compile_derived_bodies(const std::vector<PackSource>& packs, RuleSet& set) {
    std::size_t i = 0;  // `set.derived` is in the same (declaration) order
    for (const auto& pack : packs)
        for (const auto& f : pack.facts) {
            set.derived[i].expr = PREFLIGHT_TRY(compile_in_pack(f.expr, set, set.derived[i].type, "fact '" + f.name + "'"));
            ++i;
        }
    return {};
}

// A derived fact may not depend on itself, however indirectly, nor sit on a chain of
// derived facts deeper than kMaxDerivedChain: evaluation recurses along it, so a
// hostile pack could otherwise exhaust the stack.
Result<void> check_derived_chains(const std::vector<PackSource>& packs, const RuleSet& set) {
    constexpr int kMaxDerivedChain = 64;
    std::map<std::string, int> state;  // 1 = visiting, 2 = done
    std::map<std::string, int> chain;  // done: the longest chain of derived facts from here down
    int depth = 0;                     // of this search, which follows the same edges
    bool too_deep = false;
    std::function<std::optional<std::string>(const std::string&)> visit =
        [&](const std::string& name) -> std::optional<std::string> {
        const DerivedFact* d = set.find_derived(name);
        if (!d || state[name] == 2) return std::nullopt;
        if (state[name] == 1) return name;
        if (++depth > kMaxDerivedChain) {
            too_deep = true;
            return name;
        }
        state[name] = 1;
        int longest = 0;
        for (const auto& dep : d->expr.reads()) {
            if (dep.kind != FactRef::Kind::config) continue;
            if (auto cycle = visit(dep.name)) return cycle;
            if (set.find_derived(dep.name)) longest = std::max(longest, chain[dep.name]);
        }
        state[name] = 2;
        chain[name] = longest + 1;
        --depth;
        if (chain[name] > kMaxDerivedChain) {
            too_deep = true;
            return name;
        }
        return std::nullopt;
    };
    for (const auto& pack : packs)
        for (const auto& f : pack.facts)
            if (auto cycle = visit(f.name))
                return fail(too_deep ? fmt::format("fact '{}' rests on a chain of more than {} derived facts (through '{}')",
                                                   f.name, kMaxDerivedChain, *cycle)
                                     : fmt::format("fact '{}' depends on itself (through '{}')", f.name, *cycle),
                            f.where);
    return {};
}

// ---- defaults ---------------------------------------------------------------------

// Compiled after derived facts, as their conditions may read them. The key is the one
// place a default's target is written as text ("env.NAME" for a variable).
Result<Default> compile_default(const PackSource& pack, const DefaultSource& src, const RuleSet& set) {
    std::string owner = "default for '" + src.key + "'";
    Default d;
    DefaultText& text = d.text();
    text.pack = pack.name;
    text.where = src.where;
    text.by = src.by;
    d.applied = src.applied;
    for (const auto& ref : src.references) text.references.push_back(ref.text);
    lang::Type wanted{lang::TypeKind::string};
    FactRef target = FactRef::from_key(src.key);
    if (target.kind == FactRef::Kind::env) {
        if (!util::is_env_name(target.name)) return fail(owner + ": not a valid variable name", src.where);
    } else {
        const auto* key = target.kind == FactRef::Kind::config ? config::find_key(src.key) : nullptr;
        if (!key) return fail(owner + ": no such run-configuration key (write env.NAME for a variable)", src.where);
        wanted = key->type;
    }
    d.target = target;
    if (src.literal) {
        lang::Type got = lang::type_of(*src.literal);
        // A list key's default is an array of its element type (empty included).
        if (const auto* items = src.literal->get<List>(); items && wanted.kind == lang::TypeKind::list) {
            got = wanted;
            for (const auto& item : *items)
                if (lang::type_of(item).kind != wanted.elem) got = lang::Type{lang::TypeKind::list, lang::type_of(item).kind};
        }
        if (!(got == wanted))
            return fail(fmt::format("{}: value is {} but the key takes {}", owner, lang::to_string(got), lang::to_string(wanted)),
                        src.where);
        d.literal = src.literal;
    } else {
        d.expr = PREFLIGHT_TRY(compile_in_pack(*src.expr, set, wanted, owner + " 'value_expr'"));
    }
    if (src.when) d.when = PREFLIGHT_TRY(compile_in_pack(*src.when, set, kBool, owner + " 'when'"));
    return d;
}

// A default may not decide on the key it gives, however indirectly, nor sit on a chain
// of more than kMaxDefaultChain others: evaluation recurses along it. The search here
// stops at that depth too.
Result<void> check_default_chains(const RuleSet& set) {
    // Which targets a default reads, looking through derived facts.
    std::function<void(const lang::Expression&, std::set<FactRef>&, std::set<std::string>&)> reads =
        [&](const lang::Expression& e, std::set<FactRef>& out, std::set<std::string>& seen) {
            for (const auto& ref : e.reads()) {
                if (ref.kind == FactRef::Kind::env) out.insert(ref);
                if (ref.kind != FactRef::Kind::config || !seen.insert(ref.name).second) continue;
                if (const DerivedFact* d = set.find_derived(ref.name)) reads(d->expr, out, seen);
                else out.insert(ref);
            }
        };
    std::map<FactRef, std::set<FactRef>> edges;  // target → targets its defaults read
    for (const auto& d : set.defaults) {
        std::set<std::string> seen;
        auto& out = edges[d.target];
        if (d.when) reads(*d.when, out, seen);
        if (d.expr) reads(*d.expr, out, seen);
    }
    constexpr int kMaxDefaultChain = 64;
    std::map<FactRef, int> state;  // 1 = visiting, 2 = done
    std::map<FactRef, int> chain;  // done: the longest chain of defaults from here down
    std::function<std::optional<std::string>(const FactRef&, int)> visit = [&](const FactRef& target,
                                                                               int depth) -> std::optional<std::string> {
        if (!edges.count(target) || state[target] == 2) return std::nullopt;
        if (state[target] == 1) return fmt::format("default for '{}' depends on its own value", target.key());
        if (depth > kMaxDefaultChain)
            return fmt::format("default for '{}' rests on a chain of more than {} defaults", target.key(), kMaxDefaultChain);
        state[target] = 1;
        int longest = 0;
        for (const auto& next : edges[target]) {
            if (auto problem = visit(next, depth + 1)) return problem;
            if (edges.count(next)) longest = std::max(longest, chain[next]);
        }
        state[target] = 2;
        chain[target] = longest + 1;
        if (chain[target] > kMaxDefaultChain)
            return fmt::format("default for '{}' rests on a chain of more than {} defaults", target.key(), kMaxDefaultChain);
        return std::nullopt;
    };
    for (const auto& d : set.defaults)
        if (auto problem = visit(d.target, 1)) return fail(*problem, d.text().where);
    return {};
}

Result<void> compile_defaults(const std::vector<PackSource>& packs, RuleSet& set) {
    for (const auto& pack : packs)
        for (const auto& src : pack.defaults) {
            Default d = PREFLIGHT_TRY(compile_default(pack, src, set));
            set.defaults_index[d.target].push_back(set.defaults.size());
            set.defaults.push_back(std::move(d));
        }
    return check_default_chains(set);
}

// ---- rules ------------------------------------------------------------------------

// `about` names what a finding points at in the job: a config key (model.* included,
// as a model's config.json may give it), "env.NAME" or "packages.NAME".
Result<std::vector<FactRef>> compile_about(const RuleSource& src, const std::string& owner) {
    std::vector<FactRef> out;
    for (const auto& key : src.about) {
        FactRef ref = FactRef::from_key(key);
        bool ok = false;
        switch (ref.kind) {
            case FactRef::Kind::config: ok = config::find_key(key) || key.starts_with("model."); break;
            case FactRef::Kind::env: ok = util::is_env_name(ref.name); break;
            case FactRef::Kind::package: ok = true; break;
            case FactRef::Kind::revision: ok = false; break;
        }
        if (!ok) return fail(fmt::format("{}: 'about' names '{}', which is not a run-configuration key", owner, key), src.where);
        out.push_back(std::move(ref));
    }
    return out;
}

Result<Fix> compile_fix(const FixSource& fs, const RuleSet& set, const std::string& owner) {
    Fix fix;
    fix.target = fs.target == "env" ? Fix::Target::env : Fix::Target::config;
    fix.key = fs.key;
    fix.unset = fs.unset;
    fix.safe = fs.safe;
    lang::Type wanted{lang::TypeKind::string};
    if (fix.target == Fix::Target::env) {
        if (!util::is_env_name(fs.key))
            return fail(fmt::format("{}: fix names '{}', which is not a valid variable name", owner, fs.key), fs.where);
    } else {
        const auto* key = config::find_key(fs.key);
        if (!key) return fail(fmt::format("{}: fix names config key '{}', which does not exist", owner, fs.key), fs.where);
        wanted = key->type;
    }
    if (fs.literal) {
        lang::Type got = lang::type_of(*fs.literal);
        if (!(got == wanted))
            return fail(fmt::format("{}: fix sets '{}' to {} but it takes {}", owner, fs.key, lang::to_string(got),
                                    lang::to_string(wanted)),
                        fs.where);
        fix.literal = fs.literal;
    }
    if (fs.expr) fix.expr = PREFLIGHT_TRY(compile_in_pack(*fs.expr, set, wanted, owner + " fix"));
    return fix;
}

// What a rule adds to the report besides its finding: upstream fixes that retire it,
// kernel fallbacks and feature limitations it stands for.
Result<void> compile_consequences(const RuleSource& src, const RuleSet& set, const std::string& owner, Rule& r) {
    for (const auto& fi : src.fixed_in) {
        std::string normalized = version::normalize_package_name(fi.package);
        auto range = version::VersionRange::parse(set.scheme_of(normalized), fi.range);
        if (!range) return fail(fmt::format("{}: fixed_in versions \"{}\" is not a valid range", owner, fi.range), fi.where);
        r.fixed_in.push_back({normalized, *range});
    }
    for (const auto& fb : src.fallbacks) {
        if (!snake_case(fb.at("kernel")) || !snake_case(fb.at("implementation")))
            return fail(owner + ": fallback kernel and implementation names are snake_case", src.where);
        r.text().fallbacks.push_back({fb.at("kernel"), fb.at("implementation"), fb.at("reason")});
    }
    for (const auto& lim : src.limitations) {
        if (!snake_case(lim.at("feature"))) return fail(owner + ": limitation features are snake_case", src.where);
        r.text().limitations.push_back({lim.at("feature"), lim.at("reason")});
    }
    return {};
}

Result<Rule> compile_rule(const PackSource& pack, const RuleSource& src, const RuleSet& set) {
    std::string owner = "rule '" + src.id + "'";
    Rule r;
    r.id = src.id;
    r.pack = pack.name;
    RuleText& text = r.text();
    text.where = src.where;
    auto severity = parse_severity(src.severity);
    if (!severity) return fail(owner + ": severity must be error, warning or info", src.where);
    r.severity = *severity;
    text.summary = src.summary;
    text.explain = src.explain;
    if (text.explain.empty()) text.explain_file = pack.dir + "/explain/" + src.id + ".md";
    for (const auto& ref : src.references) text.references.push_back(ref.text);
    r.when = PREFLIGHT_TRY(compile_in_pack(src.when, set, kBool, owner + " 'when'"));
    if (src.error_when) {
        if (r.severity != Severity::warning)
            return fail(owner + ": 'error_when' escalates a warning; declare severity = \"warning\"", src.where);
        r.error_when = PREFLIGHT_TRY(compile_in_pack(*src.error_when, set, kBool, owner + " 'error_when'"));
    }
    if (src.applies) r.applies = PREFLIGHT_TRY(compile_in_pack(*src.applies, set, kBool, owner + " 'applies'"));
    auto message = lang::MessageTemplate::compile(src.message.text, set);
    if (!message) return tl::unexpected(in_source(message.error(), src.message, owner + " 'message'"));
    text.message = std::move(*message);
    text.about = PREFLIGHT_TRY(compile_about(src, owner));
    for (const auto& fs : src.fixes) r.fixes.push_back(PREFLIGHT_TRY(compile_fix(fs, set, owner)));
    PREFLIGHT_TRY(compile_consequences(src, set, owner, r));
    return r;
}

Result<void> compile_rules(const std::vector<PackSource>& packs, RuleSet& set) {
    std::map<std::string, std::string> owner;  // rule id → pack
    for (const auto& pack : packs) {
        set.packs.push_back(PackInfo{pack.name, pack.version, pack.engine, pack.summary, pack.file, pack.dir, pack.rules.size()});
        for (const auto& src : pack.rules) {
            if (!kebab_id(src.id))
                return fail("rule '" + src.id + "': ids are lower-case kebab-case (letters, digits, '-', '.')", src.where);
            if (owner.count(src.id))
                return fail(fmt::format("rule '{}' is already defined by pack '{}'", src.id, owner[src.id]), src.where);
            owner[src.id] = pack.name;
            Rule r = PREFLIGHT_TRY(compile_rule(pack, src, set));
            set.rule_index[r.id] = set.rules.size();
            set.rules.push_back(std::move(r));
        }
    }
    return {};
}

}  // namespace

void RuleSet::index_all() {
    rule_index.clear();
    derived_index.clear();
    defaults_index.clear();
    // Sized once: grown an insertion at a time, each index was rehashed a dozen times.
    rule_index.reserve(rules.size());
    derived_index.reserve(derived.size());
    defaults_index.reserve(defaults.size());
    for (std::size_t i = 0; i < rules.size(); ++i) rule_index[rules[i].id] = i;
    for (std::size_t i = 0; i < derived.size(); ++i) derived_index[derived[i].name] = i;
    for (std::size_t i = 0; i < defaults.size(); ++i) defaults_index[defaults[i].target].push_back(i);
}

const Rule* RuleSet::find_rule(std::string_view id) const {
    auto it = rule_index.find(id);
    return it == rule_index.end() ? nullptr : &rules[it->second];
}

const DerivedFact* RuleSet::find_derived(std::string_view name) const {
    auto it = derived_index.find(name);
    return it == derived_index.end() ? nullptr : &derived[it->second];
}

std::span<const std::size_t> RuleSet::defaults_for(const FactRef& target) const {
    auto it = defaults_index.find(target);
    if (it == defaults_index.end()) return {};
    return it->second;
}

version::Scheme RuleSet::scheme_of(const std::string& normalized) const {
    auto it = schemes.find(normalized);
    return it == schemes.end() ? version::Scheme::pep440 : it->second;
}

std::optional<lang::Type> RuleSet::fact_type(std::string_view name) const {
    if (FactRef::from_key(name).kind != FactRef::Kind::config) return std::nullopt;  // read through env(), pkg() …
    if (const auto* k = config::find_key(name)) return k->type;
    if (const auto* d = find_derived(name)) return d->type;
    return std::nullopt;
}

version::Scheme RuleSet::package_scheme(std::string_view normalized_name) const {
    return scheme_of(std::string(normalized_name));
}

Value Table::lookup(std::string_view key_column, const Value& key, std::string_view value_column) const {
    auto keys = cells.find(key_column);
    auto values = cells.find(value_column);
    if (keys == cells.end() || values == cells.end()) return Value(Null{});
    const auto& k = keys->second.get();
    for (std::size_t i = 0; i < k.size(); ++i)
        if (k[i] == key) return values->second.get()[i];
    return Value(Null{});
}

bool RuleSet::has_table(std::string_view table) const { return tables.count(std::string(table)) > 0; }

std::optional<lang::Type> RuleSet::column_type(std::string_view table, std::string_view column) const {
    auto t = tables.find(std::string(table));
    if (t == tables.end()) return std::nullopt;
    auto c = t->second.columns.find(std::string(column));
    if (c == t->second.columns.end()) return std::nullopt;
    return c->second;
}

std::optional<std::string> explanation(const Rule& rule) {
    const RuleText& said = rule.text();
    if (!said.explain.empty()) return said.explain;
    auto text = util::read_input(said.explain_file, util::kPackDocument);
    if (!text || text->find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
    return *text;
}

// Each step reads what the steps before it produced: schemes and tables type
// expressions, derived facts are read by defaults and rules, defaults by rules.
Result<RuleSet> compile_packs(std::vector<PackSource> packs) {
    RuleSet set;
    PREFLIGHT_TRY(compile_schemes(packs, set));
    PREFLIGHT_TRY(compile_tables(packs, set));
    PREFLIGHT_TRY(declare_derived_facts(packs, set));
    PREFLIGHT_TRY(compile_derived_bodies(packs, set));
    PREFLIGHT_TRY(check_derived_chains(packs, set));
    PREFLIGHT_TRY(compile_defaults(packs, set));
    PREFLIGHT_TRY(compile_rules(packs, set));
    find_reads(set);
    return set;
}

}  // namespace preflight::rules
