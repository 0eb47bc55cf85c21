// `preflight probe [--format json]`: this node's facts, as check --probe sees them.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/evaluate.hpp"
#include "facts/snapshot.hpp"
#include "core/exit_code.hpp"
#include "output/json_value.hpp"
#include "output/excerpt.hpp"
#include "util/output_target.hpp"
#include "output/printable.hpp"

namespace preflight::app {
namespace {

struct ProbeArgs {
    std::string output;
    bool force = false;
};

int run(Common& common, const ProbeArgs& args) {
    const std::string& output = args.output;
    auto rules = load_rules(common);  // version schemes of reserved layers come from the packs
    if (!rules) return report_input_error(rules.error(), common);
    Common probing = common;
    probing.probe = true;
    auto node = node_facts(probing, *rules);
    if (!node) return report_input_error(node.error(), common);
    for (const auto& d : node->findings)
        std::cerr << fmt::format("{}: {}: {} [{}]\n", output::location_prefix(d.location), to_string(d.severity),
                                 output::printable(d.message), output::printable(d.code));
    if (!output.empty()) {
        std::vector<std::string> evidence;
        for (const auto* map : {&node->packages, &node->hardware})
            for (const auto& [name, f] : *map)
                if (f.origin.kind == OriginKind::probe && !f.origin.where.file.empty() && f.origin.where.file.front() == '/')
                    evidence.push_back(f.origin.where.file);
        auto bundle = facts::snapshot_bundle(*node, evidence);
        if (!bundle) return report_input_error(bundle.error(), common);
        auto written = util::write_output(output, *bundle, {.force = args.force});
        if (!written) return report_input_error(written.error(), common);
        return exit_pass;
    }
    if (common.format == "json") {
        // nlohmann::json keeps objects in a sorted map: inserting thousands of packages
        // stays O(n log n), where ordered_json would search linearly on every insert.
        nlohmann::json j, origins = nlohmann::json::object();
        j["packages"] = nlohmann::json::object();
        for (const auto& [name, f] : node->packages) {
            j["packages"][name] = nlohmann::json(output::to_json(f.value));
            origins["packages." + name] = describe(f.origin);
        }
        j["env"] = nlohmann::json::object();
        for (const auto& [name, f] : node->env) j["env"][name] = nlohmann::json(output::to_json(f.value));
        j["hardware"] = nlohmann::json::object();
        for (const auto& [name, f] : node->hardware) {
            j["hardware"][name] = nlohmann::json(output::to_json(f.value));
            origins["hardware." + name] = describe(f.origin);
        }
        j["origins"] = origins;
        j["redacted"] = node->redacted;  // name → rule; the value itself is never kept
        std::cout << j.dump(2) << "\n";
        return exit_pass;
    }
    using output::printable;
    for (const auto& [name, f] : node->hardware)
        std::cout << printable(fmt::format("({}) {} = {}", describe(f.origin), name, display(f.value))) << "\n";
    for (const auto& [name, f] : node->packages)
        std::cout << printable(fmt::format("({}) pkg {} = {}", describe(f.origin), name, display(f.value))) << "\n";
    for (const auto& [name, f] : node->env) {
        auto why = node->redacted.find(name);
        std::cout << printable(fmt::format("(probe) env {} = {}{}", name, display(f.value),
                                           why == node->redacted.end() ? "" : "  [" + why->second + "]"))
                  << "\n";
    }
    return exit_pass;
}

}  // namespace

void register_probe(CLI::App& app, Common& common) {
    auto args = std::make_shared<ProbeArgs>();
    auto* cmd = app.add_subcommand("probe", "Print this node's facts: packages, environment, hardware");
    cmd->footer(
        "Reads Python distributions from *.dist-info/METADATA and *.egg-info/PKG-INFO (no Python is\n"
        "started), a Megatron-LM tree on PYTHONPATH, Ascend's toolkit and driver version files, and\n"
        "the environment, with secret-looking values redacted.\n"
        "With -o, writes a snapshot bundle (manifest, facts, evidence files) that check --env reads.\n"
        "Example: preflight probe --format json --python /opt/venv/bin/python");
    add_rules_option(cmd, common);
    add_output_options(cmd, common, {"text", "json"});
    add_fact_options(cmd, common, false);
    cmd->add_option("-o,--output", args->output, "Write a snapshot bundle (tar.gz) for `check --env` instead of printing ('-' for stdout)")
        ->type_name("SNAP.tar.gz");
    cmd->add_flag("--force", args->force, "Replace a read-only -o file");
    cmd->callback([args, &common] { common.exit_code = run(common, *args); });
}

}  // namespace preflight::app
