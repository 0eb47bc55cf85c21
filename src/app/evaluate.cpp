#include "app/evaluate.hpp"

#include <cstdlib>
#include <iostream>

#include "facts/sources.hpp"
#include "output/generator_notes.hpp"
#include "rules/check_job.hpp"

namespace preflight::app {

std::unique_ptr<facts::FactSource> fact_source(const FactOptions& options, const rules::RuleSet& rules) {
    facts::SchemeOf scheme_of = [&rules](const std::string& p) { return rules.scheme_of(p); };
    if (!options.freeze_file.empty()) return std::make_unique<facts::FreezeFileSource>(options.freeze_file, scheme_of);
    if (!options.snapshot.empty()) return std::make_unique<facts::SnapshotSource>(options.snapshot);
    facts::ProbeOptions probe;
    probe.python = options.python;
    probe.site_packages = options.site_packages;
    // Seconds one plugin's fact collector may take (docs/plugin-abi.md, "Isolation").
    if (const char* t = std::getenv("PREFLIGHT_PLUGIN_TIMEOUT"); t && *t) {
        char* end = nullptr;
        double s = std::strtod(t, &end);
        if (end && !*end && s > 0 && s < 86400)
            probe.plugin_deadline = std::chrono::milliseconds(static_cast<long long>(s * 1000));
    }
    return std::make_unique<facts::LiveProbeSource>(probe, scheme_of);
}

Result<facts::NodeFacts> node_facts(const FactOptions& options, const rules::RuleSet& rules) {
    return fact_source(options, rules)->collect();
}

Result<Evaluation> evaluate_job(const std::string& job, const RuleOptions& rule_options, const FactOptions& fact_options,
                                const rules::CheckOptions& options) {
    auto rules = PREFLIGHT_TRY(load_rules(rule_options));
    auto config = PREFLIGHT_TRY(config::load_run_config(job, [&](const std::string& pkg) { return rules.scheme_of(pkg); }));
    std::optional<facts::NodeFacts> node;
    if (fact_options.any_source()) node = PREFLIGHT_TRY(node_facts(fact_options, rules));
    auto checked = PREFLIGHT_TRY(rules::check_job(rules, config, node ? &*node : nullptr, options));
    return Evaluation{std::move(rules), std::move(config), std::move(checked.facts), std::move(checked.result)};
}

bool refuse_unsettled(const rules::CheckResult& result) {
    std::cerr << output::unsettled_refusal(result);
    return !result.unsettled.empty();
}

}  // namespace preflight::app
