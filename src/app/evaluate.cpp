#include "app/evaluate.hpp"

#include <cstdlib>
#include <iostream>

#include <fmt/format.h>

#include "app/launch_input.hpp"
#include "facts/live_probe.hpp"
#include "facts/sources.hpp"
#include "output/generator_notes.hpp"
#include "plugin/real_host.hpp"
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
    // A --python that names no interpreter would be probed as "nothing installed", and
    // every rule would then reason on packages missing that the launch has.
    bool live = options.freeze_file.empty() && options.snapshot.empty() && options.site_packages.empty();
    if (live && options.python != facts::ProbeOptions{}.python) {
        std::string version;
        plugin::RealHost host;
        if (facts::site_directories(options.python, &version, host).empty() && version.empty())
            return fail(fmt::format("--python {}: no Python interpreter there (not found, or no lib/pythonX.Y beside it); "
                                    "name the interpreter the launch runs, e.g. --python /opt/venv/bin/python",
                                    options.python),
                        Location{"", 0, 0, "--python"});
    }
    return fact_source(options, rules)->collect();
}

Result<Evaluation> evaluate_job(const std::string& job, const RuleOptions& rule_options, const FactOptions& fact_options,
                                const rules::CheckOptions& options) {
    // A launch script read as TOML fails on its first line; say what reads it instead.
    if (is_launch_script(job))
        return fail(fmt::format("{} is a launch script, and this command reads a job file: write one with `preflight import "
                                "{} -o job.toml`, or check the script itself with `preflight check {}`",
                                job, job, job),
                    Location{job});
    auto rules = PREFLIGHT_TRY(load_rules(rule_options));
    auto config = PREFLIGHT_TRY(config::load_run_config(job, [&](const std::string& pkg) { return rules.scheme_of(pkg); }));
    std::optional<facts::NodeFacts> node;
    if (fact_options.any_source()) node = PREFLIGHT_TRY(node_facts(fact_options, rules));
    auto checked = PREFLIGHT_TRY(rules::check_job(rules, config, node ? &*node : nullptr, options));
    return Evaluation{std::move(rules), std::move(config), std::move(checked.facts), std::move(checked.result)};
}

Result<Evaluation> evaluate_input(const std::string& input, const std::vector<std::string>& with, const RuleOptions& rule_options,
                                  const FactOptions& fact_options, const rules::CheckOptions& options) {
    if (!is_launch_script(input)) {
        if (!with.empty())
            return fail("--with lays a partial configuration under a launch; a job file gives its own", Location{input});
        return evaluate_job(input, rule_options, fact_options, options);
    }
    auto rules = PREFLIGHT_TRY(load_rules(rule_options));
    auto read = PREFLIGHT_TRY(read_launch_script(input, rules, with));
    if (read.launches.size() > 1) {
        std::string lines;
        for (const auto& l : read.launches) lines += fmt::format("{}{}", lines.empty() ? "" : ", ", l.command.where.line);
        return fail(fmt::format("{} holds {} launches (lines {}); this command writes one launch's output: `preflight "
                                "import {} --index N -o job.toml` writes one as a job file",
                                input, read.launches.size(), lines, input),
                    Location{input});
    }
    config::RunConfig config = std::move(read.launches.front().launch.config);
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
