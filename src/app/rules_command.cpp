// `preflight rules list | test`: the loaded packs, and their own test cases.
#include <iostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "rules/rule_tests.hpp"

namespace preflight::app {
namespace {

int list(Common& common) {
    auto rules = load_rules(common);
    if (!rules) return report_input_error(rules.error(), common);
    if (common.format == "json") {
        auto packs = nlohmann::ordered_json::array();
        for (const auto& p : rules->packs) {
            auto ids = nlohmann::ordered_json::array();
            for (const auto& r : rules->rules)
                if (r.pack == p.name) ids.push_back({{"id", r.id}, {"severity", to_string(r.severity)}, {"summary", r.summary}});
            packs.push_back({{"name", p.name}, {"version", p.version}, {"engine", p.engine}, {"summary", p.summary},
                             {"file", p.file}, {"rules", ids}});
        }
        std::cout << nlohmann::ordered_json{{"packs", packs}}.dump(2) << "\n";
        return exit_pass;
    }
    auto style = stdout_style(common);
    for (const auto& p : rules->packs) {
        std::cout << fmt::format("{} {} ({} rule{}) — {}\n  {}\n", style.bold(p.name), p.version, p.rule_count,
                                 p.rule_count == 1 ? "" : "s", p.summary, p.file);
        if (common.quiet) continue;
        for (const auto& r : rules->rules)
            if (r.pack == p.name) std::cout << fmt::format("    {:<8} {}  {}\n", to_string(r.severity), r.id, r.summary);
    }
    for (const auto& s : rules->shadowed) std::cout << "shadowed: " << s << "\n";
    return exit_pass;
}

int test(Common& common, const std::vector<std::string>& only) {
    auto rules = load_rules(common);
    if (!rules) return report_input_error(rules.error(), common);
    auto report = rules::run_pack_tests(*rules, only);
    if (!report) return report_input_error(report.error(), common);
    auto style = stdout_style(common);
    for (const auto& c : report->cases) {
        if (c.passed && common.quiet) continue;
        std::cout << fmt::format("{} {}/{}\n", c.passed ? style.paint("PASS", "32") : style.paint("FAIL", "1;31"), c.pack, c.name);
        for (const auto& d : c.diff) std::cout << "    " << d << "\n";
    }
    for (const auto& gap : report->coverage_gaps) std::cout << style.paint("FAIL", "1;31") << " coverage: " << gap << "\n";
    std::size_t failed = report->failed();
    std::cout << fmt::format("rules test: {} passed, {} failed\n", report->cases.size() + report->coverage_gaps.size() - failed, failed);
    return failed ? exit_findings : exit_pass;
}

}  // namespace

void register_rules(CLI::App& app, Common& common) {
    auto* cmd = app.add_subcommand("rules", "List the loaded rule packs, or run their own test cases");
    cmd->require_subcommand(1);
    auto* list_cmd = cmd->add_subcommand("list", "The loaded packs and their rules");
    add_rules_option(list_cmd, common);
    add_output_options(list_cmd, common, {"text", "json"});
    list_cmd->callback([&common] { common.exit_code = list(common); });

    auto only = std::make_shared<std::vector<std::string>>();
    auto* test_cmd = cmd->add_subcommand("test", "Run every pack's tests/ cases; each rule must fire in one and stay quiet in another");
    test_cmd->add_option("--pack", *only, "Only this pack (repeatable)")->type_name("NAME");
    add_rules_option(test_cmd, common);
    test_cmd->add_option("--color", common.color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
    test_cmd->add_flag("-q,--quiet", common.quiet, "Print only failures");
    test_cmd->callback([only, &common] { common.exit_code = test(common, *only); });
}

}  // namespace preflight::app
