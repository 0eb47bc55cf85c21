#include "output/probe_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "output/excerpt.hpp"
#include "output/fact_lines.hpp"
#include "output/json_value.hpp"
#include "output/plugin_listing.hpp"
#include "output/printable.hpp"

namespace preflight::output {

std::string probe_findings(const facts::NodeFacts& node) {
    std::string out;
    for (const auto& d : node.findings) out += diagnostic_line(d.location, d.severity, d.message, d.code, Style{});
    return out;
}

std::string probe_text(const facts::NodeFacts& node, const std::set<std::string>& packages_read) {
    auto version_of = [&](const std::string& name) -> std::string {
        auto it = node.packages.find(name);
        if (it == node.packages.end()) return node.uncovered.count(name) || !node.packages_complete ? "unknown" : "not found";
        return it->second.value.is_null() ? "not found" : display(it->second.value);
    };
    std::string out = "summary:\n";
    std::size_t count = 0;
    for (const auto& [name, f] : node.packages)
        if (!facts::reserved_layers().count(name) && !f.value.is_null()) ++count;
    std::string python = "not found";
    if (auto it = node.packages.find("python"); it != node.packages.end() && !it->second.value.is_null())
        python = fmt::format("{} ({})", printable(it->second.origin.where.file), display(it->second.value));
    out += fmt::format("  python: {}; {} package{} read\n", python, count, count == 1 ? "" : "s");
    std::vector<std::string> layers;
    for (const auto& layer : facts::reserved_layers())
        if (layer != "python") layers.push_back(fmt::format("{} {}", layer, version_of(layer)));
    out += fmt::format("  layers: {}\n", fmt::join(layers, ", "));
    std::vector<std::string> stack;
    for (const auto& name : packages_read)
        if (auto it = node.packages.find(name);
            !facts::reserved_layers().count(name) && it != node.packages.end() && !it->second.value.is_null())
            stack.push_back(fmt::format("{} {}", name, display(it->second.value)));
    out += fmt::format("  packages the rules read: {}\n",
                       stack.empty() ? "none installed" : fmt::format("{}", fmt::join(stack, ", ")));
    std::string devices = "none found";
    if (auto it = node.hardware.find("hardware.devices_per_node"); it != node.hardware.end() && !it->second.value.is_null()) {
        devices = display(it->second.value);
        if (auto a = node.hardware.find("hardware.accelerator"); a != node.hardware.end() && !a->second.value.is_null())
            devices += " " + display(a->second.value);
    }
    out += fmt::format("  devices: {}\n\n", devices);
    return out + node_fact_lines(node);
}

nlohmann::json probe_json(const facts::NodeFacts& node, const std::vector<plugin::Refusal>& plugins_refused) {
    auto j = versioned<nlohmann::json>(kProbeOutputVersion);
    nlohmann::json origins = nlohmann::json::object();
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
