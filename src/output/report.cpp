#include "output/report.hpp"

#include <fmt/format.h>

#include "output/excerpt.hpp"
#include "output/fact_lines.hpp"
#include "output/json_value.hpp"
#include "output/printable.hpp"

namespace preflight::output {
namespace {

// Waivers and baselines (rules/waiver.hpp, rules/baseline.hpp).
std::string where_text(const Location& l) { return l.line > 0 ? fmt::format("{}:{}", l.file, l.line) : l.file; }

// Why a suppressed finding does not count: "in the baseline B", "waived at W by O until D: why".
std::string suppression_reason(const rules::Suppression& s) {
    if (s.kind == rules::Suppression::Kind::baseline) return fmt::format("in the baseline {}", printable(where_text(s.where)));
    if (s.kind == rules::Suppression::Kind::comment)
        return fmt::format("ignored at {}: {}", printable(where_text(s.where)), printable(s.justification));
    return fmt::format("waived at {} by {}{}: {}", printable(where_text(s.where)), printable(s.owner),
                       s.expires.empty() ? "" : " until " + s.expires, printable(s.justification));
}

nlohmann::ordered_json suppression_json(const rules::Suppression& s) {
    nlohmann::ordered_json j;
    j["kind"] = rules::to_string(s.kind);
    j["justification"] = s.justification;
    j["owner"] = s.owner.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.owner);
    j["expires"] = s.expires.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(s.expires);
    j["where"] = where_text(s.where);
    return j;
}

// "41 rules applied, 12 not applicable, 3 undetermined: missing pkg(cann), model.arch":
// how much of the loaded knowledge judged the launch.
std::string coverage_text(const rules::Coverage& c) {
    std::string out = fmt::format("{} rule{} applied, {} not applicable, {} undetermined", c.applied, c.applied == 1 ? "" : "s",
                                  c.not_applicable, c.undetermined);
    if (c.ignored > 0) out += fmt::format(", {} ignored", c.ignored);
    if (c.missing.empty()) return out;
    constexpr std::size_t shown = 4;
    std::vector<std::string> names(c.missing.begin(),
                                   c.missing.begin() + static_cast<std::ptrdiff_t>(std::min(shown, c.missing.size())));
    out += fmt::format(" (missing {}{})", fmt::join(names, ", "),
                       c.missing.size() > shown ? fmt::format(" and {} more", c.missing.size() - shown) : "");
    return out;
}

}  // namespace

nlohmann::ordered_json coverage_json(const rules::Coverage& c) {
    return {{"applied", c.applied},
            {"not_applicable", c.not_applicable},
            {"undetermined", c.undetermined},
            {"ignored", c.ignored},
            {"missing", c.missing}};
}

std::string text_report(const ReportInput& in, const Style& style) {
    const auto& r = *in.result;
    std::string out;
    int counts[3] = {0, 0, 0};
    int fixable = 0;
    int suppressed = 0;
    for (const auto& f : r.findings) {
        // A suppressed finding (waiver or baseline) is shown, marked, and counted apart.
        if (f.suppressed) ++suppressed;
        else ++counts[static_cast<int>(f.severity)];
        if (f.fixable) ++fixable;
        if (f.suppressed) {
            // Accepted already: one line each, after everything that decides the verdict.
            std::string line = diagnostic_line(f.location, f.severity, f.message, f.rule, style);
            while (!line.empty() && line.back() == '\n') line.pop_back();
            out += fmt::format("suppressed: {} ({})\n", line, suppression_reason(*f.suppressed));
            continue;
        }
        out += diagnostic_line(f.location, f.severity, f.message, f.rule, style);
        out += excerpt(f.location, style);
        for (const auto& d : f.details) out += fmt::format("  - {}\n", printable(d));
        for (const auto& fix : f.fixes) out += fmt::format("  fix: {}\n", printable(fix));
        // Derived facts stay in JSON; people read the job and environment values under them.
        for (const auto& e : f.evidence)
            if (!e.derived) out += fmt::format("  fact: {}\n", fact_line(e.origin, e.fact, e.value));
    }
    if (!in.quiet) {
        if (!r.patch.empty()) {
            out += "\n" + style.bold("patched runtime arguments:") + "\n";
            for (const auto& [name, e] : r.patch.env)
                out += e.value ? fmt::format("  {}={}  [{}]\n", printable(name), printable(display(*e.value)), printable(e.rule))
                               : fmt::format("  unset {}  [{}]\n", printable(name), printable(e.rule));
            for (const auto& [key, e] : r.patch.config)
                out += fmt::format("  {} = {}  [{}]\n", printable(key), printable(literal(*e.value)), printable(e.rule));
        }
        if (!r.fallbacks.empty()) {
            out += "\n" + style.bold("kernel fallbacks:") + "\n";
            for (const auto& fb : r.fallbacks)
                out += fmt::format("  {} -> {}  [{}]\n      {}\n", printable(fb.kernel), printable(fb.implementation),
                                   printable(fb.rule), printable(fb.reason));
        }
        if (!r.limitations.empty()) {
            out += "\n" + style.bold("limitations:") + "\n";
            for (const auto& lim : r.limitations)
                out += fmt::format("  {}  [{}]\n      {}\n", printable(lim.feature), printable(lim.rule), printable(lim.reason));
        }
        out += fmt::format("\nverdict: {} ({} error{}, {} warning{}, {} info; {} fixable{}) — {}\n", style.bold(in.verdict),
                           counts[2], counts[2] == 1 ? "" : "s", counts[1], counts[1] == 1 ? "" : "s", counts[0], fixable,
                           suppressed ? fmt::format("; {} suppressed", suppressed) : "", printable(coverage_text(r.coverage)));
    }
    return out;
}

nlohmann::ordered_json json_report(const ReportInput& in) {
    const auto& r = *in.result;
    auto j = versioned<nlohmann::ordered_json>(kCheckOutputVersion);
    j["config"] = in.config_path;
    j["verdict"] = in.verdict;
    j["coverage"] = coverage_json(r.coverage);
    auto findings = nlohmann::ordered_json::array();
    auto undetermined = nlohmann::ordered_json::array();
    for (const auto& f : r.undetermined) undetermined.push_back({{"rule", f.rule}, {"missing", f.missing}});
    for (const auto& f : r.findings) {
        nlohmann::ordered_json loc;
        loc["file"] = f.location.file;
        loc["line"] = f.location.line > 0 ? nlohmann::ordered_json(f.location.line) : nlohmann::ordered_json(nullptr);
        loc["column"] = f.location.column > 0 ? nlohmann::ordered_json(f.location.column) : nlohmann::ordered_json(nullptr);
        loc["key"] = f.location.key.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(f.location.key);
        nlohmann::ordered_json item;
        item["rule"] = f.rule;
        item["pack"] = f.pack;
        item["severity"] = to_string(f.severity);
        item["message"] = f.message;
        item["location"] = loc;
        item["fixable"] = f.fixable;
        item["references"] = f.references;
        item["fixes"] = f.fixes;
        auto facts = nlohmann::ordered_json::array();
        for (const auto& e : f.evidence) facts.push_back({{"fact", e.fact}, {"value", e.value}, {"origin", e.origin}});
        item["facts"] = facts;
        item["undetermined"] = f.undetermined;
        if (!f.details.empty()) item["details"] = f.details;
        if (f.suppressed) item["suppressed"] = suppression_json(*f.suppressed);
        findings.push_back(item);
    }
    j["findings"] = findings;
    nlohmann::ordered_json patch;
    patch["env"] = nlohmann::ordered_json::object();
    patch["unset_env"] = nlohmann::ordered_json::array();
    patch["config"] = nlohmann::ordered_json::object();
    for (const auto& [name, e] : r.patch.env) {
        if (e.value) patch["env"][name] = display(*e.value);
        else patch["unset_env"].push_back(name);
    }
    for (const auto& [key, e] : r.patch.config) patch["config"][key] = to_json(*e.value);
    j["patch"] = patch;
    auto fallbacks = nlohmann::ordered_json::array();
    for (const auto& fb : r.fallbacks)
        fallbacks.push_back(
            {{"kernel", fb.kernel}, {"implementation", fb.implementation}, {"rule", fb.rule}, {"reason", fb.reason}});
    j["fallbacks"] = fallbacks;
    auto limitations = nlohmann::ordered_json::array();
    for (const auto& lim : r.limitations)
        limitations.push_back({{"feature", lim.feature}, {"rule", lim.rule}, {"reason", lim.reason}});
    j["limitations"] = limitations;
    j["undetermined"] = undetermined;
    return j;
}

std::string text_launch_report(const std::vector<LaunchReportInput>& launches, const Style& style) {
    std::string out;
    for (const auto& l : launches) {
        if (!out.empty()) out += "\n";
        out += fmt::format("== {}\n", printable(l.label));
        out += text_report(l.report, style);
    }
    return out;
}

nlohmann::ordered_json json_launch_report(const std::string& input, const std::string& verdict,
                                          const std::vector<LaunchReportInput>& launches) {
    auto j = versioned<nlohmann::ordered_json>(kCheckOutputVersion);
    j["config"] = input;
    j["verdict"] = verdict;
    auto items = nlohmann::ordered_json::array();
    for (const auto& l : launches) {
        nlohmann::ordered_json item;
        item["launch"] = {{"file", l.where.file},
                          {"line", l.where.line > 0 ? nlohmann::ordered_json(l.where.line) : nlohmann::ordered_json(nullptr)},
                          {"launcher", l.launcher}};
        auto report = json_report(l.report);
        for (auto& [key, value] : report.items())
            if (key != "preflight_version" && key != "output_version") item[key] = value;
        items.push_back(std::move(item));
    }
    j["launches"] = std::move(items);
    return j;
}

namespace {

std::string worse(const std::string& a, const std::string& b) {
    if (a == "fail" || b == "fail") return "fail";
    return a == "warn" || b == "warn" ? "warn" : "pass";
}

struct Tally {
    std::size_t jobs = 0, scripts = 0, launches = 0, no_launch = 0, pass = 0, warn = 0, fail = 0, unreadable = 0;
};

Tally tally(const std::vector<FileReport>& files) {
    Tally t;
    for (const auto& f : files) {
        if (f.error) {
            ++t.unreadable;
            continue;
        }
        (f.script ? t.scripts : t.jobs) += 1;
        if (f.script && f.launches.empty()) ++t.no_launch;
        for (const auto& l : f.launches) {
            if (f.script) ++t.launches;
            const auto& v = l.report.verdict;
            (v == "fail" ? t.fail : v == "warn" ? t.warn : t.pass) += 1;
        }
    }
    return t;
}

}  // namespace

std::string worst_verdict(const std::vector<FileReport>& files) {
    std::string worst = "pass";
    for (const auto& f : files)
        for (const auto& l : f.launches) worst = worse(worst, l.report.verdict);
    return worst;
}

std::string text_files_report(const std::vector<FileReport>& files, const Style& style) {
    std::string out;
    for (const auto& f : files) {
        if (f.script && f.launches.empty() && !f.no_launch.empty()) {
            // Never passed over silently: the walk says which script it found no launch in.
            if (!out.empty()) out += "\n";
            out += fmt::format("== {}\n{}: {}: no launch found: {}\n", printable(f.path), printable(f.path),
                               style.severity(Severity::info), printable(f.no_launch));
            continue;
        }
        if (f.launches.empty()) continue;
        if (!out.empty()) out += "\n";
        if (f.script) {
            out += text_launch_report(f.launches, style);
        } else {
            out += fmt::format("== {}\n", printable(f.path));
            out += text_report(f.launches.front().report, style);
        }
    }
    Tally t = tally(files);
    out += fmt::format(
        "\n{} ({} job file{}, {} launch{} in {} script{}{}): {} failed, {} warned, {} passed{}\n",
        // An unreadable file leaves the run incomplete (exit 2), whatever the others say.
        style.bold("checked: " + (t.unreadable ? std::string("incomplete") : worst_verdict(files))), t.jobs,
        t.jobs == 1 ? "" : "s", t.launches, t.launches == 1 ? "" : "es", t.scripts, t.scripts == 1 ? "" : "s",
        t.no_launch ? fmt::format(", {} with no launch found", t.no_launch) : "", t.fail, t.warn, t.pass,
        t.unreadable ? fmt::format("; {} file{} unreadable (above, on stderr)", t.unreadable, t.unreadable == 1 ? "" : "s") : "");
    return out;
}

nlohmann::ordered_json json_files_report(const std::vector<FileReport>& files) {
    auto j = versioned<nlohmann::ordered_json>(kCheckOutputVersion);
    Tally t = tally(files);
    // As the text summary: an unreadable file leaves the run incomplete (exit 2), so the
    // verdict never reads "pass" on a run whose exit code says it failed.
    j["verdict"] = t.unreadable ? std::string("incomplete") : worst_verdict(files);
    j["summary"] = {{"files", files.size()},  {"jobs", t.jobs},           {"scripts", t.scripts},
                    {"launches", t.launches}, {"no_launch", t.no_launch}, {"pass", t.pass},
                    {"warn", t.warn},         {"fail", t.fail},           {"unreadable", t.unreadable}};
    auto items = nlohmann::ordered_json::array();
    for (const auto& f : files) {
        nlohmann::ordered_json item;
        if (f.error) {
            const auto& l = f.error->location;
            item["config"] = f.path;
            item["error"] = {{"message", f.error->message},
                             {"line", l.line > 0 ? nlohmann::ordered_json(l.line) : nlohmann::ordered_json(nullptr)},
                             {"column", l.column > 0 ? nlohmann::ordered_json(l.column) : nlohmann::ordered_json(nullptr)}};
            items.push_back(std::move(item));
            continue;
        }
        if (f.script) {
            std::string verdict = "pass";
            for (const auto& l : f.launches) verdict = worse(verdict, l.report.verdict);
            item = json_launch_report(f.path, verdict, f.launches);
            if (f.launches.empty() && !f.no_launch.empty()) item["no_launch"] = f.no_launch;
        } else {
            item = json_report(f.launches.front().report);
        }
        item.erase("preflight_version");
        item.erase("output_version");
        items.push_back(std::move(item));
    }
    j["files"] = std::move(items);
    return j;
}

}  // namespace preflight::output
