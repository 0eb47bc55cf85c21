// `preflight explain RULE-ID`: what the rule checks, why, its references and fix.
#include <iostream>

#include <fmt/format.h>

#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "output/explain_page.hpp"
#include "util/did_you_mean.hpp"

namespace preflight::app {
namespace {

struct ExplainArgs {
    std::string id;
    RuleOptions rules;
    OutputOptions output;
};

Error no_such_rule(const std::string& id, const rules::RuleSet& rules) {
    std::vector<std::string> ids;
    for (const auto& r : rules.rules) ids.push_back(r.id);
    auto near = util::closest(id, ids);
    return Error{fmt::format("no rule '{}' in the loaded packs{}", id, near ? fmt::format("; did you mean '{}'?", *near) : ""),
                 {}};
}

int run(const ExplainArgs& args) {
    auto rules = load_rules(args.rules);
    if (!rules) return report_input_error(rules.error(), args.output);
    const rules::Rule* rule = rules->find_rule(args.id);
    if (!rule) return report_input_error(no_such_rule(args.id, *rules), args.output);
    auto page = output::explain_page(*rule, args.output.stdout_style());
    if (!page) return report_input_error(page.error(), args.output);
    std::cout << *page;
    return exit_pass;
}

}  // namespace

Command register_explain(CLI::App& app, const std::string& exe_path) {
    auto args = std::make_shared<ExplainArgs>();
    args->rules.exe_path = exe_path;
    auto* cmd = app.add_subcommand("explain", "Explain a rule: what it checks, why, its references, and how to fix");
    cmd->add_option("rule", args->id, "The rule id, as printed in brackets after a finding")->required()->type_name("RULE-ID");
    add_rules_option(cmd, args->rules);
    cmd->add_option("--color", args->output.color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
    return {cmd, [args] { return run(*args); }};
}

}  // namespace preflight::app
