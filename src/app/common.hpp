// What every command shares: rule loading, output options, error reporting.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/error.hpp"
#include "output/style.hpp"
#include "rules/rule_set.hpp"

namespace preflight::app {

struct Common {
    std::string exe_path;
    std::vector<std::string> rules_dirs;
    // Where the node's facts come from (check, fix, env, args, probe).
    bool probe = false;
    std::string freeze_file;
    std::string snapshot;  // --env SNAP.tar.gz
    std::string python = "python3";
    std::vector<std::string> site_packages;
    bool no_default_rules = false;
    std::string format = "text";
    std::string color = "auto";
    bool quiet = false;
    int exit_code = 0;
};

void add_rules_option(CLI::App* cmd, Common& common);
void add_output_options(CLI::App* cmd, Common& common, const std::vector<std::string>& formats);
void add_fact_options(CLI::App* cmd, Common& common, bool with_probe_flag);

output::Style stdout_style(const Common& common);
output::Style stderr_style(const Common& common);

Result<rules::RuleSet> load_rules(const Common& common);

// Prints `file:line:col: error: …` with the excerpt to stderr; returns exit code 2.
int report_input_error(const Error& e, const Common& common);

void register_check(CLI::App& app, Common& common);
void register_explain(CLI::App& app, Common& common);
void register_rules(CLI::App& app, Common& common);
void register_env(CLI::App& app, Common& common);
void register_fix(CLI::App& app, Common& common);
void register_args(CLI::App& app, Common& common);
void register_probe(CLI::App& app, Common& common);
void register_scan(CLI::App& app, Common& common);

}  // namespace preflight::app
