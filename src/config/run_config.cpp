#include "config/run_config.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <toml.hpp>

#include "config/key_table.hpp"
#include "util/did_you_mean.hpp"
#include "util/identifiers.hpp"

namespace preflight::config {
namespace {

using TomlValue = toml::basic_value<toml::discard_comments, std::map, std::vector>;

// Column of the key that owns a value: the first non-blank character of its line.
Location locate(const std::string& file, const TomlValue& v, const std::string& key) {
    const auto loc = v.location();
    Location l;
    l.file = file;
    l.line = static_cast<int>(loc.line());
    l.source_line = loc.line_str();
    auto first = l.source_line.find_first_not_of(" \t");
    l.column = first == std::string::npos ? static_cast<int>(loc.column()) : static_cast<int>(first) + 1;
    l.key = key;
    return l;
}

std::string toml_type_name(const TomlValue& v) {
    switch (v.type()) {
        case toml::value_t::boolean: return "a bool";
        case toml::value_t::integer: return "an integer";
        case toml::value_t::floating: return "a float";
        case toml::value_t::string: return "a string";
        case toml::value_t::array: return "an array";
        case toml::value_t::table: return "a table";
        default: return "a date/time";
    }
}

std::string expected_name(const lang::Type& t) {
    switch (t.kind) {
        case lang::TypeKind::boolean: return "a bool (true or false)";
        case lang::TypeKind::integer: return "an integer";
        case lang::TypeKind::floating: return "a number";
        case lang::TypeKind::string: return "a string";
        default: return lang::to_string(t);
    }
}

// TOML scalar → Value for a key of the given type; nullopt on a type mismatch.
std::optional<Value> convert(const TomlValue& v, const lang::Type& t) {
    switch (t.kind) {
        case lang::TypeKind::boolean:
            if (v.is_boolean()) return Value(v.as_boolean());
            break;
        case lang::TypeKind::integer:
            if (v.is_integer()) return Value(static_cast<std::int64_t>(v.as_integer()));
            break;
        case lang::TypeKind::floating:
            if (v.is_floating()) return Value(v.as_floating());
            if (v.is_integer()) return Value(static_cast<double>(v.as_integer()));
            break;
        case lang::TypeKind::string:
            if (v.is_string()) return Value(v.as_string().str);
            break;
        default: break;
    }
    return std::nullopt;
}

// Any scalar, for free-form [model] keys.
std::optional<Value> scalar(const TomlValue& v) {
    if (v.is_boolean()) return Value(v.as_boolean());
    if (v.is_integer()) return Value(static_cast<std::int64_t>(v.as_integer()));
    if (v.is_floating()) return Value(v.as_floating());
    if (v.is_string()) return Value(v.as_string().str);
    return std::nullopt;
}

std::string suggestion_for(const std::string& section, const std::string& name) {
    std::vector<std::string> keys;
    for (const auto& k : key_table()) {
        auto dot = k.key.find('.');
        std::string sec = dot == std::string::npos ? "" : k.key.substr(0, dot);
        std::string leaf = dot == std::string::npos ? k.key : k.key.substr(dot + 1);
        if (sec != section) continue;
        for (const auto& alias : k.aliases)
            if (alias == name) return leaf;
        keys.push_back(leaf);
    }
    // An alias of a key in another section, e.g. `tp` under [train].
    for (const auto& k : key_table()) {
        auto dot = k.key.find('.');
        std::string leaf = dot == std::string::npos ? k.key : k.key.substr(dot + 1);
        if (leaf == name || std::find(k.aliases.begin(), k.aliases.end(), name) != k.aliases.end()) return "[" + k.key + "]";
    }
    auto best = util::closest(name, keys);
    return best ? *best : "";
}

class Loader {
public:
    Loader(std::string path, const SchemeOf& scheme_of) : scheme_of_(scheme_of) { cfg_.path = std::move(path); }

    Result<RunConfig> run() {
        std::ifstream in(cfg_.path, std::ios::binary);
        if (!in) return fail("cannot read the run configuration: " + std::string(std::strerror(errno)), Location{cfg_.path});
        std::stringstream buffer;
        buffer << in.rdbuf();
        std::string text = buffer.str();
        std::istringstream lines(text);
        for (std::string line; std::getline(lines, line);) cfg_.lines.push_back(line);

        TomlValue root;
        try {
            std::istringstream stream(text);
            root = toml::parse<toml::discard_comments, std::map, std::vector>(stream, cfg_.path);
        } catch (const toml::syntax_error& e) {
            return fail(first_line_of(e.what()), Location{cfg_.path, static_cast<int>(e.location().line()),
                                                          static_cast<int>(e.location().column()), "", e.location().line_str()});
        } catch (const std::exception& e) {
            return fail(std::string("cannot parse TOML: ") + first_line_of(e.what()), Location{cfg_.path});
        }

        for (const auto& [name, value] : root.as_table()) {
            if (value.is_table()) {
                if (auto r = section(name, value); !r) return tl::unexpected(r.error());
            } else if (const KeyInfo* info = find_key(name)) {
                if (auto r = typed(info, name, value); !r) return tl::unexpected(r.error());
            } else {
                unknown(name, value, "");
            }
        }
        if (auto r = model_config(); !r) return tl::unexpected(r.error());
        for (const auto& k : key_table()) {
            if (k.default_value && !cfg_.values.count(k.key))
                cfg_.values[k.key] = Fact{*k.default_value, Origin{OriginKind::default_value, {}, {}}};
        }
        if (auto it = cfg_.values.find("schema"); it != cfg_.values.end() && it->second.value != Value(1))
            return fail("unsupported schema " + display(it->second.value) + "; this preflight reads schema = 1",
                        it->second.origin.where);
        return std::move(cfg_);
    }

private:
    RunConfig cfg_;
    const SchemeOf& scheme_of_;

    // toml11 prefixes its messages with "[error] toml::function_name: ".
    static std::string first_line_of(const std::string& what) {
        std::string s = what.substr(0, what.find('\n'));
        if (s.rfind("[error] ", 0) == 0) s = s.substr(8);
        if (s.rfind("toml::", 0) == 0 && s.find(": ") != std::string::npos) s = s.substr(s.find(": ") + 2);
        return s;
    }

    void unknown(const std::string& dotted, const TomlValue& value, const std::string& section) {
        std::string leaf = section.empty() ? dotted : dotted.substr(section.size() + 1);
        std::string hint = suggestion_for(section, leaf);
        std::string message = section.empty() ? fmt::format("unknown key '{}'", dotted)
                                              : fmt::format("unknown key '{}' in [{}]", leaf, section);
        if (!hint.empty()) {
            message += hint.front() == '[' ? fmt::format("; did you mean {}?", hint)
                                           : fmt::format("; did you mean '{}'?", hint);
        }
        message += " It is ignored.";
        cfg_.diagnostics.push_back({Severity::warning, "config-unknown-key", message, locate(cfg_.path, value, dotted)});
    }

    Result<void> typed(const KeyInfo* info, const std::string& dotted, const TomlValue& value) {
        Location where = locate(cfg_.path, value, dotted);
        auto v = convert(value, info->type);
        if (!v)
            return fail(fmt::format("'{}' must be {}, not {}", dotted, expected_name(info->type), toml_type_name(value)), where);
        if (!info->allowed.empty()) {
            for (const auto& [spelling, canonical] : info->value_spellings)
                if (*v->get<std::string>() == spelling) v = Value(canonical);
            const std::string& s = *v->get<std::string>();
            if (std::find(info->allowed.begin(), info->allowed.end(), s) == info->allowed.end()) {
                std::string options;
                for (const auto& a : info->allowed) options += (options.empty() ? "" : " | ") + a;
                auto near = util::closest(s, info->allowed);
                return fail(fmt::format("'{}' is \"{}\"; expected one of {}{}", dotted, s, options,
                                        near ? fmt::format(" (did you mean \"{}\"?)", *near) : ""),
                            where);
            }
        }
        if (const auto* i = v->get<std::int64_t>(); i && info->key.rfind("parallel.", 0) == 0 && *i < 1)
            return fail(fmt::format("'{}' is {}; a parallel degree is at least 1", dotted, *i), where);
        if (const auto* i = v->get<std::int64_t>(); i && ((info->min && *i < *info->min) || (info->max && *i > *info->max)))
            return fail(fmt::format("'{}' is {}; it must be {}", dotted, *i,
                                    info->max ? fmt::format("from {} to {}", info->min.value_or(0), *info->max)
                                              : fmt::format("at least {}", *info->min)),
                        where);
        cfg_.values[dotted] = Fact{*v, Origin{OriginKind::job, where, {}}};
        return {};
    }

    Result<void> section(const std::string& name, const TomlValue& table) {
        for (const auto& [key, value] : table.as_table()) {
            std::string dotted = name + "." + key;
            Location where = locate(cfg_.path, value, dotted);
            if (name == kEnvSection) {
                if (!util::is_env_name(key))
                    return fail(fmt::format("'{}' is not a valid environment variable name (letters, digits, '_'; not "
                                            "starting with a digit)", key), where);
                if (!value.is_string())
                    return fail(fmt::format("'{}' must be a string, not {} (quote it)", dotted, toml_type_name(value)), where);
                cfg_.env[key] = Fact{Value(value.as_string().str), Origin{OriginKind::job, where, {}}};
            } else if (name == kPackagesSection) {
                // `name = false` states that the package is not installed.
                if (value.is_boolean() && !value.as_boolean()) {
                    cfg_.packages[version::normalize_package_name(key)] = Fact{Value(Null{}), Origin{OriginKind::job, where, {}}};
                    continue;
                }
                if (!value.is_string())
                    return fail(fmt::format("'{}' must be a version string (or false: not installed), not {}", dotted,
                                            toml_type_name(value)), where);
                std::string normalized = version::normalize_package_name(key);
                auto scheme = scheme_of_(normalized);
                auto v = version::Version::parse(scheme, value.as_string().str);
                if (!v)
                    return fail(fmt::format("'{}' = \"{}\" is not a valid {} version", dotted, value.as_string().str,
                                            version::to_string(scheme)), where);
                cfg_.packages[normalized] = Fact{Value(*v), Origin{OriginKind::job, where, {}}};
            } else if (name == kRevisionsSection) {
                if (!value.is_string() || value.as_string().str.empty())
                    return fail(fmt::format("'{}' must name the git branch or tag it was installed from (a non-empty "
                                            "string), not {}", dotted, toml_type_name(value)), where);
                cfg_.revisions[version::normalize_package_name(key)] =
                    Fact{Value(value.as_string().str), Origin{OriginKind::job, where, {}}};
            } else if (const KeyInfo* info = find_key(dotted)) {
                if (auto r = typed(info, dotted, value); !r) return r;
            } else if (name == kModelSection) {
                auto v = scalar(value);
                if (!v) return fail(fmt::format("'{}' must be a scalar, not {}", dotted, toml_type_name(value)), where);
                cfg_.values[dotted] = Fact{*v, Origin{OriginKind::job, where, {}}};
            } else if (!find_section(name)) {
                auto near = util::closest(name, section_names());
                cfg_.diagnostics.push_back(
                    {Severity::warning, "config-unknown-section",
                     fmt::format("unknown section [{}]{} It is ignored.", name,
                                 near ? fmt::format("; did you mean [{}]?", *near) : "."),
                     locate(cfg_.path, table, name)});
                return {};
            } else {
                unknown(dotted, value, name);
            }
        }
        return {};
    }

    static bool find_section(const std::string& name) {
        auto names = section_names();
        return std::find(names.begin(), names.end(), name) != names.end();
    }

    // [model] config = "…/config.json": model keys from the file, at the top level
    // and under text_config; keys written in [model] win.
    Result<void> model_config() {
        auto it = cfg_.values.find("model.config");
        if (it == cfg_.values.end()) return {};
        const Location& where = it->second.origin.where;
        std::filesystem::path file(*it->second.value.get<std::string>());
        if (file.is_relative()) file = std::filesystem::path(cfg_.path).parent_path() / file;
        std::ifstream in(file, std::ios::binary);
        if (!in) return fail(fmt::format("model.config: cannot read '{}'", file.string()), where);
        nlohmann::json json;
        try {
            json = nlohmann::json::parse(in);
        } catch (const nlohmann::json::parse_error& e) {
            return fail(fmt::format("model.config: '{}' is not valid JSON: {}", file.string(), e.what()), where);
        }
        if (!json.is_object()) return fail(fmt::format("model.config: '{}' does not hold a JSON object", file.string()), where);
        Origin origin{OriginKind::model_config, Location{file.string()}, {}};
        auto read_level = [&](const nlohmann::json& level) -> Result<void> {
            for (const auto& info : key_table()) {
                if (info.key.rfind("model.", 0) != 0) continue;
                std::string leaf = info.key.substr(6);
                if (leaf == "id" || leaf == "arch" || leaf == "config" || !level.contains(leaf)) continue;
                if (cfg_.values.count(info.key) && cfg_.values[info.key].origin.kind == OriginKind::job) continue;
                const auto& j = level[leaf];
                if (!j.is_number_integer())
                    return fail(fmt::format("model.config: '{}' in '{}' must be an integer", leaf, file.string()), where);
                cfg_.values[info.key] = Fact{Value(j.get<std::int64_t>()), origin};
            }
            return {};
        };
        if (auto r = read_level(json); !r) return r;
        if (json.contains("text_config") && json["text_config"].is_object())
            if (auto r = read_level(json["text_config"]); !r) return r;
        if (!cfg_.values.count("model.arch") && json.contains("model_type") && json["model_type"].is_string())
            cfg_.values["model.arch"] = Fact{Value(json["model_type"].get<std::string>()), origin};
        return {};
    }
};

}  // namespace

Result<RunConfig> load_run_config(const std::string& path, const SchemeOf& scheme_of) {
    return Loader(path, scheme_of).run();
}

}  // namespace preflight::config
