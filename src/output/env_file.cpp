#include "output/env_file.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/fact_ref.hpp"
#include "util/identifiers.hpp"
#include "util/utf8.hpp"
#include "version/python_space.hpp"

namespace preflight::output {
namespace {

tl::unexpected<Error> refuse(const EnvEntry& e, std::string_view format, std::string_view why) {
    Location l;
    l.key = FactRef::env(e.name).key();
    return fail(fmt::format("{}: the {} format cannot carry this value: {}", e.name, format, why), l);
}

std::string comment(const EnvEntry& e) { return e.rule.empty() ? "" : fmt::format("# set by [{}]\n", e.rule); }

// sh: single quotes keep every byte but the quote itself, written '\''.
std::string sh_quote(const std::string& v) {
    std::string out = "'";
    for (char c : v) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}

Result<std::string> render_sh(const std::vector<EnvEntry>& entries) {
    std::string out = "# launch environment written by preflight; source it with: set -a; . FILE\n";
    for (const auto& e : entries) {
        if (!e.value) {
            out += fmt::format("{}unset {}\n", e.rule.empty() ? "" : fmt::format("# unset by [{}]\n", e.rule), e.name);
            continue;
        }
        out += comment(e) + fmt::format("export {}={}\n", e.name, sh_quote(*e.value));
    }
    return out;
}

// Whether an unquoted dotenv value would lose something: python-dotenv skips white
// space after '=', strips it at the end and cuts a comment at white space before '#',
// and its white space is Python's (`\s` and str.rstrip() on str): U+00A0, U+2000..U+200A,
// U+3000 and the other Unicode spaces as well as the ASCII blanks.
bool dotenv_would_strip(const std::string& v) {
    if (version::strip_python_space(v).size() != v.size()) return true;
    for (std::size_t hash = v.find('#'); hash != std::string::npos; hash = v.find('#', hash + 1)) {
        std::string_view before = std::string_view(v).substr(0, hash);
        std::string_view kept = version::strip_python_space(before);
        if (kept.empty() ? !before.empty() : kept.data() + kept.size() != before.data() + before.size()) return true;
    }
    return false;
}

// dotenv, as python-dotenv reads it: an unquoted value runs to the end of the line
// (minus a comment and white space, dotenv_would_strip); inside double quotes it decodes \\, \",
// \n, \r and the other C escapes. The file is read with universal newlines, so a
// raw carriage return would come back as a newline: quoted values are written on one
// line with \r and \n escaped. python-dotenv expands ${…} in every value, so that
// cannot be carried at all.
Result<std::string> render_dotenv(const std::vector<EnvEntry>& entries) {
    std::string out = "# launch environment written by preflight (python-dotenv dialect)\n";
    for (const auto& e : entries) {
        if (!e.value) {
            out += fmt::format("# {} must be unset{}: dotenv cannot unset\n", e.name, e.rule.empty() ? "" : " [" + e.rule + "]");
            continue;
        }
        const std::string& v = *e.value;
        if (v.find("${") != std::string::npos)
            return refuse(e, "dotenv", "python-dotenv expands '${…}' and has no escape for it");
        bool plain = !v.empty() && v.find_first_of("\r\n") == std::string::npos && v.front() != '\'' && v.front() != '"' &&
                     !dotenv_would_strip(v);
        std::string encoded;
        if (plain) {
            encoded = v;
        } else {
            // python-dotenv's quoted-value pattern reads backslash-quote as an escaped
            // quote before it looks for the closing one.
            if (!v.empty() && v.back() == '\\') return refuse(e, "dotenv", "a quoted value cannot end in a backslash");
            encoded = "\"";
            for (char c : v) {
                if (c == '\\') encoded += "\\\\";
                else if (c == '"') encoded += "\\\"";
                else if (c == '\r') encoded += "\\r";
                else if (c == '\n') encoded += "\\n";
                else encoded += c;
            }
            encoded += "\"";
        }
        out += comment(e) + fmt::format("{}={}\n", e.name, encoded);
    }
    return out;
}

// systemd EnvironmentFile=: KEY="value" with \" \\ \` \$ escaped; a newline inside
// double quotes is kept as it is (systemd.exec(5), env-file parsing).
Result<std::string> render_systemd(const std::vector<EnvEntry>& entries) {
    std::string out = "# launch environment written by preflight (systemd EnvironmentFile=)\n";
    for (const auto& e : entries) {
        if (!e.value) {
            out += fmt::format("# {} must be unset{}: use UnsetEnvironment= in the unit\n", e.name,
                               e.rule.empty() ? "" : " [" + e.rule + "]");
            continue;
        }
        if (e.value->find('\r') != std::string::npos) return refuse(e, "systemd", "systemd drops carriage returns");
        std::string encoded = "\"";
        for (char c : *e.value) {
            if (c == '"' || c == '\\' || c == '`' || c == '$') encoded += '\\';
            encoded += c;
        }
        out += comment(e) + fmt::format("{}={}\"\n", e.name, encoded);
    }
    return out;
}

// Ray sets runtime_env env_vars through os.path.expandvars (ray-project/ray#36187,
// python/ray/_private/utils.py update_envs), which expands $NAME and ${…} and has no
// escape: a value holding either cannot be carried.
bool ray_expands(const std::string& v) {
    for (std::size_t i = v.find('$'); i != std::string::npos && i + 1 < v.size(); i = v.find('$', i + 1)) {
        unsigned char next = static_cast<unsigned char>(v[i + 1]);
        if (next == '{' || next == '_' || (next < 0x80 && std::isalnum(next))) return true;
    }
    return false;
}

// Ray runtime_env: {"env_vars": {...}}. JSON has no comments, so no provenance.
Result<std::string> render_ray(const std::vector<EnvEntry>& entries) {
    nlohmann::ordered_json vars = nlohmann::ordered_json::object();
    for (const auto& e : entries) {
        if (!e.value) continue;
        if (!util::valid_utf8(*e.value)) return refuse(e, "ray", "it is not valid UTF-8, which JSON requires");
        if (ray_expands(*e.value))
            return refuse(e, "ray", "Ray expands '$NAME' and '${…}' in env_vars (os.path.expandvars) and has no escape for it");
        vars[e.name] = *e.value;
    }
    return nlohmann::ordered_json{{"env_vars", vars}}.dump(2) + "\n";
}

// k8s: a container `env:` list; values are YAML double-quoted scalars, with every
// character YAML does not allow printed raw written as an escape. Kubernetes expands
// $(NAME) in env[].value and reads $$ as $ (the EnvVar.value API field doc), so every
// $ is written $$: it comes back as itself whatever follows it.
Result<std::string> render_k8s(const std::vector<EnvEntry>& entries) {
    std::string out = "# launch environment written by preflight (Kubernetes container env)\nenv:\n";
    bool any = false;
    for (const auto& e : entries) {
        if (!e.value) {
            out += fmt::format("# {} must be unset{}\n", e.name, e.rule.empty() ? "" : " [" + e.rule + "]");
            continue;
        }
        std::string encoded = "\"";
        const std::string& v = *e.value;
        for (std::size_t i = 0; i < v.size();) {
            char32_t cp = 0;
            std::size_t n = util::utf8_next(v, i, cp);
            if (n == 0) return refuse(e, "k8s", "it is not valid UTF-8, which YAML requires");
            if (cp == '"') encoded += "\\\"";
            else if (cp == '$') encoded += "$$";
            else if (cp == '\\') encoded += "\\\\";
            else if (cp == '\n') encoded += "\\n";
            else if (cp == '\t') encoded += "\\t";
            else if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0) || cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF)
                encoded += fmt::format("\\u{:04X}", static_cast<unsigned>(cp));
            else encoded += v.substr(i, n);
            i += n;
        }
        encoded += "\"";
        out += (e.rule.empty() ? "" : fmt::format("  # set by [{}]\n", e.rule)) +
               fmt::format("  - name: {}\n    value: {}\n", e.name, encoded);
        any = true;
    }
    if (!any) out.replace(out.find("env:\n"), 5, "env: []\n");
    return out;
}

Result<std::string> render_github(const std::vector<EnvEntry>& entries) {
    std::string out;
    for (const auto& e : entries) {
        if (!e.value) continue;  // $GITHUB_ENV cannot unset
        const std::string& v = *e.value;
        if (v.find('\r') != std::string::npos) return refuse(e, "github", "the runner splits lines at carriage returns");
        std::string delimiter = "PREFLIGHT_EOF";
        for (int n = 1; ("\n" + v + "\n").find("\n" + delimiter + "\n") != std::string::npos; ++n)
            delimiter = "PREFLIGHT_EOF_" + std::to_string(n);
        out += fmt::format("{}<<{}\n{}{}{}\n", e.name, delimiter, v, v.empty() ? "" : "\n", delimiter);
    }
    return out;
}

}  // namespace

std::optional<EnvFormat> parse_env_format(std::string_view name) {
    if (name == "sh") return EnvFormat::sh;
    if (name == "dotenv") return EnvFormat::dotenv;
    if (name == "systemd") return EnvFormat::systemd;
    if (name == "ray") return EnvFormat::ray;
    if (name == "k8s") return EnvFormat::k8s;
    if (name == "github") return EnvFormat::github;
    return std::nullopt;
}

std::vector<std::string> env_format_names() { return {"sh", "dotenv", "systemd", "ray", "k8s", "github"}; }

Result<std::string> render_env(std::vector<EnvEntry> entries, EnvFormat format) {
    std::sort(entries.begin(), entries.end(), [](const EnvEntry& a, const EnvEntry& b) { return a.name < b.name; });
    for (const auto& e : entries) {
        if (!util::is_env_name(e.name)) {
            Location l;
            l.key = FactRef::env(e.name).key();
            return fail(
                fmt::format("'{}' is not a valid environment variable name (letters, digits, '_'; not starting with a digit)",
                            e.name),
                l);
        }
        if (e.value && e.value->find('\0') != std::string::npos) {
            Location l;
            l.key = FactRef::env(e.name).key();
            return fail(fmt::format("{}: no environment can carry this value: it holds a NUL byte", e.name), l);
        }
    }
    switch (format) {
        case EnvFormat::sh: return render_sh(entries);
        case EnvFormat::dotenv: return render_dotenv(entries);
        case EnvFormat::systemd: return render_systemd(entries);
        case EnvFormat::ray: return render_ray(entries);
        case EnvFormat::k8s: return render_k8s(entries);
        case EnvFormat::github: return render_github(entries);
    }
    return fail("unknown format");
}

}  // namespace preflight::output
