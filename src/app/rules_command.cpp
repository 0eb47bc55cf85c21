// `preflight rules list | doc | functions | test | verify | outdated`: the loaded packs,
// their reference, the rule language's functions, the packs' own test cases, and their
// citations against upstream (rules_evidence.cpp).
#include <iostream>

#include "app/common.hpp"
#include "app/rules_evidence.hpp"
#include "core/exit_code.hpp"
#include "launch/launcher.hpp"
#include "output/function_reference.hpp"
#include "output/pack_test_report.hpp"
#include "output/rule_listing.hpp"
#include "output/rule_reference.hpp"
#include "rules/rule_tests.hpp"

namespace preflight::app {
namespace {

struct RulesArgs {
    RuleOptions rules;
    OutputOptions output;
    std::vector<std::string> only_packs;  // rules test --pack
};

int list(const RulesArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    if (args.output.format == "json") std::cout << output::rule_listing_json(*rules).dump(2) << "\n";
    else if (args.output.format == "ids") std::cout << output::rule_ids_text(*rules);
    else if (args.output.format == "styles") {
        auto launchers = launch::compile_launchers(*rules);
        if (!launchers) return report_input_error(launchers.error(), args.output);
        std::cout << output::launcher_names_text(*launchers);
    } else std::cout << output::rule_listing_text(*rules, args.output.quiet, args.output.stdout_style());
    return exit_pass;
}

int doc(const RulesArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto reference = output::rule_reference(*rules);
    if (!reference) return report_input_error(reference.error(), args.output);
    std::cout << *reference;
    return exit_pass;
}

int test(const RulesArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    auto report = rules::run_pack_tests(*rules, args.only_packs);
    if (!report) return report_input_error(report.error(), args.output);
    std::cout << output::pack_test_report(*report, args.output.quiet, args.output.stdout_style());
    exit_keeping_memory(report->failed() ? exit_findings : exit_pass);
}

}  // namespace

std::vector<Command> register_rules(CLI::App& app, const std::string& exe_path) {
    auto* cmd = app.add_subcommand(
        "rules", "List the loaded rule packs, run their own test cases, or check their references against upstream");
    cmd->require_subcommand(1);
    // Each subcommand keeps its own options.
    auto new_args = [&exe_path] {
        auto args = std::make_shared<RulesArgs>();
        args->rules.exe_path = exe_path;
        return args;
    };

    auto list_args = new_args();
    auto* list_cmd = cmd->add_subcommand("list", "The loaded packs and their rules");
    add_rules_option(list_cmd, list_args->rules);
    // ids and styles, one a line, are what shell completion offers for explain and args --style.
    add_output_options(list_cmd, list_args->output, {"text", "json", "ids", "styles"});

    auto doc_args = new_args();
    auto* doc_cmd = cmd->add_subcommand("doc", "Print the rule reference (Markdown) generated from the packs");
    add_rules_option(doc_cmd, doc_args->rules);

    auto* functions_cmd =
        cmd->add_subcommand("functions", "Print the rule language's function reference (Markdown), from the function table");

    auto test_args = new_args();
    auto* test_cmd =
        cmd->add_subcommand("test", "Run every pack's tests/ cases; each rule must fire in one and stay quiet in another");
    test_cmd->add_option("--pack", test_args->only_packs, "Only this pack (repeatable)")->type_name("NAME");
    add_rules_option(test_cmd, test_args->rules);
    test_cmd->add_option("--color", test_args->output.color, "auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    test_cmd->add_flag("-q,--quiet", test_args->output.quiet, "Print only failures");

    std::vector<Command> commands = {{list_cmd, [list_args] { return list(*list_args); }},
                                     {doc_cmd, [doc_args] { return doc(*doc_args); }},
                                     {functions_cmd,
                                      [] {
                                          std::cout << output::function_reference();
                                          return exit_pass;
                                      }},
                                     {test_cmd, [test_args] { return test(*test_args); }}};
    for (auto& c : register_rules_evidence(cmd, exe_path)) commands.push_back(std::move(c));
    return commands;
}

}  // namespace preflight::app
