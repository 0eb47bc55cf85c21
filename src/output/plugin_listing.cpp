#include "output/plugin_listing.hpp"

#include <fmt/format.h>

#include "output/json_value.hpp"
#include "output/printable.hpp"

namespace preflight::output {

namespace {
std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ", ") + i;
    return out;
}
}  // namespace

std::string plugin_listing_text(const plugin::PluginSet& set, const Style& style) {
    std::string out;
    if (set.plugins.empty()) out += "No plugins loaded.\n";
    for (const auto& p : set.plugins) {
        out += fmt::format("{} {} (plugin API {}) — {}\n", style.bold(printable(p.name)), printable(p.version), p.api,
                           printable(p.description));
        if (p.handle) out += fmt::format("  file: {} ({})\n", printable(p.path), p.origin);
        else out += fmt::format("  {}\n", p.origin);
        out += fmt::format("  capabilities: {}\n", p.capabilities().empty() ? "none" : joined(p.capabilities()));
        if (!p.provides.empty()) out += fmt::format("  establishes: {}\n", printable(joined(p.provides)));
        for (const auto& f : p.functions) out += fmt::format("  function {}\n", printable(f.signature));
        if (!p.rules_dir.empty()) out += fmt::format("  rules: {}\n", printable(p.rules_dir));
    }
    if (!set.refusals.empty()) out += "\nRefused:\n";
    for (const auto& r : set.refusals) out += fmt::format("  {}\n", printable(r.describe()));
    for (const auto& n : set.notes) out += fmt::format("note: {}\n", printable(n));
    out += "\nSearched (preflight plugin API " + plugin::host_api() + "):\n";
    for (const auto& d : set.searched) out += fmt::format("  {} ({})\n", printable(d.path), d.from);
    return out;
}

nlohmann::ordered_json plugin_listing_json(const plugin::PluginSet& set) {
    auto j = versioned<nlohmann::ordered_json>(kPluginsOutputVersion);
    j["api"] = plugin::host_api();
    j["plugins"] = nlohmann::ordered_json::array();
    for (const auto& p : set.plugins) {
        nlohmann::ordered_json functions = nlohmann::ordered_json::array();
        for (const auto& f : p.functions) functions.push_back({{"name", f.name}, {"signature", f.signature}, {"doc", f.doc}});
        j["plugins"].push_back({{"name", p.name},
                                {"version", p.version},
                                {"api", p.api},
                                {"path", p.handle ? nlohmann::ordered_json(p.path) : nlohmann::ordered_json()},
                                {"origin", p.origin},
                                {"description", p.description},
                                {"capabilities", p.capabilities()},
                                {"provides", p.provides},
                                {"functions", functions},
                                {"rules", p.rules_dir.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(p.rules_dir)}});
    }
    j["refused"] = plugin_refusals_json(set.refusals);
    j["notes"] = set.notes;
    j["searched"] = nlohmann::ordered_json::array();
    for (const auto& d : set.searched) j["searched"].push_back({{"path", d.path}, {"from", d.from}});
    return j;
}

nlohmann::ordered_json plugin_refusals_json(const std::vector<plugin::Refusal>& refusals) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& r : refusals)
        out.push_back({{"path", r.path},
                       {"plugin_api", r.plugin_api.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(r.plugin_api)},
                       {"reason", r.reason},
                       {"message", r.describe()}});
    return out;
}

std::string plugin_refusal_warnings(const plugin::PluginSet& set, const Style& style) {
    std::string out;
    for (const auto& r : set.refusals)
        out += fmt::format("preflight: {}: plugin refused: {}\n", style.severity(Severity::warning), printable(r.describe()));
    return out;
}

}  // namespace preflight::output
