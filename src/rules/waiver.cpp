#include "rules/waiver.hpp"

#include <algorithm>
#include <array>
#include <ctime>
#include <filesystem>
#include <map>
#include <tuple>

#include <fmt/format.h>
#include <fnmatch.h>

#include "util/did_you_mean.hpp"
#include "util/time_text.hpp"

namespace preflight::rules {
namespace fs = std::filesystem;
namespace {

// Findings the engine reports about its inputs rather than a pack's rule; a waiver
// may accept them too (an unknown key a site tolerates, a --with disagreement).
constexpr std::array<std::string_view, 14> kEngineFindings = {
    "config-unknown-key",     "config-unknown-section",    "with-conflict",
    "launch-not-interpreted", "launch-unknown-flag",       "preflight-unknown-model-arch",
    "preflight-fix-conflict", "preflight-fix-oscillation", "preflight-fix-no-fixpoint",
    "env-name-typo",          "preflight-undetermined",    "probe-other-interpreter",
    "inline-ignore-invalid",  "launch-not-reached"};

}  // namespace

std::vector<std::string> engine_finding_ids() { return {kEngineFindings.begin(), kEngineFindings.end()}; }

namespace {

const std::vector<std::string>& table_keys() {
    static const std::vector<std::string> keys = {"rule", "path", "justification", "owner", "expires", "when"};
    return keys;
}

// The finding stands at the waiver's line, so the rule id is enough to name it.
std::string waiver_name(const Waiver& w) { return fmt::format("the waiver of '{}'", w.rule); }

Finding waiver_finding(const Waiver& w, const char* id, Severity severity, std::string message) {
    Finding f;
    f.rule = id;
    f.pack = "preflight";
    f.severity = severity;
    f.message = std::move(message);
    f.location = w.where;
    return f;
}

Result<std::string> text_of(const config::RawTable& table, const std::string& key, bool required) {
    auto it = table.values.find(key);
    if (it == table.values.end()) {
        if (!required) return std::string();
        if (table.tables.count(key))
            return fail(fmt::format("'{}' must be a string, not a table", key), table.tables.at(key).where);
        Location where = table.where;
        where.key = table.where.key + "." + key;
        return fail(fmt::format("this waiver has no '{}' (each [[waive]] names a rule, a justification and an owner)", key),
                    where);
    }
    if (it->second.type != "a string")
        return fail(fmt::format("'{}' must be a string, not {}", key, it->second.type), it->second.where);
    if (required && it->second.text.find_first_not_of(" \t") == std::string::npos)
        return fail(fmt::format("'{}' is empty; say it in words", key), it->second.where);
    return it->second.text;
}

}  // namespace

std::string format_date(const std::chrono::year_month_day& day) {
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(day.year()), static_cast<unsigned>(day.month()),
                       static_cast<unsigned>(day.day()));
}

std::chrono::year_month_day today() {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    return std::chrono::year_month_day{std::chrono::year{local.tm_year + 1900},
                                       std::chrono::month{static_cast<unsigned>(local.tm_mon + 1)},
                                       std::chrono::day{static_cast<unsigned>(local.tm_mday)}};
}

bool waivable_rule(const RuleSet& rules, std::string_view id) {
    return rules.find_rule(id) || std::find(kEngineFindings.begin(), kEngineFindings.end(), id) != kEngineFindings.end();
}

Result<std::vector<Waiver>> read_waivers(const std::vector<config::RawTable>& tables, const std::string& base,
                                         const RuleSet& rules) {
    std::vector<Waiver> waivers;
    for (const auto& table : tables) {
        for (const auto& [key, entry] : table.values)
            if (std::find(table_keys().begin(), table_keys().end(), key) == table_keys().end()) {
                auto near = util::closest(key, table_keys());
                return fail(fmt::format("unknown key '{}' in [[waive]]{}; a waiver takes {}", key,
                                        near ? fmt::format(" (did you mean '{}'?)", *near) : "",
                                        "rule, path, justification, owner, expires and when"),
                            entry.where);
            }
        for (const auto& [key, sub] : table.tables)
            if (key != "when")
                return fail(fmt::format("unknown table '{}' in [[waive]]; only 'when' (package = \"range\") is a table", key),
                            sub.where);
        Waiver w;
        w.where = table.where;
        w.base = base;
        w.rule = PREFLIGHT_TRY(text_of(table, "rule", true));
        if (!waivable_rule(rules, w.rule)) {
            std::vector<std::string> ids;
            for (const auto& r : rules.rules) ids.push_back(r.id);
            for (auto id : kEngineFindings) ids.emplace_back(id);
            auto near = util::closest(w.rule, ids);
            return fail(fmt::format("the waiver names rule '{}', which no loaded pack defines{}", w.rule,
                                    near ? fmt::format(" (did you mean '{}'?)", *near) : ""),
                        table.values.at("rule").where);
        }
        w.path = PREFLIGHT_TRY(text_of(table, "path", false));
        w.justification = PREFLIGHT_TRY(text_of(table, "justification", true));
        w.owner = PREFLIGHT_TRY(text_of(table, "owner", true));
        if (auto it = table.values.find("expires"); it != table.values.end()) {
            if (it->second.type != "a date" && it->second.type != "a string")
                return fail(fmt::format("'expires' must be a date (2026-06-30), not {}", it->second.type), it->second.where);
            w.expires = util::parse_day(it->second.text);
            if (!w.expires)
                return fail(fmt::format("'expires' is \"{}\"; write a calendar day as YYYY-MM-DD", it->second.text),
                            it->second.where);
        }
        if (auto it = table.tables.find("when"); it != table.tables.end()) {
            if (!it->second.tables.empty())
                return fail("'when' maps package names to version ranges (cann = \"==8.5.1\"), not tables",
                            it->second.tables.begin()->second.where);
            for (const auto& [package, entry] : it->second.values) {
                std::string normalized = version::normalize_package_name(package);
                if (entry.type != "a string")
                    return fail(
                        fmt::format("'when.{}' must be a version range string (\">=4.4,<4.5\"), not {}", package, entry.type),
                        entry.where);
                auto scheme = rules.scheme_of(normalized);
                auto range = version::VersionRange::parse(scheme, entry.text);
                if (!range)
                    return fail(fmt::format("'when.{}' = \"{}\" is not a valid {} version range", package, entry.text,
                                            version::to_string(scheme)),
                                entry.where);
                w.bounds.push_back({normalized, *range, entry.where});
            }
        }
        waivers.push_back(std::move(w));
    }
    return waivers;
}

bool path_matches(const Waiver& waiver, const std::string& file) {
    if (waiver.path.empty()) return true;
    if (file.empty()) return false;
    std::error_code ec;
    fs::path absolute = fs::absolute(fs::path(file), ec).lexically_normal();
    if (ec) return false;
    std::string relative = absolute.lexically_relative(fs::path(waiver.base)).generic_string();
    if (relative.empty() || relative == ".." || relative.starts_with("../")) return false;
    return fnmatch(waiver.path.c_str(), relative.c_str(), FNM_PATHNAME) == 0;
}

WaiverStanding standing(const Waiver& waiver, const facts::FactSet& facts, const std::chrono::year_month_day& today) {
    using State = WaiverStanding::State;
    if (waiver.expires && std::chrono::sys_days{today} > std::chrono::sys_days{*waiver.expires})
        return {State::expired, fmt::format("it expired on {}", format_date(*waiver.expires))};
    for (const auto& bound : waiver.bounds) {
        std::string holds = fmt::format("it holds only while {} {}", bound.package, bound.range.text());
        auto it = facts.packages.find(bound.package);
        bool absent = it != facts.packages.end() ? it->second.value.is_null()
                                                 : facts.packages_complete && !facts.packages_uncovered.count(bound.package);
        if (absent) return {State::lapsed, fmt::format("{}, and {} is not installed", holds, bound.package)};
        const version::Version* v = it == facts.packages.end() ? nullptr : it->second.value.get<version::Version>();
        std::optional<bool> inside = v ? bound.range.contains(*v, version::Membership::installed) : std::nullopt;
        if (!inside)
            return {State::undetermined,
                    fmt::format("{}, and the {} version is unknown (give it in [packages], or --probe / --freeze)", holds,
                                bound.package)};
        if (!*inside) return {State::lapsed, fmt::format("{}, and {} is {}", holds, bound.package, v->text())};
    }
    return {};
}

void apply_waivers(const std::vector<const Waiver*>& waivers, const facts::FactSet& facts,
                   const std::chrono::year_month_day& today, CheckResult& result, std::set<const Waiver*>& matched) {
    if (waivers.empty()) return;
    std::map<const Waiver*, WaiverStanding> standings;
    auto standing_of = [&](const Waiver* w) -> const WaiverStanding& {
        auto it = standings.find(w);
        if (it == standings.end()) it = standings.emplace(w, standing(*w, facts, today)).first;
        return it->second;
    };
    // Waivers that would have covered a finding left unsuppressed, with how many.
    std::vector<std::pair<const Waiver*, int>> not_holding;
    for (auto& finding : result.findings) {
        if (finding.suppressed) continue;
        std::vector<const Waiver*> idle;
        for (const Waiver* w : waivers) {
            if (w->rule != finding.rule || !path_matches(*w, finding.location.file)) continue;
            if (standing_of(w).state != WaiverStanding::State::in_force) {
                idle.push_back(w);
                continue;
            }
            matched.insert(w);
            finding.suppressed = Suppression{Suppression::Kind::waiver, w->justification, w->owner,
                                             w->expires ? format_date(*w->expires) : "", w->where};
            break;
        }
        // A waiver that does not hold is reported here only when its finding counts;
        // else (another waiver accepted the finding) it stays unmatched, and an expired
        // one is still reported (unused_waiver_finding).
        if (finding.suppressed) continue;
        for (const Waiver* w : idle) {
            matched.insert(w);
            auto it = std::find_if(not_holding.begin(), not_holding.end(), [&](const auto& p) { return p.first == w; });
            if (it == not_holding.end()) not_holding.emplace_back(w, 1);
            else ++it->second;
        }
    }
    // In the order the waivers stand in their files, whatever order the findings had.
    std::sort(not_holding.begin(), not_holding.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first->where.file, a.first->where.line) < std::tie(b.first->where.file, b.first->where.line);
    });
    for (const auto& [w, count] : not_holding) {
        const auto& s = standing_of(w);
        const char* id = s.state == WaiverStanding::State::expired  ? kWaiverExpired
                         : s.state == WaiverStanding::State::lapsed ? kWaiverLapsed
                                                                    : kWaiverUndetermined;
        std::string counted =
            count == 1 ? "the finding it matched counts" : fmt::format("the {} findings it matched count", count);
        result.findings.push_back(
            waiver_finding(*w, id, Severity::warning,
                           fmt::format("{} does not apply: {}; {} (owner: {})", waiver_name(*w), s.why, counted, w->owner)));
    }
}

Finding unused_waiver_finding(const Waiver& waiver, const std::vector<const facts::FactSet*>& jobs,
                              const std::chrono::year_month_day& today) {
    std::string scope = waiver.path.empty() ? "" : fmt::format(" in '{}'", waiver.path);
    // An expired waiver is reported whether or not its finding is back: its owner has a
    // decision to make (renew it, or remove it).
    if (waiver.expires && std::chrono::sys_days{today} > std::chrono::sys_days{*waiver.expires})
        return waiver_finding(waiver, kWaiverExpired, Severity::warning,
                              fmt::format("{} expired on {} and suppresses nothing{}; remove it, or renew it if the "
                                          "finding may come back (owner: {})",
                                          waiver_name(waiver), format_date(*waiver.expires), scope, waiver.owner));
    // So is one bound to versions that no job it was offered to has installed.
    std::optional<WaiverStanding> lapsed;
    for (const auto* facts : jobs) {
        auto s = standing(waiver, *facts, today);
        if (s.state != WaiverStanding::State::lapsed) {
            lapsed.reset();
            break;
        }
        if (!lapsed) lapsed = std::move(s);
    }
    if (lapsed)
        return waiver_finding(waiver, kWaiverLapsed, Severity::warning,
                              fmt::format("{} does not apply: {}; it suppresses nothing{}; remove it, or bind it to "
                                          "the versions in use (owner: {})",
                                          waiver_name(waiver), lapsed->why, scope, waiver.owner));
    return waiver_finding(
        waiver, kWaiverUnused, Severity::info,
        fmt::format("{} matched no finding{}; remove it, or fix its rule id or path", waiver_name(waiver), scope));
}

}  // namespace preflight::rules
