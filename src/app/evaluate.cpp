#include "app/evaluate.hpp"

#include <iostream>

#include <fmt/format.h>

#include "facts/merge.hpp"
#include "facts/sources.hpp"
#include "rules/model_catalog.hpp"

namespace preflight::app {

std::unique_ptr<facts::FactSource> fact_source(const Common& common, const rules::RuleSet& rules) {
    facts::SchemeOf scheme_of = [&rules](const std::string& p) { return rules.scheme_of(p); };
    if (!common.freeze_file.empty()) return std::make_unique<facts::FreezeFileSource>(common.freeze_file, scheme_of);
    if (!common.snapshot.empty()) return std::make_unique<facts::SnapshotSource>(common.snapshot);
    facts::ProbeOptions options;
    options.python = common.python;
    options.site_packages = common.site_packages;
    return std::make_unique<facts::LiveProbeSource>(options, scheme_of);
}

Result<facts::NodeFacts> node_facts(const Common& common, const rules::RuleSet& rules) { return fact_source(common, rules)->collect(); }

Result<const Evaluation*> evaluate_job(const std::string& job, const Common& common, const rules::CheckOptions& options) {
    auto rules = load_rules(common);
    if (!rules) return tl::unexpected(rules.error());
    auto cfg = config::load_run_config(job, [&](const std::string& pkg) { return rules->scheme_of(pkg); });
    if (!cfg) return tl::unexpected(cfg.error());
    Evaluation e{std::move(*rules), std::move(*cfg), {}, {}};
    e.facts = facts::from_run_config(e.config);
    if (common.probe || !common.freeze_file.empty() || !common.snapshot.empty()) {
        auto node = node_facts(common, e.rules);
        if (!node) return tl::unexpected(node.error());
        facts::merge_node(e.facts, *node, e.config.diagnostics);
    }
    auto arch = rules::check_model_arch(e.rules, e.facts, job);
    if (!arch) return tl::unexpected(arch.error());
    e.result = rules::run_check(e.rules, e.facts, job, options);
    // Problems in the job file itself (unknown keys) are findings like any other.
    std::vector<rules::Finding> config_findings;
    for (const auto& d : e.config.diagnostics) {
        rules::Finding f;
        f.rule = d.code;
        f.pack = "preflight";
        f.severity = d.severity;
        f.message = d.message;
        f.location = d.location;
        config_findings.push_back(std::move(f));
    }
    if (*arch) config_findings.push_back(std::move(**arch));
    e.result.findings.insert(e.result.findings.begin(), config_findings.begin(), config_findings.end());
    static auto* kept = new std::vector<std::unique_ptr<Evaluation>>();
    kept->push_back(std::make_unique<Evaluation>(std::move(e)));
    return kept->back().get();
}

bool refuse_unsettled(const rules::CheckResult& result) {
    if (result.unsettled.empty()) return false;
    std::string keys;
    for (const auto& k : result.unsettled) keys += (keys.empty() ? "" : ", ") + k.key();
    std::cerr << fmt::format("preflight: error: the fixes for {} conflict or never settle, so nothing is written; run 'preflight check' "
                             "for details\n", keys);
    return true;
}

std::string remaining_errors_note(const rules::CheckResult& result) {
    int open = 0;
    for (const auto& f : result.findings)
        if (f.severity == Severity::error && !f.fixable) ++open;
    if (open == 0) return "";
    return fmt::format("preflight: note: {} error finding{} no safe fix resolves; run 'preflight check' for details\n", open,
                       open == 1 ? "" : "s");
}

}  // namespace preflight::app
