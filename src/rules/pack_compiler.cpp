#include <algorithm>
#include <functional>
#include <set>

#include <fmt/format.h>

#include "config/key_table.hpp"
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

// Defaults are compiled after derived facts (their conditions read them) and checked
// for cycles through derived facts and other defaults: a default may not decide on
// the key it gives.
Result<void> compile_defaults(const std::vector<PackSource>& packs, RuleSet& set) {
    for (const auto& pack : packs) {
        for (const auto& src : pack.defaults) {
            std::string owner = "default for '" + src.key + "'";
            Default d;
            d.pack = pack.name;
            d.where = src.where;
            d.by = src.by;
            d.applied = src.applied;
            d.references = src.references;
            lang::Type wanted{lang::TypeKind::string};
            if (src.key.rfind("env.", 0) == 0) {
                d.env = true;
                d.key = src.key.substr(4);
                if (!util::is_env_name(d.key)) return fail(owner + ": not a valid variable name", src.where);
            } else {
                const auto* key = config::find_key(src.key);
                if (!key) return fail(owner + ": no such run-configuration key (write env.NAME for a variable)", src.where);
                d.key = src.key;
                wanted = key->type;
            }
            if (src.literal) {
                lang::Type got = lang::type_of(*src.literal);
                if (!(got == wanted))
                    return fail(fmt::format("{}: value is {} but the key takes {}", owner, lang::to_string(got), lang::to_string(wanted)),
                                src.where);
                d.literal = src.literal;
            } else {
                auto e = lang::compile(src.expr->text, set, wanted);
                if (!e) return tl::unexpected(in_source(e.error(), *src.expr, owner + " 'value_expr'"));
                d.expr = std::move(*e);
            }
            if (src.when) {
                auto e = lang::compile(src.when->text, set, lang::Type{lang::TypeKind::boolean});
                if (!e) return tl::unexpected(in_source(e.error(), *src.when, owner + " 'when'"));
                d.when = std::move(*e);
            }
            set.defaults_index[(d.env ? "env." : "") + d.key].push_back(set.defaults.size());
            set.defaults.push_back(std::move(d));
        }
    }
    // Which targets a default reads, through derived facts, for the cycle check.
    std::function<void(const lang::Expression&, std::set<std::string>&, std::set<std::string>&)> reads =
        [&](const lang::Expression& e, std::set<std::string>& out, std::set<std::string>& seen) {
            for (const auto& v : e.env_vars) out.insert("env." + v);
            for (const auto& f : e.facts) {
                if (!seen.insert(f).second) continue;
                if (const DerivedFact* d = set.find_derived(f)) reads(d->expr, out, seen);
                else out.insert(f);
            }
        };
    std::map<std::string, std::set<std::string>> edges;  // target → targets its defaults read
    for (const auto& d : set.defaults) {
        std::set<std::string> seen;
        auto& out = edges[(d.env ? "env." : "") + d.key];
        if (d.when) reads(*d.when, out, seen);
        if (d.expr) reads(*d.expr, out, seen);
    }
    // A default may not decide on its own key, however indirectly, nor sit on a chain of
    // more than kMaxDefaultChain others: evaluation recurses along it. The recursion here
    // stops at that depth too.
    constexpr int kMaxDefaultChain = 64;
    std::map<std::string, int> state;  // 1 = visiting, 2 = done
    std::map<std::string, int> chain;  // done: the longest chain of defaults from here down
    std::function<std::optional<std::string>(const std::string&, int)> visit =
        [&](const std::string& target, int depth) -> std::optional<std::string> {
        if (!edges.count(target) || state[target] == 2) return std::nullopt;
        if (state[target] == 1) return fmt::format("default for '{}' depends on its own value", target);
        if (depth > kMaxDefaultChain)
            return fmt::format("default for '{}' rests on a chain of more than {} defaults", target, kMaxDefaultChain);
        state[target] = 1;
        int longest = 0;
        for (const auto& next : edges[target]) {
            if (auto problem = visit(next, depth + 1)) return problem;
            if (edges.count(next)) longest = std::max(longest, chain[next]);
        }
        state[target] = 2;
        chain[target] = longest + 1;
        if (chain[target] > kMaxDefaultChain)
            return fmt::format("default for '{}' rests on a chain of more than {} defaults", target, kMaxDefaultChain);
        return std::nullopt;
    };
    for (const auto& d : set.defaults)
        if (auto problem = visit((d.env ? "env." : "") + d.key, 1)) return fail(*problem, d.where);
    return {};
}

}  // namespace

const Rule* RuleSet::find_rule(std::string_view id) const {
    auto it = rule_index.find(std::string(id));
    return it == rule_index.end() ? nullptr : &rules[it->second];
}

const DerivedFact* RuleSet::find_derived(std::string_view name) const {
    auto it = derived_index.find(std::string(name));
    return it == derived_index.end() ? nullptr : &derived[it->second];
}

std::vector<const Default*> RuleSet::defaults_for(std::string_view target) const {
    std::vector<const Default*> out;
    auto it = defaults_index.find(std::string(target));
    if (it != defaults_index.end())
        for (std::size_t i : it->second) out.push_back(&defaults[i]);
    return out;
}

version::Scheme RuleSet::scheme_of(const std::string& normalized) const {
    auto it = schemes.find(normalized);
    return it == schemes.end() ? version::Scheme::pep440 : it->second;
}

std::optional<lang::Type> RuleSet::fact_type(std::string_view name) const {
    if (name.rfind("env.", 0) == 0 || name.rfind("packages.", 0) == 0) return std::nullopt;
    if (const auto* k = config::find_key(name)) return k->type;
    if (const auto* d = find_derived(name)) return d->type;
    return std::nullopt;
}

version::Scheme RuleSet::package_scheme(std::string_view normalized_name) const { return scheme_of(std::string(normalized_name)); }

bool RuleSet::has_table(std::string_view table) const { return tables.count(std::string(table)) > 0; }

std::optional<lang::Type> RuleSet::column_type(std::string_view table, std::string_view column) const {
    auto t = tables.find(std::string(table));
    if (t == tables.end()) return std::nullopt;
    auto c = t->second.columns.find(std::string(column));
    if (c == t->second.columns.end()) return std::nullopt;
    return c->second;
}

std::optional<std::string> explanation(const Rule& rule) {
    if (!rule.explain.empty()) return rule.explain;
    auto text = util::read_input(rule.explain_file, util::kPackDocument);
    if (!text || text->find_first_not_of(" \t\r\n") == std::string::npos) return std::nullopt;
    return *text;
}

Result<RuleSet> compile_packs(const std::vector<PackSource>& packs) {
    RuleSet set;
    // Schemes and tables first: expressions are checked against them.
    std::map<std::string, std::string> scheme_owner, table_owner, fact_owner, rule_owner;
    for (const auto& pack : packs) {
        for (const auto& [pkg, entry] : pack.schemes) {
            auto scheme = version::parse_scheme(entry.first);
            if (!scheme) return fail(fmt::format("scheme \"{}\" is not one of pep440, cann", entry.first), entry.second);
            std::string normalized = version::normalize_package_name(pkg);
            if (auto it = set.schemes.find(normalized); it != set.schemes.end() && it->second != *scheme)
                return fail(fmt::format("package '{}' is given scheme {} here but {} in pack '{}'", pkg, entry.first,
                                        version::to_string(it->second), scheme_owner[normalized]),
                            entry.second);
            set.schemes[normalized] = *scheme;
            scheme_owner[normalized] = pack.name;
        }
        for (const auto& [name, rows] : pack.tables) {
            if (table_owner.count(name))
                return fail(fmt::format("table '{}' is already defined by pack '{}'", name, table_owner[name]),
                            rows.empty() ? pack.where : rows.front().where);
            table_owner[name] = pack.name;
            Table table;
            for (const auto& row : rows) {
                if (table.rows.empty()) {
                    for (const auto& [col, cell] : row.cells) table.columns[col] = lang::type_of(cell);
                } else {
                    for (const auto& [col, cell] : row.cells) {
                        auto it = table.columns.find(col);
                        if (it == table.columns.end())
                            return fail(fmt::format("table '{}': column '{}' is not in the table's first row", name, col), row.cell_where.at(col));
                        if (!(it->second == lang::type_of(cell)))
                            return fail(fmt::format("table '{}': column '{}' holds {} here but {} in the first row", name, col,
                                                    lang::to_string(lang::type_of(cell)), lang::to_string(it->second)),
                                        row.cell_where.at(col));
                    }
                    for (const auto& [col, type] : table.columns)
                        if (!row.cells.count(col))
                            return fail(fmt::format("table '{}': this row lacks column '{}'", name, col), row.where);
                }
                table.rows.push_back(row);
            }
            set.tables[name] = std::move(table);
        }
    }
    // Derived facts: declare every name and type, then compile each body.
    for (const auto& pack : packs) {
        for (const auto& f : pack.facts) {
            if (config::find_key(f.name)) return fail(fmt::format("fact '{}' is a run-configuration key; derived facts need new names", f.name), f.where);
            if (fact_owner.count(f.name)) return fail(fmt::format("fact '{}' is already defined by pack '{}'", f.name, fact_owner[f.name]), f.where);
            fact_owner[f.name] = pack.name;
            DerivedFact d;
            d.name = f.name;
            d.doc = f.doc;
            d.pack = pack.name;
            if (!lang::parse_type(f.type, d.type))
                return fail(fmt::format("fact '{}': unknown type \"{}\" (bool, int, float, string, version, list<string>, list<int>)", f.name, f.type), f.where);
            set.derived_index[d.name] = set.derived.size();
            set.derived.push_back(std::move(d));
        }
    }
    {
        std::size_t i = 0;
        for (const auto& pack : packs) {
            for (const auto& f : pack.facts) {
                auto e = lang::compile(f.expr.text, set, set.derived[i].type);
                if (!e) return tl::unexpected(in_source(e.error(), f.expr, "fact '" + f.name + "'"));
                set.derived[i].expr = std::move(*e);
                ++i;
            }
        }
    }
    // A derived fact may not depend on itself, however indirectly, nor sit on a chain
    // of derived facts deeper than kMaxDerivedChain: evaluation recurses along it.
    {
        constexpr int kMaxDerivedChain = 64;
        std::map<std::string, int> state;  // 1 = visiting, 2 = done
        std::map<std::string, int> chain;  // done: the longest chain of derived facts from here down
        int depth = 0;                     // of this search, which follows the same edges
        bool too_deep = false;
        std::function<std::optional<std::string>(const std::string&)> visit = [&](const std::string& name) -> std::optional<std::string> {
            const DerivedFact* d = set.find_derived(name);
            if (!d || state[name] == 2) return std::nullopt;
            if (state[name] == 1) return name;
            if (++depth > kMaxDerivedChain) {
                too_deep = true;
                return name;
            }
            state[name] = 1;
            int longest = 0;
            for (const auto& dep : d->expr.facts) {
                if (auto cycle = visit(dep)) return cycle;
                if (set.find_derived(dep)) longest = std::max(longest, chain[dep]);
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
                    return fail(too_deep ? fmt::format("fact '{}' rests on a chain of more than {} derived facts (through '{}')", f.name,
                                                       kMaxDerivedChain, *cycle)
                                         : fmt::format("fact '{}' depends on itself (through '{}')", f.name, *cycle),
                                f.where);
    }
    if (auto r = compile_defaults(packs, set); !r) return tl::unexpected(r.error());
    // Rules.
    for (const auto& pack : packs) {
        PackInfo info{pack.name, pack.version, pack.engine, pack.summary, pack.file, pack.dir, pack.rules.size()};
        set.packs.push_back(info);
        for (const auto& src : pack.rules) {
            std::string owner = "rule '" + src.id + "'";
            if (!kebab_id(src.id)) return fail(owner + ": ids are lower-case kebab-case (letters, digits, '-', '.')", src.where);
            if (rule_owner.count(src.id)) return fail(fmt::format("{} is already defined by pack '{}'", owner, rule_owner[src.id]), src.where);
            rule_owner[src.id] = pack.name;
            Rule r;
            r.id = src.id;
            r.pack = pack.name;
            r.where = src.where;
            auto severity = parse_severity(src.severity);
            if (!severity) return fail(owner + ": severity must be error, warning or info", src.where);
            r.severity = *severity;
            r.summary = src.summary;
            r.explain = src.explain;
            if (r.explain.empty()) r.explain_file = pack.dir + "/explain/" + src.id + ".md";
            r.references = src.references;
            auto when = lang::compile(src.when.text, set, lang::Type{lang::TypeKind::boolean});
            if (!when) return tl::unexpected(in_source(when.error(), src.when, owner + " 'when'"));
            r.when = std::move(*when);
            if (src.error_when) {
                if (r.severity != Severity::warning) return fail(owner + ": 'error_when' escalates a warning; declare severity = \"warning\"", src.where);
                auto e = lang::compile(src.error_when->text, set, lang::Type{lang::TypeKind::boolean});
                if (!e) return tl::unexpected(in_source(e.error(), *src.error_when, owner + " 'error_when'"));
                r.error_when = std::move(*e);
            }
            auto message = lang::MessageTemplate::compile(src.message.text, set);
            if (!message) return tl::unexpected(in_source(message.error(), src.message, owner + " 'message'"));
            r.message = std::move(*message);
            for (const auto& key : src.about) {
                bool ok = config::find_key(key) || (key.rfind("env.", 0) == 0 && util::is_env_name(key.substr(4))) ||
                          key.rfind("packages.", 0) == 0 || key.rfind("model.", 0) == 0;
                if (!ok) return fail(fmt::format("{}: 'about' names '{}', which is not a run-configuration key", owner, key), src.where);
                r.about.push_back(key);
            }
            for (const auto& fs : src.fixes) {
                Fix fix;
                fix.target = fs.target == "env" ? Fix::Target::env : Fix::Target::config;
                fix.key = fs.key;
                fix.unset = fs.unset;
                fix.safe = fs.safe;
                lang::Type wanted{lang::TypeKind::string};
                if (fix.target == Fix::Target::env) {
                    if (!util::is_env_name(fs.key)) return fail(fmt::format("{}: fix names '{}', which is not a valid variable name", owner, fs.key), fs.where);
                } else {
                    const auto* key = config::find_key(fs.key);
                    if (!key) return fail(fmt::format("{}: fix names config key '{}', which does not exist", owner, fs.key), fs.where);
                    wanted = key->type;
                }
                if (fs.literal) {
                    lang::Type got = lang::type_of(*fs.literal);
                    if (!(got == wanted)) return fail(fmt::format("{}: fix sets '{}' to {} but it takes {}", owner, fs.key, lang::to_string(got), lang::to_string(wanted)), fs.where);
                    fix.literal = fs.literal;
                }
                if (fs.expr) {
                    auto e = lang::compile(fs.expr->text, set, wanted);
                    if (!e) return tl::unexpected(in_source(e.error(), *fs.expr, owner + " fix"));
                    fix.expr = std::move(*e);
                }
                r.fixes.push_back(std::move(fix));
            }
            for (const auto& fi : src.fixed_in) {
                std::string normalized = version::normalize_package_name(fi.package);
                auto range = version::VersionRange::parse(set.scheme_of(normalized), fi.range);
                if (!range) return fail(fmt::format("{}: fixed_in versions \"{}\" is not a valid range", owner, fi.range), fi.where);
                r.fixed_in.push_back({normalized, *range});
            }
            for (const auto& fb : src.fallbacks) {
                if (!snake_case(fb.at("kernel")) || !snake_case(fb.at("implementation")))
                    return fail(owner + ": fallback kernel and implementation names are snake_case", src.where);
                r.fallbacks.push_back({fb.at("kernel"), fb.at("implementation"), fb.at("reason")});
            }
            for (const auto& lim : src.limitations) {
                if (!snake_case(lim.at("feature"))) return fail(owner + ": limitation features are snake_case", src.where);
                r.limitations.push_back({lim.at("feature"), lim.at("reason")});
            }
            set.rule_index[r.id] = set.rules.size();
            set.rules.push_back(std::move(r));
        }
    }
    return set;
}

}  // namespace preflight::rules
