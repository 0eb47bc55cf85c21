#include "output/rule_listing.hpp"

#include <fmt/format.h>

#include "output/json_value.hpp"
#include "output/printable.hpp"

namespace preflight::output {

std::string rule_listing_text(const rules::RuleSet& rules, bool quiet, const Style& style) {
    std::string out;
    for (const auto& p : rules.packs) {
        out += fmt::format("{} {} ({} rule{}) — {}\n  {}\n", style.bold(printable(p.name)), printable(p.version), p.rule_count,
                           p.rule_count == 1 ? "" : "s", printable(p.summary), printable(p.file));
        if (quiet) continue;
        for (const auto& r : rules.rules)
            if (r.pack == p.name)
                out += fmt::format("    {:<8} {}  {}\n", to_string(r.severity), printable(r.id), printable(r.text().summary));
    }
    for (const auto& s : rules.shadowed) out += "shadowed: " + printable(s) + "\n";
    return out;
}

std::string rule_ids_text(const rules::RuleSet& rules) {
    std::string out;
    for (const auto& r : rules.rules) out += printable(r.id) + "\n";
    return out;
}

std::string launcher_names_text(const launch::LauncherSet& launchers) {
    std::string out;
    for (const auto& name : launchers.names()) out += printable(name) + "\n";
    return out;
}

nlohmann::ordered_json rule_listing_json(const rules::RuleSet& rules) {
    auto packs = nlohmann::ordered_json::array();
    for (const auto& p : rules.packs) {
        auto ids = nlohmann::ordered_json::array();
        for (const auto& r : rules.rules)
            if (r.pack == p.name)
                ids.push_back({{"id", r.id}, {"severity", to_string(r.severity)}, {"summary", r.text().summary}});
        packs.push_back({{"name", p.name},
                         {"version", p.version},
                         {"engine", p.engine},
                         {"summary", p.summary},
                         {"file", p.file},
                         {"rules", ids}});
    }
    auto j = versioned<nlohmann::ordered_json>(kRulesOutputVersion);
    j["packs"] = std::move(packs);
    return j;
}

}  // namespace preflight::output
