#include "app/common.hpp"

#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "app/build_info.hpp"
#include "core/exit_code.hpp"
#include "output/excerpt.hpp"
#include "output/plugin_listing.hpp"
#include "plugin/registry.hpp"
#include "rules/rule_set_cache.hpp"
#include "util/input_file.hpp"

namespace preflight::app {
namespace {

output::ColorMode color_mode(const std::string& s) {
    if (s == "always") return output::ColorMode::always;
    if (s == "never") return output::ColorMode::never;
    return output::ColorMode::auto_detect;
}

// Readers keep line numbers, not line texts: the excerpt's line is fetched when shown.
void fill_source_line(Location& where) {
    if (where.line <= 0 || !where.source_line.empty() || where.file.empty()) return;
    auto text = util::read_input(where.file, {"the file", 64 * util::kMiB});
    if (!text) return;
    std::size_t start = 0;
    for (int line = 1; line < where.line && start != std::string::npos; ++line) {
        start = text->find('\n', start);
        if (start != std::string::npos) ++start;
    }
    if (start != std::string::npos && start < text->size())
        where.source_line = text->substr(start, text->find('\n', start) - start);
}

}  // namespace

void add_rules_option(CLI::App* cmd, RuleOptions& rules) {
    cmd->add_option("--rules", rules.dirs,
                    "Rule directory (a pack, or a folder of packs); repeatable. Searched before PREFLIGHT_RULES_PATH, "
                    "the installed share/preflight/rules and a build tree's rules/; an earlier pack shadows a later one "
                    "of the same name")
        ->type_name("DIR");
    cmd->add_flag("--no-default-rules", rules.no_default_rules,
                  "Load only --rules and PREFLIGHT_RULES_PATH, not the installed or source-tree packs");
}

void add_output_options(CLI::App* cmd, OutputOptions& output, const std::vector<std::string>& formats) {
    cmd->add_option("--format", output.format, "Output format")->check(CLI::IsMember(formats))->capture_default_str();
    cmd->add_option("--color", output.color, "Colour text output: auto (a terminal, NO_COLOR unset), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    cmd->add_flag("-q,--quiet", output.quiet, "Print only the findings (text format)");
}

void add_fact_options(CLI::App* cmd, FactOptions& facts, bool with_probe_flag) {
    if (with_probe_flag) {
        auto* probe = cmd->add_flag("--probe", facts.probe,
                                    "Read this node's facts: environment, Python distributions, Megatron tree, Ascend versions");
        auto* freeze = cmd->add_option("--freeze", facts.freeze_file,
                                       "Installed packages from `pip freeze` or `pip list --format=json` output")
                           ->type_name("FILE")
                           ->excludes(probe);
        cmd->add_option("--env", facts.snapshot, "A node's facts from a snapshot bundle written by `preflight probe -o`")
            ->type_name("SNAP.tar.gz")
            ->excludes(probe)
            ->excludes(freeze);
    }
    cmd->add_option("--python", facts.python, "Interpreter whose site-packages the probe reads (found from its path; never run)")
        ->capture_default_str();
    cmd->add_option("--site-packages", facts.site_packages, "Read distributions from this directory instead (repeatable)")
        ->type_name("DIR");
}

output::Style OutputOptions::stdout_style() const { return output::make_style(color_mode(color), STDOUT_FILENO); }
output::Style OutputOptions::stderr_style() const { return output::make_style(color_mode(color), STDERR_FILENO); }

const plugin::PluginSet& loaded_plugins() {
    // The refusals are said once, by the first caller.
    static const plugin::PluginSet& set = []() -> const plugin::PluginSet& {
        const plugin::PluginSet& active = plugin::active_plugins();
        std::cerr << output::plugin_refusal_warnings(active, output::Style{});
        return active;
    }();
    return set;
}

Result<rules::RuleSet> load_rules(const RuleOptions& options) {
    auto roots = rules::rule_search_path(options.dirs, options.exe_path, !options.no_default_rules);
    // Plugins load first: their functions must be in the table when the packs compile,
    // and the packs they bundle come after the user's own.
    for (const auto& p : loaded_plugins().plugins)
        if (!p.rules_dir.empty() && !options.no_default_rules) roots.push_back({p.rules_dir, false});
    auto set = PREFLIGHT_TRY(rules::load_rule_set(roots, std::string(engine_version())));
    if (set.packs.empty())
        return fail("no rule packs found: give --rules DIR or set PREFLIGHT_RULES_PATH (no installed share/preflight/rules)");
    return set;
}

void exit_keeping_memory(int code) {
    std::cout.flush();
    std::cerr.flush();
    std::exit(code);
}

int report_input_error(const Error& e, const OutputOptions& output) {
    Error shown = e;
    fill_source_line(shown.location);
    std::cerr << output::format_error(shown, output.stderr_style());
    return exit_bad_input;
}

}  // namespace preflight::app
