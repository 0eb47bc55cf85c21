#include "output/probe_report.hpp"

#include "output/excerpt.hpp"
#include "output/fact_lines.hpp"
#include "output/json_value.hpp"
#include "output/plugin_listing.hpp"

namespace preflight::output {

std::string probe_findings(const facts::NodeFacts& node) {
    std::string out;
    for (const auto& d : node.findings) out += diagnostic_line(d.location, d.severity, d.message, d.code, Style{});
    return out;
}

std::string probe_text(const facts::NodeFacts& node) { return node_fact_lines(node); }

nlohmann::json probe_json(const facts::NodeFacts& node, const std::vector<plugin::Refusal>& plugins_refused) {
    nlohmann::json j, origins = nlohmann::json::object();
    j["packages"] = nlohmann::json::object();
    for (const auto& [name, f] : node.packages) {
        j["packages"][name] = nlohmann::json(to_json(f.value));
        origins["packages." + name] = describe(f.origin);
    }
    j["env"] = nlohmann::json::object();
    for (const auto& [name, f] : node.env) j["env"][name] = nlohmann::json(to_json(f.value));
    j["hardware"] = nlohmann::json::object();
    for (const auto& [name, f] : node.hardware) {
        j["hardware"][name] = nlohmann::json(to_json(f.value));
        origins["hardware." + name] = describe(f.origin);
    }
    j["origins"] = origins;
    j["redacted"] = node.redacted;  // name → rule; the value itself is never kept
    j["plugins_refused"] = nlohmann::json(plugin_refusals_json(plugins_refused));
    return j;
}

}  // namespace preflight::output
