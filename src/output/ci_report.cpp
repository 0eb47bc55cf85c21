#include "output/ci_report.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>

#include <fmt/format.h>

#include "output/patched_job.hpp"
#include "output/printable.hpp"
#include "output/reference_url.hpp"
#include "rules/baseline.hpp"
#include "rules/fingerprint.hpp"
#include "util/utf8.hpp"

namespace preflight::output {
namespace {

constexpr const char* kSourceRoot = "SRCROOT";

// An undetermined note is info unless --strict raised it to its rules' severity; then it
// fails the check, and every format says so at that level.
const char* finding_level(const rules::Finding& f) { return sarif_level(f.severity); }

std::string file_of(const rules::Finding& f, const CheckedFile& file) {
    return f.location.file.empty() ? file.path : f.location.file;
}

// Whether an identity path (rules::identity_path) names a file below the root, rather
// than one outside it (a --with file elsewhere), which only its absolute path names.
bool below_root(const std::string& identity) {
    return !identity.empty() && identity.front() != '/' && identity != ".." && !identity.starts_with("../");
}

// A SARIF artifactLocation: relative to SRCROOT (the run's originalUriBaseIds) for a file
// inside the root, so results read the same in every checkout; an absolute file URI else.
nlohmann::ordered_json artifact_location(const std::string& path, const std::string& identity) {
    if (below_root(identity)) return {{"uri", sarif_uri(identity)}, {"uriBaseId", kSourceRoot}};
    if (path.empty()) return {{"uri", ""}};  // a launch given as a command line: no file
    std::error_code ec;
    auto absolute = std::filesystem::absolute(path, ec).lexically_normal().generic_string();
    if (ec) return {{"uri", sarif_uri(path)}};
    return {{"uri", "file://" + sarif_uri(absolute)}};
}

// A result's `locations`: the artifact, and the line and columns where known.
nlohmann::ordered_json locations(nlohmann::ordered_json artifact, const Location& where) {
    using json = nlohmann::ordered_json;
    json physical = {{"artifactLocation", std::move(artifact)}};
    if (where.line > 0) {
        json region = {{"startLine", where.line}};
        if (where.column > 0) region["startColumn"] = where.column;
        if (where.end_column > where.column && where.column > 0) region["endColumn"] = where.end_column;
        physical["region"] = std::move(region);
    }
    return json::array({{{"physicalLocation", std::move(physical)}}});
}

// UTF-8 code points in s[0, n): SARIF counts characters, and the run says which kind.
std::size_t code_points(const std::string& s, std::size_t n) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < n && i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++count;
    return count;
}

// The SARIF `fixes` of one finding: its rule's part of the patch applied to the job's
// text, as one replacement of the lines that change. Empty when nothing changes there.
nlohmann::ordered_json sarif_fixes(const rules::Finding& f, const CheckedFile& file, const nlohmann::ordered_json& location) {
    using json = nlohmann::ordered_json;
    if (!f.fixable || !file.job_text || !file.facts) return json();
    rules::Patch own;
    for (const auto& [name, e] : file.result->patch.env)
        if (e.rule == f.rule) own.env.emplace(name, e);
    for (const auto& [key, e] : file.result->patch.config)
        if (e.rule == f.rule) own.config.emplace(key, e);
    if (own.empty()) return json();
    auto patched = patched_job(*file.job_text, file.path, file.path, own, *file.facts);
    if (!patched || patched->text == *file.job_text) return json();
    const std::string& before = *file.job_text;
    const std::string& after = patched->text;
    // Common whole lines at both ends; what lies between is replaced.
    std::size_t prefix = 0;
    for (std::size_t i = 0; i < before.size() && i < after.size() && before[i] == after[i]; ++i)
        if (before[i] == '\n') prefix = i + 1;
    // Whole lines at the end: the last newline of the matching tail (or the whole rest,
    // when it ends right at a line start of the longer text) bounds them.
    std::size_t suffix = 0;
    std::size_t room = std::min(before.size(), after.size()) - prefix;
    std::size_t i = 1;
    for (; i <= room && before[before.size() - i] == after[after.size() - i]; ++i)
        if (before[before.size() - i] == '\n' && i > 1) suffix = i - 1;
    if (i > room) {
        const std::string& longer = before.size() > after.size() ? before : after;
        std::size_t start = longer.size() - room;
        if (start == 0 || longer[start - 1] == '\n') suffix = room;
    }
    std::size_t offset = code_points(before, prefix);
    std::size_t length = code_points(before, before.size() - suffix) - offset;
    std::string inserted = after.substr(prefix, after.size() - suffix - prefix);
    json replacement = {{"deletedRegion", {{"charOffset", offset}, {"charLength", length}}},
                        {"insertedContent", {{"text", inserted}}}};
    json change = {{"artifactLocation", location}, {"replacements", json::array({std::move(replacement)})}};
    std::string description = f.fixes.empty() ? "apply " + f.rule + "'s fix" : fmt::format("{}", fmt::join(f.fixes, "; "));
    return json::array({{{"description", {{"text", description}}}, {"artifactChanges", json::array({std::move(change)})}}});
}

bool is_url(const std::string& ref) { return ref.starts_with("https://") || ref.starts_with("http://"); }

// The first reference a browser can open: a URL, or upstream code at a tag
// (owner/repo@tag:path:line, output/reference_url.hpp).
std::optional<std::string> help_uri(const rules::Rule& rule) {
    for (const auto& ref : rule.text().references)
        if (auto url = reference_url(ref)) return url;
    return std::nullopt;
}

// The rule's explanation page (Markdown, as `preflight explain` shows it), after its
// summary, then its references; the summary alone when the page cannot be read.
nlohmann::ordered_json rule_help(const rules::Rule& rule) {
    std::string text = rule.text().summary;
    if (auto explain = rules::explanation(rule)) {
        while (!explain->empty() && (explain->back() == '\n' || explain->back() == '\r')) explain->pop_back();
        text += "\n\n" + *explain;
    }
    std::string markdown = text;
    if (!rule.text().references.empty()) {
        text += "\n\nReferences:";
        markdown += "\n\nReferences:\n";
        for (const auto& ref : rule.text().references) {
            text += "\n  " + ref;
            markdown += is_url(ref) ? "\n- <" + ref + ">" : "\n- `" + ref + "`";
        }
    }
    return {{"text", text}, {"markdown", markdown}};
}

}  // namespace

// A relative path as a URI reference: every byte but the unreserved ones and '/' escaped.
std::string sarif_uri(const std::string& path) {
    std::string out;
    for (unsigned char c : path) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') out += static_cast<char>(c);
        else out += fmt::format("%{:02X}", c);
    }
    return out;
}

const char* sarif_level(Severity severity) {
    return severity == Severity::error ? "error" : severity == Severity::warning ? "warning" : "note";
}

nlohmann::ordered_json sarif_location(const std::string& path, const Location& where) {
    return locations({{"uri", sarif_uri(path)}}, where);
}

nlohmann::ordered_json sarif_descriptors(const rules::RuleSet& rules) {
    using json = nlohmann::ordered_json;
    json descriptors = json::array();
    for (const auto& r : rules.rules) {
        json d;
        d["id"] = r.id;
        d["shortDescription"] = {{"text", r.text().summary}};
        if (auto uri = help_uri(r)) d["helpUri"] = *uri;
        d["help"] = rule_help(r);
        d["defaultConfiguration"] = {{"level", sarif_level(r.severity)}};
        d["properties"] = {{"pack", r.pack}, {"references", r.text().references}};
        descriptors.push_back(std::move(d));
    }
    return descriptors;
}

std::map<std::string, std::size_t> sarif_rule_index(const nlohmann::ordered_json& descriptors) {
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < descriptors.size(); ++i) index.emplace(descriptors[i].at("id").get<std::string>(), i);
    return index;
}

nlohmann::ordered_json sarif_log(nlohmann::ordered_json descriptors, nlohmann::ordered_json results,
                                 const std::optional<std::filesystem::path>& root) {
    using json = nlohmann::ordered_json;
    json run;
    run["tool"] = {{"driver", {{"name", "preflight"}, {"version", PREFLIGHT_VERSION}, {"rules", std::move(descriptors)}}}};
    if (root) {
        // A base URI is absolute and ends with '/' (SARIF 3.14.14).
        std::string root_uri = "file://" + sarif_uri(root->lexically_normal().generic_string());
        if (root_uri.back() != '/') root_uri += '/';
        run["originalUriBaseIds"] = {{kSourceRoot, {{"uri", root_uri}}}};
    }
    run["results"] = std::move(results);
    run["columnKind"] = "unicodeCodePoints";
    json out;
    out["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
    out["version"] = "2.1.0";
    out["runs"] = json::array({std::move(run)});
    return out;
}

nlohmann::ordered_json sarif_report(const rules::RuleSet& rules, const std::vector<CheckedFile>& files,
                                    const std::filesystem::path& root) {
    using json = nlohmann::ordered_json;
    json descriptors = sarif_descriptors(rules);
    const auto index = sarif_rule_index(descriptors);
    json results = json::array();
    for (const auto& file : files) {
        for (const auto& f : file.result->findings) {
            json r;
            r["ruleId"] = f.rule;
            if (auto it = index.find(f.rule); it != index.end()) r["ruleIndex"] = it->second;
            r["level"] = finding_level(f);
            r["message"] = {{"text", f.message}};
            std::string path = file_of(f, file);
            std::string identity = rules::identity_path(path, root);
            json artifact = artifact_location(path, identity);
            r["locations"] = locations(artifact, f.location);
            r["partialFingerprints"] = {{"preflight/v1", rules::fingerprint(f, identity)}};
            if (f.suppressed) {
                // A waiver in the job file itself is in source; a waiver file or the baseline is not.
                bool in_source = f.suppressed->kind == rules::Suppression::Kind::comment ||
                                 (f.suppressed->kind == rules::Suppression::Kind::waiver && f.suppressed->where.file == path);
                r["suppressions"] = json::array({{{"kind", in_source ? "inSource" : "external"},
                                                  {"status", "accepted"},
                                                  {"justification", f.suppressed->justification}}});
            }
            if (auto fixes = sarif_fixes(f, file, artifact); !fixes.is_null()) r["fixes"] = std::move(fixes);
            json properties = {{"undetermined", f.undetermined}, {"fixable", f.fixable}};
            if (!f.fixes.empty()) properties["fixes"] = f.fixes;
            if (!f.missing.empty()) properties["missing"] = f.missing;
            r["properties"] = std::move(properties);
            results.push_back(std::move(r));
        }
    }
    return sarif_log(std::move(descriptors), std::move(results), root);
}

namespace {

// The runner's escapes (actions/runner, ActionCommand's unescaping): '%', CR and LF in
// the message, and ':' and ',' too in a property. Every other control character (ESC,
// C1, bidirectional overrides, bytes that are not UTF-8) is made printable first: the
// runner passes it to the log unchanged, where it would colour or rewrite the line.
std::string github_escape(const std::string& s, bool property) {
    std::string out;
    std::size_t start = 0;
    auto segment = [&](std::size_t end) {
        for (char c : printable(std::string_view(s).substr(start, end - start))) {
            if (c == '%') out += "%25";
            else if (property && c == ':') out += "%3A";
            else if (property && c == ',') out += "%2C";
            else out += c;
        }
    };
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\r' && s[i] != '\n') continue;
        segment(i);
        out += s[i] == '\r' ? "%0D" : "%0A";
        start = i + 1;
    }
    segment(s.size());
    return out;
}

}  // namespace

std::string github_escape_data(const std::string& s) { return github_escape(s, false); }

std::string github_escape_property(const std::string& s) { return github_escape(s, true); }

std::string ci_json_text(const nlohmann::ordered_json& j) {
    // Bytes that are not UTF-8 become U+FFFD (JSON cannot carry them); C0 controls are
    // escaped by the encoder; DEL, C1 controls, line separators and bidirectional
    // controls are valid in a JSON string but not in a log, so they are written as backslash-u escapes here
    // (the same value to any JSON reader).
    std::string dumped = j.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
    std::string out;
    out.reserve(dumped.size());
    for (std::size_t i = 0; i < dumped.size();) {
        char32_t cp = 0;
        std::size_t n = util::utf8_next(dumped, i, cp);
        if (n == 0) n = 1;  // cannot happen after replace; kept as it is
        else if (cp == 0x7F ||
                 (n > 1 && printable(std::string_view(dumped).substr(i, n)) != std::string_view(dumped).substr(i, n))) {
            out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
            i += n;
            continue;
        }
        out.append(dumped, i, n);
        i += n;
    }
    return out + "\n";
}

std::string github_annotations(const std::vector<CheckedFile>& files, const std::filesystem::path& root) {
    std::string out;
    for (const auto& file : files) {
        for (const auto& f : file.result->findings) {
            const char* command = f.suppressed                      ? "notice"
                                  : f.severity == Severity::error   ? "error"
                                  : f.severity == Severity::warning ? "warning"
                                                                    : "notice";
            std::string path = file_of(f, file);
            std::string identity = rules::identity_path(path, root);
            std::string props = "file=" + github_escape_property(below_root(identity) ? identity : path);
            if (f.location.line > 0) props += fmt::format(",line={}", f.location.line);
            if (f.location.column > 0) props += fmt::format(",col={}", f.location.column);
            if (f.location.end_column > f.location.column && f.location.column > 0)
                props += fmt::format(",endColumn={}", f.location.end_column);
            props += ",title=" + github_escape_property(f.rule);
            std::string message = f.message;
            if (f.suppressed)
                message = fmt::format("suppressed ({}: {}): {}", rules::to_string(f.suppressed->kind),
                                      f.suppressed->justification, message);
            out += fmt::format("::{} {}::{}\n", command, props, github_escape_data(message));
        }
    }
    return out;
}

nlohmann::ordered_json code_quality_report(const std::vector<CheckedFile>& files, const std::filesystem::path& root) {
    using json = nlohmann::ordered_json;
    json out = json::array();
    for (const auto& file : files) {
        for (const auto& f : file.result->findings) {
            // Accepted findings are no issue to show in a merge request.
            if (f.suppressed) continue;
            std::string path = rules::identity_path(file_of(f, file), root);
            const char* severity = f.severity == Severity::error     ? "critical"
                                   : f.severity == Severity::warning ? "major"
                                                                     : "info";
            json issue;
            issue["type"] = "issue";
            issue["check_name"] = f.rule;
            issue["description"] = f.message;
            issue["categories"] = json::array({"Bug Risk"});
            issue["severity"] = severity;
            issue["fingerprint"] = rules::fingerprint(f, path);
            issue["location"] = {{"path", path}, {"lines", {{"begin", std::max(f.location.line, 1)}}}};
            out.push_back(std::move(issue));
        }
    }
    return out;
}

}  // namespace preflight::output
