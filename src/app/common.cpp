#include "app/common.hpp"

#include <unistd.h>

#include <iostream>

#include "core/exit_code.hpp"
#include "output/excerpt.hpp"
#include "rules/pack_collector.hpp"
#include "util/input_file.hpp"

namespace preflight::app {
namespace {

output::ColorMode color_mode(const std::string& s) {
    if (s == "always") return output::ColorMode::always;
    if (s == "never") return output::ColorMode::never;
    return output::ColorMode::auto_detect;
}

}  // namespace

void add_rules_option(CLI::App* cmd, Common& common) {
    cmd->add_option("--rules", common.rules_dirs,
                    "Rule directory (a pack, or a folder of packs); repeatable. Searched before PREFLIGHT_RULES_PATH, "
                    "the installed share/preflight/rules and a build tree's rules/; an earlier pack shadows a later one "
                    "of the same name")
        ->type_name("DIR");
    cmd->add_flag("--no-default-rules", common.no_default_rules,
                  "Load only --rules and PREFLIGHT_RULES_PATH, not the installed or source-tree packs");
}

void add_output_options(CLI::App* cmd, Common& common, const std::vector<std::string>& formats) {
    cmd->add_option("--format", common.format, "Output format")->check(CLI::IsMember(formats))->capture_default_str();
    cmd->add_option("--color", common.color, "Colour text output: auto (a terminal, NO_COLOR unset), always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();
    cmd->add_flag("-q,--quiet", common.quiet, "Print only the findings (text format)");
}

void add_fact_options(CLI::App* cmd, Common& common, bool with_probe_flag) {
    if (with_probe_flag) {
        auto* probe = cmd->add_flag("--probe", common.probe, "Read this node's facts: environment, Python distributions, Megatron tree, Ascend versions");
        auto* freeze = cmd->add_option("--freeze", common.freeze_file, "Installed packages from `pip freeze` or `pip list --format=json` output")
                           ->type_name("FILE")
                           ->excludes(probe);
        cmd->add_option("--env", common.snapshot, "A node's facts from a snapshot bundle written by `preflight probe -o`")
            ->type_name("SNAP.tar.gz")
            ->excludes(probe)
            ->excludes(freeze);
    }
    cmd->add_option("--python", common.python, "Interpreter whose site-packages the probe reads (found from its path; never run)")
        ->capture_default_str();
    cmd->add_option("--site-packages", common.site_packages, "Read distributions from this directory instead (repeatable)")
        ->type_name("DIR");
}

output::Style stdout_style(const Common& common) { return output::make_style(color_mode(common.color), STDOUT_FILENO); }
output::Style stderr_style(const Common& common) { return output::make_style(color_mode(common.color), STDERR_FILENO); }

Result<rules::RuleSet> load_rules(const Common& common) {
    auto roots = rules::rule_search_path(common.rules_dirs, common.exe_path, !common.no_default_rules);
    auto collected = rules::collect_packs(roots, PREFLIGHT_VERSION);
    if (!collected) return tl::unexpected(collected.error());
    if (collected->packs.empty())
        return fail("no rule packs found: give --rules DIR or set PREFLIGHT_RULES_PATH (no installed share/preflight/rules)");
    auto set = rules::compile_packs(collected->packs);
    if (set) set->shadowed = collected->shadowed;
    return set;
}

int report_input_error(const Error& e, const Common& common) {
    // Readers keep line numbers, not line texts: fetch the excerpt's line now.
    Error shown = e;
    if (shown.location.line > 0 && shown.location.source_line.empty() && !shown.location.file.empty()) {
        if (auto text = util::read_input(shown.location.file, {"the file", 64 * util::kMiB})) {
            std::size_t start = 0;
            for (int line = 1; line < shown.location.line && start != std::string::npos; ++line) {
                start = text->find('\n', start);
                if (start != std::string::npos) ++start;
            }
            if (start != std::string::npos && start < text->size())
                shown.location.source_line = text->substr(start, text->find('\n', start) - start);
        }
    }
    std::cerr << output::format_error(shown, stderr_style(common));
    return exit_bad_input;
}

}  // namespace preflight::app
