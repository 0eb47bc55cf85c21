// `preflight explain RULE-ID`: what the rule checks, why, its references and fix.
#include <iostream>

#include <fmt/format.h>

#include "app/common.hpp"
#include "core/exit_code.hpp"
#include "output/printable.hpp"
#include "util/did_you_mean.hpp"

namespace preflight::app {
namespace {

int run(const std::string& id, Common& common) {
    auto rules = load_rules(common);
    if (!rules) return report_input_error(rules.error(), common);
    const rules::Rule* rule = rules->find_rule(id);
    if (!rule) {
        std::vector<std::string> ids;
        for (const auto& r : rules->rules) ids.push_back(r.id);
        auto near = util::closest(id, ids);
        return report_input_error(
            Error{fmt::format("no rule '{}' in the loaded packs{}", id, near ? fmt::format("; did you mean '{}'?", *near) : ""), {}},
            common);
    }
    auto style = stdout_style(common);
    // Pack texts are input too: one-line fields are escaped whole, the explanation
    // page and the condition keep their lines.
    auto p = [](std::string_view text) { return output::printable(text); };
    auto lines = [](std::string_view text) { return output::printable(text, output::Keep::lines); };
    std::string out;
    out += fmt::format("{} ({} {}, pack {})\n", style.bold(p(rule->id)), to_string(rule->severity), "rule", p(rule->pack));
    out += fmt::format("  {}\n\n", p(rule->summary));
    auto explain = rules::explanation(*rule);
    if (!explain)
        return report_input_error(Error{fmt::format("rule '{}' has no explanation: write {}", rule->id, rule->explain_file), rule->where},
                                  common);
    out += lines(*explain);
    if (!explain->empty() && explain->back() != '\n') out += "\n";
    out += fmt::format("\n{}\n  {}\n", style.bold("fires when:"), lines(rule->when.source));
    if (rule->error_when)
        out += fmt::format("{}\n  {}\n", style.bold("an error rather than a warning while:"), lines(rule->error_when->source));
    if (!rule->fixed_in.empty()) {
        out += style.bold("retired once all of these are installed:") + "\n";
        for (const auto& f : rule->fixed_in) out += fmt::format("  {} {}\n", p(f.package), p(f.range.text()));
    }
    if (!rule->fixes.empty()) {
        out += style.bold("fix:") + "\n";
        for (const auto& f : rule->fixes) {
            std::string target = f.target == rules::Fix::Target::env ? "env " + f.key : f.key;
            std::string value = f.unset ? "unset" : f.literal ? "= " + literal(*f.literal) : "= " + f.expr->source;
            out += fmt::format("  {} {} ({})\n", p(target), p(value), f.safe ? "safe: applied by check and fix" : "suggested: applied with --apply-suggested");
        }
    }
    for (const auto& fb : rule->fallbacks)
        out += fmt::format("{} {} -> {}: {}\n", style.bold("fallback:"), p(fb.kernel), p(fb.implementation), p(fb.reason));
    for (const auto& lim : rule->limitations) out += fmt::format("{} {}: {}\n", style.bold("limitation:"), p(lim.feature), p(lim.reason));
    out += style.bold("references:") + "\n";
    for (const auto& r : rule->references) out += fmt::format("  {}\n", p(r));
    out += fmt::format("defined at {}:{}\n", p(rule->where.file), rule->where.line);
    std::cout << out;
    return exit_pass;
}

}  // namespace

void register_explain(CLI::App& app, Common& common) {
    auto id = std::make_shared<std::string>();
    auto* cmd = app.add_subcommand("explain", "Explain a rule: what it checks, why, its references, and how to fix");
    cmd->add_option("rule", *id, "The rule id, as printed in brackets after a finding")->required()->type_name("RULE-ID");
    add_rules_option(cmd, common);
    cmd->add_option("--color", common.color, "auto, always or never")->check(CLI::IsMember({"auto", "always", "never"}));
    cmd->callback([id, &common] { common.exit_code = run(*id, common); });
}

}  // namespace preflight::app
