// Reads pack files with toml++: packs are read on every run and grow with the
// knowledge, and toml11 3.7 spends ~2,600 instructions per byte on them (about 15x
// toml++; see bench/README.md). Run configurations and waiver files are read with it too;
// toml11 is left to the text-preserving edits of output/toml_edit (ARCHITECTURE.md, Decisions).
#include <fstream>
#include <set>

#include <fmt/format.h>
#include <toml++/toml.h>

#include "rules/pack_source.hpp"
#include "util/input_file.hpp"
#include "util/nesting.hpp"

namespace preflight::rules {
namespace {

class Reader {
public:
    explicit Reader(std::string file) { pack_.file = std::move(file); }

    Result<PackSource> run() {
        auto text = PREFLIGHT_TRY(util::read_input(pack_.file, util::kPackFile));
        return run(std::move(text));
    }

    Result<PackSource> run(std::string text) {
        text_ = std::move(text);
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < text_.size(); ++i)
            if (text_[i] == '\n') line_starts_.push_back(i + 1);
        auto read = [&]() -> Result<PackSource> {
            if (auto line = util::nesting_exceeded(text_, util::Syntax::toml))
                return fail(fmt::format("arrays and tables nest deeper than {} levels", util::kMaxNesting),
                            Location{pack_.file, *line, 1});
            return parse_all();
        }();
        // Only errors print a pack line, so the excerpt is attached here, once.
        if (!read && read.error().location.file == pack_.file && read.error().location.source_line.empty())
            read.error().location.source_line = line_text(static_cast<std::size_t>(read.error().location.line));
        return read;
    }

private:
    PackSource pack_;
    std::string text_;
    std::vector<std::size_t> line_starts_;

    std::string line_text(std::size_t line) const {
        if (line < 1 || line > line_starts_.size()) return "";
        std::size_t start = line_starts_[line - 1];
        std::size_t end = text_.find('\n', start);
        return text_.substr(start, end == std::string::npos ? std::string::npos : end - start);
    }

    Result<PackSource> parse_all() {
        toml::table root;
        try {
            root = toml::parse(text_, pack_.file);
        } catch (const toml::parse_error& e) {
            return fail(std::string(e.description()), position(e.source().begin, ""));
        }
        auto dir = pack_.file.find_last_of('/');
        pack_.dir = dir == std::string::npos ? "." : pack_.file.substr(0, dir);

        for (const auto& [key, value] : root) {
            static const std::set<std::string> known = {"pack", "schemes", "tables", "facts", "defaults", "rules"};
            if (!known.count(std::string(key.str())))
                return fail(
                    fmt::format("unknown top-level key '{}' (expected pack, schemes, tables, facts, defaults, rules)", key.str()),
                    at(value, std::string(key.str())));
        }
        const toml::table* header_table = root["pack"].as_table();
        if (!header_table) return fail("missing [pack] table (name, version, engine, summary)", Location{pack_.file, 1, 1});
        PREFLIGHT_TRY(header(*header_table));
        if (const toml::node* s = root.get("schemes")) {
            if (!s->is_table()) return fail("[schemes] must be a table of package = \"pep440\" | \"cann\"", at(*s, "schemes"));
            for (const auto& [pkg, scheme] : *s->as_table()) {
                if (!scheme.is_string())
                    return fail(fmt::format("schemes.{} must be a string", pkg.str()), at(scheme, std::string(pkg.str())));
                pack_.schemes[std::string(pkg.str())] = {scheme.as_string()->get(),
                                                         at(scheme, "schemes." + std::string(pkg.str()))};
            }
        }
        if (const toml::node* t = root.get("tables")) {
            if (!t->is_table()) return fail("'tables' must hold [[tables.NAME]] rows", at(*t, "tables"));
            for (const auto& [name, rows] : *t->as_table()) PREFLIGHT_TRY(table(std::string(name.str()), rows));
        }
        if (const toml::node* f = root.get("facts")) {
            if (!f->is_array()) return fail("'facts' must be [[facts]] entries", at(*f, "facts"));
            for (const auto& item : *f->as_array()) PREFLIGHT_TRY(fact(item));
        }
        if (const toml::node* d = root.get("defaults")) {
            if (!d->is_array()) return fail("'defaults' must be [[defaults]] entries", at(*d, "defaults"));
            for (const auto& item : *d->as_array()) PREFLIGHT_TRY(default_entry(item));
        }
        if (const toml::node* rs = root.get("rules")) {
            if (!rs->is_array()) return fail("'rules' must be [[rules]] entries", at(*rs, "rules"));
            for (const auto& item : *rs->as_array()) PREFLIGHT_TRY(rule(item));
        }
        return std::move(pack_);
    }

    Location position(const toml::source_position& p, const std::string& key) const {
        return Location{pack_.file, static_cast<int>(p.line), static_cast<int>(p.column), key, ""};
    }
    Location at(const toml::node& v, const std::string& key) const { return position(v.source().begin, key); }

    Result<std::string> str(const toml::table& table, const std::string& key, const std::string& owner, bool required = true) {
        const toml::node* v = table.get(key);
        if (!v) {
            if (!required) return std::string();
            return fail(fmt::format("{}: missing '{}'", owner, key), position(table.source().begin, key));
        }
        if (!v->is_string()) return fail(fmt::format("{}: '{}' must be a string", owner, key), at(*v, key));
        return v->as_string()->get();
    }

    Result<std::vector<std::string>> strings(const toml::table& table, const std::string& key, const std::string& owner) {
        std::vector<std::string> out;
        const toml::node* v = table.get(key);
        if (!v) return out;
        if (v->is_string()) return std::vector<std::string>{v->as_string()->get()};
        if (!v->is_array()) return fail(fmt::format("{}: '{}' must be a list of strings", owner, key), at(*v, key));
        for (const auto& item : *v->as_array()) {
            if (!item.is_string()) return fail(fmt::format("{}: '{}' must be a list of strings", owner, key), at(item, key));
            out.push_back(item.as_string()->get());
        }
        return out;
    }

    // Where the characters of a string value begin, past its opening delimiter.
    Result<SourceText> source_text(const toml::table& table, const std::string& key, const std::string& owner) {
        auto s = PREFLIGHT_TRY(str(table, key, owner));
        SourceText t;
        t.text = s;
        t.where = at(*table.get(key), key);
        // Expressions are compiled later; their errors need the line at hand.
        t.where.source_line = line_text(static_cast<std::size_t>(t.where.line));
        t.content_line = t.where.line;
        t.content_column = t.where.column;
        const std::string& line = t.where.source_line;
        std::size_t col = static_cast<std::size_t>(std::max(1, t.where.column) - 1);
        std::string rest = col < line.size() ? line.substr(col) : "";
        if (rest.starts_with("'''") || rest.starts_with("\"\"\"")) {
            if (rest.size() == 3) {  // the text starts on the next line
                t.content_line += 1;
                t.content_column = 1;
            } else {
                t.content_column += 3;
            }
        } else if (!rest.empty() && (rest[0] == '"' || rest[0] == '\'')) {
            t.content_column += 1;
        }
        return t;
    }

    Result<void> header(const toml::table& p) {
        for (const auto& [key, value] : p) {
            static const std::set<std::string> known = {"name", "version", "engine", "summary", "checked_through"};
            if (!known.count(std::string(key.str())))
                return fail(fmt::format("[pack]: unknown key '{}'", key.str()), at(value, std::string(key.str())));
        }
        auto name = str(p, "name", "[pack]");
        auto version = str(p, "version", "[pack]");
        auto engine = str(p, "engine", "[pack]");
        auto summary = str(p, "summary", "[pack]");
        for (auto* r : {&name, &version, &engine, &summary})
            if (!*r) return tl::unexpected(r->error());
        pack_.name = *name;
        pack_.version = *version;
        pack_.engine = *engine;
        pack_.summary = *summary;
        pack_.where = at(*p.get("name"), "pack.name");
        pack_.engine_where = at(*p.get("engine"), "pack.engine");
        if (const toml::node* c = p.get("checked_through")) {
            if (!c->is_table())
                return fail("[pack]: checked_through is a table of \"owner/repo\" = \"TAG\"", at(*c, "checked_through"));
            for (const auto& [repo, tag] : *c->as_table()) {
                std::string name(repo.str());
                if (!tag.is_string())
                    return fail(fmt::format("[pack]: checked_through.\"{}\" must be a release tag (a string)", name),
                                at(tag, name));
                std::string t = tag.as_string()->get();
                // Checked as a citation of that repository would be.
                if (!parse_code_citation(name + "@" + t + ":x") || name.find('/') == std::string::npos)
                    return fail(
                        fmt::format("[pack]: checked_through names a repository as owner/repo and a tag (not '{}' = '{}')", name,
                                    t),
                        at(tag, name));
                pack_.checked_through[name] = {t, at(tag, "pack.checked_through." + name)};
            }
        }
        return {};
    }

    // `references`: strings, or { at = "…", quote = "…" } tables where a quote of the
    // cited line(s) goes with the citation.
    Result<std::vector<Reference>> references(const toml::table& table, const std::string& owner) {
        std::vector<Reference> out;
        const toml::node* v = table.get("references");
        if (!v) return out;
        auto one = [&](const toml::node& item) -> Result<void> {
            Reference r;
            const toml::node* text = &item;
            if (const toml::table* t = item.as_table()) {
                for (const auto& [key, value] : *t)
                    if (key.str() != "at" && key.str() != "quote")
                        return fail(fmt::format("{}: a reference table has 'at' and 'quote' only, not '{}'", owner, key.str()),
                                    at(value, std::string(key.str())));
                text = t->get("at");
                const toml::node* quote = t->get("quote");
                if (!text || !quote)
                    return fail(owner + ": a reference table is { at = \"owner/repo@tag:path:line\", quote = \"…\" }",
                                at(item, "references"));
                if (!quote->is_string()) return fail(owner + ": a reference's 'quote' must be a string", at(*quote, "quote"));
                r.quote = quote->as_string()->get();
                r.quote_where = at(*quote, "quote");
                r.inline_table = true;
                if (auto problem = quote_problem(r.quote)) return fail(fmt::format("{}: {}", owner, *problem), r.quote_where);
            }
            if (!text->is_string())
                return fail(owner + ": each reference is a string or { at = \"…\", quote = \"…\" }", at(*text, "references"));
            r.text = text->as_string()->get();
            r.where = at(*text, "references");
            // A plain string that is neither a URL nor written as a citation (no '@') is
            // free text such as a local file a test plugin cites: kept, and not read by verify.
            bool free_text = !r.inline_table && !is_url_reference(r.text) && r.text.find('@') == std::string::npos;
            if (auto problem = reference_problem(r.text); problem && !free_text)
                return fail(fmt::format("{}: {}", owner, *problem), r.where);
            if (!r.quote.empty() && !parse_code_citation(r.text))
                return fail(
                    owner + ": only a code reference (owner/repo@tag:path:line) carries a quote; a URL's page is not read",
                    r.where);
            out.push_back(std::move(r));
            return {};
        };
        if (v->is_array()) {
            for (const auto& item : *v->as_array()) PREFLIGHT_TRY(one(item));
        } else {
            PREFLIGHT_TRY(one(*v));
        }
        return out;
    }

    std::optional<Value> scalar(const toml::node& cell) const {
        if (const auto* b = cell.as_boolean()) return Value(b->get());
        if (const auto* i = cell.as_integer()) return Value(static_cast<std::int64_t>(i->get()));
        if (const auto* f = cell.as_floating_point()) return Value(f->get());
        if (const auto* s = cell.as_string()) return Value(s->get());
        return std::nullopt;
    }

    // A default's value: a scalar, or an array of scalars for a list key (the
    // compiler checks the element type against the key's).
    std::optional<Value> default_value(const toml::node& node) const {
        const auto* array = node.as_array();
        if (!array) return scalar(node);
        List items;
        for (const auto& item : *array) {
            auto v = scalar(item);
            if (!v) return std::nullopt;
            items.push_back(std::move(*v));
        }
        return Value(std::move(items));
    }

    Result<void> table(const std::string& name, const toml::node& rows) {
        if (!rows.is_array())
            return fail(fmt::format("table '{}' must be written as [[tables.{}]] rows", name, name), at(rows, name));
        for (const auto& row : *rows.as_array()) {
            if (!row.is_table()) return fail(fmt::format("table '{}': each row must be a table", name), at(row, name));
            TableRow out;
            std::size_t first_line = 0;
            for (const auto& [col, cell] : *row.as_table()) {
                std::string column(col.str());
                auto v = scalar(cell);
                if (!v)
                    return fail(fmt::format("table '{}': cell '{}' must be a bool, number or string", name, column),
                                at(cell, column));
                out.cells[column] = *v;
                out.cell_where[column] = at(cell, "tables." + name + "." + column);
                if (first_line == 0 || cell.source().begin.line < first_line) {
                    first_line = cell.source().begin.line;
                    out.where = out.cell_where[column];
                }
            }
            if (first_line == 0) out.where = at(row, "tables." + name);
            pack_.tables[name].push_back(std::move(out));
        }
        return {};
    }

    Result<void> fact(const toml::node& node) {
        const toml::table* f = node.as_table();
        if (!f) return fail("each [[facts]] entry must be a table", at(node, "facts"));
        DerivedFactSource d;
        auto name = PREFLIGHT_TRY(str(*f, "name", "[[facts]]"));
        std::string owner = "fact '" + name + "'";
        auto type = PREFLIGHT_TRY(str(*f, "type", owner));
        auto expr = PREFLIGHT_TRY(source_text(*f, "expr", owner));
        auto doc = PREFLIGHT_TRY(str(*f, "doc", owner));
        d.name = name;
        d.type = type;
        d.expr = expr;
        d.doc = doc;
        d.where = at(*f->get("name"), name);
        pack_.facts.push_back(std::move(d));
        return {};
    }

    Result<void> default_entry(const toml::node& node) {
        const toml::table* t = node.as_table();
        if (!t) return fail("each [[defaults]] entry must be a table", at(node, "defaults"));
        static const std::set<std::string> known = {"key", "value", "value_expr", "when", "by", "applied", "references"};
        for (const auto& [key, value] : *t)
            if (!known.count(std::string(key.str())))
                return fail(fmt::format("[[defaults]]: unknown key '{}' (expected {})", key.str(),
                                        "key, value or value_expr, when, by, applied, references"),
                            at(value, std::string(key.str())));
        DefaultSource d;
        auto key = PREFLIGHT_TRY(str(*t, "key", "[[defaults]]"));
        d.key = key;
        d.where = at(*t->get("key"), d.key);
        std::string owner = "default for '" + d.key + "'";
        if (t->contains("value") == t->contains("value_expr"))
            return fail(owner + ": give exactly one of 'value' or 'value_expr'", d.where);
        if (const toml::node* v = t->get("value")) {
            d.literal = default_value(*v);
            if (!d.literal) return fail(owner + ": 'value' must be a scalar or an array of scalars", at(*v, "value"));
        } else {
            auto e = PREFLIGHT_TRY(source_text(*t, "value_expr", owner));
            d.expr = e;
        }
        if (t->contains("when")) {
            auto w = PREFLIGHT_TRY(source_text(*t, "when", owner));
            d.when = w;
        }
        auto by = PREFLIGHT_TRY(str(*t, "by", owner));
        d.by = by;
        if (const toml::node* a = t->get("applied")) {
            if (!a->is_boolean()) return fail(owner + ": 'applied' must be true or false", at(*a, "applied"));
            d.applied = a->as_boolean()->get();
        }
        auto refs = PREFLIGHT_TRY(references(*t, owner));
        d.references = std::move(refs);
        if (d.references.empty()) return fail(owner + ": 'references' must cite the upstream code that sets it", d.where);
        pack_.defaults.push_back(std::move(d));
        return {};
    }

    Result<void> rule(const toml::node& node) {
        const toml::table* r = node.as_table();
        if (!r) return fail("each [[rules]] entry must be a table", at(node, "rules"));
        RuleSource out;
        auto id = PREFLIGHT_TRY(str(*r, "id", "[[rules]]"));
        out.id = id;
        out.where = at(*r->get("id"), id);
        std::string owner = "rule '" + id + "'";
        static const std::set<std::string> known = {"id",   "severity", "error_when", "applies",   "summary",
                                                    "when", "message",  "explain",    "about",     "references",
                                                    "fix",  "fixed_in", "fallback",   "limitation"};
        for (const auto& [key, value] : *r) {
            if (key.str() == "sources")
                return fail(
                    owner + ": 'sources' is no longer read; cite the upstream code in 'references' as owner/repo@tag:path",
                    at(value, "sources"));
            if (!known.count(std::string(key.str())))
                return fail(fmt::format("{}: unknown key '{}'", owner, key.str()), at(value, std::string(key.str())));
        }
        auto severity = PREFLIGHT_TRY(str(*r, "severity", owner));
        auto summary = PREFLIGHT_TRY(str(*r, "summary", owner));
        auto explain = PREFLIGHT_TRY(str(*r, "explain", owner, false));  // else explain/<id>.md beside the pack
        out.severity = severity;
        out.summary = summary;
        out.explain = explain;
        auto when = PREFLIGHT_TRY(source_text(*r, "when", owner));
        out.when = when;
        if (r->contains("error_when")) {
            auto e = PREFLIGHT_TRY(source_text(*r, "error_when", owner));
            out.error_when = e;
        }
        if (r->contains("applies")) {
            auto a = PREFLIGHT_TRY(source_text(*r, "applies", owner));
            out.applies = a;
        }
        auto message = PREFLIGHT_TRY(source_text(*r, "message", owner));
        out.message = message;
        auto about = PREFLIGHT_TRY(strings(*r, "about", owner));
        out.about = about;
        auto refs = PREFLIGHT_TRY(references(*r, owner));
        out.references = std::move(refs);
        if (out.references.empty())
            return fail(owner + ": 'references' must name at least one source (a PR, a doc page)", out.where);
        if (const toml::node* fixes = r->get("fix")) {
            if (!fixes->is_array()) return fail(owner + ": write fixes as [[rules.fix]] entries", at(*fixes, "fix"));
            for (const auto& f : *fixes->as_array())
                if (auto res = fix(f, owner, out); !res) return res;
        }
        if (const toml::node* fi = r->get("fixed_in")) {
            if (!fi->is_array()) return fail(owner + ": write fixed_in as [[rules.fixed_in]] entries", at(*fi, "fixed_in"));
            for (const auto& item : *fi->as_array()) {
                const toml::table* t = item.as_table();
                if (!t) return fail(owner + ": a fixed_in entry must be a table", at(item, "fixed_in"));
                auto pkg = PREFLIGHT_TRY(str(*t, "package", owner + " fixed_in"));
                auto range = PREFLIGHT_TRY(str(*t, "versions", owner + " fixed_in"));
                out.fixed_in.push_back({pkg, range, at(*t->get("versions"), "fixed_in")});
            }
        }
        for (auto [key, target, fields] :
             {std::tuple{"fallback", &out.fallbacks, std::vector<std::string>{"kernel", "implementation", "reason"}},
              std::tuple{"limitation", &out.limitations, std::vector<std::string>{"feature", "reason"}}}) {
            const toml::node* items = r->get(key);
            if (!items) continue;
            if (!items->is_array())
                return fail(fmt::format("{}: write {} as [[rules.{}]] entries", owner, key, key), at(*items, key));
            for (const auto& item : *items->as_array()) {
                const toml::table* t = item.as_table();
                if (!t) return fail(fmt::format("{}: a {} entry must be a table", owner, key), at(item, key));
                std::map<std::string, std::string> entry;
                for (const auto& field : fields) {
                    auto v = PREFLIGHT_TRY(str(*t, field, fmt::format("{} {}", owner, key)));
                    entry[field] = v;
                }
                target->push_back(std::move(entry));
            }
        }
        pack_.rules.push_back(std::move(out));
        return {};
    }

    Result<void> fix(const toml::node& node, const std::string& owner, RuleSource& out) {
        const toml::table* f = node.as_table();
        if (!f) return fail(owner + ": a fix must be a table", at(node, "fix"));
        FixSource fs;
        fs.where = at(node, "fix");
        bool has_env = f->contains("env"), has_config = f->contains("config");
        if (has_env == has_config) return fail(owner + ": a fix names exactly one of 'env' or 'config'", fs.where);
        fs.target = has_env ? "env" : "config";
        auto key = PREFLIGHT_TRY(str(*f, fs.target, owner + " fix"));
        fs.key = key;
        fs.where = at(*f->get(fs.target), fs.key);
        int ways = (f->contains("set") ? 1 : 0) + (f->contains("set_expr") ? 1 : 0) + (f->contains("unset") ? 1 : 0);
        if (ways != 1) return fail(owner + ": a fix has exactly one of 'set', 'set_expr' or 'unset = true'", fs.where);
        if (const toml::node* v = f->get("set")) {
            fs.literal = scalar(*v);
            if (!fs.literal) return fail(owner + ": 'set' must be a scalar", at(*v, "set"));
        } else if (f->contains("set_expr")) {
            auto e = PREFLIGHT_TRY(source_text(*f, "set_expr", owner + " fix"));
            fs.expr = e;
        } else {
            const toml::node* v = f->get("unset");
            if (!v->is_boolean() || !v->as_boolean()->get()) return fail(owner + ": 'unset' must be true", at(*v, "unset"));
            if (fs.target != "env") return fail(owner + ": only env fixes can unset", at(*v, "unset"));
            fs.unset = true;
        }
        auto kind = PREFLIGHT_TRY(str(*f, "kind", owner + " fix", false));
        if (!kind.empty() && kind != "safe" && kind != "suggested")
            return fail(owner + ": fix kind must be \"safe\" or \"suggested\"", at(*f->get("kind"), "kind"));
        fs.safe = kind.empty() || kind == "safe";
        out.fixes.push_back(std::move(fs));
        return {};
    }
};

}  // namespace

Result<PackSource> read_pack(const std::string& file) { return Reader(file).run(); }

Result<PackSource> read_pack_text(const std::string& file, std::string text) { return Reader(file).run(std::move(text)); }

Location locate_in(const SourceText& s, int offset) {
    Location l = s.where;
    int line = s.content_line, col = s.content_column;
    for (int i = 0; i < offset && i < static_cast<int>(s.text.size()); ++i) {
        if (s.text[static_cast<std::size_t>(i)] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    l.line = line;
    l.column = col;
    if (line != s.where.line) {
        // The excerpt shows the line the offset is on, taken from the text itself.
        std::size_t start = 0;
        for (int i = s.content_line; i < line; ++i) start = s.text.find('\n', start) + 1;
        l.source_line = s.text.substr(start, s.text.find('\n', start) - start);
    }
    return l;
}

}  // namespace preflight::rules
