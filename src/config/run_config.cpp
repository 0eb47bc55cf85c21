#include "config/run_config.hpp"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <limits>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>
#include <nlohmann/json.hpp>

#include "config/key_table.hpp"
#include "config/toml_node.hpp"
#include "util/did_you_mean.hpp"
#include "util/identifiers.hpp"
#include "util/input_file.hpp"
#include "util/nesting.hpp"
#include "util/utf8.hpp"

namespace preflight::config {
namespace {

constexpr const char* kWaiveKey = "waive";

std::string expected_name(const lang::Type& t) {
    switch (t.kind) {
        case lang::TypeKind::boolean: return "a bool (true or false)";
        case lang::TypeKind::integer: return "an integer";
        case lang::TypeKind::floating: return "a number";
        case lang::TypeKind::string: return "a string";
        case lang::TypeKind::list: return "an array of " + expected_name(lang::Type{t.elem}).substr(2) + "s";
        default: return lang::to_string(t);
    }
}

// Any scalar, for free-form [model] keys. toml++ refuses an integer past 64 bits
// when it parses, so every integer here is in range.
std::optional<Value> scalar(const toml::node& v) {
    if (const auto* b = v.as_boolean()) return Value(b->get());
    if (const auto* i = v.as_integer()) return Value(i->get());
    if (const auto* f = v.as_floating_point()) return Value(f->get());
    if (const auto* s = v.as_string()) return Value(s->get());
    return std::nullopt;
}

// A scalar for a key of the given type (an integer where a number is wanted is
// widened); nullopt on a type mismatch.
std::optional<Value> convert(const toml::node& v, const lang::Type& t) {
    if (t.kind == lang::TypeKind::list) {
        // A list key takes an array whose every element is of the element type.
        const auto* array = v.as_array();
        if (!array) return std::nullopt;
        List items;
        for (const auto& e : *array) {
            auto item = convert(e, lang::Type{t.elem});
            if (!item) return std::nullopt;
            items.push_back(std::move(*item));
        }
        return Value(std::move(items));
    }
    auto value = scalar(v);
    if (!value) return std::nullopt;
    lang::Type got = lang::type_of(*value);
    if (got == t) return value;
    if (t.kind == lang::TypeKind::floating && got.kind == lang::TypeKind::integer)
        return Value(static_cast<double>(*value->get<std::int64_t>()));
    return std::nullopt;
}

std::string suggestion_for(const std::string& section, const std::string& name) {
    std::vector<std::string> keys;
    std::map<std::string, std::string> leaf_of;  // a key or an alias of it → the key, for near misses of either
    for (const auto& k : key_table()) {
        auto dot = k.key.find('.');
        std::string sec(dot == std::string::npos ? std::string_view() : k.key.substr(0, dot));
        std::string leaf(dot == std::string::npos ? k.key : k.key.substr(dot + 1));
        if (sec != section) continue;
        for (const auto& alias : k.aliases) {
            if (alias == name) return leaf;
            keys.emplace_back(alias);
            leaf_of.emplace(alias, leaf);
        }
        keys.push_back(leaf);
        leaf_of.emplace(leaf, leaf);
    }
    // An alias of a key in another section, e.g. `tp` under [train].
    for (const auto& k : key_table()) {
        auto dot = k.key.find('.');
        std::string_view leaf = dot == std::string::npos ? k.key : k.key.substr(dot + 1);
        if (leaf == name || std::find(k.aliases.begin(), k.aliases.end(), name) != k.aliases.end())
            return "[" + std::string(k.key) + "]";
    }
    auto best = util::closest(name, keys);
    return best ? leaf_of[*best] : "";
}

class Loader {
public:
    Loader(std::string path, const SchemeOf& scheme_of, bool partial) : scheme_of_(scheme_of), partial_(partial) {
        cfg_.path = std::move(path);
    }

    Result<RunConfig> run() {
        text_ = PREFLIGHT_TRY(util::read_input(cfg_.path, util::kJobFile));
        const std::string& text = text_;
        line_starts_.push_back(0);
        for (std::size_t i = 0; i < text.size(); ++i)
            if (text[i] == '\n') line_starts_.push_back(i + 1);
        // TOML is UTF-8 throughout: said here with the byte and its column, before the parser.
        if (auto bad = util::first_invalid_utf8(text); bad != std::string_view::npos) {
            auto line = std::upper_bound(line_starts_.begin(), line_starts_.end(), bad) - line_starts_.begin();
            Location where = at_line(static_cast<int>(line));
            where.column = static_cast<int>(bad - line_starts_[line - 1]) + 1;
            return fail(fmt::format("not valid UTF-8 (byte 0x{:02X}); TOML files are UTF-8 throughout",
                                    static_cast<unsigned char>(text[bad])),
                        where);
        }
        // The parser recurses once per nesting level: count the levels before it runs.
        if (auto line = util::nesting_exceeded(text, util::Syntax::toml))
            return fail(fmt::format("arrays and tables nest deeper than {} levels", util::kMaxNesting), at_line(*line));

        // toml++, as the packs and waiver files are read: every node keeps its line, and
        // it spends a tenth of toml11's instructions on a job (bench/README.md).
        toml::table root;
        try {
            root = toml::parse(text, cfg_.path);
        } catch (const toml::parse_error& e) {
            int line = static_cast<int>(e.source().begin.line);
            if (auto past = integer_past_64_bits(e, line)) return fail(past->first, past->second);
            return fail(std::string(e.description()), at(line, static_cast<int>(e.source().begin.column)));
        }
        // An empty file (or /dev/null) is not a job that passes: say what a job starts with.
        if (!root.contains("schema"))
            return fail("not a run configuration: it declares no 'schema = 1' (every job file starts with it)", at_line(1));
        if (const toml::node* job = root.get("job"); !partial_ && (!job || !job->is_table())) {
            // A [job] written under another name: name that section, not line 1.
            for (const auto& [key, value] : root) {
                std::string name(key.str());
                if (!value.is_table() || find_section(name)) continue;
                const auto& table = *value.as_table();
                bool near = util::closest(name, section_names()) == std::optional<std::string>("job");
                if (near || table.contains("framework") || table.contains("backend"))
                    return fail(fmt::format("unknown section [{}]; {} A job file needs its [job] table (framework, backend …)",
                                            name, near ? "did you mean [job]?" : "its framework/backend keys belong in [job]."),
                                locate(value, name));
            }
            return fail("not a run configuration: it has no [job] table (framework, backend …)", at_line(1));
        }

        for (const auto& [key, value] : root) {
            std::string name(key.str());
            if (name == kWaiveKey) {
                PREFLIGHT_TRY(waive(value));
            } else if (value.is_table()) {
                PREFLIGHT_TRY(section(name, value));
            } else if (const KeyInfo* info = find_key(name)) {
                PREFLIGHT_TRY(typed(info, name, value));
            } else {
                unknown(name, value, "");
            }
        }
        PREFLIGHT_TRY(read_model_config(cfg_));
        if (!partial_) fill_key_defaults(cfg_);
        if (auto it = cfg_.values.find("schema"); it != cfg_.values.end() && it->second.value != Value(1))
            return fail("unsupported schema " + display(it->second.value) + "; this preflight reads schema = 1",
                        it->second.origin.where);
        return std::move(cfg_);
    }

private:
    RunConfig cfg_;
    const SchemeOf& scheme_of_;
    bool partial_ = false;
    std::string text_;                      // the file, for the source line of a location
    std::vector<std::size_t> line_starts_;  // byte offset of each line

    Location at_line(int line) const {
        Location l{cfg_.path, line, 1};
        if (line >= 1 && static_cast<std::size_t>(line) <= line_starts_.size()) {
            std::size_t start = line_starts_[line - 1];
            l.source_line = text_.substr(start, text_.find('\n', start) - start);
        }
        return l;
    }

    Location at(int line, int column) const {
        Location l = at_line(line);
        l.column = column;
        return l;
    }

    // Where a value stands, at the column of the key that owns it (the first
    // non-blank character of the line the value starts on).
    Location locate(const toml::node& v, const std::string& key) const {
        Location l = at_line(static_cast<int>(v.source().begin.line));
        auto first = l.source_line.find_first_not_of(" \t");
        if (first != std::string::npos) l.column = static_cast<int>(first) + 1;
        l.key = key;
        return l;
    }

    // toml++ refuses an integer past 64 bits while it parses: said as the key it was
    // given to (`key = token` on that line, under the nearest [section] above), with
    // the range an integer has. nullopt for any other error, or a line not of that form.
    std::optional<std::pair<std::string, Location>> integer_past_64_bits(const toml::parse_error& e, int line) const {
        constexpr std::string_view kTooWide = "' is not representable in 64 bits";
        std::string_view what = e.description();
        auto open = what.find('\'');
        if (!what.ends_with(kTooWide) || open == std::string_view::npos) return std::nullopt;
        std::string_view token = what.substr(open + 1, what.size() - open - 1 - kTooWide.size());
        Location where = at_line(line);
        std::string_view text = where.source_line;
        auto eq = text.find('=');
        auto first = text.find_first_not_of(" \t");
        if (eq == std::string_view::npos || first == std::string_view::npos || first >= eq) return std::nullopt;
        std::string key(text.substr(first, text.find_last_not_of(" \t", eq - 1) + 1 - first));
        for (int above = line - 1; above >= 1; --above) {
            std::string header = at_line(above).source_line;
            auto h = header.find_first_not_of(" \t");
            if (h == std::string::npos || header[h] != '[') continue;
            if (header.compare(h, 2, "[[") != 0) {
                auto close = header.find(']', h);
                if (close != std::string::npos) key = header.substr(h + 1, close - h - 1) + "." + key;
            }
            break;
        }
        where.column = static_cast<int>(first) + 1;
        where.key = key;
        return std::pair{fmt::format("'{}' = {} is out of range: integers are 64-bit ({} to {})", key, token,
                                     std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()),
                         where};
    }

    void unknown(const std::string& dotted, const toml::node& value, const std::string& section) {
        std::string leaf = section.empty() ? dotted : dotted.substr(section.size() + 1);
        std::string hint = suggestion_for(section, leaf);
        std::string message =
            section.empty() ? fmt::format("unknown key '{}'", dotted) : fmt::format("unknown key '{}' in [{}]", leaf, section);
        if (!hint.empty()) {
            message += hint.front() == '[' ? fmt::format("; did you mean {}?", hint) : fmt::format("; did you mean '{}'?", hint);
        }
        message += " It is ignored.";
        cfg_.diagnostics.push_back({Severity::warning, "config-unknown-key", message, locate(value, dotted)});
    }

    Result<void> typed(const KeyInfo* info, const std::string& dotted, const toml::node& value) {
        Location where = locate(value, dotted);
        auto v = convert(value, info->type);
        if (!v)
            return fail(fmt::format("'{}' must be {}, not {}", dotted, expected_name(info->type), toml_type_name(value)), where);
        // A list's elements are checked one by one, as a single value is.
        if (auto* items = std::get_if<List>(&v->data)) {
            for (auto& item : *items) PREFLIGHT_TRY(checked_value(*info, item, dotted, where));
        } else {
            PREFLIGHT_TRY(checked_value(*info, *v, dotted, where));
        }
        cfg_.values[dotted] = Fact{*v, Origin{OriginKind::job, where, {}}};
        return {};
    }

    // A single value (or a list key's element) against the key's allowed values, read
    // through their other spellings, and its bounds.
    static Result<void> checked_value(const KeyInfo& info, Value& v, const std::string& dotted, const Location& where) {
        if (!info.allowed.empty()) {
            for (const auto& [spelling, canonical] : info.value_spellings)
                if (*v.get<std::string>() == spelling) v = Value(std::string(canonical));
            const std::string& s = *v.get<std::string>();
            if (std::find(info.allowed.begin(), info.allowed.end(), s) == info.allowed.end()) {
                auto near = util::closest(s, info.allowed);
                return fail(fmt::format("'{}' is \"{}\"; expected one of {}{}", dotted, s, fmt::join(info.allowed, " | "),
                                        near ? fmt::format(" (did you mean \"{}\"?)", *near) : ""),
                            where);
            }
        }
        return at_least_minimum(info, v, dotted, where);
    }

    static Result<void> at_least_minimum(const KeyInfo& info, const Value& v, const std::string& dotted, const Location& where) {
        auto minimum = minimum_of(info);
        if (const auto* i = v.get<std::int64_t>(); i && minimum && *i < *minimum)
            return fail(fmt::format("'{}' is {}; it must be at least {}", dotted, *i, *minimum), where);
        if (const auto* i = v.get<std::int64_t>(); i && info.max && *i > *info.max)
            return fail(fmt::format("'{}' is {}; it must be at most {}", dotted, *i, *info.max), where);
        return {};
    }

    Result<void> section(const std::string& name, const toml::node& table) {
        for (const auto& [leaf, value] : *table.as_table()) {
            std::string key(leaf.str());
            std::string dotted = name + "." + key;
            Location where = locate(value, dotted);
            if (name == kEnvSection) {
                if (!util::is_env_name(key))
                    return fail(fmt::format("'{}' is not a valid environment variable name (letters, digits, '_'; not "
                                            "starting with a digit)",
                                            key),
                                where);
                if (!value.is_string())
                    return fail(fmt::format("'{}' must be a string, not {} (quote it)", dotted, toml_type_name(value)), where);
                cfg_.env[key] = Fact{Value(value.as_string()->get()), Origin{OriginKind::job, where, {}}};
            } else if (name == kPackagesSection) {
                // `name = false` states that the package is not installed.
                if (value.is_boolean() && !value.as_boolean()->get()) {
                    cfg_.packages[version::normalize_package_name(key)] = Fact{Value(Null{}), Origin{OriginKind::job, where, {}}};
                    continue;
                }
                if (!value.is_string())
                    return fail(fmt::format("'{}' must be a version string (or false: not installed), not {}", dotted,
                                            toml_type_name(value)),
                                where);
                std::string normalized = version::normalize_package_name(key);
                auto scheme = scheme_of_(normalized);
                const std::string& text = value.as_string()->get();
                auto v = version::Version::parse(scheme, text);
                if (!v)
                    return fail(fmt::format("'{}' = \"{}\" is not a valid {} version", dotted, text, version::to_string(scheme)),
                                where);
                cfg_.packages[normalized] = Fact{Value(*v), Origin{OriginKind::job, where, {}}};
            } else if (name == kRevisionsSection) {
                if (!value.is_string() || value.as_string()->get().empty())
                    return fail(fmt::format("'{}' must name the git branch or tag it was installed from (a non-empty "
                                            "string), not {}",
                                            dotted, toml_type_name(value)),
                                where);
                cfg_.revisions[version::normalize_package_name(key)] =
                    Fact{Value(value.as_string()->get()), Origin{OriginKind::job, where, {}}};
            } else if (const KeyInfo* info = find_key(dotted)) {
                PREFLIGHT_TRY(typed(info, dotted, value));
            } else if (name == kModelSection) {
                auto v = scalar(value);
                if (!v) return fail(fmt::format("'{}' must be a scalar, not {}", dotted, toml_type_name(value)), where);
                cfg_.values[dotted] = Fact{*v, Origin{OriginKind::job, where, {}}};
            } else if (!find_section(name)) {
                auto near = util::closest(name, section_names());
                cfg_.diagnostics.push_back({Severity::warning, "config-unknown-section",
                                            fmt::format("unknown section [{}]{} It is ignored.", name,
                                                        near ? fmt::format("; did you mean [{}]?", *near) : "."),
                                            locate(table, name)});
                return {};
            } else {
                unknown(dotted, value, name);
            }
        }
        return {};
    }

    // [[waive]] tables are kept as written; rules/waiver.cpp reads and checks them
    // against the loaded rules, so a waiver file and a job file share one reader.
    Result<void> waive(const toml::node& value) {
        if (!value.is_array())
            return fail(
                fmt::format("'{}' must be an array of tables ([[{}]]), not {}", kWaiveKey, kWaiveKey, toml_type_name(value)),
                locate(value, kWaiveKey));
        for (const auto& item : *value.as_array()) {
            if (!item.is_table())
                return fail(
                    fmt::format("each '{}' entry must be a table ([[{}]]), not {}", kWaiveKey, kWaiveKey, toml_type_name(item)),
                    locate(item, kWaiveKey));
            cfg_.waive.push_back(raw_table(*item.as_table(), kWaiveKey,
                                           [this](const toml::node& n, const std::string& key) { return locate(n, key); }));
        }
        return {};
    }

    static bool find_section(const std::string& name) {
        auto names = section_names();
        return std::find(names.begin(), names.end(), name) != names.end();
    }
};

}  // namespace

// [model] config = "…/config.json": model keys from the file, at the top level
// and under text_config; keys written in [model] win.
Result<void> read_model_config(RunConfig& cfg) {
    auto it = cfg.values.find("model.config");
    if (it == cfg.values.end()) return {};
    const Location& where = it->second.origin.where;
    std::filesystem::path file(*it->second.value.get<std::string>());
    if (file.is_relative()) file = std::filesystem::path(cfg.path).parent_path() / file;
    auto text = util::read_input(file.string(), util::kModelConfigFile);
    if (!text) return fail(fmt::format("model.config '{}': {}", file.string(), text.error().message), where);
    if (auto line = util::nesting_exceeded(*text, util::Syntax::json))
        return fail(
            fmt::format("model.config: '{}' nests deeper than {} levels (line {})", file.string(), util::kMaxNesting, *line),
            where);
    nlohmann::json json;
    try {
        json = nlohmann::json::parse(*text);
    } catch (const nlohmann::json::parse_error& e) {
        return fail(fmt::format("model.config: '{}' is not valid JSON: {}", file.string(), e.what()), where);
    }
    if (!json.is_object()) return fail(fmt::format("model.config: '{}' does not hold a JSON object", file.string()), where);
    Origin origin{OriginKind::model_config, Location{file.string()}, {}};
    auto read_level = [&](const nlohmann::json& level) -> Result<void> {
        for (const auto& info : key_table()) {
            if (!info.key.starts_with("model.")) continue;
            std::string leaf(info.key.substr(6));
            if (leaf == "id" || leaf == "arch" || leaf == "config" || !level.contains(leaf)) continue;
            if (auto it = cfg.values.find(info.key); it != cfg.values.end() && it->second.origin.kind == OriginKind::job)
                continue;
            const auto& j = level[leaf];
            // A number past int64 is read as unsigned (or a float) by nlohmann: not an integer here.
            if (!j.is_number_integer() ||
                (j.is_number_unsigned() &&
                 j.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
                return fail(fmt::format("model.config: '{}' in '{}' must be a 64-bit integer", leaf, file.string()), where);
            Value v(j.get<std::int64_t>());
            if (auto minimum = minimum_of(info); minimum && *v.get<std::int64_t>() < *minimum)
                return fail(fmt::format("model.config: '{}' in '{}' is {}; it must be at least {}", leaf, file.string(),
                                        *v.get<std::int64_t>(), *minimum),
                            where);
            cfg.values.insert_or_assign(std::string(info.key), Fact{v, origin});
        }
        return {};
    };
    PREFLIGHT_TRY(read_level(json));
    if (json.contains("text_config") && json["text_config"].is_object()) PREFLIGHT_TRY(read_level(json["text_config"]));
    if (!cfg.values.count("model.arch") && json.contains("model_type") && json["model_type"].is_string())
        cfg.values["model.arch"] = Fact{Value(json["model_type"].get<std::string>()), origin};
    return {};
}

Result<RunConfig> load_run_config(const std::string& path, const SchemeOf& scheme_of) {
    return Loader(path, scheme_of, false).run();
}

Result<RunConfig> load_partial_run_config(const std::string& path, const SchemeOf& scheme_of) {
    return Loader(path, scheme_of, true).run();
}

void fill_key_defaults(RunConfig& cfg) {
    for (const auto& k : key_table())
        if (k.default_value && !cfg.values.count(k.key))
            cfg.values.emplace(std::string(k.key), Fact{*k.default_value, Origin{OriginKind::default_value, {}, {}}});
}

}  // namespace preflight::config
