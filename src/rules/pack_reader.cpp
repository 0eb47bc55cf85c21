#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <toml.hpp>

#include "rules/pack_source.hpp"

namespace preflight::rules {
namespace {

using TomlValue = toml::basic_value<toml::discard_comments, std::map, std::vector>;

class Reader {
public:
    explicit Reader(std::string file) { pack_.file = std::move(file); }

    Result<PackSource> run() {
        std::ifstream in(pack_.file, std::ios::binary);
        if (!in) return fail("cannot read the rule pack", Location{pack_.file});
        std::stringstream buffer;
        buffer << in.rdbuf();
        text_ = buffer.str();
        std::istringstream split(text_);
        for (std::string line; std::getline(split, line);) lines_.push_back(line);
        TomlValue root;
        try {
            std::istringstream stream(text_);
            root = toml::parse<toml::discard_comments, std::map, std::vector>(stream, pack_.file);
        } catch (const toml::syntax_error& e) {
            std::string what = e.what();
            what = what.substr(0, what.find('\n'));
            if (what.rfind("[error] ", 0) == 0) what = what.substr(8);
            if (what.rfind("toml::", 0) == 0 && what.find(": ") != std::string::npos) what = what.substr(what.find(": ") + 2);
            return fail(what, Location{pack_.file, static_cast<int>(e.location().line()),
                                       static_cast<int>(e.location().column()), "", e.location().line_str()});
        }
        auto dir = pack_.file.find_last_of('/');
        pack_.dir = dir == std::string::npos ? "." : pack_.file.substr(0, dir);

        for (const auto& [key, value] : root.as_table()) {
            static const std::set<std::string> known = {"pack", "schemes", "tables", "facts", "rules"};
            if (!known.count(key)) return fail(fmt::format("unknown top-level key '{}' (expected pack, schemes, tables, facts, rules)", key), at(value, key));
        }
        if (!root.contains("pack")) return fail("missing [pack] table (name, version, engine, summary)", Location{pack_.file, 1, 1});
        if (auto r = header(root.at("pack")); !r) return tl::unexpected(r.error());
        if (root.contains("schemes")) {
            const auto& s = root.at("schemes");
            if (!s.is_table()) return fail("[schemes] must be a table of package = \"pep440\" | \"cann\"", at(s, "schemes"));
            for (const auto& [pkg, scheme] : s.as_table()) {
                if (!scheme.is_string()) return fail(fmt::format("schemes.{} must be a string", pkg), at(scheme, pkg));
                pack_.schemes[pkg] = {scheme.as_string().str, at(scheme, "schemes." + pkg)};
            }
        }
        if (root.contains("tables")) {
            const auto& t = root.at("tables");
            if (!t.is_table()) return fail("'tables' must hold [[tables.NAME]] rows", at(t, "tables"));
            for (const auto& [name, rows] : t.as_table())
                if (auto r = table(name, rows); !r) return tl::unexpected(r.error());
        }
        if (root.contains("facts")) {
            const auto& f = root.at("facts");
            if (!f.is_array()) return fail("'facts' must be [[facts]] entries", at(f, "facts"));
            for (const auto& item : f.as_array())
                if (auto r = fact(item); !r) return tl::unexpected(r.error());
        }
        if (root.contains("rules")) {
            const auto& rs = root.at("rules");
            if (!rs.is_array()) return fail("'rules' must be [[rules]] entries", at(rs, "rules"));
            for (const auto& item : rs.as_array())
                if (auto r = rule(item); !r) return tl::unexpected(r.error());
        }
        return std::move(pack_);
    }

private:
    PackSource pack_;
    std::string text_;
    std::vector<std::string> lines_;

    Location at(const TomlValue& v, const std::string& key) const {
        const auto loc = v.location();
        Location l{pack_.file, static_cast<int>(loc.line()), static_cast<int>(loc.column()), key, loc.line_str()};
        return l;
    }

    Result<std::string> str(const TomlValue& table, const std::string& key, const std::string& owner, bool required = true) {
        if (!table.contains(key)) {
            if (!required) return std::string();
            return fail(fmt::format("{}: missing '{}'", owner, key), at(table, key));
        }
        const auto& v = table.at(key);
        if (!v.is_string()) return fail(fmt::format("{}: '{}' must be a string", owner, key), at(v, key));
        return v.as_string().str;
    }

    Result<std::vector<std::string>> strings(const TomlValue& table, const std::string& key, const std::string& owner) {
        std::vector<std::string> out;
        if (!table.contains(key)) return out;
        const auto& v = table.at(key);
        if (v.is_string()) return std::vector<std::string>{v.as_string().str};
        if (!v.is_array()) return fail(fmt::format("{}: '{}' must be a list of strings", owner, key), at(v, key));
        for (const auto& item : v.as_array()) {
            if (!item.is_string()) return fail(fmt::format("{}: '{}' must be a list of strings", owner, key), at(item, key));
            out.push_back(item.as_string().str);
        }
        return out;
    }

    // Where the characters of a string value begin, past its opening delimiter.
    Result<SourceText> source_text(const TomlValue& table, const std::string& key, const std::string& owner) {
        auto s = str(table, key, owner);
        if (!s) return tl::unexpected(s.error());
        const auto& v = table.at(key);
        SourceText t;
        t.text = *s;
        t.where = at(v, key);
        t.content_line = t.where.line;
        t.content_column = t.where.column;
        const std::string& line = t.where.source_line;
        std::size_t col = static_cast<std::size_t>(std::max(1, t.where.column) - 1);
        std::string rest = col < line.size() ? line.substr(col) : "";
        if (rest.rfind("'''", 0) == 0 || rest.rfind("\"\"\"", 0) == 0) {
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

    Result<void> header(const TomlValue& p) {
        if (!p.is_table()) return fail("[pack] must be a table", at(p, "pack"));
        pack_.where = at(p, "pack");
        for (const auto& [key, value] : p.as_table()) {
            static const std::set<std::string> known = {"name", "version", "engine", "summary"};
            if (!known.count(key)) return fail(fmt::format("[pack]: unknown key '{}'", key), at(value, key));
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
        pack_.where = at(p.at("name"), "pack.name");
        pack_.engine_where = at(p.at("engine"), "pack.engine");
        return {};
    }

    Result<void> table(const std::string& name, const TomlValue& rows) {
        if (!rows.is_array()) return fail(fmt::format("table '{}' must be written as [[tables.{}]] rows", name, name), at(rows, name));
        for (const auto& row : rows.as_array()) {
            if (!row.is_table()) return fail(fmt::format("table '{}': each row must be a table", name), at(row, name));
            TableRow out;
            out.where = at(row, "tables." + name);
            int first_line = 0;
            for (const auto& [col, cell] : row.as_table()) {
                if (cell.is_boolean()) out.cells[col] = Value(cell.as_boolean());
                else if (cell.is_integer()) out.cells[col] = Value(static_cast<std::int64_t>(cell.as_integer()));
                else if (cell.is_floating()) out.cells[col] = Value(cell.as_floating());
                else if (cell.is_string()) out.cells[col] = Value(cell.as_string().str);
                else return fail(fmt::format("table '{}': cell '{}' must be a bool, number or string", name, col), at(cell, col));
                out.cell_where[col] = at(cell, "tables." + name + "." + col);
                int line = static_cast<int>(cell.location().line());
                if (first_line == 0 || line < first_line) {
                    first_line = line;
                    out.where = out.cell_where[col];
                }
            }
            pack_.tables[name].push_back(std::move(out));
        }
        return {};
    }

    Result<void> fact(const TomlValue& f) {
        if (!f.is_table()) return fail("each [[facts]] entry must be a table", at(f, "facts"));
        DerivedFactSource d;
        auto name = str(f, "name", "[[facts]]");
        if (!name) return tl::unexpected(name.error());
        std::string owner = "fact '" + *name + "'";
        auto type = str(f, "type", owner);
        auto expr = source_text(f, "expr", owner);
        auto doc = str(f, "doc", owner);
        if (!type) return tl::unexpected(type.error());
        if (!expr) return tl::unexpected(expr.error());
        if (!doc) return tl::unexpected(doc.error());
        d.name = *name;
        d.type = *type;
        d.expr = *expr;
        d.doc = *doc;
        d.where = at(f.at("name"), *name);
        pack_.facts.push_back(std::move(d));
        return {};
    }

    Result<void> rule(const TomlValue& r) {
        if (!r.is_table()) return fail("each [[rules]] entry must be a table", at(r, "rules"));
        RuleSource out;
        auto id = str(r, "id", "[[rules]]");
        if (!id) return tl::unexpected(id.error());
        out.id = *id;
        out.where = at(r.at("id"), *id);
        std::string owner = "rule '" + *id + "'";
        static const std::set<std::string> known = {"id", "severity", "summary", "when", "message", "explain", "about",
                                                    "references", "sources", "fix", "fixed_in", "fallback", "limitation"};
        for (const auto& [key, value] : r.as_table())
            if (!known.count(key)) return fail(fmt::format("{}: unknown key '{}'", owner, key), at(value, key));
        auto severity = str(r, "severity", owner);
        auto summary = str(r, "summary", owner);
        auto explain = str(r, "explain", owner);
        if (!severity) return tl::unexpected(severity.error());
        if (!summary) return tl::unexpected(summary.error());
        if (!explain) return tl::unexpected(explain.error());
        out.severity = *severity;
        out.summary = *summary;
        out.explain = *explain;
        auto when = source_text(r, "when", owner);
        if (!when) return tl::unexpected(when.error());
        out.when = *when;
        auto message = source_text(r, "message", owner);
        if (!message) return tl::unexpected(message.error());
        out.message = *message;
        for (auto [key, target] : {std::pair{"about", &out.about}, {"references", &out.references}, {"sources", &out.sources}}) {
            auto list = strings(r, key, owner);
            if (!list) return tl::unexpected(list.error());
            *target = *list;
        }
        if (out.references.empty()) return fail(owner + ": 'references' must name at least one source (a PR, a doc page)", out.where);
        if (r.contains("fix")) {
            const auto& fixes = r.at("fix");
            if (!fixes.is_array()) return fail(owner + ": write fixes as [[rules.fix]] entries", at(fixes, "fix"));
            for (const auto& f : fixes.as_array())
                if (auto res = fix(f, owner, out); !res) return res;
        }
        if (r.contains("fixed_in")) {
            const auto& fi = r.at("fixed_in");
            if (!fi.is_array()) return fail(owner + ": write fixed_in as [[rules.fixed_in]] entries", at(fi, "fixed_in"));
            for (const auto& item : fi.as_array()) {
                auto pkg = str(item, "package", owner + " fixed_in");
                auto range = str(item, "versions", owner + " fixed_in");
                if (!pkg) return tl::unexpected(pkg.error());
                if (!range) return tl::unexpected(range.error());
                out.fixed_in.push_back({*pkg, *range, at(item.at("versions"), "fixed_in")});
            }
        }
        for (auto [key, target, fields] :
             {std::tuple{"fallback", &out.fallbacks, std::vector<std::string>{"kernel", "implementation", "reason"}},
              std::tuple{"limitation", &out.limitations, std::vector<std::string>{"feature", "reason"}}}) {
            if (!r.contains(key)) continue;
            const auto& items = r.at(key);
            if (!items.is_array()) return fail(fmt::format("{}: write {} as [[rules.{}]] entries", owner, key, key), at(items, key));
            for (const auto& item : items.as_array()) {
                std::map<std::string, std::string> entry;
                for (const auto& field : fields) {
                    auto v = str(item, field, fmt::format("{} {}", owner, key));
                    if (!v) return tl::unexpected(v.error());
                    entry[field] = *v;
                }
                target->push_back(std::move(entry));
            }
        }
        pack_.rules.push_back(std::move(out));
        return {};
    }

    Result<void> fix(const TomlValue& f, const std::string& owner, RuleSource& out) {
        if (!f.is_table()) return fail(owner + ": a fix must be a table", at(f, "fix"));
        FixSource fs;
        fs.where = at(f, "fix");
        bool has_env = f.contains("env"), has_config = f.contains("config");
        if (has_env == has_config) return fail(owner + ": a fix names exactly one of 'env' or 'config'", fs.where);
        fs.target = has_env ? "env" : "config";
        auto key = str(f, fs.target, owner + " fix");
        if (!key) return tl::unexpected(key.error());
        fs.key = *key;
        fs.where = at(f.at(fs.target), fs.key);
        int ways = (f.contains("set") ? 1 : 0) + (f.contains("set_expr") ? 1 : 0) + (f.contains("unset") ? 1 : 0);
        if (ways != 1) return fail(owner + ": a fix has exactly one of 'set', 'set_expr' or 'unset = true'", fs.where);
        if (f.contains("set")) {
            const auto& v = f.at("set");
            if (v.is_boolean()) fs.literal = Value(v.as_boolean());
            else if (v.is_integer()) fs.literal = Value(static_cast<std::int64_t>(v.as_integer()));
            else if (v.is_floating()) fs.literal = Value(v.as_floating());
            else if (v.is_string()) fs.literal = Value(v.as_string().str);
            else return fail(owner + ": 'set' must be a scalar", at(v, "set"));
        } else if (f.contains("set_expr")) {
            auto e = source_text(f, "set_expr", owner + " fix");
            if (!e) return tl::unexpected(e.error());
            fs.expr = *e;
        } else {
            const auto& v = f.at("unset");
            if (!v.is_boolean() || !v.as_boolean()) return fail(owner + ": 'unset' must be true", at(v, "unset"));
            if (fs.target != "env") return fail(owner + ": only env fixes can unset", at(v, "unset"));
            fs.unset = true;
        }
        auto kind = str(f, "kind", owner + " fix", false);
        if (!kind) return tl::unexpected(kind.error());
        if (!kind->empty() && *kind != "safe" && *kind != "suggested")
            return fail(owner + ": fix kind must be \"safe\" or \"suggested\"", at(f.at("kind"), "kind"));
        fs.safe = kind->empty() || *kind == "safe";
        out.fixes.push_back(std::move(fs));
        return {};
    }
};

}  // namespace

Result<PackSource> read_pack(const std::string& file) { return Reader(file).run(); }

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
