#include "output/plan_report.hpp"

#include <fmt/format.h>

#include "output/fact_lines.hpp"
#include "output/json_value.hpp"
#include "output/printable.hpp"
#include "output/report.hpp"
#include "rules/fix_text.hpp"

namespace preflight::output {

bool by_pip(const plan::PackageMove& m) { return !m.release || m.release->pip; }

namespace {

std::string verdict_of(const rules::CheckResult& r) {
    return r.has_at_least(Severity::error) ? "fail" : r.has_at_least(Severity::warning) ? "warn" : "pass";
}

template <class Count>
std::string counted(Count n, const char* one) {
    return fmt::format("{} {}{}", n, one, n == 1 ? "" : "s");
}

// A setting as `check` words a fix: "set env USE_MCORE_GDN=0", "set train.packing = false".
std::string setting_text(const plan::SettingChange& s) {
    rules::Fix fix;
    fix.target = s.target.kind == FactRef::Kind::env ? rules::Fix::Target::env : rules::Fix::Target::config;
    fix.key = s.target.name;
    fix.unset = !s.value;
    return rules::fix_text(fix, s.value);
}

std::string requirement(const plan::PackageMove& m) { return fmt::format("{}=={}", m.package, m.to); }

// "torch 2.3.1 -> 2.2.0  (downgrade; matrix: compat-matrices/torch_npu_cann)".
std::string move_text(const plan::PackageMove& m) {
    std::string where = m.release ? m.release->source : "";
    if (m.release && !m.release->date.empty()) where += ", " + m.release->date;
    return fmt::format("{} {} -> {}{}  ({}{}{})", m.package, m.from.empty() ? "(not named)" : m.from, m.to,
                       by_pip(m) ? "" : ", not installed with pip", m.upgrade ? "upgrade" : "downgrade",
                       m.release && m.release->pre ? ", pre-release" : "", where.empty() ? "" : "; " + where);
}

// A finding as one line and its facts, indented under what brought it.
std::string finding_lines(const rules::Finding& f, const std::string& indent, const std::string& label, const Style& style) {
    std::string out =
        fmt::format("{}{}{}: {} [{}]\n", indent, label, style.severity(f.severity), printable(f.message), printable(f.rule));
    for (const auto& e : f.evidence)
        if (!e.derived) out += fmt::format("{}  fact: {}\n", indent, fact_line(e.origin, e.fact, e.value));
    return out;
}

std::string ids(const std::vector<std::string>& rules) {
    std::string out;
    for (const auto& r : rules) out += (out.empty() ? "" : ", ") + printable(r);
    return out;
}

std::string candidate_text(const plan::Candidate& c, const std::string& title, bool full, const Style& style) {
    std::string out = fmt::format("{}: {}, {}; planned stack: {} ({}, {})\n", style.bold(title),
                                  counted(c.moves.size(), "package"), counted(c.settings.size(), "setting"),
                                  verdict_of(c.planned), counted(c.errors, "error"), counted(c.warnings, "warning"));
    if (auto pip = pip_line(c); !pip.empty()) out += "  " + printable(pip) + "\n";
    for (const auto& m : c.moves) {
        out += fmt::format("    {}\n", printable(move_text(m)));
        if (!full) continue;
        if (!m.clears.empty()) out += fmt::format("      clears: {}\n", ids(m.clears));
        for (const auto& f : m.brings) out += finding_lines(f, "      ", "brings ", style);
    }
    for (const auto& s : c.settings)
        out += fmt::format("  {}  [clears {}]{}\n", printable(setting_text(s)), printable(s.rule),
                           c.suggested ? " (suggested fix)" : "");
    if (!full) return out;
    // One move alone: its own lines above said it.
    if (!c.brings.empty() && !(c.moves.size() == 1 && c.settings.empty())) {
        out += "  the planned stack's findings the launch did not have:\n";
        for (const auto& f : c.brings) out += finding_lines(f, "    ", "", style);
    }
    return out;
}

nlohmann::ordered_json finding_json(const rules::Finding& f) {
    auto facts = nlohmann::ordered_json::array();
    for (const auto& e : f.evidence) facts.push_back({{"fact", e.fact}, {"value", e.value}, {"origin", e.origin}});
    return {{"rule", f.rule},       {"pack", f.pack}, {"severity", to_string(f.severity)},
            {"message", f.message}, {"facts", facts}, {"references", f.references}};
}

nlohmann::ordered_json candidate_json(const plan::Candidate& c, const std::string& config_path) {
    nlohmann::ordered_json j;
    auto packages = nlohmann::ordered_json::array();
    for (const auto& m : c.moves) {
        nlohmann::ordered_json p;
        p["package"] = m.package;
        p["from"] = m.from.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(m.from);
        p["to"] = m.to;
        p["requirement"] = requirement(m);
        p["pip"] = by_pip(m);
        p["direction"] = m.upgrade ? "upgrade" : "downgrade";
        p["distance"] = m.distance;
        p["pre_release"] = m.release && m.release->pre;
        p["source"] = m.release ? m.release->source : "";
        p["date"] =
            m.release && !m.release->date.empty() ? nlohmann::ordered_json(m.release->date) : nlohmann::ordered_json(nullptr);
        p["line"] = m.release ? m.release->line : "";
        p["clears"] = m.clears;
        auto brings = nlohmann::ordered_json::array();
        for (const auto& f : m.brings) brings.push_back(finding_json(f));
        p["brings"] = brings;
        packages.push_back(p);
    }
    j["packages"] = packages;
    auto settings = nlohmann::ordered_json::array();
    for (const auto& s : c.settings) {
        nlohmann::ordered_json item;
        item["kind"] = s.target.kind == FactRef::Kind::env ? "env" : "config";
        item["name"] = s.target.name;
        item["value"] = s.value ? to_json(*s.value) : nlohmann::ordered_json(nullptr);
        item["unset"] = !s.value;
        item["rule"] = s.rule;
        item["text"] = setting_text(s);
        settings.push_back(item);
    }
    j["settings"] = settings;
    j["suggested_fixes"] = c.suggested;
    j["pip"] = pip_line(c).empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(pip_line(c));
    j["clears"] = c.clears;
    auto brings = nlohmann::ordered_json::array();
    for (const auto& f : c.brings) brings.push_back(finding_json(f));
    j["brings"] = brings;
    auto planned = json_report({config_path, &c.planned, verdict_of(c.planned), false});
    planned.erase("preflight_version");
    planned.erase("output_version");
    j["planned"] = planned;
    return j;
}

}  // namespace

std::string pip_line(const plan::Candidate& c) {
    std::string out;
    for (const auto& m : c.moves)
        if (by_pip(m)) out += " '" + requirement(m) + "'";
    return out.empty() ? out : "pip install" + out;
}

std::string text_plan_report(const PlanReportInput& in, const Style& style) {
    const auto& p = *in.plan;
    const auto& now = p.before.result;
    int errors = plan::count_errors(now);
    std::string out = fmt::format("{}: {} now ({})\n", printable(in.config_path), verdict_of(now), counted(errors, "error"));
    if (p.nothing_to_do) return out + "nothing to plan: the launch has no error\n";
    for (const auto& f : now.findings)
        if (!f.undetermined && !f.suppressed && f.severity == Severity::error)
            out += fmt::format("  error: {} [{}]\n", printable(f.message), printable(f.rule));
    out += "\n";
    if (!p.best) {
        out += style.bold("no plan") + ": no stack within the known releases and the rules' fixes leaves no error\n";
        for (const auto& b : p.blockers)
            out += fmt::format("  blocked by {}: {}\n    {}\n", printable(b.finding.rule), printable(b.why),
                               printable(b.finding.message));
    } else {
        out += candidate_text(*p.best, "plan", true, style);
        if (!in.quiet && !p.alternatives.empty()) {
            out += "\n" + style.bold("alternatives, ranked:") + "\n";
            for (std::size_t i = 0; i < p.alternatives.size(); ++i)
                out += candidate_text(p.alternatives[i], fmt::format("{}", i + 2), false, style);
        }
    }
    if (!p.kept.empty()) {
        std::string kept;
        for (const auto& k : p.kept) kept += (kept.empty() ? "" : ", ") + printable(k);
        out += fmt::format("\nkept (--keep): {}\n", kept);
    }
    out += fmt::format("\n{} stacks checked{}\n", p.checks,
                       p.capped ? " (the search stopped at its cap: a plan moving more packages may exist)" : "");
    if (p.best) out += fmt::format("verdict of the planned stack: {}\n", style.bold(verdict_of(p.best->planned)));
    return out;
}

nlohmann::ordered_json json_plan_report(const PlanReportInput& in) {
    const auto& p = *in.plan;
    auto j = versioned<nlohmann::ordered_json>(kPlanOutputVersion);
    j["config"] = in.config_path;
    j["verdict_now"] = verdict_of(p.before.result);
    auto errors = nlohmann::ordered_json::array();
    for (const auto& f : p.before.result.findings)
        if (!f.undetermined && !f.suppressed && f.severity == Severity::error) errors.push_back(finding_json(f));
    j["errors_now"] = errors;
    j["nothing_to_do"] = p.nothing_to_do;
    j["best"] = p.best ? candidate_json(*p.best, in.config_path) : nlohmann::ordered_json(nullptr);
    auto alternatives = nlohmann::ordered_json::array();
    for (const auto& c : p.alternatives) alternatives.push_back(candidate_json(c, in.config_path));
    j["alternatives"] = alternatives;
    auto blockers = nlohmann::ordered_json::array();
    for (const auto& b : p.blockers)
        blockers.push_back({{"rule", b.finding.rule}, {"why", b.why}, {"finding", finding_json(b.finding)}});
    j["blockers"] = blockers;
    j["kept"] = p.kept;
    j["checks"] = p.checks;
    j["capped"] = p.capped;
    return j;
}

nlohmann::ordered_json json_launch_plans(const std::string& script, const std::vector<LaunchPlanInput>& launches) {
    auto j = versioned<nlohmann::ordered_json>(kPlanOutputVersion);
    j["config"] = script;
    auto items = nlohmann::ordered_json::array();
    for (const auto& l : launches) {
        auto one = json_plan_report(l.plan);
        one.erase("preflight_version");
        one.erase("output_version");
        items.push_back({{"launch", l.label}, {"plan", one}});
    }
    j["launches"] = items;
    return j;
}

std::string constraints_file(const PlanReportInput& in) {
    std::string out = fmt::format("# pip constraints planned by `preflight plan {}`\n", in.config_path);
    if (in.plan->best)
        for (const auto& m : in.plan->best->moves)
            out += by_pip(m) ? requirement(m) + "\n" : fmt::format("# {}=={} is not installed with pip\n", m.package, m.to);
    return out;
}

}  // namespace preflight::output
