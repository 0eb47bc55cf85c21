// `preflight probe [--format json]`: this node's facts, as check --probe sees them.
#include <iostream>
#include <set>

#include "app/evaluate.hpp"
#include "core/exit_code.hpp"
#include "facts/snapshot.hpp"
#include "output/printable.hpp"
#include "output/probe_report.hpp"
#include "rules/reads.hpp"
#include "util/output_target.hpp"

namespace preflight::app {
namespace {

struct ProbeArgs {
    std::string output_file;  // -o: a snapshot bundle instead of the report
    std::string node;         // --node: the name the bundle records
    bool force = false;
    RuleOptions rules;
    FactOptions facts;
    OutputOptions output;
};

// The files the probe read its facts from, kept in the bundle as evidence.
std::vector<std::string> evidence_files(const facts::NodeFacts& node) {
    std::vector<std::string> evidence;
    for (const auto* map : {&node.packages, &node.hardware})
        for (const auto& [name, f] : *map)
            if (f.origin.kind == OriginKind::probe && f.origin.where.file.starts_with('/'))
                evidence.push_back(f.origin.where.file);
    return evidence;
}

int run(const ProbeArgs& args) {
    auto rules = load_rules(args.rules);  // version schemes of reserved layers come from the packs
    if (!rules) return report_input_error(rules.error(), args.output);
    FactOptions probing = args.facts;
    probing.probe = true;
    auto node = node_facts(probing, *rules);
    if (!node) return report_input_error(node.error(), args.output);
    std::cerr << output::probe_findings(*node);
    if (!args.output_file.empty()) {
        auto bundle =
            facts::snapshot_bundle(*node, evidence_files(*node), args.node.empty() ? facts::default_node_name() : args.node);
        if (!bundle) return report_input_error(bundle.error(), args.output);
        auto written = util::write_output(args.output_file, *bundle, {.force = args.force});
        if (!written) return report_input_error(written.error(), args.output);
        if (args.output_file != "-") std::cerr << output::printable("preflight: wrote " + args.output_file) << "\n";
        return exit_pass;
    }
    if (args.output.format == "json") std::cout << output::probe_json(*node, loaded_plugins().refusals).dump(2) << "\n";
    else {
        std::set<std::string> read;
        for (const auto& ref : rules->reads.get())
            if (ref.kind == FactRef::Kind::package) read.insert(ref.name);
        std::cout << output::probe_text(*node, read);
    }
    return exit_pass;
}

}  // namespace

Command register_probe(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<ProbeArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("probe", "Print this node's facts: packages, environment, hardware");
    cmd->footer(
        "Reads Python distributions from *.dist-info/METADATA and *.egg-info/PKG-INFO (no Python is\n"
        "started), a Megatron-LM tree on PYTHONPATH, Ascend's toolkit and driver version files, and\n"
        "the environment, with secret-looking values redacted.\n"
        "With -o, writes a snapshot bundle (manifest, facts, evidence files) that check --env and\n"
        "fleet read; the manifest records the node name and the time.\n"
        "Example: preflight probe --format json --python /opt/venv/bin/python");
    add_rules_option(cmd, args->rules);
    add_output_options(cmd, args->output, {"text", "json"});
    add_fact_options(cmd, args->facts, false);
    cmd->add_option("-o,--output", args->output_file,
                    "Write a snapshot bundle (tar.gz) for `check --env` instead of printing ('-' for stdout)")
        ->type_name("SNAP.tar.gz");
    cmd->add_option("--node", args->node,
                    "The node name the -o bundle records for `fleet` (default: $SLURMD_NODENAME, else the host name)")
        ->type_name("NAME");
    cmd->add_flag("--force", args->force, "Replace a read-only -o file");
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
