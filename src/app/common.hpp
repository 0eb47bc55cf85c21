// What the commands share: the options of each stage (where the packs come from,
// where the node's facts come from, how output looks), rule loading and error
// reporting. Each command holds its own options and returns its exit code.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "core/error.hpp"
#include "output/style.hpp"
#include "plugin/discovery.hpp"
#include "rules/rule_set.hpp"

namespace preflight::app {

// Where the rule packs come from (loading them).
struct RuleOptions {
    std::string exe_path;  // the installed share/preflight/rules is found next to the binary
    std::vector<std::string> dirs;
    bool no_default_rules = false;
};

// Where the node's facts come from (check, fix, env, args, probe).
struct FactOptions {
    bool probe = false;
    std::string freeze_file;
    std::string snapshot;  // --env SNAP.tar.gz
    std::string python = "python3";
    std::vector<std::string> site_packages;
    // Whether any source was named; without one a job's own facts are all there is.
    bool any_source() const { return probe || !freeze_file.empty() || !snapshot.empty(); }
};

// How the output looks.
struct OutputOptions {
    std::string format = "text";
    std::string color = "auto";
    bool quiet = false;
    output::Style stdout_style() const;
    output::Style stderr_style() const;
};

// A command as CLI11 knows it, and what runs it once CLI11 has parsed it: the exit code.
struct Command {
    CLI::App* cli = nullptr;
    std::function<int()> run;
};

void add_rules_option(CLI::App* cmd, RuleOptions& rules);
void add_output_options(CLI::App* cmd, OutputOptions& output, const std::vector<std::string>& formats);
void add_fact_options(CLI::App* cmd, FactOptions& facts, bool with_probe_flag);

Result<rules::RuleSet> load_rules(const RuleOptions& options);

// This run's plugins (plugin::active_plugins()). The first call writes one warning line
// per refused plugin to stderr; load_rules calls it, so every command that loads
// packs says what it refused.
const plugin::PluginSet& loaded_plugins();

// Ends the process with `code` once the report is written, without destroying what
// the callers' frames hold: a check's rule set and results are tens of thousands of
// small allocations, and freeing them just before exit was a tenth of a check's
// instructions (compilers skip the same work at exit). Streams are flushed and static
// destructors run as on a return from main. Only for a command's last step; check, plan,
// fix, env, import and rules test end with it (under ASan, CI runs them hundreds of times).
[[noreturn]] void exit_keeping_memory(int code);

// Prints `file:line:col: error: …` with the excerpt to stderr; returns exit code 2.
int report_input_error(const Error& e, const OutputOptions& output);

// `exe_path` is this binary, from which the rule search path starts.
// `command_line`: the arguments hold `--`, after which check's words are one launch.
Command register_check(CLI::App& app, const std::string& exe_path, bool command_line);
Command register_explain(CLI::App& app, const std::string& exe_path);
std::vector<Command> register_rules(CLI::App& app, const std::string& exe_path);
Command register_env(CLI::App& app, const std::string& exe_path);
Command register_fix(CLI::App& app, const std::string& exe_path);
Command register_args(CLI::App& app, const std::string& exe_path);
Command register_probe(CLI::App& app, const std::string& exe_path);
Command register_scan(CLI::App& app, const std::string& exe_path);
Command register_import(CLI::App& app, const std::string& exe_path);
Command register_exec(CLI::App& app, const std::string& exe_path);
Command register_fleet(CLI::App& app, const std::string& exe_path);
Command register_plan(CLI::App& app, const std::string& exe_path);
std::vector<Command> register_plugins(CLI::App& app);
// The hidden `man` and `completions`: files rendered from `app` itself.
std::vector<Command> register_cli_files(CLI::App& app);

}  // namespace preflight::app
